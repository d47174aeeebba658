/**
 * A student on a share link that names no student: `POST /student/identify` exchanges the identifier for a student
 * token, which every later call carries with the link (student-auth.ts).
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { STUDENT_LINK_HEADER, STUDENT_TOKEN_HEADER } from '@edu/shared/student';
import { call } from './harness';

/** The headers of `student` on `link`: the link and the student token the server issued for them. */
export async function studentHeaders(app: FastifyInstance, link: string, student: string): Promise<Record<string, string>> {
  const res = await call(app, 'POST', '/api/student/identify', { headers: { [STUDENT_LINK_HEADER]: link }, payload: { studentId: student } });
  expect(res.statusCode, res.body).toBe(200);
  return { [STUDENT_LINK_HEADER]: link, [STUDENT_TOKEN_HEADER]: res.json<{ token: string }>().token };
}
