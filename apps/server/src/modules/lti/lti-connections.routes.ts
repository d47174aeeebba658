import type { FastifyInstance } from 'fastify';
import { ltiRoutes as L } from '@edu/shared/lti';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { ltiService } from './lti-connections.service';

/** An institution's LTI connections, as the platform team manages them (admin and director). */
export function ltiConnectionsModule(app: FastifyInstance, deps: Deps) {
  const lti = ltiService(deps);
  registerRoute(app, deps, L.list, ({ params }) => lti.list(params.id));
  registerRoute(app, deps, L.add, ({ auth, params, body }) => lti.add(auth, params.id, body));
  registerRoute(app, deps, L.remove, ({ auth, params, body }) => lti.remove(auth, params.id, body));
  registerRoute(app, deps, L.test, ({ params }) => lti.test(params.id, params.connectionId));
  registerRoute(app, deps, L.addDeployment, ({ auth, params, body }) => lti.addDeployment(auth, params.id, params.connectionId, body.deploymentId));
  registerRoute(app, deps, L.removeDeployment, ({ auth, params, body }) => lti.removeDeployment(auth, params.id, params.connectionId, body.deploymentId));
}
