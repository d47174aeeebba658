import type { FastifyInstance } from 'fastify';
import { reportsRoutes as R } from '@edu/shared/reports';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { reportsService } from './reports.service';
import { financialReportModule } from './financial-report.routes';

export function reportsModule(app: FastifyInstance, deps: Deps) {
  const svc = reportsService(deps);
  registerRoute(app, deps, R.logs, ({ auth, query }) => svc.logs(auth, query));
  registerRoute(app, deps, R.logsUsers, ({ auth, query }) => svc.logsUsers(auth, query));
  financialReportModule(app, deps);
}
