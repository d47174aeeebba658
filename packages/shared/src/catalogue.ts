/**
 * The catalogue (spec 3 §2.13, §7 "Catalogue"): the published units of the institution's ACTIVE
 * rentals (computed on the server from the rent machine), or a provider's own published units with their students'
 * rating; the units a newer version of which the institution has not taken yet ('Unidades que foram atualizadas',
 * opt-in updates); one unit of the catalogue.
 */
import { z } from 'zod';
import { PROVIDER_TYPES, SELLER_TYPES, type UserType } from './access';
import { defineRoute } from './contract';
import { knowledgeIdsParam, levelsParam, unitGroupOf, unitGroupPageParams } from './knowledge';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { unitContent } from './units';
import { idParam, messageResponse } from './validation';

export const CATALOGUE_MSG = {
  title: 'Meu Catálogo',
  subtitle: 'Unidades adquiridas',
  providerSubtitle: 'Suas unidades publicadas e a avaliação dos alunos',
  crumb: 'Catálogo',
  empty: 'Nenhum item encontrado.',
  emptyNoRent: 'Sua instituição ainda não tem aluguéis ativos. Alugue catálogos na Loja para vê-los aqui.',
  showMore: 'Mostrar mais',
  showLess: 'Mostrar menos',
  view: 'Ver',
  add: 'Adicionar',
  filters: 'Filtros',
  searchLabel: 'Buscar',
  searchBy: 'Buscar por',
  byUnits: 'Unidades',
  byTags: 'Tags',
  searchHint: 'Digite ao menos 4 caracteres.',
  clearFilters: 'Limpar Filtros',
  rating: (votes: number) => `${votes} ${votes === 1 ? 'avaliação' : 'avaliações'}`,
  noVotes: 'Sem avaliações',
  updatesTitle: 'Unidades que foram atualizadas',
  updatesHint:
    'O fornecedor publicou uma nova versão destas unidades. Suas disciplinas continuam com a versão atual até você escolher Atualizar.',
  update: 'Atualizar',
  updated: 'Unidade atualizada com sucesso',
  updateConfirm: (title: string, from: number, to: number) =>
    `Atualizar "${title}" da versão ${from} para a versão ${to} em todas as disciplinas da sua instituição?`,
  versionChange: (from: number, to: number) => `Versão ${from} → versão ${to}`,
  reason: 'Motivo informado pelo fornecedor',
  noReason: 'O fornecedor não informou o motivo.',
  publishedOn: 'Publicada em',
  questionBank: 'Banco de questões',
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  noUpdate: 'Esta unidade já está na versão mais recente.',
} as const;

/** Who reads a catalogue: the institution's users (its ACTIVE rentals) and the provider's own users (its published units). */
export const CATALOGUE_READER_TYPES = [...SELLER_TYPES, 'provider', 'editor'] as const satisfies readonly UserType[];
/** Who takes a newer version into the institution's subjects ('Atualizar'): not the assistant (spec 3 §6). */
export const CATALOGUE_UPDATER_TYPES = ['seller', 'seller_content_manager'] as const satisfies readonly UserType[];
/** Who may add a catalogue unit to a subject (the Add button): not the assistant. */
export const CATALOGUE_ADDER_TYPES = ['seller', 'seller_content_manager'] as const satisfies readonly UserType[];
export const isCatalogueProvider = (type: UserType) => (PROVIDER_TYPES as readonly UserType[]).includes(type);

export const CATALOGUE_LIMITS = {
  /** Spec 3 §5, §9: the search runs from 4 characters, debounced 500 ms with at most 1 s of waiting. */
  searchMin: 4,
  searchDebounceMs: 500,
  searchMaxWaitMs: 1000,
  /** Spec 3 §9: a group with more than 4 cards is shortened. */
  groupShort: 4,
  /** 'Mostrar mais' loads a group this many units at a time. */
  groupPage: 24,
} as const;

export const CATALOGUE_FILTER_TYPES = ['units', 'tags'] as const;

/** The catalogue search (spec 3 §7: title, knowledges, levelOfLearning, filterType Unidades/Tags); `group`/`page` for 'Mostrar mais'. */
export const catalogueQuery = z.strictObject({
  title: z
    .string()
    .trim()
    .max(LIMITS.searchMax, MSG.maxChars(LIMITS.searchMax))
    .refine((v) => v.length === 0 || v.length >= CATALOGUE_LIMITS.searchMin, { message: CATALOGUE_MSG.searchHint })
    .optional(),
  filterType: z.enum(CATALOGUE_FILTER_TYPES, { error: MSG.invalidValue }).default('units'),
  knowledges: knowledgeIdsParam,
  levelOfLearning: levelsParam,
  ...unitGroupPageParams,
});
export type CatalogueQuery = z.input<typeof catalogueQuery>;

export const catalogueUnit = z.object({
  itemId: z.number(),
  itemContentId: z.number(),
  title: z.string(),
  companyName: z.string(),
  knowledges: z.array(z.object({ id: z.number(), title: z.string() })),
  levelOfLearning: z.array(z.string()),
  /** Provider users only (spec 3 §2.13): the students' average (one decimal) and the number of votes. */
  rating: z.object({ average: z.number(), votes: z.number() }).nullable(),
});
export type CatalogueUnit = z.infer<typeof catalogueUnit>;
export const catalogueGroup = unitGroupOf(catalogueUnit);
export type CatalogueGroup = z.infer<typeof catalogueGroup>;
export const catalogueResponse = z.object({ groups: z.array(catalogueGroup) });
export type CatalogueResponse = z.infer<typeof catalogueResponse>;

/** 'Unidades que foram atualizadas' (spec 3 §3 "Updated-unit record": id, itemId, title, companyName, version). */
export const updatedUnit = z.object({
  itemId: z.number(),
  title: z.string(),
  companyName: z.string(),
  /** The version the institution's subjects use now (the oldest, when subjects differ). */
  version: z.number(),
  currentContentId: z.number(),
  newVersion: z.number(),
  newContentId: z.number(),
  newTitle: z.string(),
  /** The provider's reason for the new version (the update message of the studio). */
  updateMessage: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Subjects of the institution that use the unit. */
  subjects: z.number(),
});
export type UpdatedUnit = z.infer<typeof updatedUnit>;

export const catalogueRoutes = {
  list: defineRoute({
    method: 'GET', path: '/items/item/catalogue', tag: 'catalogue',
    summary: 'Catálogo por área de conhecimento: unidades publicadas dos aluguéis ativos da instituição (ou do próprio fornecedor, com a avaliação)',
    access: CATALOGUE_READER_TYPES, query: catalogueQuery, response: catalogueResponse,
  }),
  checkUpdates: defineRoute({
    method: 'GET', path: '/items/item/check-updates', tag: 'catalogue',
    summary: 'Unidades das disciplinas da instituição com uma versão publicada mais nova',
    access: SELLER_TYPES, response: z.object({ data: z.array(updatedUnit) }),
  }),
  update: defineRoute({
    method: 'PUT', path: '/items/item/update/:id', tag: 'catalogue',
    summary: 'Leva as disciplinas da instituição para a versão publicada mais nova da unidade (id do item)',
    access: CATALOGUE_UPDATER_TYPES, params: idParam, response: messageResponse,
  }),
  unit: defineRoute({
    method: 'GET', path: '/items/item/catalogue/:id', tag: 'catalogue',
    summary: 'Uma unidade do catálogo (versão publicada de um aluguel ativo, ou a versão de uma disciplina da instituição)',
    access: CATALOGUE_READER_TYPES, params: idParam, response: unitContent,
  }),
};
