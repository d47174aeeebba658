/**
 * Subjects (disciplinas) and subject categories (spec 3 §2.13 'Adicionar à disciplina', §2.14, §2.15, §3 "Subject",
 * "Subject category", §4, §5, §6, §7 "Subjects and categories", §8): the routes of BOTH sides and who may call them.
 *
 * Who (the server enforces it; the web hides what a user may not do):
 * - the institution's users read its subjects (SUBJECT_SELLER_READER_TYPES); seller and seller_content_manager
 *   create, add units, rename, reorder, remove subjects and import (SUBJECT_SELLER_EDITOR_TYPES); only `seller`
 *   removes a unit from a subject (spec 3 §6: "Removing a unit needs seller or provider") and manages categories
 *   (SUBJECT_CATEGORY_TYPES); seller_assistent only reads (403);
 * - a provider's `provider` user organises the provider's own subjects over its own units (SUBJECT_PROVIDER_TYPES).
 * Every object is the caller's institution's or provider's: another's id (or a `sellerId`/provider id that is not the
 * caller's) answers 404, exactly like a missing one. A suspended institution is refused everything (403).
 *
 * The domain's entry: the schemas (subjects-schemas.ts) and the pt-BR texts (subjects-messages.ts) are re-exported.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { unitContent } from './units';
import { idParam } from './validation';
import {
  categoryCreateBody,
  importableSubject,
  providerDeleteItemsBody,
  providerInsertItemsBody,
  providerReorderBody,
  providerSubjectCreateBody,
  providerSubjectsFind,
  sellerIdParam,
  sellerImportBody,
  sellerRenameBody,
  sellerReorderBody,
  sellerSubjectCreateBody,
  sellerSubjectItemBody,
  sellerSubjectsFilter,
  subjectCard,
  subjectCategory,
  subjectCategoryBody,
  subjectCreated,
  subjectDetail,
  subjectItemAdded,
  subjectItemParams,
  subjectMessage,
} from './subjects-schemas';

export * from './subjects-messages';
export * from './subjects-schemas';

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
