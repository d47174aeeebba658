/**
 * The rent lists and moves of the institution and of the platform team: the seller's
 * 'Meus alugueis' (spec 3 §2.8, /seller/rents) and the admin's rentals control (§2.12,
 * /seller/rents-control/{sellerId}, title 'Alugueis'), with the calls of §7 "Store, cart, rentals". Every
 * status change goes through the rent machine (`./rent-machine`), on the server through rent-lifecycle.ts.
 */
import { z } from 'zod';
import { MSG } from './messages';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { idSchema, pageLimit, textIdSchema } from './validation';
import {
  RENT_ADMIN_TYPES,
  RENT_BUYER_TYPES,
  RENT_FILTER_STATUSES,
  RENT_MANAGE_STATUSES,
  RENT_READER_SELLER_TYPES,
  RENT_STATUSES,
} from './rent-machine';

/** Spec 3 §9 "Rents table page size 5". */
export const RENTS_PAGE_SIZE = 5;
/** The providers offered in the 'Novo Aluguel' panel, per page (narrow them with the search). */
export const RENTABLE_PROVIDERS_PAGE_SIZE = 12;

/** pt-BR texts of these screens (spec 3 §2.8, §2.12, §4, §8). */
export const RENTS_MSG = {
  empty: 'Nenhum item encontrado',
  emptyPanel: 'Nenhum item encontrado.',
  checkFields: 'Verifique todos os campos!',
  cancelConfirm: (company: string) => `Tem certeza que deseja remover o aluguel de ${company}?`,
  /** Spec 3 §4, spelt so. */
  cancelNote: 'A solicitação será enviado ao fornecedor',
  /** Spec 3 §8, spelt so: the title of the toast after the institution's cancel. */
  cancelRequestedTitle: 'Soliticitação de cancelamento',
  canceledUnpaid: 'O pedido de aluguel foi cancelado e o fornecedor será avisado.',
  cancellationPending: 'Cancelamento solicitado',
  created: 'Aluguel criado!',
  planChanged: 'O Plano foi Alterado com sucesso',
  statusChanged: 'Status alterado com sucesso!',
  adminCancelConfirm: (company: string) => `Tem certeza que deseja cancelar a assinatura de ${company}?`,
  adminCancelNote: 'O aluguel será encerrado e a instituição perderá o acesso ao catálogo do fornecedor.',
  adminCanceled: 'Assinatura cancelada com sucesso!',
  noPriceOnPlan: 'Este fornecedor não tem preço cadastrado para o plano escolhido.',
  unknownPlan: 'Plano não encontrado.',
  samePlan: 'O aluguel já está nesse plano.',
  loadFailTitle: 'Não foi possível carregar os aluguéis',
  /** The edit modal's note when the plan change splits the rent (rent-machine `changePlanSplits`). */
  planChangeSplits: (statusLabel: string) =>
    `O aluguel atual fica no histórico com o plano e o valor de hoje, e um novo aluguel com o status ${statusLabel} começa com o novo plano e o preço do fornecedor.`,
  /** ... and when it does not (a rent never active: nothing was paid yet). */
  planChangeInPlace: 'O plano e o valor deste aluguel são trocados pelos novos (ele ainda não esteve ativo).',
} as const;

export const RENT_ORDERS = ['name', 'date'] as const;

const id = (required = true) => textIdSchema(MSG.invalidValue, required ? MSG.required : MSG.invalidValue);

export const rentsListQuery = z.strictObject({
  /** Ativos, Solicitados, Aguardando; absent = every open rent (Todos). */
  status: z.enum(RENT_FILTER_STATUSES, { error: MSG.invalidValue }).optional(),
  /** The provider's company name, accents and case ignored. */
  name: z.string().trim().max(LIMITS.nameMax, MSG.invalidValue).optional(),
  /** 'date' = Mais Recentes (newest first, the default); 'name' = A-Z by company name. */
  order: z.enum(RENT_ORDERS, { error: MSG.invalidValue }).default('date'),
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  limit: pageLimit(RENTS_PAGE_SIZE),
});
export type RentsListQuery = z.input<typeof rentsListQuery>;

export const rentRow = z.object({
  id: z.number(),
  status: z.enum(RENT_STATUSES),
  providerId: z.number(),
  companyName: z.string(),
  imgLogoUrl: z.string().nullable(),
  /** The provider's published units (the store's count). */
  units: z.number(),
  planId: z.number(),
  planName: z.string(),
  /** Per month, in centavos. */
  valueCents: z.number(),
  /** The acquisition date. */
  createdAt: z.string(),
  /** The institution asked to cancel this active rent (an admin then cancels it). */
  cancelRequestedAt: z.string().nullable(),
  /** The rent has been active at some time (its history says): a plan change splits it (rent-machine `changePlanSplits`). */
  everActive: z.boolean(),
});
export type RentRow = z.infer<typeof rentRow>;

export const rentCounts = z.object({ all: z.number(), active: z.number(), requested: z.number(), waiting: z.number() });
export type RentCounts = z.infer<typeof rentCounts>;

export const rentsPage = z.object({
  data: z.array(rentRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** Per status, with the search applied (not the status filter). */
  counts: rentCounts,
});
export type RentsPage = z.infer<typeof rentsPage>;

export const rentsControlPage = rentsPage.extend({
  seller: z.object({ id: z.number(), name: z.string(), planId: z.number().nullable(), status: z.string() }),
});
export type RentsControlPage = z.infer<typeof rentsControlPage>;

/** An id in a JSON body: 'Campo Obrigatório' when missing, 'Valor inválido' when not a positive integer. */
const bodyId = () => idSchema(MSG.invalidValue, MSG.required);

export const sellerIdParam = z.strictObject({ sellerId: id(false) });

export const newRentBody = z.strictObject({
  sellerId: bodyId(),
  providerId: bodyId(),
  planId: bodyId(),
});
export type NewRentBody = z.input<typeof newRentBody>;

export const rentStatusBody = z.strictObject({
  status: z.enum(RENT_MANAGE_STATUSES, { error: (issue) => (issue.input === undefined || issue.input === null ? MSG.required : MSG.invalidValue) }),
});

export const rentPlanBody = z.strictObject({ planId: bodyId() });

export const rentMoveReply = z.object({
  message: z.string(),
  /** The toast's title when it is not the default one. */
  title: z.string().optional(),
  rent: rentRow,
  /** changePlan of an active rent: the new active rent carrying the new plan. */
  successor: rentRow.optional(),
  cancellationRequested: z.boolean().optional(),
});
export type RentMoveReply = z.infer<typeof rentMoveReply>;

/** The plans an admin may choose for an institution's rent, with one provider's price on each (when asked). */
export const plansSellerQuery = z.strictObject({ providerId: id(false).optional() });
export const plansSellerReply = z.object({
  sellerPlanId: z.number().nullable(),
  plans: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      minRent: z.number(),
      maxRent: z.number(),
      /** The asked provider's monthly price on this plan (centavos); null = no price (cannot be chosen). */
      valueCents: z.number().nullable(),
    }),
  ),
});
export type PlansSellerReply = z.infer<typeof plansSellerReply>;

/** The 'Novo Aluguel' panel: approved catalogue providers with a price on the plan. */
export const rentableProvidersQuery = z.strictObject({
  planId: id(),
  name: z.string().trim().max(LIMITS.nameMax, MSG.invalidValue).optional(),
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  limit: pageLimit(RENTABLE_PROVIDERS_PAGE_SIZE),
});
export const rentableProvider = z.object({
  id: z.number(),
  companyName: z.string(),
  condition: z.enum(['basic', 'premium']),
  imgLogoUrl: z.string().nullable(),
  units: z.number(),
  valueCents: z.number(),
  /** The institution already has an open rent of this provider. */
  rented: z.boolean(),
});
export type RentableProvider = z.infer<typeof rentableProvider>;
export const rentableProvidersReply = z.object({ data: z.array(rentableProvider), total: z.number(), page: z.number(), limit: z.number() });

const sellerReaders = RENT_READER_SELLER_TYPES;

export const sellerRentsRoutes = {
  list: defineRoute({
    method: 'GET', path: '/sellers/rents', tag: 'rents', summary: "Meus alugueis: os aluguéis abertos da própria instituição (status, busca, ordem, página) com contagens",
    access: sellerReaders, query: rentsListQuery, response: rentsPage,
  }),
  control: defineRoute({
    method: 'GET', path: '/sellers/rents-control/:sellerId', tag: 'rents', summary: 'Controle de aluguéis de uma instituição (admin e diretor)',
    access: RENT_ADMIN_TYPES, params: sellerIdParam, query: rentsListQuery, response: rentsControlPage,
  }),
  cancel: defineRoute({
    method: 'DELETE', path: '/sellers/rents/:id', tag: 'rents',
    summary: 'Cancelar um aluguel: a instituição cancela um pedido não pago ou solicita o cancelamento de um ativo; admin e diretor cancelam a assinatura',
    access: [...RENT_ADMIN_TYPES, ...RENT_BUYER_TYPES], params: z.strictObject({ id: id(false) }), response: rentMoveReply,
  }),
  create: defineRoute({
    method: 'POST', path: '/sellers/rents/plans-rents', tag: 'rents', summary: 'Novo Aluguel: associar o catálogo de um fornecedor a uma instituição num plano (ativo)',
    access: RENT_ADMIN_TYPES, body: newRentBody, response: rentMoveReply, idempotent: true,
  }),
  setStatus: defineRoute({
    method: 'PUT', path: '/sellers/rents/:id', tag: 'rents', summary: 'Gerenciar o status de um aluguel (ativo, solicitado ou aguardando)',
    access: RENT_ADMIN_TYPES, params: z.strictObject({ id: id(false) }), body: rentStatusBody, response: rentMoveReply,
  }),
  changePlan: defineRoute({
    method: 'PUT', path: '/sellers/rents/:id/plan', tag: 'rents', summary: 'Alterar o plano de um aluguel (o preço vem da tabela do fornecedor)',
    access: RENT_ADMIN_TYPES, params: z.strictObject({ id: id(false) }), body: rentPlanBody, response: rentMoveReply,
  }),
  plansSeller: defineRoute({
    method: 'GET', path: '/sellers/plans-seller/:sellerId', tag: 'rents', summary: 'Planos para um aluguel da instituição, com o preço de um fornecedor em cada um',
    access: RENT_ADMIN_TYPES, params: sellerIdParam, query: plansSellerQuery, response: plansSellerReply,
  }),
  rentableProviders: defineRoute({
    method: 'GET', path: '/sellers/providers/:sellerId', tag: 'rents', summary: "Fornecedores que podem ser alugados pela instituição num plano (painel 'Novo Aluguel')",
    access: RENT_ADMIN_TYPES, params: sellerIdParam, query: rentableProvidersQuery, response: rentableProvidersReply,
  }),
} as const;
