import type { FastifyInstance } from 'fastify';
import { servicesRoutes as R } from '@edu/shared/services';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { servicesService } from './services.service';

/** 'Meus Serviços' (spec 2 §2.13, §7.5): the service provider's own services. */
export function servicesModule(app: FastifyInstance, deps: Deps) {
  const svc = servicesService(deps);
  registerRoute(app, deps, R.list, ({ auth }) => svc.list(auth));
  registerRoute(app, deps, R.create, ({ auth, body }) => svc.create(auth, body));
  registerRoute(app, deps, R.update, ({ auth, params, body }) => svc.update(auth, params.id, body));
  registerRoute(app, deps, R.remove, ({ auth, params }) => svc.remove(auth, params.id));
}
