import type { FastifyInstance } from 'fastify';
import { providerIncomeRoutes as R } from '@edu/shared/provider-income';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { providerIncomeService } from './provider-income.service';

/** The provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8): its own provider only. */
export function providerIncomeModule(app: FastifyInstance, deps: Deps) {
  const svc = providerIncomeService(deps);
  registerRoute(app, deps, R.dashboard, ({ auth }) => svc.dashboard(auth));
  registerRoute(app, deps, R.myRents, ({ auth, query }) => svc.myRents(auth, query));
}
