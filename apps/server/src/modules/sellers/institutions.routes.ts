import type { FastifyInstance } from 'fastify';
import { institutionsRoutes as R } from '@edu/shared/institutions';
import { ltiRoutes as L } from '@edu/shared/lti';
import { registerRoute, type Deps } from '../../platform/http';
import { institutionsService } from './institutions.service';
import { ltiService } from './lti.service';

/** Institutions and their LTI connections, as the platform team manages them (admin and director). */
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

  const lti = ltiService(deps);
  registerRoute(app, deps, L.list, ({ params }) => lti.list(params.id));
  registerRoute(app, deps, L.add, ({ auth, params, body }) => lti.add(auth, params.id, body));
  registerRoute(app, deps, L.remove, ({ auth, params, body }) => lti.remove(auth, params.id, body));
  registerRoute(app, deps, L.test, ({ params }) => lti.test(params.id, params.connectionId));
  registerRoute(app, deps, L.addDeployment, ({ auth, params, body }) => lti.addDeployment(auth, params.id, params.connectionId, body.deploymentId));
  registerRoute(app, deps, L.removeDeployment, ({ auth, params, body }) => lti.removeDeployment(auth, params.id, params.connectionId, body.deploymentId));
}
