/**
 * The institution's side of the late-payment rule (docs/decisions.md, "Late payment"): the system suspends an ACTIVE
 * institution for non-payment and lifts that suspension once it has paid. Only these two functions write
 * `suspension_reason = 'non_payment'`; every status set by hand clears it (institution-status.ts), so a suspension by
 * hand is never lifted by a payment, and a pending institution is never suspended by the system. Each change emits the
 * existing institution.suspended / institution.reactivated event (the users' bell) and is audited as the system.
 */
import { and, eq } from 'drizzle-orm';
import { INSTITUTION_ACTIVE_STATUS, type SellerStatus, type SuspensionReason } from '@edu/shared/institutions';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import { record } from '../../platform/audit';
import { domainEvents } from '../../platform/domain-events';
import { sellers } from './institutions.tables';

const SUSPENDED: SellerStatus = 'suspended';
const NON_PAYMENT: SuspensionReason = 'non_payment';

/** Suspend institution `sellerId` for non-payment if it is active now; true when it was. `data`: the audit's facts (the charges). */
export async function suspendForNonPayment(tx: Tx, deps: Pick<Deps, 'jobs'>, sellerId: number, data: Record<string, unknown> = {}): Promise<boolean> {
  const [row] = await tx
    .update(sellers)
    .set({ status: SUSPENDED, suspensionReason: NON_PAYMENT, updatedAt: new Date() })
    .where(and(eq(sellers.id, sellerId), eq(sellers.status, INSTITUTION_ACTIVE_STATUS)))
    .returning({ id: sellers.id, name: sellers.name });
  if (!row) return false;
  await domainEvents(deps).emit(tx, { name: 'institution.suspended', sellerId, sellerName: row.name, actorId: null, reason: NON_PAYMENT });
  await record(tx, { userId: null, sellerId: null, action: 'suspended_seller_non_payment', data: { sellerId, from: INSTITUTION_ACTIVE_STATUS, to: SUSPENDED, reason: NON_PAYMENT, ...data } });
  return true;
}

/** Reactivate institution `sellerId` if the system suspended it for non-payment (never one suspended by hand); true when it did. */
export async function reactivateAfterPayment(tx: Tx, deps: Pick<Deps, 'jobs'>, sellerId: number, data: Record<string, unknown> = {}): Promise<boolean> {
  const [row] = await tx
    .update(sellers)
    .set({ status: INSTITUTION_ACTIVE_STATUS, suspensionReason: null, updatedAt: new Date() })
    .where(and(eq(sellers.id, sellerId), eq(sellers.status, SUSPENDED), eq(sellers.suspensionReason, NON_PAYMENT)))
    .returning({ id: sellers.id, name: sellers.name });
  if (!row) return false;
  await domainEvents(deps).emit(tx, { name: 'institution.reactivated', sellerId, sellerName: row.name, actorId: null, reason: NON_PAYMENT });
  await record(tx, { userId: null, sellerId: null, action: 'reactivated_seller_after_payment', data: { sellerId, from: SUSPENDED, to: INSTITUTION_ACTIVE_STATUS, reason: NON_PAYMENT, ...data } });
  return true;
}
