/**
 * THE charge state machine, written once as data beside the rent machine. A charge is what an institution owes for a
 * month of its active rents, paid with Pix (`pix.ts`: the charge's code is the BR Code's txid). The server changes a
 * charge's status in one place, driven by this table; every move the table does not allow, or allows to someone
 * else, is refused with 409 and the move's pt-BR message. The web shows the buttons from the same table.
 *
 *   event    who                                  from            to
 *   pay      admin, director, the system (Pix)    open|overdue    paid
 *   expire   the system, once the due date passed open            overdue
 *   cancel   admin, director, the system          open|overdue    canceled
 *
 * paid and canceled are final. `open` and `overdue` are both unpaid (`isOpenCharge`): an overdue charge can still be
 * paid with the same Pix code. The system actor is not a user: it is the job that expires charges and the Pix
 * payment notice (webhook) that pays them, and the cancellation of a rent that voids the rent's unpaid charges
 * (docs/decisions.md, "Charges and Pix": the institution cancels an unpaid rent; its first charge goes with it).
 */
import { PLATFORM_ADMIN_TYPES, type UserType } from './access';
import type { ErrorCode } from './error-codes';

export const CHARGE_STATUSES = ['open', 'paid', 'overdue', 'canceled'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

/** Unpaid charges: they can still be paid (and canceled). */
export const OPEN_CHARGE_STATUSES = ['open', 'overdue'] as const satisfies readonly ChargeStatus[];
export type OpenChargeStatus = (typeof OPEN_CHARGE_STATUSES)[number];
export const isOpenCharge = (s: string): s is OpenChargeStatus => (OPEN_CHARGE_STATUSES as readonly string[]).includes(s);

/** Final charges: nothing moves them again. */
export const FINAL_CHARGE_STATUSES = ['paid', 'canceled'] as const satisfies readonly ChargeStatus[];

export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  open: 'ABERTA',
  paid: 'PAGA',
  overdue: 'VENCIDA',
  canceled: 'CANCELADA',
};
export const chargeStatusLabel = (s: string): string => CHARGE_STATUS_LABELS[s as ChargeStatus] ?? 'ABERTA';

export const CHARGE_STATUS_COLORS: Record<ChargeStatus, 'green' | 'blue' | 'yellow' | 'gray' | 'red'> = {
  open: 'blue',
  paid: 'green',
  overdue: 'red',
  canceled: 'gray',
};

/** The system: the expiry job and the Pix payment notice. Never a user's type. */
export const CHARGE_SYSTEM = 'system' as const;
export type ChargeActorType = UserType | typeof CHARGE_SYSTEM;

/** Who confirms a payment by hand and cancels a charge: the platform team. */
export const CHARGE_ADMIN_TYPES = PLATFORM_ADMIN_TYPES;

/** The charges' rules, in one place. Days are calendar days in São Paulo. */
export const CHARGES = {
  /** A new charge is due this many days after it is issued. */
  defaultDueDays: 5,
  /** The institution is told of an unpaid charge on these days after the due date (0 = the due date itself). */
  lateNoticeDays: [0, 3, 7] as readonly number[],
  /** An institution with a charge unpaid MORE than this many days after its due date is suspended (day 11). */
  suspendAfterDaysLate: 10,
  /** The platform's share of a charge, in basis points (100 = 1 %); none by default. */
  defaultPlatformFeeBps: 0,
} as const;

export const CHARGE_EVENTS = ['pay', 'expire', 'cancel'] as const;
export type ChargeEvent = (typeof CHARGE_EVENTS)[number];

export interface ChargeStep {
  to: ChargeStatus;
  /** expire: only once the due date has passed (`isPastDue`). */
  needsPastDue?: true;
}

export interface ChargeMove {
  who: readonly ChargeActorType[];
  steps: Partial<Record<ChargeStatus, ChargeStep>>;
  /** 409 when the charge's status is not one of `steps`, by the status it is in. */
  refusals: Partial<Record<ChargeStatus, string>>;
}

export const CHARGE_MSG = {
  notAllowed: 'Você não tem permissão para realizar esta operação.',
  alreadyPaid: 'Esta cobrança já foi paga.',
  canceled: 'Esta cobrança foi cancelada e não pode mais ser alterada.',
  alreadyOverdue: 'Esta cobrança já está vencida.',
  paidNotCanceled: 'Uma cobrança paga não pode ser cancelada.',
  notDue: 'Esta cobrança ainda não venceu.',
} as const;

const ADMIN = CHARGE_ADMIN_TYPES;

export const CHARGE_MACHINE: Record<ChargeEvent, ChargeMove> = {
  pay: {
    who: [...ADMIN, CHARGE_SYSTEM],
    steps: { open: { to: 'paid' }, overdue: { to: 'paid' } },
    refusals: { paid: CHARGE_MSG.alreadyPaid, canceled: CHARGE_MSG.canceled },
  },
  expire: {
    who: [CHARGE_SYSTEM],
    steps: { open: { to: 'overdue', needsPastDue: true } },
    refusals: { overdue: CHARGE_MSG.alreadyOverdue, paid: CHARGE_MSG.alreadyPaid, canceled: CHARGE_MSG.canceled },
  },
  cancel: {
    who: [...ADMIN, CHARGE_SYSTEM],
    steps: { open: { to: 'canceled' }, overdue: { to: 'canceled' } },
    refusals: { paid: CHARGE_MSG.paidNotCanceled, canceled: CHARGE_MSG.canceled },
  },
};

export type ChargeDecision =
  | { ok: true; step: ChargeStep; to: ChargeStatus }
  | { ok: false; code: Extract<ErrorCode, 'CHARGE_FORBIDDEN' | 'CHARGE_WRONG_STATUS' | 'CHARGE_NOT_DUE'>; message: string };

/** The dates a move may depend on: ISO calendar dates (YYYY-MM-DD) in São Paulo. */
export interface ChargeDates {
  dueDate: string;
  today: string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const dayNumber = (iso: string): number => {
  if (!ISO_DATE.test(iso)) throw new Error(`charge date ${iso}: not YYYY-MM-DD`);
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
};

/** Calendar days from the due date to `today`: 0 on the due date, negative before it. */
export const daysLate = ({ dueDate, today }: ChargeDates): number => dayNumber(today) - dayNumber(dueDate);

/** Has the due date passed (today is after it)? A charge is payable as open through its due date. */
export const isPastDue = (dates: ChargeDates): boolean => daysLate(dates) > 0;

/** Is today one of the late-payment notice days of an unpaid charge? */
export const isLateNoticeDay = (dates: ChargeDates): boolean => CHARGES.lateNoticeDays.includes(daysLate(dates));

/** Does an unpaid charge this late suspend its institution? */
export const suspendsInstitution = (dates: ChargeDates): boolean => daysLate(dates) > CHARGES.suspendAfterDaysLate;

/** The platform's share of `amountCents` at `feeBps` basis points, in whole centavos (half rounds up). */
export function platformFeeCents(amountCents: number, feeBps: number = CHARGES.defaultPlatformFeeBps): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new Error(`charge amount ${amountCents}: not whole centavos`);
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 10_000) throw new Error(`platform fee ${feeBps}: not 0–10000 basis points`);
  return Math.floor((amountCents * feeBps + 5_000) / 10_000);
}

/**
 * May `actor` make `event` on a charge in `from`? `dates` is needed by expire (refused before the due date has
 * passed). Pure: the server and the web ask the same function.
 */
export function decideCharge(event: ChargeEvent, from: ChargeStatus, actorType: ChargeActorType, dates?: ChargeDates): ChargeDecision {
  const move = CHARGE_MACHINE[event];
  if (!move.who.includes(actorType)) return { ok: false, code: 'CHARGE_FORBIDDEN', message: CHARGE_MSG.notAllowed };
  const step = move.steps[from];
  if (!step) return { ok: false, code: 'CHARGE_WRONG_STATUS', message: move.refusals[from] ?? CHARGE_MSG.canceled };
  if (step.needsPastDue && (!dates || !isPastDue(dates))) return { ok: false, code: 'CHARGE_NOT_DUE', message: CHARGE_MSG.notDue };
  return { ok: true, step, to: step.to };
}

/** The events `actorType` may make on a charge in `status` (buttons). */
export function chargeEventsFor(status: ChargeStatus, actorType: ChargeActorType): ChargeEvent[] {
  return CHARGE_EVENTS.filter((e) => CHARGE_MACHINE[e].who.includes(actorType) && CHARGE_MACHINE[e].steps[status] !== undefined);
}
