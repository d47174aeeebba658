/**
 * The student viewer's one call of the LTI tool: an answer given in a unit opened by a launch that offered AGS
 * (`POST /student/lti/score`), its schemas and the texts the viewer shows about the grade. Apart from lti-tool.ts (which
 * re-exports all of it and lists the route in `ltiToolRoutes`) so the viewer does not load the tool's other contracts
 * (the content picker's catalogue and its schemas).
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { STUDENT_ONLY } from './student';
import { idSchema } from './validation';

/** An answer given in the student viewer of a launch with AGS: the server checks it against the unit. */
export const ltiAnswerBody = z.strictObject({
  unitId: idSchema(MSG.invalidValue),
  /** The question's key (`questionKey` of content/unit-questions.ts). */
  question: z.string({ error: MSG.invalidValue }).min(1, MSG.invalidValue).max(200_000, MSG.invalidValue),
  option: z.string({ error: MSG.invalidValue }).min(1, MSG.invalidValue).max(200, MSG.invalidValue),
});
export type LtiAnswerBody = z.input<typeof ltiAnswerBody>;
export const ltiAnswerReply = z.object({
  correct: z.boolean(),
  /** Whether this answer counts: only the first answer of each question does (docs/decisions.md, "LTI"). */
  counted: z.boolean(),
  /** The student's standing sent to the LMS: right answers of the unit's (or subject's) questions. */
  right: z.number(),
  total: z.number(),
  message: z.string(),
});

/** Grade passback (shown in the student viewer); part of LTI_TOOL_MSG too. */
export const LTI_GRADE_MSG = {
  gradeSent: 'Resposta registrada: sua nota será enviada ao LMS.',
  gradeKept: 'A nota considera a primeira resposta de cada questão: esta nova resposta não muda a nota enviada ao LMS.',
  gradeFail: 'Não foi possível enviar sua resposta ao LMS agora.',
} as const;

export const ltiAnswerRoute = defineRoute({
  method: 'POST', path: '/student/lti/score', tag: 'lti-tool',
  summary: 'Aluno aberto pelo LMS com AGS: uma resposta; o servidor confere e envia a nota (acertos/questões) ao LMS',
  access: STUDENT_ONLY, studentLink: true, body: ltiAnswerBody, response: ltiAnswerReply, rateLimit: 'student',
});
