/**
 * The student viewer's calls (packages/shared/src/student.ts). No session: every call carries the share
 * link's token in `x-student-link` and, for a link that names no student, the student token `POST /student/identify`
 * answered in `x-student-token`. The server verifies both on every call.
 */
import { queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
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
  type StudentUnit,
} from '@edu/shared/student';
import { ltiToolRoutes } from '@edu/shared/lti-tool';
import { ApiError, call } from '../../lib/api';
import type { Reactions } from '../../lib/query';

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

export const studentKeys = {
  all: ['student'] as const,
  link: (token: string) => ['student', 'link', token] as const,
  unit: (c: StudentCredentials, id: number) => ['student', 'unit', c.token, c.studentToken, id] as const,
};

/** `POST /student/identify`: the student token of `studentId` on the link `token` (which names no student). */
export const identifyStudent = (token: string, studentId: string) =>
  call(studentRoutes.identify, { body: { studentId }, headers: { [STUDENT_LINK_HEADER]: token } });

/** A refusal that means the student token is missing, of another link, altered or expired: identify again. */
export const isTokenRefusal = (err: unknown) => err instanceof ApiError && (STUDENT_TOKEN_CODES as readonly string[]).includes(err.code);

/** Is it worth trying again? Only when the server was not reached or failed (a refusal stays a refusal). */
const retryNetwork = (count: number, err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500) && count < 2;

/** What the link opens now, or its refusal (400 invalid, 410 expired, 403 revoked / rental ended). */
export const linkQuery = (token: string) =>
  queryOptions({
    queryKey: studentKeys.link(token),
    queryFn: ({ signal }) => call(shareLinksRoutes.verify, { query: { token }, signal }),
    staleTime: Infinity,
    retry: retryNetwork,
  });

/**
 * One unit of the link. Each fetch is an opening the server records as an access (and checks the link again): fetched
 * every time the unit is shown — coming back to it in a subject is a new opening — never on focus or in the background.
 */
export const unitQuery = (c: StudentCredentials, id: number) =>
  queryOptions({
    queryKey: studentKeys.unit(c, id),
    queryFn: ({ signal }) => call(studentRoutes.unit, { params: { id }, headers: headersOf(c), signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
    retry: retryNetwork,
  });

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
  call(ltiToolRoutes.answer, { body: { unitId, question, option }, headers: headersOf(c) });

/** Exchanges a student identifier for the link's student token. */
type Identified = Awaited<ReturnType<typeof identifyStudent>>;

export function useIdentifyStudent(token: string, options: Reactions<Identified, string> = {}) {
  return useMutation({ ...options, mutationFn: (studentId: string) => identifyStudent(token, studentId) });
}

/** The star vote of one unit; the unit shown takes the vote the server kept. */
type Voted = Awaited<ReturnType<typeof voteUnit>>;

export function useVoteUnit(c: StudentCredentials, unitId: number, options: Reactions<Voted, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (stars: number) => voteUnit(c, unitId, stars),
    onSuccess: (reply, ...rest) => {
      client.setQueryData(studentKeys.unit(c, unitId), (old: StudentUnit | undefined) => (old ? { ...old, myVote: reply.stars } : old));
      return options.onSuccess?.(reply, ...rest);
    },
  });
}

/** The free-text feedback of one unit (the text sent). */
type FeedbackSent = Awaited<ReturnType<typeof sendFeedback>>;

export function useSendFeedback(c: StudentCredentials, unitId: number, options: Reactions<FeedbackSent, string> = {}) {
  return useMutation({ ...options, mutationFn: (description: string) => sendFeedback(c, unitId, STUDENT_FEEDBACK_TYPE, description) });
}

/** 'Pergunte à IA' on one unit (the question asked); answers a `QuestionResult`, never fails. */
export function useAskQuestion(c: StudentCredentials, unitId: number, options: Reactions<QuestionResult, string> = {}) {
  return useMutation({ ...options, mutationFn: (question: string) => askQuestion(c, { unitId, question }) });
}
