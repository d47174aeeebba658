/**
 * The student viewer's calls (packages/shared/src/student.ts). No session: every call carries the share
 * link's token in `x-student-link` and, for a link that names no student, the student token `POST /student/identify`
 * answered in `x-student-token`. The server verifies both on every call.
 */
import type { Body } from '@edu/shared/contract';
import { feedbackRoutes, STUDENT_FEEDBACK_TYPE, type ProblemCategory } from '@edu/shared/feedback';
import { shareLinksRoutes } from '@edu/shared/share-links';
import {
  STUDENT_AI_TIMEOUT_MS,
  STUDENT_LINK_HEADER,
  STUDENT_MSG,
  STUDENT_TOKEN_CODES,
  STUDENT_TOKEN_HEADER,
  studentRoutes,
  type QuestionBody,
} from '@edu/shared/student';
import { ltiAnswerRoute } from '@edu/shared/lti-tool-answer';
import { ApiError, call } from '../../lib/api';
import { useLoad, useSend, type Reactions } from './requests';

/** Who calls: the link's token and, when the link names no student, the student token the server issued. */
export interface StudentCredentials {
  token: string;
  /** Sent in x-student-token; null when the link names its student (the server uses the link's). */
  studentToken: string | null;
}

const headersOf = (c: StudentCredentials): Record<string, string> => ({
  [STUDENT_LINK_HEADER]: c.token,
  ...(c.studentToken ? { [STUDENT_TOKEN_HEADER]: c.studentToken } : {}),
});

/** What a read is kept under: a new key is a new read. */
export const studentKeys = {
  link: (token: string) => `link:${token}`,
  unit: (c: StudentCredentials, id: number) => `unit:${c.token}:${c.studentToken ?? ''}:${id}`,
};

/** `POST /student/identify`: the student token of `studentId` on the link `token` (which names no student). */
export const identifyStudent = (token: string, studentId: string) =>
  call(studentRoutes.identify, { body: { studentId }, headers: { [STUDENT_LINK_HEADER]: token } });

/** A refusal that means the student token is missing, of another link, altered or expired: identify again. */
export const isTokenRefusal = (err: unknown) => err instanceof ApiError && (STUDENT_TOKEN_CODES as readonly string[]).includes(err.code);

/** What the link opens now, or its refusal (400 invalid, 410 expired, 403 revoked / rental ended). */
export const verifyLink = (token: string, signal?: AbortSignal) => call(shareLinksRoutes.verify, { query: { token }, signal });

export function useLink(token: string) {
  return useLoad(studentKeys.link(token), (signal) => verifyLink(token, signal), { enabled: token !== '' });
}

export const openUnit = (c: StudentCredentials, id: number, signal?: AbortSignal) => call(studentRoutes.unit, { params: { id }, headers: headersOf(c), signal });

/**
 * One unit of the link. Each fetch is an opening the server records as an access (and checks the link again): fetched
 * every time the unit is shown — coming back to it in a subject is a new opening — never on focus or in the background.
 */
export function useUnit(c: StudentCredentials, id: number) {
  return useLoad(studentKeys.unit(c, id), (signal) => openUnit(c, id, signal));
}

export const voteUnit = (c: StudentCredentials, id: number, stars: number) =>
  call(studentRoutes.vote, { params: { id }, body: { stars }, headers: headersOf(c) });

type FeedbackType = ProblemCategory | typeof STUDENT_FEEDBACK_TYPE;
/** `POST /student/feedback`: a problem report ('Relatar Problema') or the free-text feedback. */
export const sendFeedback = (c: StudentCredentials, unitId: number, errorType: FeedbackType, description: string) =>
  call(feedbackRoutes.report, {
    body: { itemFeedback: { unit_id: unitId, error_type: errorType, error_description: description, student_id: null } } satisfies Body<typeof feedbackRoutes.report>,
    headers: headersOf(c),
  });

/** Spec 1 §8 "AI question call": the answer, or a failure object with status false, the message and the HTTP status (500 if none). */
export type QuestionResult = { status: true; answer: string; remaining: number } | { status: false; message: string; httpStatus: number };

/** `POST /student/ai/question` with the 120 s time-out of spec 1 §9. */
export async function askQuestion(c: StudentCredentials, body: QuestionBody): Promise<QuestionResult> {
  const signal = AbortSignal.timeout(STUDENT_AI_TIMEOUT_MS);
  try {
    const reply = await call(studentRoutes.question, { body, headers: headersOf(c), signal });
    return { status: true, answer: reply.answer, remaining: reply.remaining };
  } catch (err) {
    if (signal.aborted) return { status: false, message: STUDENT_MSG.aiTimeout, httpStatus: 504 };
    if (err instanceof ApiError && err.status > 0) return { status: false, message: err.message, httpStatus: err.status };
    return { status: false, message: err instanceof Error && err.message ? err.message : STUDENT_MSG.aiFail, httpStatus: 500 };
  }
}

/** An answer of a link an LMS launch opened with AGS: the server checks it and sends the score to the LMS. */
export const sendLtiAnswer = (c: StudentCredentials, unitId: number, question: string, option: string) =>
  call(ltiAnswerRoute, { body: { unitId, question, option }, headers: headersOf(c) });

/** Exchanges a student identifier for the link's student token. */
type Identified = Awaited<ReturnType<typeof identifyStudent>>;

export function useIdentifyStudent(token: string, options: Reactions<Identified, string> = {}) {
  return useSend((studentId: string) => identifyStudent(token, studentId), options);
}

/** The star vote of one unit (the screen gives the unit shown the vote the server kept). */
type Voted = Awaited<ReturnType<typeof voteUnit>>;

export function useVoteUnit(c: StudentCredentials, unitId: number, options: Reactions<Voted, number> = {}) {
  return useSend((stars: number) => voteUnit(c, unitId, stars), options);
}

/** The free-text feedback of one unit (the text sent). */
type FeedbackSent = Awaited<ReturnType<typeof sendFeedback>>;

export function useSendFeedback(c: StudentCredentials, unitId: number, options: Reactions<FeedbackSent, string> = {}) {
  return useSend((description: string) => sendFeedback(c, unitId, STUDENT_FEEDBACK_TYPE, description), options);
}

/** 'Pergunte à IA' on one unit (the question asked); answers a `QuestionResult`, never fails. */
export function useAskQuestion(c: StudentCredentials, unitId: number, options: Reactions<QuestionResult, string> = {}) {
  return useSend((question: string) => askQuestion(c, { unitId, question }), options);
}
