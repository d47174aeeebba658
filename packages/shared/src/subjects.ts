/**
 * Subjects (disciplinas) and subject categories (spec 3 §2.13 'Adicionar à disciplina', §2.14, §2.15, §3 "Subject",
 * "Subject category", §4, §5, §6, §7 "Subjects and categories", §8): the routes of BOTH sides, their schemas and the
 * pt-BR texts.
 *
 * Who (the server enforces it; the web hides what a user may not do):
 * - the institution's users read its subjects (SUBJECT_SELLER_READER_TYPES); seller and seller_content_manager
 *   create, add units, rename, reorder, remove subjects and import (SUBJECT_SELLER_EDITOR_TYPES); only `seller`
 *   removes a unit from a subject (spec 3 §6: "Removing a unit needs seller or provider") and manages categories
 *   (SUBJECT_CATEGORY_TYPES); seller_assistent only reads (403);
 * - a provider's `provider` user organises the provider's own subjects over its own units (SUBJECT_PROVIDER_TYPES).
 * Every object is the caller's institution's or provider's: another's id (or a `sellerId`/provider id that is not the
 * caller's) answers 404, exactly like a missing one. A suspended institution is refused everything (403).
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { unitContent } from './units';
import { idParam, requiredText, idSchema, textIdSchema, INT_MAX } from './validation';

export const SUBJECT_MSG = {
  subjectFull: (max: number) => `Uma disciplina pode ter no máximo ${max} unidades.`,
  title: 'Disciplinas',
  newSubject: 'Nova Disciplina',
  importSubject: 'Importar Disciplina',
  viewSubject: 'Ver disciplina',
  nameLabel: 'Nome',
  required: MSG.required,
  empty: 'Não há disciplinas disponíveis...',
  emptyItems: 'Nenhum item encontrado.',
  created: 'Disciplina cadastrada com sucesso!',
  renamed: 'Disciplina editada com sucesso!',
  removed: 'Disciplina removida com sucesso!',
  imported: 'Disciplina importada com sucesso!',
  organized: 'Unidade organizada com sucesso!',
  unitAdded: 'Unidade adicionada à disciplina com sucesso!',
  unitRemoved: 'Unidade removida com sucesso.',
  categoryCreated: 'Categoria criado com sucesso!',
  categoryRemoved: 'Categoria removida com sucesso!',
  categorySaved: 'Categoria salva com sucesso!!',
  categoryExists: 'Categoria já existente.',
  categoryPickToRemove: 'Selecione uma categoria para remover.',
  categoryNotFound: 'Categoria não encontrada',
  categoryNotFoundTitle: 'Atenção!',
  categorySaveFail: 'Alterar mensagem',
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  formFail: 'Algo inesperado aconteceu.',
  forbidden: MSG.forbidden,
  removeConfirm: (name: string) => `Tem certeza que deseja remover a disciplina ${name}?`,
  removeUnitConfirm: (title: string) => `Tem certeza que deseja remover a unidade ${title} desta disciplina?`,
  removeCategoryConfirm: (name: string) => `Tem certeza que deseja remover a categoria ${name}? As disciplinas dela ficam sem categoria.`,
  addToSubject: 'Adicionar à disciplina',
  chooseSubject: 'Disciplina',
  createOption: (name: string) => `Criar nova: ${name}`,
  unitAlreadyIn: 'Esta unidade já está nesta disciplina.',
  unitNotAvailable: 'Unidade não encontrada ou fora dos seus aluguéis ativos.',
  unitUnavailableHint: 'Unidade indisponível: o aluguel do fornecedor não está ativo.',
  reorderStale: 'A ordem das unidades mudou em outra aba ou por outra pessoa. A lista foi recarregada: organize de novo.',
  reorderFail: 'Não foi possível organizar as unidades. A ordem anterior foi restaurada.',
  importNothing: 'Nenhuma disciplina disponível para importar: os fornecedores dos seus aluguéis ativos não têm disciplinas.',
  importPick: 'Escolha a disciplina',
  newUnit: 'Nova Unidade',
  viewUnit: 'Ver unidade',
  remove: 'Remover',
  rename: 'Renomear',
  category: 'Categoria',
  noCategory: 'Sem categoria',
  newCategory: 'Nova categoria',
  colorLabel: 'Cor',
  unitsCount: (n: number) => `${n} ${n === 1 ? 'unidade' : 'unidades'}`,
} as const;

export const SUBJECT_LIMITS = {
  nameMax: LIMITS.nameMax,
  categoryNameMax: 60,
  /** Units in one subject (a reorder sends them all). */
  itemsMax: 500,
  /** Subjects answered by one list (an institution's subjects are few). */
  listMax: 1000,
  /** Spec 3 §2.13: the 'Criar nova' option appears 1 s after typing stops. */
  createOptionDelayMs: 1000,
  /** Spec 3 §7/§9: the provider's client sends order 2 on insert; the server appends at the end (docs/decisions.md). */
  providerInsertOrder: 2,
} as const;

/** Spec 3 §3/§9: the default category colour and the 7 presets (the picker offers any #RRGGBB). */
export const SUBJECT_CATEGORY_DEFAULT_COLOR = '#DAA520';
export const SUBJECT_CATEGORY_COLORS = ['#DAA520', '#E03131', '#1971C2', '#2F9E44', '#7048E8', '#F76707', '#0C8599'] as const;

/** Who reads the institution's subjects; who changes them; who removes a unit; who manages categories. */
export const SUBJECT_SELLER_READER_TYPES = ['seller', 'seller_content_manager', 'seller_assistent'] as const satisfies readonly UserType[];
export const SUBJECT_SELLER_EDITOR_TYPES = ['seller', 'seller_content_manager'] as const satisfies readonly UserType[];
export const SUBJECT_SELLER_ITEM_REMOVER_TYPES = ['seller'] as const satisfies readonly UserType[];
export const SUBJECT_CATEGORY_TYPES = ['seller'] as const satisfies readonly UserType[];
/** The provider side: the provider's own user organises its subjects. */
export const SUBJECT_PROVIDER_TYPES = ['provider'] as const satisfies readonly UserType[];

const includes = (types: readonly UserType[], type: UserType) => types.includes(type);
/** What the web shows a user (the server decides anyway). */
export const subjectAbilities = (type: UserType) => {
  const provider = includes(SUBJECT_PROVIDER_TYPES, type);
  return {
    side: provider ? ('provider' as const) : includes(SUBJECT_SELLER_READER_TYPES, type) ? ('seller' as const) : null,
    edit: provider || includes(SUBJECT_SELLER_EDITOR_TYPES, type),
    removeUnit: provider || includes(SUBJECT_SELLER_ITEM_REMOVER_TYPES, type),
    categories: includes(SUBJECT_CATEGORY_TYPES, type),
    importSubject: includes(SUBJECT_SELLER_EDITOR_TYPES, type),
  };
};

const positiveId = idSchema(MSG.invalidValue);
const coercedId = textIdSchema(MSG.invalidValue);
const subjectName = requiredText(SUBJECT_LIMITS.nameMax);

/** A comma-joined list in a query ('1,2,3'), or repeated keys. */
const commaParts = z
  .union([z.string(), z.array(z.string())], { error: MSG.invalidValue })
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  );
const idList = commaParts.pipe(z.array(textIdSchema<string>(MSG.invalidValue)).max(50, MSG.invalidValue)).optional();
const textList = commaParts.pipe(z.array(z.string().max(200, MSG.invalidValue)).max(50, MSG.invalidValue)).optional();
const search = z.string().trim().max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax)).optional();

// ------------------------------------------------------------------ shapes

export const subjectCategory = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type SubjectCategory = z.infer<typeof subjectCategory>;

/** A subject card (spec 3 §3: id, subject_id, name, itemsCount, category_id). */
export const subjectCard = z.object({
  id: z.number(),
  name: z.string(),
  itemsCount: z.number(),
  categoryId: z.number().nullable(),
  category: subjectCategory.nullable(),
  /** The provider's subject it was imported from, if any. */
  importedFromId: z.number().nullable(),
  createdAt: z.string(),
});
export type SubjectCard = z.infer<typeof subjectCard>;

/** A unit in a subject (spec 3 §3: subjectItemId, itemId, itemContentId, order, title, companyName). */
export const subjectItem = z.object({
  subjectItemId: z.number(),
  itemId: z.number(),
  /** The pinned version the subject shows. */
  itemContentId: z.number(),
  /** 0-based position. */
  order: z.number(),
  title: z.string(),
  companyName: z.string(),
  levelOfLearning: z.array(z.string()),
  version: z.number(),
  /** The caller may read the pinned version now (an institution: its rent of the provider is active). */
  readable: z.boolean(),
});
export type SubjectItem = z.infer<typeof subjectItem>;

export const subjectDetail = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number().nullable(),
  subjectItems: z.array(subjectItem),
});
export type SubjectDetail = z.infer<typeof subjectDetail>;

/** A provider's subject an institution may import (its provider is actively rented). */
export const importableSubject = z.object({ id: z.number(), name: z.string(), itemsCount: z.number(), providerId: z.number(), companyName: z.string() });
export type ImportableSubject = z.infer<typeof importableSubject>;

export const subjectCreated = z.object({ message: z.string(), subject_id: z.number() });
export const subjectItemAdded = z.object({ message: z.string(), subjectItemId: z.number() });
export const subjectMessage = z.object({ message: z.string() });

// ------------------------------------------------------------------ bodies and queries

/** GET /sellers/subjects/filter (spec 3 §7: sellerId, name, knowledges, levelOfLearning, categories comma-joined). */
export const sellerSubjectsFilter = z.strictObject({
  sellerId: coercedId,
  name: search,
  knowledges: idList,
  levelOfLearning: textList,
  categories: idList,
});
export type SellerSubjectsFilter = z.input<typeof sellerSubjectsFilter>;

export const providerSubjectsFind = z.strictObject({ subjectTitle: search, levelOfLearning: textList });
export type ProviderSubjectsFind = z.input<typeof providerSubjectsFind>;

export const subjectNameForm = z.object({ name: subjectName });
export const sellerSubjectCreateBody = z.strictObject({ name: subjectName, sellerId: positiveId });
export type SellerSubjectCreateBody = z.input<typeof sellerSubjectCreateBody>;
export const providerSubjectCreateBody = z.strictObject({ name: subjectName });
export type ProviderSubjectCreateBody = z.input<typeof providerSubjectCreateBody>;

/** Spec 3 §5: 'Add unit to subject: subjectId required (Campo Obrigatório)'. */
export const sellerSubjectItemBody = z.strictObject({
  subjectId: idSchema(MSG.required),
  itemId: positiveId,
  itemContentId: positiveId,
});
export type SellerSubjectItemBody = z.input<typeof sellerSubjectItemBody>;

/** POST providers/subjects/insert-items: `order` is accepted as sent (the spec's client sends 2) and not used. */
export const providerInsertItemsBody = z.strictObject({
  subjectId: idSchema(MSG.required),
  subjectItems: z
    .array(z.strictObject({ itemId: positiveId, itemContentId: positiveId, order: z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).max(INT_MAX, MSG.invalidValue).optional() }))
    .min(1)
    .max(SUBJECT_LIMITS.itemsMax),
});
export type ProviderInsertItemsBody = z.input<typeof providerInsertItemsBody>;

export const sellerRenameBody = z.strictObject({ id: positiveId, name: subjectName });
export type SellerRenameBody = z.input<typeof sellerRenameBody>;

const orderValue = z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(0, MSG.invalidValue).max(INT_MAX, MSG.invalidValue);
/** PUT /sellers/subjects/item (spec 3 §7): the WHOLE new order of one subject's units. */
export const sellerReorderBody = z.strictObject({
  subjectItems: z.array(z.strictObject({ subjectItemId: positiveId, order: orderValue })).min(1).max(SUBJECT_LIMITS.itemsMax),
});
export type SellerReorderBody = z.input<typeof sellerReorderBody>;
/** The provider form: the subject id with the list of (subject item) id and order. */
export const providerReorderBody = z.strictObject({
  subjectId: positiveId,
  subjectItems: z.array(z.strictObject({ id: positiveId, order: orderValue })).min(1).max(SUBJECT_LIMITS.itemsMax),
});
export type ProviderReorderBody = z.input<typeof providerReorderBody>;

/** DELETE /providers/subjects/{id}/delete-items: the unit (item) ids to take out of subject {id}. */
export const providerDeleteItemsBody = z.strictObject({ subjectItems: z.array(positiveId).min(1).max(SUBJECT_LIMITS.itemsMax) });
export type ProviderDeleteItemsBody = z.input<typeof providerDeleteItemsBody>;

const hexColor = z.string({ error: MSG.required }).trim().regex(/^#[0-9a-fA-F]{6}$/, 'Escolha uma cor válida (#RRGGBB)').transform((c) => c.toUpperCase());
export const categoryFields = {
  name: requiredText(SUBJECT_LIMITS.categoryNameMax),
  color: hexColor.default(SUBJECT_CATEGORY_DEFAULT_COLOR),
};
export const categoryForm = z.object(categoryFields);
/** POST /sellers/subjects/category (spec 3 §7: name, seller_id, color). */
export const categoryCreateBody = z.strictObject({ ...categoryFields, seller_id: positiveId });
export type CategoryCreateBody = z.input<typeof categoryCreateBody>;
/** Set (or clear, null) a subject's category. */
export const subjectCategoryBody = z.strictObject({ categoryId: positiveId.nullable() });
export type SubjectCategoryBody = z.input<typeof subjectCategoryBody>;

export const sellerImportBody = z.strictObject({ subjectId: idSchema(MSG.required) });
export type SellerImportBody = z.input<typeof sellerImportBody>;

export const subjectItemParams = z.strictObject({ id: coercedId, subjectItemId: coercedId });
export const sellerIdParam = z.strictObject({ sellerId: coercedId });

// ------------------------------------------------------------------ routes

const R = SUBJECT_SELLER_READER_TYPES;
const E = SUBJECT_SELLER_EDITOR_TYPES;
const P = SUBJECT_PROVIDER_TYPES;

export const subjectsRoutes = {
  // ---- the institution's (seller) calls
  sellerList: defineRoute({
    method: 'GET', path: '/sellers/subjects/seller/:id', tag: 'subjects', summary: 'Disciplinas da instituição (id = a instituição de quem chama)',
    access: R, params: idParam, response: z.array(subjectCard),
  }),
  sellerFilter: defineRoute({
    method: 'GET', path: '/sellers/subjects/filter', tag: 'subjects', summary: 'Disciplinas da instituição filtradas por nome, áreas, níveis e categorias',
    access: R, query: sellerSubjectsFilter, response: z.array(subjectCard),
  }),
  sellerCreate: defineRoute({
    method: 'POST', path: '/sellers/subjects', tag: 'subjects', summary: 'Nova Disciplina da instituição',
    access: E, body: sellerSubjectCreateBody, response: subjectCreated,
  }),
  sellerAddItem: defineRoute({
    method: 'POST', path: '/sellers/subjects/item', tag: 'subjects', summary: 'Adicionar à disciplina a versão publicada de uma unidade de um aluguel ativo',
    access: E, body: sellerSubjectItemBody, response: subjectItemAdded,
  }),
  sellerRename: defineRoute({
    method: 'PUT', path: '/sellers/subjects/subject', tag: 'subjects', summary: 'Renomear uma disciplina',
    access: E, body: sellerRenameBody, response: subjectMessage,
  }),
  sellerRemove: defineRoute({
    method: 'DELETE', path: '/sellers/subjects/:id', tag: 'subjects', summary: 'Remover uma disciplina',
    access: E, params: idParam, response: subjectMessage,
  }),
  sellerReorder: defineRoute({
    method: 'PUT', path: '/sellers/subjects/item', tag: 'subjects', summary: 'Organizar as unidades de uma disciplina: a ordem inteira, aplicada de uma vez',
    access: E, body: sellerReorderBody, response: subjectMessage,
  }),
  sellerRemoveItem: defineRoute({
    method: 'DELETE', path: '/sellers/subjects/item/:id', tag: 'subjects', summary: 'Remover uma unidade de uma disciplina (id do item da disciplina)',
    access: SUBJECT_SELLER_ITEM_REMOVER_TYPES, params: idParam, response: subjectMessage,
  }),
  categories: defineRoute({
    method: 'GET', path: '/sellers/subjects/category/:sellerId', tag: 'subjects', summary: 'Categorias de disciplina da instituição',
    access: R, params: sellerIdParam, response: z.array(subjectCategory),
  }),
  categoryCreate: defineRoute({
    method: 'POST', path: '/sellers/subjects/category', tag: 'subjects', summary: 'Nova categoria de disciplina (nome único na instituição, cor)',
    access: SUBJECT_CATEGORY_TYPES, body: categoryCreateBody, response: subjectCategory,
  }),
  categoryRemove: defineRoute({
    method: 'DELETE', path: '/sellers/subjects/category/:id', tag: 'subjects', summary: 'Remover uma categoria (as disciplinas dela ficam sem categoria)',
    access: SUBJECT_CATEGORY_TYPES, params: idParam, response: subjectMessage,
  }),
  sellerSetCategory: defineRoute({
    method: 'PUT', path: '/sellers/subjects/:id/category', tag: 'subjects', summary: 'Definir (ou tirar, null) a categoria de uma disciplina',
    access: SUBJECT_CATEGORY_TYPES, params: idParam, body: subjectCategoryBody, response: subjectMessage,
  }),
  sellerDetail: defineRoute({
    method: 'GET', path: '/sellers/subjects/:id/item', tag: 'subjects', summary: 'Uma disciplina da instituição com as suas unidades em ordem',
    access: R, params: idParam, response: subjectDetail,
  }),
  sellerUnit: defineRoute({
    method: 'GET', path: '/sellers/subjects/:id/item/:subjectItemId', tag: 'subjects', summary: 'A versão fixada de uma unidade da disciplina (enquanto o aluguel estiver ativo)',
    access: R, params: subjectItemParams, response: unitContent,
  }),
  importable: defineRoute({
    method: 'GET', path: '/sellers/subjects/importable', tag: 'subjects', summary: 'Disciplinas dos fornecedores com aluguel ativo, para Importar Disciplina',
    access: E, response: z.array(importableSubject),
  }),
  sellerImport: defineRoute({
    method: 'POST', path: '/sellers/subjects/import', tag: 'subjects', summary: 'Importar Disciplina de um fornecedor com aluguel ativo (nome e unidades, numa transação)',
    access: E, body: sellerImportBody, response: subjectCreated, idempotent: true,
  }),

  // ---- the provider's calls
  providerList: defineRoute({
    method: 'GET', path: '/providers/subjects/provider/:id', tag: 'subjects', summary: 'Disciplinas do fornecedor (id = o fornecedor de quem chama)',
    access: P, params: idParam, response: z.array(subjectCard),
  }),
  providerFind: defineRoute({
    method: 'GET', path: '/providers/subjects/provider/:id/find', tag: 'subjects', summary: 'Disciplinas do fornecedor filtradas pelo nome (subjectTitle) e níveis',
    access: P, params: idParam, query: providerSubjectsFind, response: z.array(subjectCard),
  }),
  providerDetail: defineRoute({
    method: 'GET', path: '/providers/subjects/:id', tag: 'subjects', summary: 'Uma disciplina do fornecedor com as suas unidades em ordem',
    access: P, params: idParam, response: subjectDetail,
  }),
  providerCreate: defineRoute({
    method: 'POST', path: '/providers/subjects', tag: 'subjects', summary: 'Nova Disciplina do fornecedor',
    access: P, body: providerSubjectCreateBody, response: subjectCreated,
  }),
  providerInsertItems: defineRoute({
    method: 'POST', path: '/providers/subjects/insert-items', tag: 'subjects', summary: 'Adicionar unidades publicadas do próprio fornecedor a uma disciplina (no fim da lista)',
    access: P, body: providerInsertItemsBody, response: subjectMessage,
  }),
  providerRename: defineRoute({
    method: 'PUT', path: '/providers/subjects/subject', tag: 'subjects', summary: 'Renomear uma disciplina do fornecedor',
    access: P, body: sellerRenameBody, response: subjectMessage,
  }),
  providerRemove: defineRoute({
    method: 'DELETE', path: '/providers/subjects/:id', tag: 'subjects', summary: 'Remover uma disciplina do fornecedor',
    access: P, params: idParam, response: subjectMessage,
  }),
  providerReorder: defineRoute({
    method: 'PUT', path: '/providers/subjects/items', tag: 'subjects', summary: 'Organizar as unidades de uma disciplina do fornecedor: a ordem inteira, aplicada de uma vez',
    access: P, body: providerReorderBody, response: subjectMessage,
  }),
  providerDeleteItems: defineRoute({
    method: 'DELETE', path: '/providers/subjects/:id/delete-items', tag: 'subjects', summary: 'Remover unidades (ids das unidades) de uma disciplina do fornecedor',
    access: P, params: idParam, body: providerDeleteItemsBody, response: subjectMessage,
  }),
} as const;
