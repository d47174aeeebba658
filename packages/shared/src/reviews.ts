/**
 * Curation and review (spec 2 §2.2, §2.5–§2.7, §3 Review/Comment, §4.2, §7.2), problem reports and the
 * feedback report (§2.11, §2.12, §4.3, §7.6). The moves are decided by `review-machine.ts`.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { idParam, idSchema, textIdSchema } from './validation';
import { knowledgeArea } from './knowledge';
import { UNIT_STATUSES, unitContent, unitUpdateBody } from './units';
import { PUBLISHER_TYPES, STAGE_STATUSES } from './review-machine';

export const REVIEW_STAFF_TYPES = ['admin', 'director', 'manager', 'curator', 'review'] as const satisfies readonly UserType[];
export const STAFF_UNITS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 10000;

export const REVIEW_MSG = {
  fillAll: 'Preencha todos os campos',
  delegated: 'Delegações realizada com sucesso!',
  delegationEdited: 'Delegação editada com sucesso!',
  delegationFail: 'Algo inesperado aconteceu, por favor tente mais tarde',
  staffListFail: 'Aconteceu algo inesperado, por favor tente mais tarde',
  listFail: 'Algo de inesperado aconteceu, por favor tente mais tarde',
  confirmStatus: (label: string) => `Tem certeza que deseja mudar o status deste item para ${label}`,
  statusDone: (label: string) => `Item foi ${label} com sucesso`,
  commentRequired: 'Escreva um comentário que justifique esta decisão.',
  moveRefused: 'Esta ação não é permitida no estado atual da avaliação.',
  notSent: 'Só unidades enviadas para aprovação podem ser delegadas.',
  wrongCurator: 'Escolha um curador.',
  wrongReviewer: 'Escolha um revisor.',
  awaiting: 'Aguardando responsáveis',
  saveFail: 'Não foi possível salvar suas alterações',
  saved: 'Alterações realizadas com sucesso!',
  notActive: 'Esta avaliação não está ativa.',
  cannotReopen: 'Só a avaliação mais recente de uma unidade reprovada pode ser reaberta.',
  cannotEdit: 'Só os responsáveis por uma avaliação em análise podem editar esta unidade.',
  wrongItem: 'Esta avaliação não pertence a esta unidade.',
} as const;

const person = z.object({ id: z.number(), name: z.string(), avatar: z.string().nullable() });

export const reviewRow = z.object({
  id: z.number(),
  version: z.number(),
  itemContentId: z.number(),
  itemId: z.number(),
  title: z.string(),
  unitStatus: z.enum(UNIT_STATUSES),
  unitVersion: z.number(),
  provider: z.object({ id: z.number(), name: z.string() }),
  knowledges: z.array(knowledgeArea),
  levelOfLearning: z.array(z.string()),
  curator: person,
  reviewer: person,
  curatorStatus: z.enum(STAGE_STATUSES).nullable(),
  reviewerStatus: z.enum(STAGE_STATUSES).nullable(),
  managerStatus: z.enum(['approved', 'reproved']).nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type ReviewRow = z.infer<typeof reviewRow>;

/** A unit sent for analysis, awaiting delegation (the Novas tab). */
export const newUnitRow = z.object({
  id: z.number(),
  itemId: z.number(),
  title: z.string(),
  version: z.number(),
  provider: z.object({ id: z.number(), name: z.string() }),
  knowledges: z.array(knowledgeArea),
  levelOfLearning: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewUnitRow = z.infer<typeof newUnitRow>;

const orderQuery = {
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  /** 'title' = De A-Z, 'recent' = Mais Recentes (default). */
  order: z.enum(['title', 'recent'], { error: MSG.invalidValue }).default('recent'),
};

export const reviewsFindQuery = z.strictObject({
  ...orderQuery,
  /** Ativas (true) or closed (false). */
  active: z.enum(['true', 'false'], { error: MSG.invalidValue }).transform((v) => v === 'true').optional(),
  managerStatus: z.enum(['approved', 'reproved'], { error: MSG.invalidValue }).optional(),
  itemContentTitle: z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional(),
  /** Ativas status filter: analyze (Análise) or correction (Correção). */
  itemContentStatus: z.enum(['analyze', 'correction'], { error: MSG.invalidValue }).optional(),
  itemContentId: textIdSchema(MSG.invalidValue).optional(),
});

export const commentRow = z.object({
  id: z.number(),
  comment: z.string(),
  author: person,
  createdAt: z.string(),
});
export type CommentRow = z.infer<typeof commentRow>;

export const reviewDetail = reviewRow.extend({
  curationStartedAt: z.string().nullable(),
  revisionStartedAt: z.string().nullable(),
  /** The latest review of this unit version (the 'Revisão Vigente' banner). */
  current: z.boolean(),
  /** Every review version of this unit version, newest first ('Versões de avaliação'). */
  versions: z.array(z.object({ id: z.number(), version: z.number(), active: z.boolean(), managerStatus: z.string().nullable(), createdAt: z.string() })),
  /** The moves the caller may make now (from the state table). */
  moves: z.array(z.object({ stage: z.enum(['curation', 'revision', 'decision']), status: z.enum(STAGE_STATUSES), needsComment: z.boolean() })),
  canReopen: z.boolean(),
  canEditContent: z.boolean(),
});
export type ReviewDetail = z.infer<typeof reviewDetail>;

const delegation = {
  curatorId: idSchema(REVIEW_MSG.fillAll),
  reviewerId: idSchema(REVIEW_MSG.fillAll),
};
/** Comma-joined ids in a path (`12,15`): each an id of the database's range, at most 100. */
const idList = z
  .string()
  .regex(/^\d+(,\d+)*$/, MSG.invalidValue)
  .transform((v) => [...new Set(v.split(',').map(Number))])
  .pipe(z.array(idSchema(MSG.invalidValue)).max(100, MSG.invalidValue));
const idsParam = <N extends string>(name: N) => z.strictObject({ [name]: idList } as Record<N, typeof idList>);

/** Unit edits saved from the review screen (id in the path). */
export const reviewContentBody = unitUpdateBody.omit({ id: true, learningType: true, updateMessage: true });
export type ReviewContentBody = z.input<typeof reviewContentBody>;

export const reviewsRoutes = {
  find: defineRoute({
    method: 'GET', path: '/items/review/find', tag: 'reviews', summary: 'Avaliações (Ativas, Publicadas, Reprovadas), 10 por página',
    access: REVIEW_STAFF_TYPES, query: reviewsFindQuery, response: z.object({ content: z.array(reviewRow), total: z.number() }),
  }),
  newUnits: defineRoute({
    method: 'GET', path: '/items/item/content/new', tag: 'reviews', summary: 'Unidades enviadas aguardando delegação (Novas)',
    access: PUBLISHER_TYPES,
    query: z.strictObject({ ...orderQuery, title: z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional() }),
    response: z.object({ content: z.array(newUnitRow), total: z.number() }),
  }),
  findOne: defineRoute({
    method: 'GET', path: '/items/review/find/:id', tag: 'reviews',
    summary: 'Uma avaliação: type=review (id da avaliação) ou type=content (id do conteúdo: a avaliação vigente)',
    access: [...REVIEW_STAFF_TYPES, 'provider', 'editor'], params: idParam,
    query: z.strictObject({ type: z.enum(['content', 'review'], { error: MSG.invalidValue }).default('review') }),
    response: reviewDetail,
  }),
  staff: defineRoute({
    method: 'GET', path: '/items/review/staff', tag: 'reviews', summary: 'Curadores ou revisores ativos (nome e id)',
    access: PUBLISHER_TYPES, query: z.strictObject({ type: z.enum(['curator', 'review'], { error: MSG.invalidValue }) }),
    response: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  create: defineRoute({
    method: 'POST', path: '/items/review/create', tag: 'reviews', summary: 'Delegar curador e revisor a unidades enviadas',
    access: PUBLISHER_TYPES,
    body: z.strictObject({ ...delegation, contentIds: z.array(idSchema()).min(1, MSG.invalidValue).max(100, MSG.invalidValue), managerId: idSchema().optional() }),
    response: z.object({ ids: z.array(z.number()) }),
  }),
  reopen: defineRoute({
    method: 'POST', path: '/items/review/reopen', tag: 'reviews', summary: 'Reabrir: nova versão da avaliação',
    access: PUBLISHER_TYPES,
    body: z.strictObject({ ...delegation, id: idSchema(), contentIds: z.array(idSchema()).max(1).optional(), managerId: idSchema().optional() }),
    response: z.object({ ids: z.array(z.number()) }),
  }),
  update: defineRoute({
    method: 'PUT', path: '/items/review/update/:ids', tag: 'reviews', summary: 'Aprovar, reprovar ou enviar para correção (várias avaliações)',
    access: REVIEW_STAFF_TYPES, params: idsParam('ids'),
    body: z.strictObject({ status: z.enum(STAGE_STATUSES, { error: MSG.invalidValue }), comment: z.string().max(LIMITS.commentMax, MSG.maxChars(LIMITS.commentMax)).default(' ') }),
    response: z.object({ ids: z.array(z.number()) }),
  }),
  editDelegation: defineRoute({
    method: 'PUT', path: '/items/review/this/update/:reviewIds', tag: 'reviews', summary: 'Editar delegação',
    access: PUBLISHER_TYPES, params: idsParam('reviewIds'),
    body: z.strictObject({ ...delegation, reviewIds: z.array(idSchema()).max(100).optional() }),
    response: z.object({ ids: z.array(z.number()) }),
  }),
  publishedUnits: defineRoute({
    method: 'GET', path: '/items/review/find/units/published', tag: 'reviews', summary: 'Unidades publicadas (10 por página)',
    access: 'authenticated',
    query: z.strictObject({ page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1) }),
    response: z.object({ content: z.array(z.object({ id: z.number(), title: z.string(), provider: z.string(), publishedAt: z.string() })), total: z.number() }),
  }),
  updateKnowledge: defineRoute({
    method: 'PUT', path: '/items/item/content/update/Knowledge', tag: 'reviews',
    summary: 'Editar Detalhes Da Unidade (áreas de conhecimento e níveis de aprendizagem) numa avaliação ativa',
    access: REVIEW_STAFF_TYPES,
    body: z.strictObject({
      /** The unit content id. */
      id: idSchema(),
      knowledges: z.array(idSchema(), { error: MSG.invalidValue }).min(1, REVIEW_MSG.fillAll).max(50, MSG.invalidValue),
      levelOfLearning: z.array(z.string().trim().min(1).max(200), { error: MSG.invalidValue }).min(1, REVIEW_MSG.fillAll).max(20, MSG.invalidValue),
    }),
    response: unitContent,
  }),
  saveContent: defineRoute({
    method: 'PUT', path: '/items/review/content/:id', tag: 'reviews',
    summary: 'Salvar edições da unidade feitas na avaliação (responsáveis por uma avaliação em análise)',
    access: REVIEW_STAFF_TYPES, params: idParam,
    /** The studio's fields without learningType and updateMessage; revision detects a stale editor (409). */
    body: reviewContentBody,
    response: unitContent, bodyLimit: 8 * 1024 * 1024,
  }),
  commentPost: defineRoute({
    method: 'POST', path: '/items/comment/post', tag: 'reviews', summary: 'Comentar uma avaliação',
    access: [...REVIEW_STAFF_TYPES, 'provider', 'editor'],
    /** itemId is the unit content id of the review (its itemContentId). */
    body: z.strictObject({ comment: z.string().trim().min(1, MSG.required).max(LIMITS.commentMax, MSG.maxChars(LIMITS.commentMax)), reviewId: idSchema(), itemId: idSchema() }),
    response: commentRow,
  }),
  comments: defineRoute({
    method: 'GET', path: '/items/comment/find/:reviewId', tag: 'reviews', summary: 'Comentários de uma avaliação (mais antigos primeiro)',
    access: [...REVIEW_STAFF_TYPES, 'provider', 'editor'],
    params: z.strictObject({ reviewId: textIdSchema(MSG.invalidValue) }),
    response: z.array(commentRow),
  }),
} as const;

