import type { FastifyInstance } from 'fastify';
import { providersRoutes as R } from '@edu/shared/providers';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { providersService } from './providers.service';

export function providersModule(app: FastifyInstance, deps: Deps) {
  const svc = providersService(deps);
  registerRoute(app, deps, R.filter, ({ query }) => svc.filter(query));
  // The spec names both; /providers/search is the same listing (decision recorded in the report).
  registerRoute(app, deps, R.search, ({ query }) => svc.filter(query));
  registerRoute(app, deps, R.status, ({ auth, body }) => svc.setStatus(auth, body));
  registerRoute(app, deps, R.condition, ({ auth, params, body }) => svc.setCondition(auth, params.id, body.condition));
  registerRoute(app, deps, R.view, ({ auth, params }) => svc.view(auth, params.id));
  registerRoute(app, deps, R.update, ({ auth, params, body }) => svc.update(auth, params.id, body));
  registerRoute(app, deps, R.logo, ({ auth, params, request }) => svc.setImage(auth, params.id, 'logo', request));
  registerRoute(app, deps, R.cover, ({ auth, params, request }) => svc.setImage(auth, params.id, 'cover', request));
}
