/** Problem reports of readers and the feedback report (spec 2 §2.11, §2.12, §3 Feedback, §4.3, §7.6). */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { pageLimit, pageQuery, idSchema } from './validation';

export const FEEDBACK_STATUSES = ['created', 'viewed', 'in_analysis', 'resolved', 'closed'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  created: 'Criado',
  viewed: 'Visualizado',
  in_analysis: 'Em análise',
  resolved: 'Resolvido',
  closed: 'Fechado',
};
/** Not resolved nor closed yet: what the platform team still has to look at. */
export const OPEN_FEEDBACK_STATUSES = ['created', 'viewed', 'in_analysis'] as const satisfies readonly FeedbackStatus[];
/** Spec 2 §4.3: to resolved from anything else, to closed from resolved. */
export const nextFeedbackStatus = (s: FeedbackStatus): 'resolved' | 'closed' => (s === 'resolved' ? 'closed' : 'resolved');

/** Spec 2 §2.11: the ten problem categories. */
export const PROBLEM_CATEGORIES = [
  'O vídeo não carrega',
  'Vídeo com baixa qualidade',
  'Conteúdo do texto não corresponde ao vídeo',
  'Imagens ou fluxos com erros',
  'Botões não funcionam',
  'Problemas de carregamento',
  'Conteúdo ofensivo',
  'Erros nas respostas das atividades',
  'Erros em fórmulas ou códigos',
  'Erros de ortografia',
] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];
/**
 * A student's free-text feedback (spec 1 §3 "Student feedback", 'Feedback enviado com sucesso!') is an
 * `item_feedbacks` row with this `error_type`, so the feedback report lists it beside the problem reports. Only a
 * student (with a share link) sends it; a signed-in reader reports problems of the ten categories.
 */
export const STUDENT_FEEDBACK_TYPE = 'Feedback do aluno';
export const FEEDBACK_TYPES = [...PROBLEM_CATEGORIES, STUDENT_FEEDBACK_TYPE] as const;

export const FEEDBACK_MSG = {
  reported: 'Problema reportado com sucesso! Obrigado por nos ajudar a melhorar!',
  reportFailTitle: 'Erro!',
  reportFail: 'Erro ao reportar o problema. Tente novamente mais tarde.',
  sent: 'Feedback enviado com sucesso!',
  resolved: 'Feedback resolvido com sucesso.',
  closed: 'Feedback fechado com sucesso.',
  fail: 'Atenção! Não foi possível realizar esta operação, tente novamente.',
  /** A signed-in reader sent the students' free-text type. */
  studentOnly: 'Escolha um dos problemas da lista.',
} as const;

/** Who opens the feedback report (spec 1 menu: admin and director). */
export const FEEDBACK_REPORT_TYPES = ['admin', 'director'] as const satisfies readonly UserType[];

export const feedbackRow = z.object({
  id: z.number(),
  status: z.enum(FEEDBACK_STATUSES),
  unit_id: z.number(),
  unit_name: z.string(),
  error_type: z.string(),
  error_description: z.string(),
  created_at: z.string(),
});
export type FeedbackRow = z.infer<typeof feedbackRow>;

/** The feedback report is paginated on the server, like the logs report. */
export const FEEDBACK_REPORT_PAGE_SIZE = 20;
export const feedbackListQuery = z.strictObject({
  page: pageQuery.page,
  limit: pageLimit(FEEDBACK_REPORT_PAGE_SIZE),
});
export type FeedbackListQuery = z.input<typeof feedbackListQuery>;
/** One page, newest first. `total` is exact up to 10,000 and 10,001 above (the server's capped count). */
export const feedbackReportPage = z.object({ data: z.array(feedbackRow), total: z.number(), page: z.number(), limit: z.number() });
export type FeedbackReportPage = z.infer<typeof feedbackReportPage>;

export const feedbackRoutes = {
  report: defineRoute({
    method: 'POST', path: '/student/feedback', tag: 'feedback',
    summary: 'Relatar um problema numa unidade (leitor com sessão ou aluno com o link); o aluno também envia feedback livre',
    // A student calls it with the share link in x-student-link (student.ts); a reader with a session.
    access: 'authenticated', studentLink: true, rateLimit: 'student',
    body: z.strictObject({
      itemFeedback: z.strictObject({
        name: z.string().trim().max(200, MSG.maxChars(200)).optional(),
        unit_id: idSchema(),
        unit_name: z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional(),
        error_type: z.enum(FEEDBACK_TYPES, { error: MSG.required }),
        error_description: z.string().trim().min(1, MSG.required).max(LIMITS.commentMax, MSG.maxChars(LIMITS.commentMax)),
        student_id: z.null().optional(),
      }),
    }),
    response: z.object({ message: z.string() }),
  }),
  list: defineRoute({
    method: 'GET', path: '/items/item/feedback', tag: 'feedback', summary: 'Relatório de feedbacks',
    access: FEEDBACK_REPORT_TYPES, query: feedbackListQuery, response: feedbackReportPage,
  }),
  status: defineRoute({
    method: 'PUT', path: '/items/item/feedback/status', tag: 'feedback', summary: 'Resolver ou fechar um feedback',
    access: FEEDBACK_REPORT_TYPES,
    body: z.strictObject({ id: idSchema(), status: z.enum(['resolved', 'closed'], { error: MSG.invalidValue }) }),
    response: feedbackRow,
  }),
} as const;
