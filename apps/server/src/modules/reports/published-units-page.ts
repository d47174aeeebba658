/**
 * A page of the published-units report (units-report.service.ts) in one statement: the page's units, their versions'
 * title, areas and first level, and the capped total.
 *
 * - The page walks `items_provider_published_idx` (provider_id, published_at desc, id desc, partial on a published
 *   version) in the report's order and stops after its page. It reads the index only (the skipped units of a deep
 *   page are index entries, not rows); its 20 units then join `items` and their published version by primary key.
 * - An area or level filter asks `published_unit_areas` (its primary key, item_id first) for each walked unit,
 *   not the unit's version.
 * - The count reads the same range of the index only (with a filter, the same look per unit), capped.
 * - The gate (`provider.edit`) is a condition of the statement (an uncorrelated EXISTS: one look at providers_pkey),
 *   so a refused caller gets no row; only an empty page asks the gate on its own, to answer 404 as before.
 * - The areas' titles come from the cached knowledge areas (`knowledgeMap`), not from a subquery per row.
 */
import { and, eq, exists, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { UNITS_REPORT_PAGE_SIZE, type unitsReportQuery } from '@edu/shared/units-report';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { cappedCount, cappedTotal, pageOf } from '../../platform/lists';
import { accessWhere, requireAccess } from '../access/index';
import { unitsService } from '../units/index';
import { itemContents, items, providers, publishedUnitAreas } from '../../db/schema';

/** Descending as items_provider_published_idx stores it (nulls last), so the index gives the order. */
const descNullsLast = (column: SQLWrapper) => sql`${column} desc nulls last`;

export function publishedUnitsPage(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  /**
   * The page of `providerId`'s units that `period` (the report's conditions on `items`: the provider, a published
   * version, the period) and the query's area and level filters answer.
   */
  return async (auth: AuthContext, q: z.output<typeof unitsReportQuery>, providerId: number, period: SQL) => {
    const allowed = exists(db.select({ one: sql`1` }).from(providers).where(and(eq(providers.id, providerId), accessWhere(auth, 'provider.edit'))));
    // The filters ask the unit's rows of published_unit_areas (one per area of its published version, area 0 when it
    // has none, each with the version's levels; kept by the database): a primary-key look per unit, not its version.
    const filter =
      q.knowledge === undefined && q.levelOfLearning === undefined
        ? undefined
        : exists(
            db
              .select({ one: sql`1` })
              .from(publishedUnitAreas)
              .where(
                and(
                  eq(publishedUnitAreas.itemId, items.id),
                  q.knowledge === undefined ? undefined : eq(publishedUnitAreas.knowledgeId, q.knowledge),
                  q.levelOfLearning === undefined ? undefined : sql`${publishedUnitAreas.levels} @> array[${q.levelOfLearning}]::text[]`,
                ),
              ),
          );
    const where = and(period, filter, allowed);
    /** The units `where` answers: `items` alone. */
    const inPeriod = <Q extends PgSelect>(query: Q): Q => query.where(where) as Q;
    const counted = () => inPeriod(db.select({ one: sql`1` }).from(items).$dynamic());
    const offset = (q.page - 1) * UNITS_REPORT_PAGE_SIZE;
    const page = inPeriod(db.select({ itemId: sql<number>`${items.id}`.as('page_item_id'), publishedAt: sql<Date>`${items.publishedAt}`.as('page_published_at') }).from(items).$dynamic())
      .orderBy(descNullsLast(items.publishedAt), descNullsLast(items.id))
      .limit(UNITS_REPORT_PAGE_SIZE)
      .offset(offset)
      .as('page');
    const [rows, areas] = await Promise.all([
      db
        .select({
          itemId: page.itemId,
          title: itemContents.title,
          knowledgeIds: itemContents.knowledgeIds,
          level: sql<string | null>`${itemContents.levelOfLearning}[1]`,
          publishedAt: items.publishedAt,
          total: cappedTotal(counted()),
        })
        .from(page)
        .innerJoin(items, eq(items.id, page.itemId))
        .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
        .orderBy(descNullsLast(page.publishedAt), descNullsLast(page.itemId)),
      units.knowledgeMap(),
    ]);
    // No row: a refused caller (or a missing provider) is 404, as the gate answers; an allowed one an empty page.
    if (rows.length === 0) await requireAccess(db, auth, 'provider.edit', providerId);
    const { rows: found, total } = await pageOf(rows, offset, () => cappedCount(db, counted()));
    /** The areas' titles in the version's order, each once (an id no longer an area is left out), as the CSV names them. */
    const titlesOf = (ids: number[] | null) => [...new Set(ids ?? [])].flatMap((id) => areas.get(id)?.title ?? []);
    return {
      data: found.map((r) => ({
        itemId: r.itemId,
        title: r.title,
        knowledgeAreas: titlesOf(r.knowledgeIds),
        level: r.level ?? null,
        publishedAt: r.publishedAt!.toISOString(),
      })),
      total,
      page: q.page,
      limit: UNITS_REPORT_PAGE_SIZE,
    };
  };
}
