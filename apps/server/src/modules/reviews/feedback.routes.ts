import type { FastifyInstance } from 'fastify';
import { feedbackRoutes as F } from '@edu/shared/feedback';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { unauthorized } from '../../platform/errors';
import { feedbackService } from './feedback.service';

/** Problem reports (of readers and of students), students' feedback and the feedback report (spec 2 §2.11, §2.12, §7.6). */
export function feedbackModule(app: FastifyInstance, deps: Deps) {
  const feedback = feedbackService(deps);
  // A signed-in reader, or a student with the share link (verified by registerRoute: `studentLink` in the contract).
  registerRoute(app, deps, F.report, ({ auth, student, body }) => {
    if (student) return feedback.studentReport(student, body);
    if (!auth) throw unauthorized();
    return feedback.report(auth, body);
  });
  registerRoute(app, deps, F.list, ({ query }) => feedback.list(query));
  registerRoute(app, deps, F.status, ({ body }) => feedback.setStatus(body));
}
