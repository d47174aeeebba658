import type { FastifyInstance } from 'fastify';
import { institutionsRoutes as R } from '@edu/shared/institutions';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { institutionsService } from './institutions.service';

/** Institutions, as the platform team manages them (admin and director). */
export function institutionsModule(app: FastifyInstance, deps: Deps) {
  const svc = institutionsService(deps);
  registerRoute(app, deps, R.list, ({ query }) => svc.list(query));
  registerRoute(app, deps, R.one, ({ params }) => svc.one(params.id));
  registerRoute(app, deps, R.planOptions, () => svc.planOptions());
  registerRoute(app, deps, R.create, ({ auth, body }) => svc.create(auth, body));
  registerRoute(app, deps, R.update, ({ auth, params, body }) => svc.update(auth, params.id, body));
  registerRoute(app, deps, R.logo, ({ auth, params, request }) => svc.setLogo(auth, params.id, request));
  registerRoute(app, deps, R.status, ({ auth, params, body }) => svc.setStatus(auth, params.id, body.status));
  registerRoute(app, deps, R.bulkStatus, ({ auth, body }) => svc.setStatuses(auth, body.ids, body.status));

}
