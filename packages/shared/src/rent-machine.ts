/**
 * THE rent state machine (spec 3 §4 "Rent status", §2.8, §2.12), written once as data beside the review
 * machine and the unit lifecycle. The server changes a rent's status in one function only
 * (apps/server/src/modules/rents/rent-lifecycle.ts), driven by this table; every move the table does not
 * allow, or allows to someone else, is refused with 409 and the move's pt-BR message. The web shows the
 * buttons and the manage-status choices from the same table.
 *
 *   event        who                      from                       to
 *   request      seller, content manager  (new: payment request)     requested
 *   create       admin, director          (new: Novo Aluguel)        active
 *   setStatus    admin, director          requested|waiting|active   requested|waiting|active (another one)
 *   changePlan   admin, director          requested|waiting          never active: the same status (plan and price replaced in place)
 *                                                                    ever active: migrated (a NEW rent in the same status takes them)
 *                                         active                     migrated (a NEW active rent takes the new plan and price)
 *   paid         the system               waiting                    active (its first charge was paid by a system payment:
 *                                                                    a bank statement import, the payment provider's notice)
 *   cancel       admin, director          requested|waiting|active   canceled
 *   sellerCancel seller, content manager  requested|waiting          canceled (nothing was paid yet)
 *                                         active                     active, with a cancellation request to the provider
 *                                                                    and the platform team (an admin then cancels)
 *
 * canceled and migrated are final. At most one OPEN rent (requested, waiting or active) per institution
 * and provider: a second one is refused ('Esse catálogo já está associado a essa instituição!').
 *
 * Why `migrated`: a plan change of a rent that has EVER been active (a rent_history row 'active': it is active
 * now, or was set back to waiting/requested after being paid) keeps the old rent (its plan and price) as
 * history, so the provider's monthly income of the past months does not change when the price does. The new
 * rent keeps the CURRENT status. Only a rent that was never active (nothing paid, no income yet) has its plan
 * and price replaced in place.
 */
import { PLATFORM_ADMIN_TYPES, type UserType } from './access';
import type { ErrorCode } from './error-codes';

export const RENT_STATUSES = ['requested', 'waiting', 'active', 'migrated', 'canceled'] as const;
export type RentStatus = (typeof RENT_STATUSES)[number];

/** Open rents: they hold the institution's place with the provider (one per pair). */
export const OPEN_RENT_STATUSES = ['requested', 'waiting', 'active'] as const satisfies readonly RentStatus[];
export type OpenRentStatus = (typeof OPEN_RENT_STATUSES)[number];
export const isOpenRent = (s: string): s is OpenRentStatus => (OPEN_RENT_STATUSES as readonly string[]).includes(s);

/** Only an active rent gives the institution the provider's published units. */
export const RENT_GRANTING_STATUS = 'active' as const satisfies RentStatus;
/** Is a rent of this status active (it grants the provider's published units)? Every check reads it. */
export const isRentActive = (status: string): boolean => status === RENT_GRANTING_STATUS;

/** The status filter of the rent lists (Ativos, Solicitados, Aguardando), in the spec's order. */
export const RENT_FILTER_STATUSES = ['active', 'requested', 'waiting'] as const satisfies readonly RentStatus[];
export const RENT_FILTER_LABELS: Record<(typeof RENT_FILTER_STATUSES)[number], string> = {
  active: 'Ativos',
  requested: 'Solicitados',
  waiting: 'Aguardando',
};

/** Labels of spec 3 §4: ATIVO, SOLICITADO; the open others AGUARDANDO; the final ones their own word. */
export const RENT_STATUS_LABELS: Record<RentStatus, string> = {
  active: 'ATIVO',
  requested: 'SOLICITADO',
  waiting: 'AGUARDANDO',
  migrated: 'MIGRADO',
  canceled: 'CANCELADO',
};
export const rentStatusLabel = (s: string): string => RENT_STATUS_LABELS[s as RentStatus] ?? 'AGUARDANDO';

export const RENT_STATUS_COLORS: Record<RentStatus, 'green' | 'blue' | 'yellow' | 'gray' | 'red'> = {
  active: 'green',
  requested: 'blue',
  waiting: 'yellow',
  migrated: 'gray',
  canceled: 'red',
};

/** The manage-status modal's choices (spec 3 §4: active, requested or waiting). */
export const RENT_MANAGE_STATUSES = ['active', 'requested', 'waiting'] as const satisfies readonly RentStatus[];
export const RENT_MANAGE_LABELS: Record<(typeof RENT_MANAGE_STATUSES)[number], string> = {
  active: 'Ativo',
  requested: 'Solicitado',
  waiting: 'Aguardando',
};

export const RENT_ADMIN_TYPES = PLATFORM_ADMIN_TYPES;
/** The system: a payment recorded without a user (a statement import, the payment provider's notice). Never a user's type. */
export const RENT_SYSTEM = 'system' as const;
export type RentActorType = UserType | typeof RENT_SYSTEM;
/** Who puts items in the cart, requests payment and cancels the institution's rents (assistants only read). */
export const RENT_BUYER_TYPES = ['seller', 'seller_content_manager'] as const satisfies readonly UserType[];
/** Who reads an institution's rents (its own only). */
export const RENT_READER_SELLER_TYPES = ['seller', 'seller_content_manager', 'seller_assistent'] as const satisfies readonly UserType[];

export const RENT_EVENTS = ['request', 'create', 'setStatus', 'changePlan', 'paid', 'cancel', 'sellerCancel'] as const;
export type RentEvent = (typeof RENT_EVENTS)[number];

export const NEW_RENT = 'new' as const;
export type RentFrom = RentStatus | typeof NEW_RENT;

/** What happens: the status after the move. 'chosen' = the one the admin picked; 'same' = unchanged. */
export type RentTo = RentStatus | 'chosen' | 'same';

export interface RentStep {
  to: RentTo;
  /** changePlan of an active rent: the rent becomes migrated and a new active rent carries the new plan. */
  splits?: true;
  /** changePlan of an unpaid rent: splits like an active one (the new rent in the same status) when the rent has
   * EVER been active (its history, known to the server only); otherwise `to` (in place). */
  splitsIfEverActive?: true;
  /** sellerCancel of an active rent: a cancellation request, the status unchanged. */
  requestsCancellation?: true;
}

export interface RentMove {
  who: readonly RentActorType[];
  steps: Partial<Record<RentFrom, RentStep>>;
  /** 409 when the rent's status is not one of `steps`. */
  refusal: string;
}

export const RENT_MSG = {
  alreadyAssociated: 'Esse catálogo já está associado a essa instituição!',
  final: 'Este aluguel já foi encerrado e não pode mais ser alterado.',
  sameStatus: 'O aluguel já está nesse status.',
  notAllowed: 'Você não tem permissão para realizar esta operação.',
  alreadyRequested: 'O cancelamento deste aluguel já foi solicitado.',
  cartEmpty: 'O seu carrinho de compras está vazio',
  choosePayment: 'Selecione uma forma de pagamento antes de continuar!',
  duplicateCartItem: 'Item já adicionado ao carrinho',
  notRentable: 'Este fornecedor não está disponível para aluguel.',
  noPrice: 'Este fornecedor ainda não tem preço para o plano da instituição.',
  noPlan: 'A instituição ainda não tem um plano. Fale com a nossa equipe.',
  suspended: 'A instituição está suspensa. A loja, o carrinho e o catálogo voltam quando ela for reativada.',
} as const;

const ADMIN = RENT_ADMIN_TYPES;
const BUYER = RENT_BUYER_TYPES;

export const RENT_MACHINE: Record<RentEvent, RentMove> = {
  request: { who: BUYER, steps: { new: { to: 'requested' } }, refusal: RENT_MSG.alreadyAssociated },
  create: { who: ADMIN, steps: { new: { to: 'active' } }, refusal: RENT_MSG.alreadyAssociated },
  setStatus: {
    who: ADMIN,
    steps: { requested: { to: 'chosen' }, waiting: { to: 'chosen' }, active: { to: 'chosen' } },
    refusal: RENT_MSG.final,
  },
  changePlan: {
    who: ADMIN,
    steps: {
      requested: { to: 'same', splitsIfEverActive: true },
      waiting: { to: 'same', splitsIfEverActive: true },
      active: { to: 'migrated', splits: true },
    },
    refusal: RENT_MSG.final,
  },
  paid: { who: [RENT_SYSTEM], steps: { waiting: { to: 'active' } }, refusal: RENT_MSG.final },
  cancel: {
    who: ADMIN,
    steps: { requested: { to: 'canceled' }, waiting: { to: 'canceled' }, active: { to: 'canceled' } },
    refusal: RENT_MSG.final,
  },
  sellerCancel: {
    who: BUYER,
    steps: { requested: { to: 'canceled' }, waiting: { to: 'canceled' }, active: { to: 'same', requestsCancellation: true } },
    refusal: RENT_MSG.final,
  },
};

export type RentDecision =
  | { ok: true; step: RentStep; to: RentStatus }
  | { ok: false; code: Extract<ErrorCode, 'RENT_FORBIDDEN' | 'RENT_FINAL' | 'RENT_SAME_STATUS'>; message: string };

/**
 * May `actor` make `event` on a rent in `from`? `chosen` is the admin's pick for setStatus. Pure: the
 * server and the web ask the same function.
 */
export function decideRent(event: RentEvent, from: RentFrom, actorType: RentActorType, chosen?: OpenRentStatus): RentDecision {
  const move = RENT_MACHINE[event];
  if (!move.who.includes(actorType)) return { ok: false, code: 'RENT_FORBIDDEN', message: RENT_MSG.notAllowed };
  const step = move.steps[from];
  if (!step) return { ok: false, code: 'RENT_FINAL', message: move.refusal };
  if (step.to === 'chosen') {
    if (!chosen || from === chosen) return { ok: false, code: 'RENT_SAME_STATUS', message: RENT_MSG.sameStatus };
    return { ok: true, step, to: chosen };
  }
  if (step.to === 'same') {
    if (from === NEW_RENT) throw new Error(`rent event ${event}: 'same' from a new rent`);
    return { ok: true, step, to: from };
  }
  return { ok: true, step, to: step.to };
}

/**
 * Does a plan change of a rent in `status` split it (the rent ends as migrated and a NEW rent carries the new plan
 * and price)? An active rent always does; a requested or waiting one only when it has EVER been active
 * (`everActive`: its history has an 'active' row, which the server knows and sends with each rent row). The
 * server's move and the edit modal's warning ask this one function.
 */
export function changePlanSplits(status: RentStatus, everActive: boolean): boolean {
  const step = RENT_MACHINE.changePlan.steps[status];
  return step !== undefined && (step.splits === true || (step.splitsIfEverActive === true && everActive));
}

/** The events `actorType` may make on a rent in `status` (buttons). */
export function rentEventsFor(status: RentStatus, actorType: UserType): RentEvent[] {
  return RENT_EVENTS.filter((e) => RENT_MACHINE[e].who.includes(actorType) && RENT_MACHINE[e].steps[status] !== undefined);
}
