/**
 * The late-payment rule's question, asked by the job (late-charges.ts) and by every payment (charges.commands.ts
 * `payCharge`): which unpaid charges of an institution are MORE than CHARGE_SUSPEND_AFTER_DAYS days past their due
 * date. While one is, the institution is suspended for non-payment (if it is active); once none is (paid or canceled),
 * a suspension for non-payment is lifted. Both sides take the institution's late-payment lock first (a
 * transaction-scoped advisory lock), so a payment and the job deciding on the same institution take turns and the
 * second reads what the first committed.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { OPEN_CHARGE_STATUSES } from '@edu/shared/charge-machine';
import type { Tx } from '../../platform/db';
import { reactivateAfterPayment } from '../institutions/index';
import { addDays } from './charge-dates';
import { charges } from './charges.tables';
import type { ChargeDeps } from './charges.commands';

/** Wait for the institution's late-payment lock (released when `tx` ends). */
export const lockLatePayment = (tx: Tx, sellerId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`charges-late:${sellerId}`}))`);

/** The last due date still within the tolerance on `today`: a charge due before it is more than `days` days late. */
export const lateCutoff = (today: string, days: number): string => addDays(today, -days);

/** The unpaid charges of institution `sellerId` more than `days` days late on `today`. */
export async function chargesLateBeyond(tx: Tx, sellerId: number, today: string, days: number): Promise<number[]> {
  const rows = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(and(eq(charges.sellerId, sellerId), inArray(charges.status, [...OPEN_CHARGE_STATUSES]), lt(charges.dueOn, lateCutoff(today, days))))
    .orderBy(charges.id);
  return rows.map((r) => r.id);
}

/**
 * After a payment (or a cancellation) of charge `chargeId`: lift institution `sellerId`'s suspension for non-payment
 * when no unpaid charge of it is still beyond the tolerance. A suspension by hand is never lifted (the institutions
 * module checks the reason). True when it was lifted.
 */
export async function liftNonPaymentSuspension(deps: ChargeDeps, tx: Tx, sellerId: number, today: string, chargeId: number): Promise<boolean> {
  await lockLatePayment(tx, sellerId);
  const stillLate = await chargesLateBeyond(tx, sellerId, today, deps.config.CHARGE_SUSPEND_AFTER_DAYS);
  if (stillLate.length > 0) return false;
  return reactivateAfterPayment(tx, deps, sellerId, { chargeId });
}
