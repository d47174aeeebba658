/**
 * The provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8): provider users, their
 * own provider only (the provider comes from the session, never from the request; the rents list is also
 * filtered by the access gate's rent.read). The income rule is THE INCOME RULE of
 * @edu/shared/provider-income: active periods read from rent_history, summed per São Paulo month.
 */
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyColumn } from 'drizzle-orm';
import { isProviderInReview } from '@edu/shared/providers';
import {
  INCOME,
  INCOME_TEXT,
  incomeMonths,
  monthlyIncome,
  type ActivePeriod,
  type MyRentsPage,
  type ProviderDashboard,
  type ProviderUnitRow,
  type myRentsQuery,
} from '@edu/shared/provider-income';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import type { Executor } from '../../platform/db';
import { foldBeforeReading } from '../reports/index';
import { forbidden } from '../../platform/errors';
import { accessWhere, rentActive } from '../access/index';
import { itemContents, items, providers, rentHistory, rents, sellers } from '../../db/schema';
import { cappedTotal } from '../../platform/lists';
import { jsonArrayOf, jsonRowColumns, rowNumber } from '../../platform/json-rows';
import { knowledgeAreasOf } from '../units/index';
import { planNamesOf } from '../plans/index';
import { uploadUrlSql } from '../../platform/storage';

/** The partial indexes are DESC NULLS LAST (drizzle's `.desc()`); a plain `desc` (NULLS FIRST) would not use them. */
const descNullsLast = (column: AnyColumn) => sql`${column} desc nulls last`;

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** The active periods of `providerId`'s rents that end after `since` (rent_history: an 'active' row until the rent's next row). */
export async function activePeriods(ex: Executor, providerId: number, since: Date, until: Date): Promise<ActivePeriod[]> {
  const h = ex
    .select({
      rentId: rentHistory.rentId,
      status: rentHistory.status,
      at: rentHistory.at,
      nextAt: sql<Date | string | null>`lead(${rentHistory.at}) over (partition by ${rentHistory.rentId} order by ${rentHistory.at}, ${rentHistory.id})`.as('next_at'),
    })
    .from(rentHistory)
    .innerJoin(rents, eq(rents.id, rentHistory.rentId))
    .where(eq(rents.providerId, providerId))
    .as('h');
  const rows = await ex
    .select({ rentId: h.rentId, start: h.at, end: h.nextAt, valueCents: rents.valueCents, previousRentId: rents.previousRentId })
    .from(h)
    .innerJoin(rents, eq(rents.id, h.rentId))
    .where(and(rentActive(h.status), lt(h.at, until), or(isNull(h.nextAt), gt(h.nextAt, since))));
  return rows.map((r) => ({
    rentId: r.rentId,
    previousRentId: r.previousRentId,
    valueCents: r.valueCents,
    start: toDate(r.start),
    end: r.end === null ? null : toDate(r.end),
  }));
}

/** `activePeriods` as a JSON array inside another statement (the provider's own row: `providers.id`). */
function activePeriodsJson(since: Date, until: Date): SQL<{ rentId: number; start: string; end: string | null; valueCents: number; previousRentId: number | null }[]> {
  return sql`(select coalesce(json_agg(json_build_object('rentId', h.rent_id, 'start', h.at, 'end', h.next_at, 'valueCents', r.value_cents, 'previousRentId', r.previous_rent_id)), '[]'::json)
    from (select rh.rent_id, rh.status, rh.at, lead(rh.at) over (partition by rh.rent_id order by rh.at, rh.id) as next_at
      from rent_history rh join rents r0 on r0.id = rh.rent_id where r0.provider_id = providers.id) h
    join rents r on r.id = h.rent_id
    where ${rentActive(sql`h.status`)} and h.at < ${until.toISOString()}::timestamptz and (h.next_at is null or h.next_at > ${since.toISOString()}::timestamptz))`;
}

type UnitJson = { itemId: number; contentId: number; title: string; knowledgeIds: number[]; publishedAt: string | null };

/**
 * The provider's published units as JSON inside its own row's statement, latest published first or most popular first:
 * the first rows of a partial index of the provider's published items (items.published_at / items.popularity, kept by
 * the database, migration 0016), then their published versions by id. 'Most popular' is the students' accesses to the
 * unit (items.popularity, added by the access fold, modules/reports/access-rollups.ts).
 */
function unitsJson(db: Executor, order: 'latest' | 'popular', limit: number): SQL<UnitJson[]> {
  const orderBy = [...(order === 'popular' ? [descNullsLast(items.popularity)] : []), descNullsLast(items.publishedAt), descNullsLast(items.id)];
  return jsonArrayOf<UnitJson>(
    db
      .select(
        jsonRowColumns(
          { itemId: items.id, contentId: itemContents.id, title: itemContents.title, knowledgeIds: itemContents.knowledgeIds, publishedAt: items.publishedAt },
          orderBy,
        ),
      )
      .from(items)
      .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
      .where(and(sql`${items.providerId} = providers.id`, isNotNull(items.publishedContentId)))
      .orderBy(...orderBy)
      .limit(limit),
  );
}

export function providerIncomeService(deps: Deps) {
  const { db } = deps;
  const noProvider = (auth: AuthContext) => {
    if (auth.user.providerId === null) throw forbidden(INCOME_TEXT.noProvider);
    return auth.user.providerId;
  };

  return {
    /**
     * The pending accesses folded first (the reports' fold: its own statements, a no-op check when nothing is pending),
     * then ONE statement: the provider's row (403 without it, or under analysis) carrying its active periods and both
     * unit lists as JSON; the areas' names come from the areas in memory.
     */
    async dashboard(auth: AuthContext, now: Date = new Date()): Promise<ProviderDashboard> {
      const providerId = noProvider(auth);
      const months = incomeMonths(now, INCOME.monthsMax);
      // Accesses recorded up to now count in 'most popular' (a no-op when nothing is pending).
      await foldBeforeReading(db);
      const [[provider], areas] = await Promise.all([
        db
          .select({
            status: providers.status,
            publishedUnits: providers.publishedUnits,
            periods: activePeriodsJson(months[0]!.start, months[months.length - 1]!.end),
            latest: unitsJson(db, 'latest', INCOME.latestApproved),
            popular: unitsJson(db, 'popular', INCOME.popular),
          })
          .from(providers)
          .where(eq(providers.id, providerId)),
        knowledgeAreasOf(deps),
      ]);
      if (!provider) throw forbidden(INCOME_TEXT.noProvider);
      if (isProviderInReview(provider.status)) throw forbidden(INCOME_TEXT.inReview);
      const periods: ActivePeriod[] = provider.periods.map((p) => ({
        rentId: p.rentId,
        previousRentId: p.previousRentId,
        valueCents: Number(p.valueCents),
        start: new Date(p.start),
        end: p.end === null ? null : new Date(p.end),
      }));
      const unitRows = (rows: UnitJson[]): ProviderUnitRow[] =>
        rows.map((r) => ({
          itemId: r.itemId,
          contentId: r.contentId,
          title: r.title,
          knowledges: r.knowledgeIds.map((id) => areas.get(id)?.title).filter((t): t is string => !!t),
          publishedAt: (r.publishedAt === null ? new Date(0) : new Date(r.publishedAt)).toISOString(),
        }));
      // The approved count is the store fact providers.published_units (kept by store/catalogue-facts.ts).
      return {
        income: monthlyIncome(periods, months),
        approved: { count: provider.publishedUnits, latest: unitRows(provider.latest) },
        popular: unitRows(provider.popular),
      };
    },

    /**
     * One statement: the provider's row (403 without it) left-joined to the page of its rents, with the capped total;
     * the plans' names come from the plans in memory.
     */
    async myRents(auth: AuthContext, q: z.output<typeof myRentsQuery>): Promise<MyRentsPage> {
      const providerId = noProvider(auth);
      // A migrated rent is history: its successor (the same contract on the new plan) stands for it.
      const where = and(eq(rents.providerId, providerId), accessWhere(auth, 'rent.read'), ne(rents.status, 'migrated'));
      const order = [desc(rents.createdAt), desc(rents.id)];
      const head = db
        .select({ providerId: providers.id, total: cappedTotal(db.select({ one: sql`1` }).from(rents).where(where).$dynamic()).as('total') })
        .from(providers)
        .where(eq(providers.id, providerId))
        .as('head');
      const page = db
        .select({
          id: rents.id,
          sellerName: sellers.name,
          logoUrl: uploadUrlSql(sellers.logoKey).as('logo_url'),
          status: rents.status,
          valueCents: rents.valueCents,
          planId: rents.planId,
          createdAt: rents.createdAt,
          n: rowNumber(order),
        })
        .from(rents)
        .innerJoin(sellers, eq(sellers.id, rents.sellerId))
        .where(where)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit)
        .as('page');
      const [rows, planNames] = await Promise.all([
        db
          .select({
            total: head.total,
            id: page.id,
            sellerName: page.sellerName,
            logoUrl: page.logoUrl,
            status: page.status,
            valueCents: page.valueCents,
            planId: page.planId,
            createdAt: page.createdAt,
          })
          .from(head)
          .leftJoin(page, sql`true`)
          .orderBy(page.n),
        planNamesOf(deps),
      ]);
      if (rows.length === 0) throw forbidden(INCOME_TEXT.noProvider);
      return {
        data: rows.flatMap((r) =>
          r.id === null
            ? []
            : [
                {
                  id: r.id,
                  seller: { name: r.sellerName!, logoUrl: r.logoUrl },
                  status: r.status!,
                  valueCents: r.valueCents!,
                  planName: planNames.get(r.planId!) ?? '',
                  createdAt: r.createdAt!.toISOString(),
                },
              ],
        ),
        total: Number(rows[0]!.total),
        page: q.page,
        limit: q.limit,
      };
    },
  };
}
