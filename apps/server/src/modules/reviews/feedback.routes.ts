import type { FastifyInstance } from 'fastify';
import { feedbackRoutes as F } from '@edu/shared/feedback';
import { registerRoute, type Deps } from '../../platform/http';
import { feedbackService } from './feedback.service';

/** Problem reports and the feedback report (spec 2 §2.11, §2.12, §7.6). */
export function feedbackModule(app: FastifyInstance, deps: Deps) {
  const feedback = feedbackService(deps);
  registerRoute(app, deps, F.report, ({ auth, body }) => feedback.report(auth, body));
  registerRoute(app, deps, F.list, ({ query }) => feedback.list(query));
  registerRoute(app, deps, F.status, ({ body }) => feedback.setStatus(body));
}
