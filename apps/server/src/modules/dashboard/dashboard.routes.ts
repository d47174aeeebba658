import type { FastifyInstance } from 'fastify';
import { dashboardRoutes as R } from '@edu/shared/dashboard';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { staffTasksQuery } from './staff-tasks';

/** The platform team's Painel (admin and director; the contract's access refuses everyone else with 403). */
export function dashboardModule(app: FastifyInstance, deps: Deps) {
  const staffTasks = staffTasksQuery(deps);
  registerRoute(app, deps, R.staffTasks, () => staffTasks());
}
