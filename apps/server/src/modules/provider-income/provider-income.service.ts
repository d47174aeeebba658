/**
 * The provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8): provider users, their
 * own provider only (the provider comes from the session, never from the request; the rents list is also
 * filtered by the access gate's rent.read). The income rule is THE INCOME RULE of
 * @edu/shared/provider-income: active periods read from rent_history, summed per São Paulo month.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
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
import { itemContents, items, knowledgeAreas, plans, providers, rentHistory, rents, sellers } from '../../db/schema';
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

export function providerIncomeService({ db }: Deps) {
  /** The caller's provider (from the session); refused while it is under analysis (spec 1 §2.10). */
  async function ownProvider(auth: AuthContext) {
    const providerId = auth.user.providerId;
    if (providerId === null) throw forbidden(INCOME_TEXT.noProvider);
    const [row] = await db.select({ id: providers.id, status: providers.status, publishedUnits: providers.publishedUnits }).from(providers).where(eq(providers.id, providerId));
    if (!row) throw forbidden(INCOME_TEXT.noProvider);
    return row;
  }

  /**
   * The provider's published units, latest published first or most popular first: the first rows of a partial index
   * of the provider's published items (items.published_at / items.popularity, kept by the database, migration 0016),
   * then their published versions by id. 'Most popular' is the students' accesses to the unit (items.popularity, added by
   * the access fold, modules/reports/access-rollups.ts).
   */
  async function units(providerId: number, order: 'latest' | 'popular', limit: number): Promise<ProviderUnitRow[]> {
    const rows = await db
      .select({ itemId: items.id, contentId: itemContents.id, title: itemContents.title, knowledgeIds: itemContents.knowledgeIds, publishedAt: items.publishedAt })
      .from(items)
      .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
      .where(and(eq(items.providerId, providerId), isNotNull(items.publishedContentId)))
      .orderBy(...(order === 'popular' ? [descNullsLast(items.popularity)] : []), descNullsLast(items.publishedAt), descNullsLast(items.id))
      .limit(limit);
    const ids = [...new Set(rows.flatMap((r) => r.knowledgeIds))];
    const areas = ids.length ? await db.select({ id: knowledgeAreas.id, title: knowledgeAreas.title }).from(knowledgeAreas).where(inArray(knowledgeAreas.id, ids)) : [];
    const title = new Map(areas.map((a) => [a.id, a.title]));
    return rows.map((r) => ({
      itemId: r.itemId,
      contentId: r.contentId,
      title: r.title,
      knowledges: r.knowledgeIds.map((id) => title.get(id)).filter((t): t is string => !!t),
      publishedAt: toDate(r.publishedAt ?? new Date(0)).toISOString(),
    }));
  }

  return {
    async dashboard(auth: AuthContext, now: Date = new Date()): Promise<ProviderDashboard> {
      const provider = await ownProvider(auth);
      if (isProviderInReview(provider.status)) throw forbidden(INCOME_TEXT.inReview);
      const months = incomeMonths(now, INCOME.monthsMax);
      // Accesses recorded up to now count in 'most popular' (a no-op when nothing is pending).
      await foldBeforeReading(db);
      // The approved count is the store fact providers.published_units (kept by store/catalogue-facts.ts).
      const [periods, latest, popular] = await Promise.all([
        activePeriods(db, provider.id, months[0]!.start, months[months.length - 1]!.end),
        units(provider.id, 'latest', INCOME.latestApproved),
        units(provider.id, 'popular', INCOME.popular),
      ]);
      return {
        income: monthlyIncome(periods, months),
        approved: { count: provider.publishedUnits, latest },
        popular,
      };
    },

    async myRents(auth: AuthContext, q: z.output<typeof myRentsQuery>): Promise<MyRentsPage> {
      const provider = await ownProvider(auth);
      // A migrated rent is history: its successor (the same contract on the new plan) stands for it.
      const where = and(eq(rents.providerId, provider.id), accessWhere(auth, 'rent.read'), ne(rents.status, 'migrated'));
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: rents.id,
            sellerName: sellers.name,
            logoUrl: uploadUrlSql(sellers.logoKey),
            status: rents.status,
            valueCents: rents.valueCents,
            planName: plans.name,
            createdAt: rents.createdAt,
          })
          .from(rents)
          .innerJoin(sellers, eq(sellers.id, rents.sellerId))
          .innerJoin(plans, eq(plans.id, rents.planId))
          .where(where)
          .orderBy(desc(rents.createdAt), desc(rents.id))
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(rents).where(where),
      ]);
      return {
        data: rows.map((r) => ({
          id: r.id,
          seller: { name: r.sellerName, logoUrl: r.logoUrl },
          status: r.status,
          valueCents: r.valueCents,
          planName: r.planName,
          createdAt: r.createdAt.toISOString(),
        })),
        total: Number(total?.n ?? 0),
        page: q.page,
        limit: q.limit,
      };
    },
  };
}
