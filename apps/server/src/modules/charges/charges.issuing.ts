/**
 * Issuing charges, exactly once however many server instances run it at once.
 *
 * - **The first charge** of a rent is issued when the platform team accepts its request (rent.accepted, requested →
 *   waiting), `within` that move's transaction: one charge of that rent alone, for the current month. Paying it makes
 *   the rent active (charges.commands.ts `pay`).
 * - **The monthly charges**: `issueMonthlyCharges` (at start and every CHARGE_ISSUE_MINUTES, `startChargeIssuing`)
 *   issues, for the current month, ONE charge per institution grouping its active rents not yet charged this month
 *   (one Pix to pay a month, one line in the institution's list); each rent's part stays in charge_rents.
 *
 * Each new charge emits charge.issued in its transaction (the institution's bell and e-mail with the Pix code).
 *
 * A rent is charged at most once per month (docs/decisions.md, "Charges and Pix"): not if it already has a charge
 * row for the month (the unique index charge_rents_rent_period_unique guarantees it), nor if another rent of the same
 * institution and provider does with a charge not canceled (a plan change's successor, the same provider rented
 * again after a cancellation: the month was charged once already). Rents of 0 centavos are not charged.
 *
 * Every issue for an institution runs under a transaction-scoped advisory lock on it, so two issuers (two instances'
 * timers, a timer and an acceptance) take turns and the second finds nothing left; the unique index stays the last
 * line of defence, and a run that meets it anyway skips that institution until the next run.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { isUniqueViolation } from '../../platform/pg-errors';
import { rents } from '../../db/schema';
import { rentActive } from '../access/index';
import { chargeRents, charges } from './charges.tables';
import { insertCharge, type Charge, type ChargeDeps } from './charges.commands';
import { spToday } from '@edu/shared/format';
import { addDays, periodOf } from './charge-dates';

const lockInstitution = (tx: Tx, sellerId: number) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`charges:${sellerId}`}))`);

/** The rent's month is still to charge: no row of it for the period, and no live charge of its pair for the period. */
const notChargedIn = (period: string) => sql`not exists (
  select 1 from charge_rents cr where cr.rent_id = ${rents.id} and cr.period = ${period}
) and not exists (
  select 1 from charge_rents cr
    join charges c on c.id = cr.charge_id
    join rents o on o.id = cr.rent_id
   where cr.period = ${period} and c.status <> 'canceled'
     and o.seller_id = ${rents.sellerId} and o.provider_id = ${rents.providerId}
)`;

/** The first charge of rent `rentId`, just accepted (in the acceptance's transaction); null when nothing is owed. */
export async function issueFirstCharge(tx: Tx, deps: ChargeDeps, rentId: number, today: string = spToday()): Promise<Charge | null> {
  const [rent] = await tx.select({ sellerId: rents.sellerId }).from(rents).where(eq(rents.id, rentId));
  if (!rent) return null;
  await lockInstitution(tx, rent.sellerId);
  const period = periodOf(today);
  const [due] = await tx
    .select({ id: rents.id, valueCents: rents.valueCents })
    .from(rents)
    .where(and(eq(rents.id, rentId), gt(rents.valueCents, 0), notChargedIn(period)));
  if (!due) return null;
  return insertCharge(tx, deps, { sellerId: rent.sellerId, period, dueOn: addDays(today, deps.config.CHARGE_DUE_DAYS), rents: [{ rentId: due.id, amountCents: due.valueCents }] });
}

export interface IssueResult {
  period: string;
  /** The charges this run issued. */
  issued: number[];
  /** Institutions skipped because another issuer met this run on the unique index (issued by it). */
  skipped: number[];
}

/** The monthly charges of the current month (São Paulo) that are missing: one per institution with uncharged active rents. */
export async function issueMonthlyCharges(deps: ChargeDeps & { db: Db }, now: Date = new Date()): Promise<IssueResult> {
  const today = spToday(now);
  const period = periodOf(today);
  const dueOn = addDays(today, deps.config.CHARGE_DUE_DAYS);
  const due = and(rentActive(rents.status), gt(rents.valueCents, 0), notChargedIn(period));
  const sellers = await deps.db.selectDistinct({ sellerId: rents.sellerId }).from(rents).where(due).orderBy(rents.sellerId);
  const result: IssueResult = { period, issued: [], skipped: [] };
  for (const { sellerId } of sellers) {
    try {
      const charge = await deps.db.transaction(async (tx) => {
        await lockInstitution(tx, sellerId);
        // Read again under the lock: another issuer may have charged them meanwhile.
        const owed = await tx
          .select({ rentId: rents.id, amountCents: rents.valueCents })
          .from(rents)
          .where(and(eq(rents.sellerId, sellerId), due))
          .orderBy(rents.id);
        if (owed.length === 0) return null;
        return insertCharge(tx, deps, { sellerId, period, dueOn, rents: owed });
      });
      if (charge) result.issued.push(charge.id);
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      result.skipped.push(sellerId);
    }
  }
  return result;
}

/** The issuing at start and every `minutes` (main.ts); a failed run is logged and the next one tries again. */
export function startChargeIssuing(deps: ChargeDeps & { db: Db }, minutes: number, log: { error: (o: object, m: string) => void }): () => void {
  const run = () => void issueMonthlyCharges(deps).catch((err: unknown) => log.error({ err }, 'cobranças: falha ao emitir as cobranças do mês'));
  run();
  const timer = setInterval(run, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}

/** The charges of `rentIds` (tests and the demo read them). */
export const chargesOfRents = (db: Db, rentIds: number[]) =>
  db
    .select({ charge: charges, rentId: chargeRents.rentId })
    .from(chargeRents)
    .innerJoin(charges, eq(charges.id, chargeRents.chargeId))
    .where(inArray(chargeRents.rentId, rentIds));
