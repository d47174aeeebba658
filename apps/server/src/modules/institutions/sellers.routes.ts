import type { FastifyInstance } from 'fastify';
import { sellersRoutes as R } from '@edu/shared/institutions';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { sellersService } from './sellers.service';

export function sellersModule(app: FastifyInstance, deps: Deps) {
  const svc = sellersService(deps);
  registerRoute(app, deps, R.view, ({ auth, params }) => svc.view(auth, params.id));
  registerRoute(app, deps, R.acceptTerms, ({ auth, body }) => svc.acceptTerms(auth, body.seller_id));
  registerRoute(app, deps, R.acceptLatePaymentTerms, ({ auth, body }) => svc.acceptLatePaymentTerms(auth, body.seller_id));
}
