/**
 * The provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8): provider users, their
 * own provider only (the provider comes from the session, never from the request; the rents list is also
 * filtered by the access gate's rent.read). The money is THE INCOME RULE of @edu/shared/provider-income: the
 * provider's share of the PAID charges of each month (and, apart, of the unpaid ones: 'A receber'), read from the
 * charges module (`incomeByMonthSql`, `receivedOfRentSql`: SQL it writes over its own tables, inside these statements),
 * the platform's fee CHARGE_PLATFORM_FEE_BPS taken per line.
 */
import { and, desc, eq, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyColumn } from 'drizzle-orm';
import { isProviderInReview } from '@edu/shared/providers';
import {
  INCOME,
  INCOME_TEXT,
  incomeByMonth,
  incomeMonths,
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
import { accessWhere } from '../access/index';
import { incomeByMonthSql, incomeSumsOf, receivedOfRentSql } from '../charges/index';
import { itemContents, items, providers, rents, sellers } from '../../db/schema';
import { cappedTotal } from '../../platform/lists';
import { jsonArrayOf, jsonRowColumns, rowNumber } from '../../platform/json-rows';
import { knowledgeAreasOf } from '../units/index';
import { planNamesOf } from '../plans/index';
import { uploadUrlSql } from '../../platform/storage';

/** The partial indexes are DESC NULLS LAST (drizzle's `.desc()`); a plain `desc` (NULLS FIRST) would not use them. */
const descNullsLast = (column: AnyColumn) => sql`${column} desc nulls last`;

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
  const feeBps = deps.config.CHARGE_PLATFORM_FEE_BPS;
  const noProvider = (auth: AuthContext) => {
    if (auth.user.providerId === null) throw forbidden(INCOME_TEXT.noProvider);
    return auth.user.providerId;
  };

  return {
    /**
     * The pending accesses folded first (the reports' fold: its own statements, a no-op check when nothing is pending),
     * then ONE statement: the provider's row (403 without it, or under analysis) carrying the sums of its charges' lines
     * per month (the charges module's SQL) and both unit lists as JSON; the areas' names come from the areas in memory.
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
            income: incomeByMonthSql(providerId, { from: months[0]!.month, to: months[months.length - 1]!.month }, feeBps),
            latest: unitsJson(db, 'latest', INCOME.latestApproved),
            popular: unitsJson(db, 'popular', INCOME.popular),
          })
          .from(providers)
          .where(eq(providers.id, providerId)),
        knowledgeAreasOf(deps),
      ]);
      if (!provider) throw forbidden(INCOME_TEXT.noProvider);
      if (isProviderInReview(provider.status)) throw forbidden(INCOME_TEXT.inReview);
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
        income: incomeByMonth(months, incomeSumsOf(provider.income)),
        approved: { count: provider.publishedUnits, latest: unitRows(provider.latest) },
        popular: unitRows(provider.popular),
        platformFeeBps: feeBps,
      };
    },

    /**
     * One statement: the provider's row (403 without it) left-joined to the page of its rents, with the capped total;
     * each rent with what it brought (the charges module's SQL); the plans' names come from the plans in memory.
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
          // Qualified: the charges' SQL runs inside this subquery and names its own tables by aliases.
          receivedCents: receivedOfRentSql(sql`${rents}.${sql.identifier('id')}`, feeBps).as('received_cents'),
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
            receivedCents: page.receivedCents,
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
                  receivedCents: Number(r.receivedCents ?? 0),
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
