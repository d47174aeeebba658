import type { FastifyInstance } from 'fastify';
import { reportsRoutes as R } from '@edu/shared/reports';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { reportsService } from './reports.service';

export function reportsModule(app: FastifyInstance, deps: Deps) {
  const svc = reportsService(deps);
  registerRoute(app, deps, R.logs, ({ auth, query }) => svc.logs(auth, query));
  registerRoute(app, deps, R.logsUsers, ({ auth, query }) => svc.logsUsers(auth, query));
}
