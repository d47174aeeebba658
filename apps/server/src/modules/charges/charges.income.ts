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
import type { Executor } from '../../platform/db';
import { providers, rents, sellers } from '../../db/schema';
import { chargeRents, charges } from './charges.tables';

const PAID: ChargeStatus = 'paid';
const OVERDUE: ChargeStatus = 'overdue';
const OPEN: ChargeStatus = 'open';
const CANCELED: ChargeStatus = 'canceled';

/** The provider's share of a line of `amount` centavos at `feeBps` (SQL, bigint: a sum may pass 2^31 centavos). */
const shareOf = (amount: SQL, feeBps: number): SQL => sql`${amount}::bigint - (${amount}::bigint * ${feeBps}::bigint + 5000) / 10000`;

const sumWhere = (value: SQL, where: SQL) => sql<string | null>`sum(${value}) filter (where ${where})`;
const inList = (statuses: readonly string[]) => sql.join(statuses.map((s) => sql`${s}`), sql`, `);

/** A month 'YYYY-MM' as the charges store it (the period's first day). */
const periodOfMonth = (month: string) => `${month}-01`;

/** One month's sums as `incomeByMonthSql` answers them (bigint sums arrive as numbers or text). */
export interface IncomeSumsJson {
  month: string;
  receivedCents: number | string;
  pendingCents: number | string;
}

/**
 * The provider's income of each month from `range.from` to `range.to` ('YYYY-MM', both included) that has charges, as
 * a JSON array inside the caller's statement: received (its share of the
 * paid charges' lines) and pending (of the open and overdue ones). Months without charges are absent.
 */
export function incomeByMonthSql(providerId: number, range: { from: string; to: string }, feeBps: number): SQL<IncomeSumsJson[]> {
  const share = shareOf(sql`cr.amount_cents`, feeBps);
  return sql`(select coalesce(json_agg(json_build_object('month', to_char(x.period, 'YYYY-MM'), 'receivedCents', x.received, 'pendingCents', x.pending) order by x.period), '[]'::json)
    from (select cr.period,
                 coalesce(${sumWhere(share, sql`c.status = ${PAID}`)}, 0) as received,
                 coalesce(${sumWhere(share, sql`c.status in (${inList(OPEN_CHARGE_STATUSES)})`)}, 0) as pending
            from charge_rents cr
            join rents r0 on r0.id = cr.rent_id
            join charges c on c.id = cr.charge_id
           where r0.provider_id = ${providerId}::int
             and cr.period between ${periodOfMonth(range.from)}::date and ${periodOfMonth(range.to)}::date
           group by cr.period) x)`;
}

/** `incomeByMonthSql`'s rows as numbers. */
export const incomeSumsOf = (rows: readonly IncomeSumsJson[]): IncomeSums[] =>
  rows.map((r) => ({ month: r.month, receivedCents: Number(r.receivedCents), pendingCents: Number(r.pendingCents) }));

/**
 * What the provider received for the rent `rentId` (a qualified column of the caller's statement, `"rents"."id"`): its share of the paid charges
 * of the rent and of the rents it replaced (a plan change of an active rent leaves the old rent migrated and its
 * successor stands for the contract), every month; 0 when nothing was paid. Bigint: read it with Number().
 */
export function receivedOfRentSql(rentId: SQL, feeBps: number): SQL<string | number> {
  return sql`(with recursive chain(id) as (
      select ${rentId}::int
      union all
      select r1.previous_rent_id from chain join rents r1 on r1.id = chain.id where r1.previous_rent_id is not null
    )
    select coalesce(sum(${shareOf(sql`cr.amount_cents`, feeBps)}), 0)
      from chain
      join charge_rents cr on cr.rent_id = chain.id
      join charges c on c.id = cr.charge_id
     where c.status = ${PAID})`;
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
