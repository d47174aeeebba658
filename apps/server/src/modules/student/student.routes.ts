/**
 * The student viewer's calls (packages/shared/src/student.ts). Every route here but `identify` is `studentLink`:
 * `registerRoute` verifies the link in `x-student-link` before the handler runs and refuses a session (no user type
 * may call them). `POST /student/feedback` is served by the feedback module (reviews/feedback.routes.ts), for
 * signed-in readers and students alike.
 */
import type { FastifyInstance } from 'fastify';
import { studentRoutes as S } from '@edu/shared/student';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { unauthorized } from '../../platform/errors';
import { identifyStudent, type StudentContext } from './student-auth';
import { studentService } from './student.service';

/** The verified link (never null on these routes: without the header, the role check refused the call). */
export const studentOf = (student: StudentContext | null): StudentContext => {
  if (!student) throw unauthorized();
  return student;
};

export function studentModule(app: FastifyInstance, deps: Deps) {
  const students = studentService(deps);
  // Public in the contract: the link of `x-student-link` is verified by `identifyStudent`, without a student yet.
  registerRoute(app, deps, S.identify, ({ request, body }) => identifyStudent(deps, request, body.studentId));
  registerRoute(app, deps, S.unit, ({ student, params }) => students.open(studentOf(student), params.id));
  registerRoute(app, deps, S.vote, ({ student, params, body }) => students.vote(studentOf(student), params.id, body.stars));
  registerRoute(app, deps, S.question, ({ student, body, request }) => students.ask(studentOf(student), body, request.log));
}
