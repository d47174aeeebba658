import type { FastifyInstance } from 'fastify';
import { chargesRoutes as R } from '@edu/shared/charges';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { chargeCommands } from './charges.commands';
import { chargeQueries } from './charges.queries';

/** Cobranças: the team's list and moves, the institution's own charges. */
export function chargesModule(app: FastifyInstance, deps: Deps) {
  const svc = { ...chargeQueries(deps), ...chargeCommands(deps) };
  registerRoute(app, deps, R.staffList, ({ auth, query }) => svc.staffList(auth, query));
  registerRoute(app, deps, R.pay, ({ auth, params, body }) => svc.pay(auth, params.id, body));
  registerRoute(app, deps, R.cancel, ({ auth, params }) => svc.cancel(auth, params.id));
  registerRoute(app, deps, R.sellerList, ({ auth, query }) => svc.sellerList(auth, query));
  registerRoute(app, deps, R.sellerView, ({ auth, params }) => svc.sellerView(auth, params.id));
}
