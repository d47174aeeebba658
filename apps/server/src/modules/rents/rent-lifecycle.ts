/**
 * THE writer of `rents.status`, driven by the table of `@edu/shared/rent-machine`: a new rent
 * (`openRent`: the institution's payment request, or an admin's 'Novo Aluguel') and every move of an
 * existing one (`moveRent`). Refusals are 409 with the table's pt-BR message (403-like refusals of a role
 * that may not make the move are 409 too: the route's contract already refused the wrong roles with 403,
 * so what remains is a state the caller may not act on). Every status a rent takes is appended to
 * `rent_history` in the same transaction (the income dashboard reads the active periods from it). A test
 * greps the server for any other writer of `rents.status`.
 *
 * Object-level checks ("is this the caller's institution's rent") are the caller's, through the access gate.
 *
 * `rentLifecycle(deps)` is what the services use: the same moves, each emitting its domain event (events.ts) in the
 * move's transaction (rent.requested, rent.accepted, rent.activated, rent.canceled, rent.cancellation_requested, rent.plan_changed),
 * to which the notifications module subscribes. The bare `openRent` / `moveRent` emit nothing (the lifecycle's own
 * tests and fixtures that only want rows); they are not on the module's front door.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { ErrorCode } from '@edu/shared/error-codes';
import { changePlanSplits, decideRent, RENT_GRANTING_STATUS, RENT_MSG, type OpenRentStatus, type RentActorType, type RentEvent, type RentStatus } from '@edu/shared/rent-machine';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { domainEvents } from '../../platform/domain-events';
import { AppError, notFound } from '../../platform/errors';
import { rentHistory, rents } from './rents.tables';

export type Rent = typeof rents.$inferSelect;

/** Who moves a rent: a user, or the system (id null: a payment recorded without a user, the machine's `paid`). */
export interface RentActor {
  id: number | null;
  type: RentActorType;
}

function refuse(code: ErrorCode, message: string): never {
  throw new AppError(409, code, message);
}

/** The unique index rents_open_unique answered: the pair already has an open rent. */
function isOpenRentConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const code = e.code ?? e.cause?.code;
  const constraint = e.constraint ?? e.cause?.constraint;
  return code === '23505' && (constraint === undefined || constraint === 'rents_open_unique');
}

async function history(tx: Tx, rentId: number, status: RentStatus, actor: RentActor | null) {
  await tx.insert(rentHistory).values({ rentId, status, byUserId: actor?.id ?? null });
}

export interface OpenRentInput {
  sellerId: number;
  providerId: number;
  planId: number;
  valueCents: number;
  paymentRequestId?: number | null;
  previousRentId?: number | null;
}

/**
 * A new rent by `event` ('request': the payment request, 'create': an admin's Novo Aluguel). A second open
 * rent of the same institution and provider is refused (409 'Esse catálogo já está associado…'). Runs in a
 * savepoint so that the refusal leaves the caller's transaction usable.
 */
export async function openRent(tx: Tx, event: Extract<RentEvent, 'request' | 'create'>, input: OpenRentInput, actor: RentActor): Promise<Rent> {
  const decision = decideRent(event, 'new', actor.type);
  if (!decision.ok) refuse(decision.code, decision.message);
  try {
    const rent = await tx.transaction(async (sp) => {
      const [row] = await sp
        .insert(rents)
        .values({ ...input, status: decision.to, createdBy: actor.id })
        .returning();
      await history(sp, row!.id, decision.to, actor);
      return row!;
    });
    return rent;
  } catch (err) {
    if (isOpenRentConflict(err)) refuse('RENT_ALREADY_ASSOCIATED', RENT_MSG.alreadyAssociated);
    throw err;
  }
}

export interface MoveOptions {
  /** setStatus: the status chosen in the manage modal. */
  status?: OpenRentStatus;
  /** changePlan: the new plan and its price (computed by the caller from plan_prices). */
  plan?: { planId: number; valueCents: number };
}

/**
 * Has the rent `rentId` names ever been active (paid)? Its history says: THE test, used by the plan change below
 * and by the rent lists' `everActive` (SQL naming the outer rent's id, written qualified, e.g. sql`${rents.id}` in a
 * joined select).
 */
export const everActiveOf = (rentId: SQL | number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from rent_history h where h.rent_id = ${rentId} and h.status = ${RENT_GRANTING_STATUS})`;

async function everActive(tx: Tx, rentId: number): Promise<boolean> {
  const [row] = await tx.select({ ever: everActiveOf(rentId) }).from(rents).where(eq(rents.id, rentId));
  return row?.ever === true;
}

export interface MoveResult {
  rent: Rent;
  from: RentStatus;
  to: RentStatus;
  /** changePlan of a rent that has ever been active: the new rent, in the same status, that carries the new plan. */
  successor?: Rent;
  /** sellerCancel of an active rent: the cancellation was requested (status unchanged). */
  cancellationRequested?: boolean;
}

/** Apply `event` to rent `rentId` (locked FOR UPDATE in `tx`) as the table says. */
export async function moveRent(tx: Tx, rentId: number, event: Exclude<RentEvent, 'request' | 'create'>, actor: RentActor, opts: MoveOptions = {}): Promise<MoveResult> {
  const [current] = await tx.select().from(rents).where(eq(rents.id, rentId)).for('update');
  if (!current) throw notFound();
  const from = current.status as RentStatus;
  const decision = decideRent(event, from, actor.type, opts.status);
  if (!decision.ok) refuse(decision.code, decision.message);
  const now = new Date();

  if (decision.step.requestsCancellation) {
    if (current.cancelRequestedAt) refuse('RENT_CANCEL_ALREADY_REQUESTED', RENT_MSG.alreadyRequested);
    const [rent] = await tx
      .update(rents)
      .set({ cancelRequestedAt: now, cancelRequestedBy: actor.id, updatedAt: now })
      .where(eq(rents.id, rentId))
      .returning();
    return { rent: rent!, from, to: from, cancellationRequested: true };
  }

  if (event === 'changePlan') {
    if (!opts.plan) throw new Error('changePlan needs the new plan and price');
    // A rent that has ever been active (paid) splits, whatever its status now: replacing its value in place would
    // rewrite the income of its past active months (an active rent set back to waiting, then re-planned).
    const splits = changePlanSplits(from, decision.step.splitsIfEverActive === true && (await everActive(tx, rentId)));
    if (!splits) {
      const [rent] = await tx
        .update(rents)
        .set({ planId: opts.plan.planId, valueCents: opts.plan.valueCents, updatedAt: now })
        .where(eq(rents.id, rentId))
        .returning();
      return { rent: rent!, from, to: from };
    }
    // It ends as migrated and a new rent in the CURRENT status carries the new plan and price.
    const migrated: RentStatus = 'migrated';
    const [old] = await tx.update(rents).set({ status: migrated, updatedAt: now }).where(eq(rents.id, rentId)).returning();
    await history(tx, rentId, migrated, actor);
    const [successor] = await tx
      .insert(rents)
      .values({
        sellerId: current.sellerId,
        providerId: current.providerId,
        planId: opts.plan.planId,
        valueCents: opts.plan.valueCents,
        status: from,
        paymentRequestId: current.paymentRequestId,
        previousRentId: current.id,
        createdBy: actor.id,
      })
      .returning();
    await history(tx, successor!.id, from, actor);
    return { rent: old!, from, to: migrated, successor: successor! };
  }

  const [rent] = await tx
    .update(rents)
    .set({ status: decision.to, updatedAt: now })
    .where(eq(rents.id, rentId))
    .returning();
  await history(tx, rentId, decision.to, actor);
  return { rent: rent!, from, to: decision.to };
}

export interface RentLifecycle {
  /** `openRent`, then rent.requested ('request') or rent.activated ('create'). */
  openRent: typeof openRent;
  /** `moveRent`, then the move's event (none for a setStatus to requested or waiting). */
  moveRent: typeof moveRent;
}

/** The rent moves of this app, each emitting its domain event in the move's transaction. */
export function rentLifecycle(deps: Pick<Deps, 'jobs'>): RentLifecycle {
  const events = domainEvents(deps);
  return {
    async openRent(tx, event, input, actor) {
      const rent = await openRent(tx, event, input, actor);
      const facts = { rentId: rent.id, sellerId: rent.sellerId, providerId: rent.providerId, actorId: actor.id };
      if (event === 'request') {
        await events.emit(tx, {
          name: 'rent.requested',
          ...facts,
          planId: rent.planId,
          valueCents: rent.valueCents,
          paymentRequestId: rent.paymentRequestId ?? null,
        });
      } else if (rent.status === RENT_GRANTING_STATUS) {
        await events.emit(tx, { name: 'rent.activated', ...facts, cause: event, from: 'new' });
      }
      return rent;
    },
    async moveRent(tx, rentId, event, actor, opts = {}) {
      const result = await moveRent(tx, rentId, event, actor, opts);
      const { rent, from, to } = result;
      const facts = { rentId: rent.id, sellerId: rent.sellerId, providerId: rent.providerId, actorId: actor.id };
      if (result.cancellationRequested) {
        await events.emit(tx, { name: 'rent.cancellation_requested', ...facts });
      } else if ((event === 'cancel' || event === 'sellerCancel') && to === 'canceled') {
        await events.emit(tx, { name: 'rent.canceled', ...facts, cause: event, from });
      } else if ((event === 'setStatus' || event === 'paid') && to === RENT_GRANTING_STATUS && from !== to) {
        await events.emit(tx, { name: 'rent.activated', ...facts, cause: event, from });
      } else if (event === 'setStatus' && from === 'requested' && to === 'waiting') {
        await events.emit(tx, { name: 'rent.accepted', ...facts, planId: rent.planId, valueCents: rent.valueCents });
      } else if (event === 'changePlan') {
        const shown = result.successor ?? rent;
        await events.emit(tx, {
          name: 'rent.plan_changed',
          ...facts,
          rentId: shown.id,
          previousRentId: rent.id,
          successorId: result.successor?.id ?? null,
          planId: shown.planId,
          valueCents: shown.valueCents,
          from,
          to,
        });
      }
      return result;
    },
  };
}
