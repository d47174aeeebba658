/**
 * Cobranças: the routes of an institution's monthly charges for its rents (the rules are `./charge-machine`, the Pix
 * code `./pix`). The platform team lists every institution's charges and records a payment or cancels a charge; the
 * institution's users read their own institution's charges, each with its Pix copia e cola while unpaid.
 */
import { z } from 'zod';
import { SELLER_TYPES } from './access';
import { CHARGE_ADMIN_TYPES, CHARGE_STATUSES } from './charge-machine';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { isIsoDate } from './reports';
import { pageLimit, textIdSchema } from './validation';

/** The lists' page size. */
export const CHARGES_PAGE_SIZE = 10;
/** The longest payment reference (a bank's transaction id, an E2E id: 32 characters; a note). */
export const CHARGE_REFERENCE_MAX = 140;

export const CHARGES_MSG = {
  paid: 'Pagamento registrado!',
  canceled: 'Cobrança cancelada.',
  paidOnFuture: 'A data do pagamento não pode ser no futuro.',
  pixNotConfigured: 'O pagamento por Pix ainda não foi configurado. Fale com a equipe da plataforma.',
  pixDemo: 'Código Pix de demonstração: não pague.',
  empty: 'Nenhuma cobrança encontrada.',
} as const;

const id = () => textIdSchema(MSG.invalidValue, MSG.invalidValue);

export const chargeIdParam = z.strictObject({ id: id() });

export const staffChargesQuery = z.strictObject({
  status: z.enum(CHARGE_STATUSES, { error: MSG.invalidValue }).optional(),
  /** One institution's charges. */
  sellerId: id().optional(),
  page: z.coerce.number({ error: MSG.invalidValue }).int().min(1, MSG.invalidValue).default(1),
  limit: pageLimit(CHARGES_PAGE_SIZE),
});
export type StaffChargesQuery = z.input<typeof staffChargesQuery>;

export const sellerChargesQuery = staffChargesQuery.omit({ sellerId: true });
export type SellerChargesQuery = z.input<typeof sellerChargesQuery>;

export const payChargeBody = z.strictObject({
  /** The day the money arrived (YYYY-MM-DD, São Paulo), not after today. */
  paidOn: z.string({ error: MSG.required }).trim().min(1, MSG.required).refine(isIsoDate, MSG.invalidDate),
  /** The bank's reference of the payment (E2E id, statement line). */
  reference: z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .max(CHARGE_REFERENCE_MAX, `Use no máximo ${CHARGE_REFERENCE_MAX} caracteres.`),
});
export type PayChargeBody = z.input<typeof payChargeBody>;

export const chargeRentRow = z.object({
  rentId: z.number(),
  providerId: z.number(),
  companyName: z.string(),
  planName: z.string(),
  /** This rent's part of the charge, in centavos. */
  amountCents: z.number(),
});

export const chargeRow = z.object({
  id: z.number(),
  /** The Pix txid. */
  code: z.string(),
  sellerId: z.number(),
  sellerName: z.string(),
  /** The month covered: its first day, YYYY-MM-DD. */
  period: z.string(),
  amountCents: z.number(),
  dueOn: z.string(),
  status: z.enum(CHARGE_STATUSES),
  paidAt: z.string().nullable(),
  paidOn: z.string().nullable(),
  paidReference: z.string().nullable(),
  canceledAt: z.string().nullable(),
  createdAt: z.string(),
  rents: z.array(chargeRentRow),
  /** Pix copia e cola while the charge is unpaid and Pix is configured; null otherwise. */
  pixCopiaECola: z.string().nullable(),
});
export type ChargeRow = z.infer<typeof chargeRow>;

/** Whether the Pix codes can be built, and what to tell the reader when not (or when they are the demo's). */
export const pixState = z.object({ configured: z.boolean(), demo: z.boolean(), message: z.string().nullable() });
export type PixState = z.infer<typeof pixState>;

export const chargesPage = z.object({
  data: z.array(chargeRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  pix: pixState,
  /** The late-payment rule as configured: more than this many days late suspends the institution. */
  suspendAfterDays: z.number(),
});
export type ChargesPage = z.infer<typeof chargesPage>;

export const chargeReply = z.object({ charge: chargeRow, pix: pixState });
export type ChargeReply = z.infer<typeof chargeReply>;

export const chargeMoveReply = chargeReply.extend({
  message: z.string(),
  /** pay: the rents that became active because this was their first charge. */
  activatedRentIds: z.array(z.number()),
});
export type ChargeMoveReply = z.infer<typeof chargeMoveReply>;

export const chargesRoutes = {
  staffList: defineRoute({
    method: 'GET', path: '/charges', tag: 'charges', summary: 'Cobranças de todas as instituições (admin e diretor): status, instituição, página',
    access: CHARGE_ADMIN_TYPES, query: staffChargesQuery, response: chargesPage,
  }),
  pay: defineRoute({
    method: 'POST', path: '/charges/:id/pay', tag: 'charges',
    summary: 'Registrar o pagamento de uma cobrança (data e referência); a primeira cobrança de um aluguel aguardando o ativa',
    access: CHARGE_ADMIN_TYPES, params: chargeIdParam, body: payChargeBody, response: chargeMoveReply,
  }),
  cancel: defineRoute({
    method: 'POST', path: '/charges/:id/cancel', tag: 'charges', summary: 'Cancelar uma cobrança não paga (admin e diretor)',
    access: CHARGE_ADMIN_TYPES, params: chargeIdParam, response: chargeMoveReply,
  }),
  sellerList: defineRoute({
    method: 'GET', path: '/sellers/charges', tag: 'charges', summary: 'As cobranças da própria instituição, com o Pix copia e cola das não pagas',
    access: SELLER_TYPES, query: sellerChargesQuery, response: chargesPage,
  }),
  sellerView: defineRoute({
    method: 'GET', path: '/sellers/charges/:id', tag: 'charges', summary: 'Uma cobrança da própria instituição',
    access: SELLER_TYPES, params: chargeIdParam, response: chargeReply,
  }),
} as const;
