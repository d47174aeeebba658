/**
 * The demo's paid months: a demo rent active for months has had its past months' charges issued and paid, so the
 * provider's income (paid charges only) and the team's financial report show history from the first start. Through
 * the one writer (`insertCharge`, then `moveCharge` pay as the system, each audited like the real moves). Idempotent:
 * a month the rent already has a charge row for is skipped.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { CHARGE_SYSTEM } from '@edu/shared/charge-machine';
import { record } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { rents } from '../../db/schema';
import { chargeRents } from './charges.tables';
import { insertCharge, moveCharge } from './charges.commands';
import { addDays } from './charge-dates';

export interface DemoPaidMonths {
  rentId: number;
  /** The months to issue and pay, 'YYYY-MM' (past months). */
  months: readonly string[];
  dueDays: number;
}

/** Issue and pay (as the system, the Pix notice) the demo rent's charges of `months` it does not have yet. */
export async function seedDemoPaidCharges(tx: Tx, input: DemoPaidMonths): Promise<number[]> {
  const [rent] = await tx.select({ sellerId: rents.sellerId, valueCents: rents.valueCents }).from(rents).where(eq(rents.id, input.rentId));
  if (!rent || rent.valueCents <= 0 || input.months.length === 0) return [];
  const periods = input.months.map((m) => `${m}-01`);
  const had = await tx
    .select({ period: chargeRents.period })
    .from(chargeRents)
    .where(and(eq(chargeRents.rentId, input.rentId), inArray(chargeRents.period, periods)));
  const done = new Set(had.map((h) => h.period));
  const paid: number[] = [];
  for (const period of periods.filter((p) => !done.has(p))) {
    const dueOn = addDays(period, input.dueDays);
    const charge = await insertCharge(tx, null, { sellerId: rent.sellerId, period, dueOn, rents: [{ rentId: input.rentId, amountCents: rent.valueCents }] });
    const payment = { paidOn: addDays(period, Math.max(0, input.dueDays - 2)), reference: `DEMO-${charge.code}` };
    const moved = await moveCharge(tx, charge.id, 'pay', { id: null, type: CHARGE_SYSTEM }, { payment, today: payment.paidOn });
    await record(tx, {
      userId: null,
      sellerId: null,
      action: 'paid_charge',
      data: { chargeId: charge.id, sellerId: rent.sellerId, code: charge.code, period, amountCents: charge.amountCents, ...payment, from: moved.from, to: moved.to, activatedRentIds: [] },
    });
    paid.push(charge.id);
  }
  return paid;
}
