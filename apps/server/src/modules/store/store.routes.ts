import type { FastifyInstance } from 'fastify';
import { storeRoutes as R } from '@edu/shared/store';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { storeService } from './store.service';
import { partnersService } from './partners.service';
import { cartService } from './cart.service';

/** The store, partners, cart and payment request (spec 3 §2.3–§2.7, §7 "Store, cart, rentals"). */
export function storeModule(app: FastifyInstance, deps: Deps) {
  const store = storeService(deps);
  const partners = partnersService(deps);
  const cart = cartService(deps);
  registerRoute(app, deps, R.providers, ({ auth, query }) => store.providers(auth, query));
  registerRoute(app, deps, R.provider, ({ auth, params }) => store.provider(auth, params.id));
  registerRoute(app, deps, R.units, ({ auth, query }) => store.units(auth, query));
  registerRoute(app, deps, R.unit, ({ auth, params }) => store.unit(auth, params.id, params.idItem));
  registerRoute(app, deps, R.partners, ({ auth, query }) => partners.list(auth, query));
  registerRoute(app, deps, R.partner, ({ auth, params }) => partners.detail(auth, params.id));
  registerRoute(app, deps, R.prospect, ({ auth, body }) => partners.prospect(auth, body));
  registerRoute(app, deps, R.cart, ({ auth }) => cart.get(auth));
  registerRoute(app, deps, R.cartAdd, ({ auth, body }) => cart.add(auth, body));
  registerRoute(app, deps, R.cartRemove, ({ auth, params }) => cart.remove(auth, params.id));
  registerRoute(app, deps, R.paymentMethods, ({ auth }) => cart.paymentMethods(auth));
  registerRoute(app, deps, R.requestPayment, ({ auth, body }) => cart.requestPayment(auth, body));
}
