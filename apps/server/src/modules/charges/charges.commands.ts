/**
 * THE writer of `charges` and `charge_rents`, driven by `@edu/shared/charge-machine`: a new charge (`insertCharge`,
 * called by the issuing) and every move of one (`moveCharge`: pay, expire, cancel), each refused with 409 and the
 * machine's pt-BR message when the table does not allow it. A payment, whoever records it, is `payCharge`: the rents a
 * first payment activates (through the rents module's one writer, `rentLifecycle`), the audit entry, the receipt
 * (charge.paid) and the lifting of a suspension for non-payment, in the caller's transaction. The routes' moves
 * (`chargeCommands`) add the object check (the access gate) and the input's checks. A new charge emits charge.issued.
 *
 * Locks, in one order everywhere: the charge's rents (the rents module's FOR UPDATE, taken by `moveRent`, or here
 * before the charge when a payment may activate them), then the charge (FOR NO KEY UPDATE: charge_rents rows point at
 * it), then the institution's late-payment advisory lock (late-rule.ts). A rent's cancellation locks its rent first
 * too (`voidChargesOfCanceledRent` runs inside that move).
 */
import { randomInt } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { CHARGE_SYSTEM, decideCharge, type ChargeActorType, type ChargeEvent, type ChargeStatus } from '@edu/shared/charge-machine';
import { CHARGES_MSG, type ChargeMoveReply, type PayChargeBody } from '@edu/shared/charges';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { requireAccess } from '../access/index';
import { rentLifecycle, type RentCanceledEvent } from '../rents/index';
import { rents } from '../../db/schema';
import { RENT_GRANTING_STATUS, RENT_SYSTEM, type RentStatus } from '@edu/shared/rent-machine';

/** A rent accepted by the team and waiting for its first payment (the rent machine's AGUARDANDO). */
const AWAITING_PAYMENT: RentStatus = 'waiting';
/** The statuses of a rent that was never active: requested, or waiting for its first payment. */
const NEVER_ACTIVE: readonly RentStatus[] = ['requested', AWAITING_PAYMENT];
import { chargeRents, charges } from './charges.tables';
import { spToday } from '@edu/shared/format';
import { periodOf } from './charge-dates';
import { chargeReply } from './charges.queries';
import { chargeFacts } from './charge-facts';
import { liftNonPaymentSuspension } from './late-rule';
import { domainEvents } from '../../platform/domain-events';
import './events';

export type Charge = typeof charges.$inferSelect;

/** What the charges' writes need beyond the transaction: the event queue (domain events) and the configuration (Pix, rules). */
export type ChargeDeps = Pick<Deps, 'jobs' | 'config'>;

/** Who moves a charge: a user of the platform team, or the system (id null). */
export interface ChargeActor {
  id: number | null;
  type: ChargeActorType;
}
export const SYSTEM_ACTOR: ChargeActor = { id: null, type: CHARGE_SYSTEM };

const CODE_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A charge's code (its Pix txid): 'SC' and 14 random uppercase letters and digits (36^14 ≈ 6·10^21: never guessed). */
export function newChargeCode(): string {
  let code = 'SC';
  for (let i = 0; i < 14; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface NewCharge {
  sellerId: number;
  /** YYYY-MM-01. */
  period: string;
  dueOn: string;
  rents: { rentId: number; amountCents: number }[];
}

/**
 * A new open charge for `input.rents` (each at least 1 centavo). A rent already charged for the period makes the
 * unique index charge_rents_rent_period_unique refuse it (the caller's transaction fails): the issuing's lock makes
 * that a last line of defence, not a path. `deps` null: nobody is told (the demo's past months, seeded as history).
 */
export async function insertCharge(tx: Tx, deps: ChargeDeps | null, input: NewCharge): Promise<Charge> {
  const amountCents = input.rents.reduce((sum, r) => sum + r.amountCents, 0);
  const [charge] = await tx
    .insert(charges)
    .values({ sellerId: input.sellerId, code: newChargeCode(), period: input.period, amountCents, dueOn: input.dueOn, status: 'open' })
    .returning();
  await tx.insert(chargeRents).values(input.rents.map((r) => ({ chargeId: charge!.id, rentId: r.rentId, period: input.period, amountCents: r.amountCents })));
  await record(tx, {
    userId: null,
    sellerId: null,
    action: 'issued_charge',
    data: { chargeId: charge!.id, sellerId: input.sellerId, code: charge!.code, period: input.period, amountCents, rentIds: input.rents.map((r) => r.rentId) },
  });
  // The institution is told (modules/notifications): amount, period, due date, rents, Pix code. Not the demo's history.
  if (deps) await domainEvents(deps).emit(tx, { name: 'charge.issued', ...(await chargeFacts(tx, deps.config, charge!.id)) });
  return charge!;
}

export interface MoveChargeOptions {
  /** pay: the day the money arrived and the bank's reference. */
  payment?: { paidOn: string; reference: string };
  /** Today in São Paulo (expire compares the due date with it). */
  today?: string;
}

export interface ChargeMoveResult {
  charge: Charge;
  from: ChargeStatus;
  to: ChargeStatus;
}

/** Apply `event` to charge `chargeId` (locked in `tx`) as the machine says; 409 with its message when refused. */
export async function moveCharge(tx: Tx, chargeId: number, event: ChargeEvent, actor: ChargeActor, opts: MoveChargeOptions = {}): Promise<ChargeMoveResult> {
  const [current] = await tx.select().from(charges).where(eq(charges.id, chargeId)).for('no key update');
  if (!current) throw notFound();
  const from = current.status as ChargeStatus;
  const decision = decideCharge(event, from, actor.type, { dueDate: current.dueOn, today: opts.today ?? spToday() });
  if (!decision.ok) throw new AppError(409, decision.code, decision.message);
  const now = new Date();
  const set: Partial<typeof charges.$inferInsert> = { status: decision.to, updatedAt: now };
  if (event === 'pay') {
    if (!opts.payment) throw new Error('pay needs the payment');
    Object.assign(set, { paidAt: now, paidOn: opts.payment.paidOn, paidReference: opts.payment.reference, paidBy: actor.id });
  } else if (event === 'cancel') {
    Object.assign(set, { canceledAt: now, canceledBy: actor.id });
  }
  const [charge] = await tx.update(charges).set(set).where(eq(charges.id, chargeId)).returning();
  return { charge: charge!, from, to: decision.to };
}

/**
 * A rent was canceled (in its transaction): its unpaid charges that no longer stand are canceled by the system —
 * those of a month after the current one, and the first charge of a rent canceled before it was ever paid (a charge
 * of that rent alone, while it was requested or waiting). The current month's charge of a rent that was active stays
 * owed: a month begun is owed (as the provider's income counts it).
 */
export async function voidChargesOfCanceledRent(tx: Tx, event: Pick<RentCanceledEvent, 'rentId' | 'from'>, today: string = spToday()): Promise<number[]> {
  const neverPaid = (NEVER_ACTIVE as readonly string[]).includes(event.from);
  const onlyThisRent = sql`not exists (select 1 from charge_rents o where o.charge_id = ${charges.id} and o.rent_id <> ${event.rentId})`;
  const rows = await tx
    .select({ id: charges.id })
    .from(charges)
    .innerJoin(chargeRents, eq(chargeRents.chargeId, charges.id))
    .where(
      and(
        eq(chargeRents.rentId, event.rentId),
        inArray(charges.status, ['open', 'overdue']),
        neverPaid ? sql`(${gt(charges.period, periodOf(today))} or ${onlyThisRent})` : gt(charges.period, periodOf(today)),
      ),
    )
    .orderBy(charges.id);
  const voided: number[] = [];
  for (const { id } of rows) {
    const { charge, from } = await moveCharge(tx, id, 'cancel', SYSTEM_ACTOR, { today });
    await record(tx, {
      userId: null,
      sellerId: null,
      action: 'canceled_charge',
      data: { chargeId: id, sellerId: charge.sellerId, code: charge.code, from, to: charge.status, cause: 'rent_canceled', rentId: event.rentId },
    });
    voided.push(id);
  }
  return voided;
}

/** A payment: the day the money arrived (YYYY-MM-DD, São Paulo, not after today) and the bank's reference. */
export interface ChargePayment {
  paidOn: string;
  reference: string;
}

export interface PaidCharge extends ChargeMoveResult {
  /** The rents that became active because this was their first charge. */
  activatedRentIds: number[];
  /** The institution was suspended for non-payment and this payment lifted it. */
  reactivated: boolean;
}

/**
 * THE payment of a charge, in the caller's transaction `tx`, whoever records it: the platform team by hand (the pay
 * route) or the system (`SYSTEM_ACTOR`: a statement import, the payment provider's notice). The caller has checked
 * access and the input; this moves the charge (409 when it is paid or canceled), activates each waiting rent of which
 * it is the first charge (through the rents module's writer), audits `paid_charge` (and each rent's move), tells the
 * institution (charge.paid: the receipt e-mail and the bell), and lifts a suspension for non-payment when no unpaid
 * charge of the institution is still more than CHARGE_SUSPEND_AFTER_DAYS days late (late-charges.ts).
 *
 * Locks, in the module's order: the charge's rents, the charge, then the institution's late-payment lock.
 */
export async function payCharge(
  deps: ChargeDeps,
  tx: Tx,
  chargeId: number,
  actor: ChargeActor,
  payment: ChargePayment,
  opts: { today?: string } = {},
): Promise<PaidCharge> {
  const today = opts.today ?? spToday();
  // Money does not arrive in the future, whichever path records it (the hand payment checks it first for its field).
  if (payment.paidOn > today) throw badRequest(CHARGES_MSG.paidOnFuture, { paidOn: CHARGES_MSG.paidOnFuture });
  const lifecycle = rentLifecycle(deps);
  // The rents first (the order every path takes), then the charge (moveCharge).
  const held = await tx
    .select({
      id: rents.id,
      status: rents.status,
      // No other charge holds the rent: this is its first.
      first: sql<boolean>`not exists (select 1 from ${chargeRents} o where o.rent_id = ${rents.id} and o.charge_id <> ${chargeId})`,
    })
    .from(rents)
    .where(inArray(rents.id, tx.select({ id: chargeRents.rentId }).from(chargeRents).where(eq(chargeRents.chargeId, chargeId))))
    .orderBy(rents.id)
    .for('update');
  const { charge, from, to } = await moveCharge(tx, chargeId, 'pay', actor, { payment, today });
  const activated: number[] = [];
  for (const rent of held) {
    if (rent.status !== AWAITING_PAYMENT || !rent.first) continue;
    // By hand: the team's setStatus (as the manage-status modal would); by the system: the rent machine's `paid`.
    const moved =
      actor.type === CHARGE_SYSTEM
        ? await lifecycle.moveRent(tx, rent.id, 'paid', { id: null, type: RENT_SYSTEM })
        : await lifecycle.moveRent(tx, rent.id, 'setStatus', { id: actor.id, type: actor.type }, { status: RENT_GRANTING_STATUS });
    await record(tx, {
      userId: actor.id,
      sellerId: null,
      action: 'updated_rent_status',
      data: { rentId: rent.id, sellerId: moved.rent.sellerId, providerId: moved.rent.providerId, from: moved.from, to: moved.to, chargeId },
    });
    activated.push(rent.id);
  }
  await record(tx, {
    userId: actor.id,
    sellerId: null,
    action: 'paid_charge',
    data: {
      chargeId,
      sellerId: charge.sellerId,
      code: charge.code,
      period: charge.period,
      amountCents: charge.amountCents,
      paidOn: payment.paidOn,
      reference: payment.reference,
      from,
      to,
      activatedRentIds: activated,
      ...(actor.id === null ? { by: CHARGE_SYSTEM } : {}),
    },
  });
  const facts = await chargeFacts(tx, deps.config, chargeId);
  await domainEvents(deps).emit(tx, {
    name: 'charge.paid',
    chargeId,
    sellerId: facts.sellerId,
    code: facts.code,
    period: facts.period,
    amountCents: facts.amountCents,
    dueOn: facts.dueOn,
    rents: facts.rents,
    paidOn: payment.paidOn,
    reference: payment.reference,
  });
  const reactivated = await liftNonPaymentSuspension(deps, tx, charge.sellerId, today, chargeId);
  return { charge, from, to, activatedRentIds: activated, reactivated };
}

const actorOf = (auth: AuthContext): ChargeActor => ({ id: auth.user.id, type: auth.user.type });

export function chargeCommands(deps: Pick<Deps, 'db' | 'jobs' | 'config'>) {
  const { db } = deps;

  return {
    /**
     * POST /charges/:id/pay: the team records a payment (the day and the bank's reference). A rent of the charge that
     * is waiting and has no other charge (this is its first) becomes active, through the rents module's writer.
     */
    async pay(auth: AuthContext, chargeId: number, body: PayChargeBody): Promise<ChargeMoveReply> {
      const today = spToday();
      const paidOn = body.paidOn.trim();
      if (paidOn > today) throw badRequest(CHARGES_MSG.paidOnFuture, { paidOn: CHARGES_MSG.paidOnFuture });
      const reference = body.reference.trim();
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, 'charge.read', chargeId);
        const paid = await payCharge(deps, tx, chargeId, actorOf(auth), { paidOn, reference }, { today });
        return { message: CHARGES_MSG.paid, activatedRentIds: paid.activatedRentIds, ...(await chargeReply(tx, deps.config, chargeId)) };
      });
    },

    /** POST /charges/:id/cancel: the team cancels an unpaid charge. */
    async cancel(auth: AuthContext, chargeId: number): Promise<ChargeMoveReply> {
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, 'charge.read', chargeId);
        const { charge, from, to } = await moveCharge(tx, chargeId, 'cancel', actorOf(auth));
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'canceled_charge',
          data: { chargeId, sellerId: charge.sellerId, code: charge.code, period: charge.period, amountCents: charge.amountCents, from, to },
        });
        // The charge no longer counts as late: a suspension for non-payment it held is lifted like by a payment.
        await liftNonPaymentSuspension(deps, tx, charge.sellerId, spToday(), chargeId);
        return { message: CHARGES_MSG.canceled, activatedRentIds: [], ...(await chargeReply(tx, deps.config, chargeId)) };
      });
    },
  };
}

