/**
 * Units (items and their content versions), spec 2 §2.3, §2.8, §3, §4.1, §5, §7.1, and tags (§7.3).
 *
 * An item is the durable unit of a provider; each edit round of a published unit is a new content
 * version (version 1, 2, …). The item keeps a pointer to its published version, which stays available
 * while a newer version goes through analysis.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { idParam, idSchema, textIdSchema, INT_MAX } from './validation';
import { KNOWLEDGE_TYPES, knowledgeArea } from './knowledge';
import { hasContent, topic, UNIT_MSG } from './content/unit-content';

export const UNIT_STATUSES = ['draft', 'send', 'publish', 'analyze', 'correction', 'reproved', 'deleted'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

/** Spec 2 §4.1. */
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = {
  draft: 'Rascunho',
  send: 'Enviado',
  publish: 'Aprovado',
  analyze: 'Análise',
  correction: 'Correção',
  reproved: 'Reprovado',
  deleted: 'Excluído',
};

export const UNIT_STATUS_COLORS: Record<UnitStatus, string> = {
  draft: 'gray',
  send: 'blue',
  publish: 'green',
  analyze: 'yellow',
  correction: 'orange',
  reproved: 'red',
  deleted: 'dark',
};

/**
 * The status chips of Minhas Unidades (spec 2 §2.3). 'analyze' counts and lists both send and analyze:
 * to the author a unit sent and not yet delegated is already "in analysis".
 */
export const OWN_UNIT_FILTERS = ['all', 'publish', 'reproved', 'draft', 'correction', 'analyze'] as const;
export type OwnUnitFilter = (typeof OWN_UNIT_FILTERS)[number];
export const OWN_UNIT_FILTER_LABELS: Record<OwnUnitFilter, string> = {
  all: 'Todas',
  publish: 'Aprovadas',
  reproved: 'Reprovadas',
  draft: 'Rascunhos',
  correction: 'Correção',
  analyze: 'Análise',
};
export const OWN_UNIT_FILTER_STATUSES: Record<Exclude<OwnUnitFilter, 'all'>, readonly UnitStatus[]> = {
  publish: ['publish'],
  reproved: ['reproved'],
  draft: ['draft'],
  correction: ['correction'],
  analyze: ['send', 'analyze'],
};

/** Who authors units: the provider and its editors (a service provider offers services, not units). */
export const AUTHOR_TYPES = ['provider', 'editor'] as const satisfies readonly UserType[];
/** Staff who read any unit (curation and review). */
export const UNIT_STAFF_TYPES = ['admin', 'director', 'manager', 'curator', 'review'] as const satisfies readonly UserType[];
/** Who may make a version the published one. */
export const UNIT_PUBLISHER_TYPES = ['admin', 'director', 'manager'] as const satisfies readonly UserType[];
/** Tags: read by staff, changed by curator and admin only (spec 2 §6). */
export const TAG_EDITOR_TYPES = ['admin', 'curator'] as const satisfies readonly UserType[];

/** "Em atualização": a later version still on its way (spec 2 §2.3). */
export const isUpdating = (u: { version: number; status: string }) => u.version !== 1 && ['draft', 'send', 'analyze'].includes(u.status);

export const UNITS_PAGE_SIZE = 20;

const textList = (max: number) =>
  z
    .array(z.string().trim().max(max, MSG.maxChars(max)), { error: MSG.invalidValue })
    .max(200, MSG.maxItems(200))
    .transform((list) => list.filter((s) => s !== ''));

const html = z.string({ error: MSG.invalidValue }).max(1_000_000, MSG.invalidValue);
const fileLink = z
  .string()
  .trim()
  .max(2000, MSG.invalidValue)
  .refine((v) => v === '' || /^https?:\/\/[^\s<>"']+$/i.test(v) || /^\/uploads\/[A-Za-z0-9_\-/]+\.[A-Za-z0-9]+$/.test(v), MSG.mustBeLink)
  .transform((v) => v || null)
  .nullable()
  .optional();

/** The fields the studio sends (spec 2 §7.1 create/update payload). */
const unitFields = {
  title: z.string({ error: UNIT_MSG.titleRequired }).trim().min(1, UNIT_MSG.titleRequired).max(LIMITS.unitTitleMax, MSG.maxChars(LIMITS.unitTitleMax)),
  authors: textList(LIMITS.authorNameMax).default([]),
  /** Cover image link or an uploaded file. */
  mediaUrl: fileLink,
  /** Question-bank file link or an uploaded file. */
  questions: fileLink,
  introduction: html.default(''),
  learningObjectives: textList(LIMITS.listItemMax).default([]),
  synthesis: html.default(''),
  bibliographicReference: textList(LIMITS.referenceMax).default([]),
  /** Knowledge-area ids. */
  knowledges: z.array(idSchema(), { error: MSG.invalidValue }).max(50, MSG.invalidValue).default([]),
  /** Learning-level labels of the unit's learning type (see LEVELS_OF_LEARNING). */
  levelOfLearning: z.array(z.string().trim().min(1).max(200), { error: MSG.invalidValue }).max(20, MSG.invalidValue).default([]),
  /** University (the default of a new unit) or basic education: picks the knowledge areas and levels offered. */
  learningType: z.enum(KNOWLEDGE_TYPES, { error: MSG.invalidValue }).default('university'),
  topics: z.array(topic, { error: MSG.invalidValue }).max(100, MSG.invalidValue).default([]),
  /** What is being updated: required when saving a published unit. */
  updateMessage: z.string().trim().max(LIMITS.updateMessageMax, MSG.maxChars(LIMITS.updateMessageMax)).optional(),
};

export const unitCreateBody = z.strictObject(unitFields);
export const unitUpdateBody = z.strictObject({
  ...unitFields,
  id: idSchema(),
  /** The revision the editor loaded; a stale one gets 409. */
  revision: z.number().int().min(0).max(INT_MAX),
  synthesis: html.refine(hasContent, UNIT_MSG.synthesisRequired),
});
export type UnitCreateBody = z.input<typeof unitCreateBody>;
export type UnitUpdateBody = z.input<typeof unitUpdateBody>;

export const tagRow = z.object({ id: z.number(), name: z.string() });
export type TagRow = z.infer<typeof tagRow>;

export const unitContent = z.object({
  id: z.number(),
  itemId: z.number(),
  version: z.number(),
  /** Rises on every save; sent back on update to detect a stale editor. */
  revision: z.number(),
  status: z.enum(UNIT_STATUSES),
  title: z.string(),
  authors: z.array(z.string()),
  mediaUrl: z.string().nullable(),
  questions: z.string().nullable(),
  introduction: z.string(),
  learningObjectives: z.array(z.string()),
  synthesis: z.string(),
  bibliographicReference: z.array(z.string()),
  topics: z.array(topic),
  levelOfLearning: z.array(z.string()),
  learningType: z.enum(KNOWLEDGE_TYPES),
  knowledges: z.array(knowledgeArea),
  tags: z.array(tagRow),
  provider: z.object({ id: z.number(), name: z.string() }),
  updateMessage: z.string().nullable(),
  /** The item's published version, if any (may be this one). */
  publishedContentId: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UnitContent = z.infer<typeof unitContent>;

export const ownUnitRow = z.object({
  id: z.number(),
  itemId: z.number(),
  title: z.string(),
  status: z.enum(UNIT_STATUSES),
  version: z.number(),
  updating: z.boolean(),
  knowledges: z.array(knowledgeArea),
  levelOfLearning: z.array(z.string()),
  /** Complete enough to be sent for analysis (spec 2 §5). */
  complete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OwnUnitRow = z.infer<typeof ownUnitRow>;

export const ownUnitsQuery = z.strictObject({
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  /** Chip filter; 'deleted' is the Lixeira tab. */
  statusItemContent: z.enum([...OWN_UNIT_FILTERS, 'deleted'], { error: MSG.invalidValue }).default('all'),
  title: z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional(),
  /** Knowledge-area id. */
  knowledges: textIdSchema(MSG.invalidValue).optional(),
  /** 'title' = A-Z (orderByTitle ASC), 'recent' = Mais Recentes (orderByCreatedAt DESC). */
  order: z.enum(['title', 'recent'], { error: MSG.invalidValue }).default('title'),
});

export const ownUnitsResponse = z.object({
  content: z.array(ownUnitRow),
  total: z.number(),
  /** Counts per chip (trash excluded), ignoring the chip filter but honouring search and area. */
  counts: z.object(Object.fromEntries(OWN_UNIT_FILTERS.map((f) => [f, z.number()])) as Record<OwnUnitFilter, z.ZodNumber>),
});
export type OwnUnitsResponse = z.infer<typeof ownUnitsResponse>;

export const unitVersionRow = z.object({
  id: z.number(),
  version: z.number(),
  status: z.enum(UNIT_STATUSES),
  title: z.string(),
  updateMessage: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const statusBody = z.strictObject({
  ids: z.array(idSchema(), { error: MSG.invalidValue }).min(1, MSG.invalidValue).max(100, MSG.invalidValue),
  status: z.enum(UNIT_STATUSES, { error: MSG.invalidValue }),
});

const AUTHORS_AND_STAFF = [...AUTHOR_TYPES, ...UNIT_STAFF_TYPES] as const;

export const unitsRoutes = {
  create: defineRoute({
    method: 'POST', path: '/items/item/content/create', tag: 'units', summary: 'Cadastrar unidade (estúdio)',
    access: AUTHOR_TYPES, body: unitCreateBody, response: unitContent, bodyLimit: 8 * 1024 * 1024, idempotent: true,
  }),
  update: defineRoute({
    method: 'PUT', path: '/items/item/content/update', tag: 'units',
    summary: 'Salvar unidade; numa unidade publicada cria uma nova versão que passa pela análise',
    access: AUTHOR_TYPES, body: unitUpdateBody, response: unitContent, bodyLimit: 8 * 1024 * 1024, idempotent: true,
  }),
  find: defineRoute({
    method: 'GET', path: '/items/item/content/find/:id', tag: 'units', summary: 'Conteúdo de uma unidade',
    access: AUTHORS_AND_STAFF, params: idParam, response: unitContent,
  }),
  mine: defineRoute({
    method: 'GET', path: '/items/item/content/provider', tag: 'units', summary: 'Minhas Unidades (lista do fornecedor)',
    access: AUTHOR_TYPES, query: ownUnitsQuery, response: ownUnitsResponse,
  }),
  versions: defineRoute({
    method: 'GET', path: '/items/item/find/versions', tag: 'units', summary: 'Versões de uma unidade',
    access: AUTHORS_AND_STAFF, query: z.strictObject({ itemId: textIdSchema(MSG.invalidValue) }),
    response: z.array(unitVersionRow),
  }),
  status: defineRoute({
    method: 'PUT', path: '/items/item/content/status/', tag: 'units',
    summary: 'Mudar o status de unidades (enviar para aprovação, lixeira)',
    access: AUTHOR_TYPES, body: statusBody, response: z.object({ ids: z.array(z.number()), status: z.enum(UNIT_STATUSES) }),
  }),
  recover: defineRoute({
    method: 'POST', path: '/items/item/content/recover/:id', tag: 'units', summary: 'Recuperar unidade da lixeira',
    access: AUTHOR_TYPES, params: idParam, response: z.object({ id: z.number(), status: z.enum(UNIT_STATUSES) }),
  }),
  publishVersion: defineRoute({
    method: 'PUT', path: '/items/item/update-item-version/:id', tag: 'units',
    summary: 'Tornar esta versão a versão publicada da unidade',
    access: UNIT_PUBLISHER_TYPES, params: idParam, response: z.object({ itemId: z.number(), publishedContentId: z.number() }),
  }),
} as const;

export const tagsRoutes = {
  search: defineRoute({
    method: 'GET', path: '/items/tag', tag: 'units', summary: 'Buscar tags',
    access: UNIT_STAFF_TYPES, query: z.strictObject({ tagName: z.string().trim().max(100, MSG.maxChars(100)).optional() }), response: z.array(tagRow),
  }),
  create: defineRoute({
    method: 'POST', path: '/items/tag', tag: 'units', summary: 'Criar tags',
    access: TAG_EDITOR_TYPES,
    body: z.strictObject({ names: z.array(z.string().trim().min(1, MSG.required).max(60, MSG.maxChars(60))).min(1, MSG.required).max(20, MSG.maxItems(20)) }),
    response: z.array(tagRow),
  }),
  attach: defineRoute({
    method: 'PUT', path: '/items/tag', tag: 'units', summary: 'Vincular tags a uma unidade',
    access: TAG_EDITOR_TYPES,
    body: z.strictObject({ tagIds: z.array(idSchema()).min(1, MSG.required).max(50, MSG.invalidValue), itemContent: idSchema() }),
    response: z.array(tagRow),
  }),
  detach: defineRoute({
    method: 'DELETE', path: '/items/tag/:itemId', tag: 'units', summary: 'Desvincular tag de uma unidade (itemId = id do conteúdo da unidade, como itemContent ao vincular)',
    access: TAG_EDITOR_TYPES,
    params: z.strictObject({ itemId: textIdSchema(MSG.invalidValue) }),
    query: z.strictObject({ tagId: textIdSchema(MSG.invalidValue) }),
    response: z.array(tagRow),
  }),
} as const;
