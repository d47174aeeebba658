/**
 * The student viewer (spec 1 §1 "students reach content through links that the sellers share", §3
 * "Student feedback", §7 "Student", §9 AI question time-out; spec 2 §2.11, §7.6). A student has no account: the share
 * link's signed token (share-links.ts) is the credential. Every student call carries it in the `x-student-link`
 * header and the server verifies it on EVERY call (signature, expiry, revocation by a new LMS key, institution
 * active, rental active); a link opens its unit or its subject's units and nothing else of the API.
 *
 * Who the student is: the link's student id when it names one; otherwise the identifier the student typed once
 * ('Matrícula ou e-mail', kept in the browser per institution) or the `student` query parameter an LMS appends,
 * exchanged ONCE per link for a student token (`POST /student/identify`): signed by the server, bound to the link's
 * signature, the identifier and the time it was issued. Every later call carries it in `x-student-token`; the number
 * of new identities one client address may take on one link in an hour is limited. See docs/decisions.md, the student
 * viewer's section and "One student, one voice".
 *
 * Routes (besides `GET /student/link/verify` of share-links.ts and `POST /student/feedback` of feedback.ts, which a
 * student calls with the same headers): identify, open a unit (records one access), the star vote, the AI question.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import type { ErrorCode } from './error-codes';
import { topic } from './content/unit-content';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { LTI_STUDENT_PREFIX, STUDENT_ID_MAX } from './share-links';
import { idParam, idSchema } from './validation';

/** The link's token (`…?token=` of SHARE_LINK_PATH). */
export const STUDENT_LINK_HEADER = 'x-student-link';
/** The student token `POST /student/identify` answers, for a link that names no student. */
export const STUDENT_TOKEN_HEADER = 'x-student-token';
/** A student token lasts this many days (never past its link's expiry); then the viewer identifies again. */
export const STUDENT_TOKEN_DAYS = 30;
/** The refusals that mean "identify again" (a missing, foreign, altered or expired student token): all 400. */
export const STUDENT_TOKEN_CODES = ['STUDENT_TOKEN_REQUIRED', 'STUDENT_TOKEN_INVALID', 'STUDENT_TOKEN_EXPIRED'] as const satisfies readonly ErrorCode[];
/** The query parameter an LMS may append to a share link to name the student (`&student=…`). */
export const STUDENT_QUERY_PARAM = 'student';
/** No user type calls the student-only routes with a session: the link is their only credential. */
export const STUDENT_ONLY: readonly UserType[] = [];

/** AI questions a student may ask per link in an hour (the `student_questions` table keeps them). */
export const STUDENT_QUESTIONS_PER_HOUR = 10;
/** Spec 1 §9 "AI question time-out": the client waits this long for an answer. */
export const STUDENT_AI_TIMEOUT_MS = LIMITS.aiQuestionTimeoutMs;
export const STUDENT_QUESTION_MAX = 1000;
export const STUDENT_FEEDBACK_MAX = LIMITS.commentMax;
export const STARS_MIN = 1;
export const STARS_MAX = 5;

export const STUDENT_MSG = {
  loading: 'Carregando',
  loadingUnit: 'Carregando unidade',
  /** The refusal page (the reason is one of SHARE_MSG's texts). */
  refusedTitle: 'Não foi possível abrir este conteúdo',
  refusedHint: 'Se o problema continuar, fale com a sua instituição de ensino.',
  noToken: 'Link inválido. Peça um novo link à sua instituição.',
  loadFail: 'Não foi possível carregar o conteúdo. Verifique sua conexão e tente novamente.',
  retry: 'Tentar novamente',
  emptySubject: 'Esta disciplina ainda não tem unidades disponíveis.',
  /** Identity (a link that names no student). */
  identityTitle: 'Identifique-se',
  identityText: 'Informe sua matrícula ou seu e-mail da instituição. Ele fica salvo neste navegador e só é pedido uma vez.',
  identityLabel: 'Matrícula ou e-mail',
  identityRequired: 'Informe sua matrícula ou e-mail para continuar.',
  identityInvalid: 'Matrícula ou e-mail inválido.',
  identityReserved: 'Identificadores que começam com "lti:" são reservados aos alunos que entram pelo LMS. Use sua matrícula ou e-mail.',
  identityContinue: 'Continuar',
  /** A link naming its student needs no identification. */
  identityNamed: 'Este link já identifica o aluno: não é preciso se identificar.',
  /** More new identities from one address on one link in an hour than RATE_LIMIT_STUDENT_IDENTITIES allows. */
  identityTooMany:
    'Muitos alunos diferentes se identificaram neste link a partir da sua rede na última hora. Tente novamente mais tarde ou peça à sua instituição um link individual.',
  tokenRequired: 'Identifique-se para continuar: informe sua matrícula ou e-mail.',
  tokenInvalid: 'Sua identificação não vale para este link. Identifique-se novamente.',
  tokenExpired: 'Sua identificação expirou. Identifique-se novamente.',
  identityAs: (id: string) => `Acessando como ${id}`,
  identityChange: 'Trocar',
  /** A subject link. */
  subjectUnits: 'Unidades da disciplina',
  unitPosition: (n: number, total: number) => `Unidade ${n} de ${total}`,
  previousUnit: 'Unidade anterior',
  nextUnit: 'Próxima unidade',
  notInLink: 'Esta unidade não faz parte deste link.',
  /** Questions answered in the unit (client-side check, as the renderer does). */
  score: (right: number, answered: number) => `Você acertou ${right} de ${answered} ${answered === 1 ? 'questão respondida' : 'questões respondidas'}.`,
  /** The star vote. */
  voteTitle: 'Avalie esta unidade',
  voteLabel: 'Sua avaliação',
  voteSaved: 'Avaliação registrada. Obrigado!',
  voteChanged: 'Avaliação alterada. Obrigado!',
  voteFail: 'Não foi possível registrar sua avaliação. Tente novamente.',
  voteSend: 'Enviar avaliação',
  voteCurrent: (n: number) => `Sua avaliação atual: ${n} de ${STARS_MAX} estrelas.`,
  starsInvalid: `A avaliação deve ser de ${STARS_MIN} a ${STARS_MAX} estrelas.`,
  starLabel: (n: number) => `${n} ${n === 1 ? 'estrela' : 'estrelas'}`,
  /** The free-text feedback (spec 1 §3 "Student feedback"). */
  feedbackTitle: 'Enviar feedback',
  feedbackLabel: 'Seu feedback sobre esta unidade',
  feedbackPlaceholder: 'O que você achou? O que podemos melhorar?',
  feedbackSend: 'Enviar feedback',
  feedbackFail: 'Não foi possível enviar seu feedback. Tente novamente mais tarde.',
  /** The AI question (spec 1 §7 "Student"). */
  aiTitle: 'Pergunte à IA',
  aiText: 'A resposta usa apenas o texto desta unidade.',
  aiLabel: 'Sua pergunta',
  aiPlaceholder: 'Ex.: O que é o coeficiente angular?',
  aiAsk: 'Perguntar',
  aiThinking: 'Pensando...',
  aiAnswer: 'Resposta',
  aiRequired: 'Escreva sua pergunta.',
  aiRemaining: (n: number) => (n === 0 ? 'Você usou todas as perguntas desta hora.' : `Você ainda pode fazer ${n} ${n === 1 ? 'pergunta' : 'perguntas'} nesta hora.`),
  aiRateLimited: `Você já fez ${STUDENT_QUESTIONS_PER_HOUR} perguntas nesta hora. Aguarde um pouco e tente novamente.`,
  aiUnavailable: 'O assistente de IA não está disponível no momento.',
  aiFail: 'Não foi possível responder à sua pergunta agora. Tente novamente em alguns minutos.',
  aiTimeout: 'A resposta demorou mais que o esperado. Tente novamente.',
} as const;

/** The identifier a student typed (or an LMS sent): trimmed; an e-mail in lower case. */
export function normalizeStudentId(raw: string): string {
  // NFC: "João" typed with a combining accent and with a precomposed one is the same student. Other identifiers keep
  // their case (an LMS's user ids are case-sensitive); e-mails do not.
  const trimmed = raw.normalize('NFC').trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed;
}

/** A valid identifier: 1 to STUDENT_ID_MAX characters, no control characters, not an LTI student's (`lti:…`). */
export const studentIdSchema = z
  .string({ error: STUDENT_MSG.identityRequired })
  .transform(normalizeStudentId)
  .pipe(
    z
      .string()
      .min(1, STUDENT_MSG.identityRequired)
      .max(STUDENT_ID_MAX, STUDENT_MSG.identityInvalid)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]+$/, STUDENT_MSG.identityInvalid)
      .refine((v) => !v.startsWith(LTI_STUDENT_PREFIX), STUDENT_MSG.identityReserved),
  );

/** What a student reads: the renderer's input (UnitContentView) and the student's own vote. */
export const studentUnit = z.object({
  /** The unit version (item content) the link or the subject pins. */
  id: z.number(),
  itemId: z.number(),
  version: z.number(),
  title: z.string(),
  authors: z.array(z.string()),
  mediaUrl: z.string().nullable(),
  introduction: z.string(),
  learningObjectives: z.array(z.string()),
  topics: z.array(topic),
  synthesis: z.string(),
  bibliographicReference: z.array(z.string()),
  levelOfLearning: z.array(z.string()),
  provider: z.object({ name: z.string() }),
  /** This student's stars for the unit, or null. */
  myVote: z.number().nullable(),
});
export type StudentUnit = z.infer<typeof studentUnit>;

export const voteBody = z.strictObject({
  stars: z
    .number({ error: STUDENT_MSG.starsInvalid })
    .int(STUDENT_MSG.starsInvalid)
    .min(STARS_MIN, STUDENT_MSG.starsInvalid)
    .max(STARS_MAX, STUDENT_MSG.starsInvalid),
});
export const voteReply = z.object({ stars: z.number(), message: z.string() });

export const questionBody = z.strictObject({
  /** The unit version the question is about (one of the link's units). */
  unitId: idSchema(MSG.invalidValue),
  question: z
    .string({ error: STUDENT_MSG.aiRequired })
    .trim()
    .min(1, STUDENT_MSG.aiRequired)
    .max(STUDENT_QUESTION_MAX, MSG.maxChars(STUDENT_QUESTION_MAX)),
});
export type QuestionBody = z.input<typeof questionBody>;
export const questionReply = z.object({
  answer: z.string(),
  /** Questions this student may still ask on this link in the current hour. */
  remaining: z.number(),
});

export const identifyBody = z.strictObject({
  /** What the student typed ('Matrícula ou e-mail') or the `student` parameter an LMS appended. */
  studentId: studentIdSchema,
});
export const identifyReply = z.object({
  /** Sent in STUDENT_TOKEN_HEADER on every later call with this link. */
  token: z.string(),
  /** The identifier as kept (trimmed, NFC, an e-mail in lower case). */
  studentId: z.string(),
  /** ISO date: identify again after it. */
  expiresAt: z.string(),
});
export type IdentifyReply = z.infer<typeof identifyReply>;

export const studentRoutes = {
  identify: defineRoute({
    method: 'POST', path: '/student/identify', tag: 'student',
    summary:
      `Aluno: identificar-se num link que não nomeia o aluno (o token do link no cabeçalho ${STUDENT_LINK_HEADER}); ` +
      `responde o token do aluno, a enviar em ${STUDENT_TOKEN_HEADER} nas chamadas seguintes. Novas identidades por endereço e link são limitadas por hora`,
    access: 'public', body: identifyBody, response: identifyReply, rateLimit: 'student',
  }),
  unit: defineRoute({
    method: 'GET', path: '/student/units/:id', tag: 'student',
    summary: 'Aluno: abrir uma unidade do link (id da versão); registra um acesso',
    access: STUDENT_ONLY, studentLink: true, params: idParam, response: studentUnit, rateLimit: 'student',
  }),
  vote: defineRoute({
    method: 'PUT', path: '/student/units/:id/vote', tag: 'student',
    summary: 'Aluno: avaliar a unidade com 1 a 5 estrelas (um voto por aluno e unidade; votar de novo altera o voto)',
    access: STUDENT_ONLY, studentLink: true, params: idParam, body: voteBody, response: voteReply, rateLimit: 'student',
  }),
  question: defineRoute({
    method: 'POST', path: '/student/ai/question', tag: 'student',
    summary: `Aluno: perguntar à IA sobre a unidade; responde só a partir do texto da unidade (${STUDENT_QUESTIONS_PER_HOUR} por hora e link)`,
    access: STUDENT_ONLY, studentLink: true, body: questionBody, response: questionReply, rateLimit: 'studentAi',
  }),
} as const;
