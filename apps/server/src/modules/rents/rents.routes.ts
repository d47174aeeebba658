import type { FastifyInstance } from 'fastify';
import { sellerRentsRoutes as R } from '@edu/shared/rents';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { rentCommands } from './rents.commands';
import { rentQueries } from './rents.queries';

/** 'Meus alugueis' (spec 3 §2.8) and the rentals control (§2.12). */
export function sellerRentsModule(app: FastifyInstance, deps: Deps) {
  const svc = { ...rentQueries(deps), ...rentCommands(deps) };
  registerRoute(app, deps, R.list, ({ auth, query }) => svc.list(auth, query));
  registerRoute(app, deps, R.control, ({ params, query }) => svc.control(params.sellerId, query));
  registerRoute(app, deps, R.cancel, ({ auth, params }) => svc.cancel(auth, params.id));
  registerRoute(app, deps, R.create, ({ auth, body }) => svc.create(auth, body));
  registerRoute(app, deps, R.setStatus, ({ auth, params, body }) => svc.setStatus(auth, params.id, body.status));
  registerRoute(app, deps, R.changePlan, ({ auth, params, body }) => svc.changePlan(auth, params.id, body.planId));
  registerRoute(app, deps, R.plansSeller, ({ params, query }) => svc.plansSeller(params.sellerId, query.providerId));
  registerRoute(app, deps, R.rentableProviders, ({ params, query }) => svc.rentableProviders(params.sellerId, query));
}
