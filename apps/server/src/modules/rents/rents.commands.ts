/**
 * The rent moves of the institution ('Meus alugueis', spec 3 §2.8: cancel) and of the platform team (rentals
 * control, §2.12: Novo Aluguel, the status, the plan, cancel). Every status change goes through `rentLifecycle`
 * (rent-lifecycle.ts, driven by @edu/shared/rent-machine), which emits the move's domain event; this module adds
 * the object checks (the access gate: another institution's rent answers 404), the prices (from plan_prices, never
 * from the client) and the audit entry, all in the transaction of the move. Who is told is the notifications
 * module's (it subscribes to the rent events, in the same transaction).
 *
 * Audit entries: `sellerId` is the ACTOR's institution (null for the platform team), as everywhere (the
 * institution's Relatório de Logs filters on it); the rent's institution is `data.sellerId`.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_RENT_STATUSES, RENT_ADMIN_TYPES, RENT_MSG, type OpenRentStatus } from '@edu/shared/rent-machine';
import { RENTS_MSG, type RentMoveReply, type newRentBody } from '@edu/shared/rents';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { requireAccess } from '../access/index';
import { cartItems, providers } from '../../db/schema';
import { rentLifecycle, type MoveResult, type Rent, type RentActor } from './rent-lifecycle';
import { loadSeller, priceOf, rentRow } from './rents.queries';
import { rents } from './rents.tables';

const isAdmin = (auth: AuthContext) => (RENT_ADMIN_TYPES as readonly string[]).includes(auth.user.type);
const actorOf = (auth: AuthContext): RentActor => ({ id: auth.user.id, type: auth.user.type });

async function reply(tx: Tx, rentId: number, message: string, extra: Partial<RentMoveReply> = {}): Promise<RentMoveReply> {
  return { message, ...extra, rent: await rentRow(tx, rentId) };
}

/** The actor's institution (null for the platform team) as the entry's sellerId; the rent's in `data.sellerId`. */
async function audit(tx: Tx, auth: AuthContext, action: Parameters<typeof record>[1]['action'], rent: Rent, data: Record<string, unknown>) {
  await record(tx, {
    userId: auth.user.id,
    sellerId: auth.user.sellerId,
    action,
    data: { rentId: rent.id, sellerId: rent.sellerId, providerId: rent.providerId, ...data },
  });
}

export function rentCommands(deps: Pick<Deps, 'db' | 'jobs'>) {
  const { db } = deps;
  const { openRent, moveRent } = rentLifecycle(deps);

  return {
    /**
     * DELETE /sellers/rents/:id. The institution (seller, content manager; its own rents only): an unpaid
     * rent is canceled at once, an active one gets a cancellation request. Admin and director: the
     * subscription is canceled.
     */
    async cancel(auth: AuthContext, rentId: number): Promise<RentMoveReply> {
      const admin = isAdmin(auth);
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, admin ? 'rent.read' : 'rent.sellerCancel', rentId);
        const result: MoveResult = await moveRent(tx, rentId, admin ? 'cancel' : 'sellerCancel', actorOf(auth));
        if (admin) {
          await audit(tx, auth, 'canceled_rent', result.rent, { from: result.from, to: result.to });
          return reply(tx, rentId, RENTS_MSG.adminCanceled);
        }
        const requested = result.cancellationRequested === true;
        await audit(tx, auth, requested ? 'requested_rent_cancellation' : 'canceled_rent', result.rent, { from: result.from, to: result.to });
        return reply(tx, rentId, requested ? RENTS_MSG.cancelNote : RENTS_MSG.canceledUnpaid, {
          title: RENTS_MSG.cancelRequestedTitle,
          cancellationRequested: requested,
        });
      });
    },

    /**
     * 'Novo Aluguel': an active rent at the provider's price on the chosen plan. The pair's cart row, if the
     * institution had put the provider in its cart, goes in the same transaction (it could never be requested).
     */
    async create(auth: AuthContext, body: z.output<typeof newRentBody>): Promise<RentMoveReply> {
      return db.transaction(async (tx) => {
        await loadSeller(tx, body.sellerId);
        const [provider] = await tx.select().from(providers).where(eq(providers.id, body.providerId));
        if (!provider || provider.status !== 'active' || provider.isServiceProvider) {
          throw badRequest(RENT_MSG.notRentable, { providerId: RENT_MSG.notRentable });
        }
        const valueCents = await priceOf(tx, body.planId, body.providerId);
        const rent = await openRent(tx, 'create', { sellerId: body.sellerId, providerId: body.providerId, planId: body.planId, valueCents }, actorOf(auth));
        const removed = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.sellerId, rent.sellerId), eq(cartItems.providerId, rent.providerId)))
          .returning({ id: cartItems.id });
        const cartRow = removed.length > 0 ? { removedCartItemId: removed[0]!.id } : {};
        await audit(tx, auth, 'created_rent', rent, { planId: rent.planId, valueCents, status: rent.status, ...cartRow });
        return reply(tx, rent.id, RENTS_MSG.created);
      });
    },

    /** The manage-status modal: requested, waiting or active. */
    async setStatus(auth: AuthContext, rentId: number, status: OpenRentStatus): Promise<RentMoveReply> {
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, 'rent.read', rentId);
        const result = await moveRent(tx, rentId, 'setStatus', actorOf(auth), { status });
        await audit(tx, auth, 'updated_rent_status', result.rent, { from: result.from, to: result.to });
        return reply(tx, rentId, RENTS_MSG.statusChanged);
      });
    },

    /** Edit subscription: a new plan at the provider's price on it (an active rent is migrated to a new one). */
    async changePlan(auth: AuthContext, rentId: number, planId: number): Promise<RentMoveReply> {
      return db.transaction(async (tx) => {
        await requireAccess(tx, auth, 'rent.read', rentId);
        const [current] = await tx.select().from(rents).where(eq(rents.id, rentId));
        if (!current) throw notFound();
        const valueCents = await priceOf(tx, planId, current.providerId);
        if (current.planId === planId && (OPEN_RENT_STATUSES as readonly string[]).includes(current.status)) {
          throw new AppError(409, 'RENT_SAME_PLAN', RENTS_MSG.samePlan);
        }
        const result = await moveRent(tx, rentId, 'changePlan', actorOf(auth), { plan: { planId, valueCents } });
        await audit(tx, auth, 'changed_rent_plan', result.rent, {
          fromPlanId: current.planId,
          toPlanId: planId,
          fromValueCents: current.valueCents,
          valueCents,
          from: result.from,
          to: result.to,
          successorId: result.successor?.id ?? null,
        });
        return {
          message: RENTS_MSG.planChanged,
          rent: await rentRow(tx, rentId),
          ...(result.successor ? { successor: await rentRow(tx, result.successor.id) } : {}),
        };
      });
    },
  };
}
