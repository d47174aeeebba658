/**
 * Published units grouped by knowledge area (spec 3 §2.4 store provider page, §2.13 catalogue): each area's first
 * units in title order and the area's count, or one area's page. Read from `published_unit_areas` (migration 0016:
 * one row per published unit and area, kept by the database), so the cost follows the units shown, not the
 * provider's whole catalogue. A unit in two areas is in both groups; a unit without an area is in group NO_AREA_ID.
 *
 * The caller says WHOSE units (`providers`: SQL naming a set of provider ids, `(1)` or `(select …)`) and WHO reads
 * them (`gate`: the access gate's condition on the version, applied to every unit answered).
 *
 * At scale (an institution renting 200 providers: ~20,000 units by area, migration 0018): without a title, tag or
 * level filter the counts are sums of published_area_counts and each area's first units walk the area's title
 * index; with one, the matching rows are read (a title through the trigram index) and numbered per area.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { NO_AREA_ID, NO_AREA_TITLE } from '@edu/shared/knowledge';
import type { Executor } from '../../platform/db';
import { FOLD_FROM, FOLD_TO, foldedMatch } from '../../platform/search';
import { providers } from '../../db/schema';
import { itemContents, itemContentTags, items, publishedAreaCounts, publishedUnitAreas as pua, tags } from './units.tables';
import { knowledgeAreas } from './knowledge.tables';

export interface UnitGroupFilters {
  /** Part of the title (folded match). */
  title?: string | undefined;
  /** Part of a tag's name of the version (folded match; the catalogue's 'Tags' search). */
  tag?: string | undefined;
  /** Only these areas' groups. */
  knowledges?: number[] | undefined;
  /** Units of any of these levels. */
  levels?: string[] | undefined;
}

export interface GroupedUnit {
  itemId: number;
  itemContentId: number;
  providerId: number;
  title: string;
  companyName: string;
  knowledges: { id: number; title: string }[];
  levelOfLearning: string[];
  /** Students' votes on the unit (items.rating_sum / rating_count, kept by the database). */
  ratingSum: number;
  ratingCount: number;
}

export interface UnitGroup {
  knowledgeId: number;
  title: string;
  total: number;
  units: GroupedUnit[];
}

const intArray = (values: readonly number[]): SQL => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]`;
const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The providers as ONE array parameter: planned as a constant (hashed membership), built and sent as one value. */
const anyOf = (providerIds: readonly number[]): SQL => sql`any(${sql.param([...providerIds])}::int[])`;

function whereOf(providerIds: readonly number[], f: UnitGroupFilters): SQL {
  const parts: SQL[] = [sql`${pua.providerId} = ${anyOf(providerIds)}`];
  if (f.title) parts.push(foldedMatch(pua.titleFolded, f.title));
  if (f.tag) {
    // From the matching tags to their versions (published_unit_areas_content_idx), not a tag test per unit.
    parts.push(
      sql`${pua.contentId} in (select ${itemContentTags.itemContentId} from ${itemContentTags} join ${tags} on ${tags.id} = ${itemContentTags.tagId}
        where ${foldedMatch(sql`translate(lower(${tags.name}), ${FOLD_FROM}, ${FOLD_TO})`, f.tag)})`,
    );
  }
  if (f.knowledges?.length) parts.push(sql`${pua.knowledgeId} = any(${intArray(f.knowledges)})`);
  if (f.levels?.length) parts.push(sql`${pua.levels} && ${textArray(f.levels)}`);
  return and(...parts)!;
}

/** The title of an area id in SQL: the knowledge area's, NO_AREA_TITLE for NO_AREA_ID, null when the area is gone. */
const areaTitle = (id: SQL) =>
  sql<string | null>`case when ${id} = ${NO_AREA_ID} then ${NO_AREA_TITLE} else (select ${knowledgeAreas.title} from ${knowledgeAreas} where ${knowledgeAreas.id} = ${id}) end`;

type HydrateRow = {
  itemId: number;
  itemContentId: number;
  providerId: number;
  title: string;
  companyName: string;
  knowledgeIds: number[];
  levels: string[];
  ratingSum: number;
  ratingCount: number;
};

const hydrateQuery = (ex: Executor, ids: SQL, gate: SQL | undefined) =>
  ex
    .select({
      itemId: items.id,
      itemContentId: itemContents.id,
      providerId: items.providerId,
      title: itemContents.title,
      companyName: providers.companyName,
      knowledgeIds: itemContents.knowledgeIds,
      levels: itemContents.levelOfLearning,
      ratingSum: items.ratingSum,
      ratingCount: items.ratingCount,
    })
    .from(itemContents)
    .innerJoin(items, eq(items.id, itemContents.itemId))
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(and(sql`${itemContents.id} = any(${ids})`, eq(items.publishedContentId, itemContents.id), gate));

/**
 * The rows of `picked` through the gate. On the pool, as a named prepared statement: the gate's SQL has one text per
 * kind of reader (the reader's institution or provider is a parameter), so the statement is named after a hash of its
 * text and each connection parses and plans it once — planning the gate's cases cost more than running them (~1.3 ms
 * of ~2.5 ms, EXPLAIN on the bench database). Drizzle fixes the gate's values when it prepares, so the prepared query
 * is made anew for every call (a plain object: nothing is sent) and node-postgres binds THESE values to the statement
 * the connection already parsed; reusing the object would answer another reader's rows (unit-groups-tenants.test.ts).
 * In a transaction, a plain query.
 */
async function hydrateRows(ex: Executor, picked: number[], gate: SQL | undefined): Promise<HydrateRow[]> {
  if (ex instanceof PgTransaction) return hydrateQuery(ex, sql`${sql.param(picked)}::int[]`, gate);
  const query = hydrateQuery(ex, sql`${sql.placeholder('ids')}::int[]`, gate);
  const name = `unit_groups_${createHash('sha1').update(query.toSQL().sql).digest('hex').slice(0, 16)}`;
  return query.prepare(name).execute({ ids: picked });
}

/** The versions `picked` (content ids) with their titles, providers and area titles, through the access gate. */
async function hydrate(ex: Executor, picked: number[], gate: SQL | undefined): Promise<Map<number, GroupedUnit>> {
  if (!picked.length) return new Map();
  // The areas (a small reference table) are read beside the rows and named here, instead of a subquery per row.
  const [rows, areas] = await Promise.all([hydrateRows(ex, picked, gate), ex.select({ id: knowledgeAreas.id, title: knowledgeAreas.title }).from(knowledgeAreas)]);
  const areaTitles = new Map(areas.map((a) => [a.id, a.title]));
  return new Map(
    rows.map((r) => [
      r.itemContentId,
      {
        itemId: r.itemId,
        itemContentId: r.itemContentId,
        providerId: r.providerId,
        title: r.title,
        companyName: r.companyName,
        // The version's areas in its own order, those still known.
        knowledges: (r.knowledgeIds ?? []).flatMap((id) => (areaTitles.has(id) ? [{ id, title: areaTitles.get(id)! }] : [])),
        levelOfLearning: r.levels,
        ratingSum: r.ratingSum,
        ratingCount: r.ratingCount,
      },
    ]),
  );
}

/** Groups in area-title order (pt-BR), the group without an area last; areas no longer known are left out. */
function sortGroups(groups: UnitGroup[]): UnitGroup[] {
  return groups.sort((a, b) =>
    a.knowledgeId === NO_AREA_ID ? 1 : b.knowledgeId === NO_AREA_ID ? -1 : a.title.localeCompare(b.title, 'pt-BR') || a.knowledgeId - b.knowledgeId,
  );
}

/** Only an area filter (or none): the kept counts and the area's title index answer. */
const unfiltered = (f: UnitGroupFilters) => !f.title && !f.tag && !f.levels?.length;

export const unitGroups = {
  /** Every group of the providers' units with its count and its first `first` units. */
  async overview(ex: Executor, providerIds: readonly number[], filters: UnitGroupFilters, first: number, gate: SQL | undefined): Promise<UnitGroup[]> {
    const where = whereOf(providerIds, filters);
    const providersIn = anyOf(providerIds);
    // One query answers each area's count, title and first units: unfiltered, from the kept counts and each area's
    // title index; filtered, one scan of the matching rows numbers them per area and counts the area.
    let rows: { knowledgeId: number; title: string | null; total: number; contentId: number }[];
    if (unfiltered(filters)) {
      const areaFilter = filters.knowledges?.length ? sql`and ${publishedAreaCounts.knowledgeId} = any(${intArray(filters.knowledges)})` : sql``;
      rows = await ex
        .select({ knowledgeId: sql<number>`c.knowledge_id`, title: areaTitle(sql`c.knowledge_id`), total: sql<number>`c.total`, contentId: sql<number>`x.content_id` })
        .from(
          sql`(select ${publishedAreaCounts.knowledgeId} as knowledge_id, sum(${publishedAreaCounts.units})::int as total from ${publishedAreaCounts}
                where ${publishedAreaCounts.providerId} = ${providersIn} ${areaFilter} group by 1 having sum(${publishedAreaCounts.units}) > 0) c
              cross join lateral (
                select ${pua.contentId} as content_id from ${pua}
                where ${pua.knowledgeId} = c.knowledge_id and ${pua.providerId} = ${providersIn}
                order by ${pua.titleFolded}, ${pua.itemId} limit ${first}) x`,
        );
    } else {
      rows = await ex
        .select({ knowledgeId: sql<number>`x.knowledge_id`, title: areaTitle(sql`x.knowledge_id`), total: sql<number>`x.total::int`, contentId: sql<number>`x.content_id` })
        .from(
          sql`(select ${pua.knowledgeId} as knowledge_id, ${pua.contentId} as content_id,
                 row_number() over (partition by ${pua.knowledgeId} order by ${pua.titleFolded}, ${pua.itemId}) as n,
                 count(*) over (partition by ${pua.knowledgeId}) as total
               from ${pua} where ${where}) x`,
        )
        .where(sql`x.n <= ${first}`)
        .orderBy(sql`x.knowledge_id`, sql`x.n`);
    }
    const units = await hydrate(ex, [...new Set(rows.map((r) => r.contentId))], gate);
    const groups = new Map<number, UnitGroup>();
    for (const r of rows) {
      // Areas no longer known are left out.
      if (r.title === null) continue;
      const group = groups.get(r.knowledgeId) ?? { knowledgeId: r.knowledgeId, title: r.title, total: Number(r.total), units: [] };
      groups.set(r.knowledgeId, group);
      const unit = units.get(r.contentId);
      if (unit) group.units.push(unit);
    }
    return sortGroups([...groups.values()]);
  },

  /** One group's page `page` (1-based) of `size` units, with the group's count; [] when the area has none. */
  async page(ex: Executor, providerIds: readonly number[], filters: UnitGroupFilters, knowledgeId: number, page: number, size: number, gate: SQL | undefined): Promise<UnitGroup[]> {
    const where = and(whereOf(providerIds, filters), eq(pua.knowledgeId, knowledgeId));
    const providersIn = anyOf(providerIds);
    const total = unfiltered(filters)
      ? sql<number>`(select coalesce(sum(${publishedAreaCounts.units}), 0)::int from ${publishedAreaCounts}
          where ${publishedAreaCounts.providerId} = ${providersIn} and ${publishedAreaCounts.knowledgeId} = ${knowledgeId})`
      : sql<number>`(select count(*)::int from ${pua} where ${where})`;
    const [[head], rows] = await Promise.all([
      ex.select({ total, title: areaTitle(sql`${knowledgeId}::int`) }).from(sql`(select 1) one`),
      ex
        .select({ contentId: pua.contentId })
        .from(pua)
        .where(where)
        .orderBy(asc(pua.titleFolded), asc(pua.itemId))
        .limit(size)
        .offset((page - 1) * size),
    ]);
    if (!head?.total || head.title === null) return [];
    const units = await hydrate(ex, rows.map((r) => r.contentId), gate);
    return [{ knowledgeId, title: head.title, total: Number(head.total), units: rows.filter((r) => units.has(r.contentId)).map((r) => units.get(r.contentId)!) }];
  },
};
