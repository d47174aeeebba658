import type { FastifyInstance } from 'fastify';
import { chargesRoutes as R } from '@edu/shared/charges';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { chargeCommands } from './charges.commands';
import { chargeQueries } from './charges.queries';
import { chargePaymentRoutes as P } from '@edu/shared/charge-payments';
import { statementService } from './statement.service';
import { pixWebhookRoute } from './pix-webhook';

/** Cobranças: the team's list and moves, the institution's own charges. */
export function chargesModule(app: FastifyInstance, deps: Deps) {
  const svc = { ...chargeQueries(deps), ...chargeCommands(deps) };
  registerRoute(app, deps, R.staffList, ({ auth, query }) => svc.staffList(auth, query));
  registerRoute(app, deps, R.pay, ({ auth, params, body }) => svc.pay(auth, params.id, body));
  registerRoute(app, deps, R.cancel, ({ auth, params }) => svc.cancel(auth, params.id));
  registerRoute(app, deps, R.sellerList, ({ auth, query }) => svc.sellerList(auth, query));
  registerRoute(app, deps, R.sellerView, ({ auth, params }) => svc.sellerView(auth, params.id));
  // Payments from outside the hand payment: the bank statement import and the Pix notice (charge-payments.ts).
  const statement = statementService(deps);
  registerRoute(app, deps, P.statementPreview, ({ auth, request }) => statement.preview(auth, request));
  registerRoute(app, deps, P.statementImport, ({ auth, request }) => statement.import(auth, request));
  pixWebhookRoute(app, deps);
}
