import type { FastifyInstance } from 'fastify';
import { plansRoutes as R } from '@edu/shared/plans';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { plansService } from './plans.service';

/** 'Planos de Aluguel' (spec 3 §2.1, §7 "Providers and plans"): plans and per-provider prices, admin and director. */
export function plansModule(app: FastifyInstance, deps: Deps) {
  const svc = plansService(deps);
  registerRoute(app, deps, R.search, ({ query }) => svc.search(query));
  registerRoute(app, deps, R.create, ({ auth, body }) => svc.create(auth, body));
  registerRoute(app, deps, R.update, ({ auth, params, body }) => svc.update(auth, params.id, body));
  registerRoute(app, deps, R.priceSearch, ({ query }) => svc.priceSearch(query));
  registerRoute(app, deps, R.priceCreate, ({ auth, body }) => svc.priceCreate(auth, body));
  registerRoute(app, deps, R.priceUpdate, ({ auth, params, body }) => svc.priceUpdate(auth, params.id, body));
}
