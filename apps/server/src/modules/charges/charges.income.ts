/**
 * What the charges say about money for the other modules' screens, read-only: the provider's income by month and by
 * rent (THE INCOME RULE of @edu/shared/provider-income: its share of the paid charges' lines, by the month a charge
 * covers) and the team's financial report's sums (@edu/shared/financial-report). The tables stay this module's: the
 * provider-income and reports modules ask here, through index.ts.
 *
 * The fee is taken per line (charge_rents row), as `platformFeeCents` does it: round(amount × bps / 10000) with half a
 * centavo rounded up, in integer arithmetic — `(amount × bps + 5000) / 10000` truncated, amounts being positive.
 */
import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { OPEN_CHARGE_STATUSES, type ChargeStatus } from '@edu/shared/charge-machine';
import type { FinancialCell } from '@edu/shared/financial-report';
import type { IncomeSums } from '@edu/shared/provider-income';
import { rowsOf, type Executor } from '../../platform/db';
import { providers, rents, sellers } from '../../db/schema';
import { chargeRents, charges } from './charges.tables';

const PAID: ChargeStatus = 'paid';
const OVERDUE: ChargeStatus = 'overdue';
const OPEN: ChargeStatus = 'open';
const CANCELED: ChargeStatus = 'canceled';

/** The provider's share of a line at `feeBps` (SQL, bigint: a sum may pass 2^31 centavos). */
const shareSql = (feeBps: number): SQL<number> =>
  sql`${chargeRents.amountCents}::bigint - (${chargeRents.amountCents}::bigint * ${feeBps}::bigint + 5000) / 10000`;

const sumWhere = (value: SQL, where: SQL) => sql<string | null>`sum(${value}) filter (where ${where})`;
const unpaid = sql`${charges.status} in (${sql.join(OPEN_CHARGE_STATUSES.map((s) => sql`${s}`), sql`, `)})`;

/** A month 'YYYY-MM' as the charges store it (the period's first day). */
const periodOfMonth = (month: string) => `${month}-01`;

/**
 * The provider's income of each month from `range.from` to `range.to` ('YYYY-MM', both included) that has charges:
 * received (its share of paid charges) and pending (open or overdue). Months without charges are absent.
 */
export async function paidIncomeByMonth(ex: Executor, providerId: number, range: { from: string; to: string }, feeBps: number): Promise<IncomeSums[]> {
  const share = shareSql(feeBps);
  const rows = await ex
    .select({
      period: chargeRents.period,
      received: sumWhere(share, sql`${charges.status} = ${PAID}`),
      pending: sumWhere(share, unpaid),
    })
    .from(chargeRents)
    .innerJoin(rents, eq(rents.id, chargeRents.rentId))
    .innerJoin(charges, eq(charges.id, chargeRents.chargeId))
    .where(and(eq(rents.providerId, providerId), gte(chargeRents.period, periodOfMonth(range.from)), lte(chargeRents.period, periodOfMonth(range.to))))
    .groupBy(chargeRents.period)
    .orderBy(chargeRents.period);
  return rows.map((r) => ({ month: r.period.slice(0, 7), receivedCents: Number(r.received ?? 0), pendingCents: Number(r.pending ?? 0) }));
}

/**
 * What the provider received for each of `rentIds`: its share of the paid charges of the rent and of the rents it
 * replaced (a plan change of an active rent leaves the old rent migrated and its successor stands for the contract),
 * every month; 0 when nothing was paid.
 */
export async function receivedByRent(ex: Executor, rentIds: readonly number[], feeBps: number): Promise<Map<number, number>> {
  if (rentIds.length === 0) return new Map();
  const ids = sql.join(rentIds.map((id) => sql`${id}::int`), sql`, `);
  const result = await ex.execute(sql`
    with recursive chain(head, id) as (
      select r.id, r.id from rents r where r.id in (${ids})
      union all
      select chain.head, r.previous_rent_id from chain join rents r on r.id = chain.id where r.previous_rent_id is not null
    )
    select chain.head as "rentId", sum(${shareSql(feeBps)})::text as received
      from chain
      join charge_rents on charge_rents.rent_id = chain.id
      join charges on charges.id = charge_rents.charge_id
     where charges.status = ${PAID}
     group by chain.head`);
  return new Map(rowsOf<{ rentId: number; received: string }>(result).map((r) => [Number(r.rentId), Number(r.received)]));
}

export interface FinancialFilters {
  /** 'YYYY-MM', both included. */
  from: string;
  to: string;
  sellerId?: number;
  providerId?: number;
}

/**
 * The financial report's finest sums: per month, institution and provider with charges not canceled, gross (what the
 * institutions owe), ordered by month, institution and provider name. One statement over the charges of the range
 * (charges_period_idx), grouped in the database.
 */
export async function financialCells(ex: Executor, f: FinancialFilters): Promise<FinancialCell[]> {
  const amount = sql`${chargeRents.amountCents}::bigint`;
  const rows = await ex
    .select({
      period: charges.period,
      sellerId: charges.sellerId,
      sellerName: sellers.name,
      providerId: rents.providerId,
      providerName: providers.companyName,
      billed: sql<string>`sum(${amount})`,
      paid: sumWhere(amount, sql`${charges.status} = ${PAID}`),
      overdue: sumWhere(amount, sql`${charges.status} = ${OVERDUE}`),
      open: sumWhere(amount, sql`${charges.status} = ${OPEN}`),
    })
    .from(charges)
    .innerJoin(chargeRents, eq(chargeRents.chargeId, charges.id))
    .innerJoin(rents, eq(rents.id, chargeRents.rentId))
    .innerJoin(sellers, eq(sellers.id, charges.sellerId))
    .innerJoin(providers, eq(providers.id, rents.providerId))
    .where(
      and(
        gte(charges.period, periodOfMonth(f.from)),
        lte(charges.period, periodOfMonth(f.to)),
        sql`${charges.status} <> ${CANCELED}`,
        f.sellerId ? eq(charges.sellerId, f.sellerId) : undefined,
        f.providerId ? eq(rents.providerId, f.providerId) : undefined,
      ),
    )
    .groupBy(charges.period, charges.sellerId, sellers.name, rents.providerId, providers.companyName)
    .orderBy(charges.period, sellers.name, charges.sellerId, providers.companyName, rents.providerId);
  return rows.map((r) => ({
    month: r.period.slice(0, 7),
    sellerId: r.sellerId,
    sellerName: r.sellerName,
    providerId: r.providerId,
    providerName: r.providerName,
    billedCents: Number(r.billed ?? 0),
    paidCents: Number(r.paid ?? 0),
    overdueCents: Number(r.overdue ?? 0),
    openCents: Number(r.open ?? 0),
  }));
}
