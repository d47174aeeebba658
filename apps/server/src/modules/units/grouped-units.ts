/**
 * Published units grouped by knowledge area, ONE statement per page (spec 3 §2.4 store provider page, §2.13
 * catalogue): each area's first units in title order and the area's count, or one area's page with its count, read
 * from `published_unit_areas` / `published_area_counts` (kept by the database) and joined to the rows the page shows.
 *
 * The caller's guard travels in the same statement: `head` is a one-row select (e.g. the institution's status) with a
 * boolean column `ok`; the units are read only when `ok` holds, and the caller judges the head's columns (403, 404)
 * after the statement. The caller also says WHOSE units (`scope`: a condition on a provider id column, e.g. a rented
 * providers' subquery or one provider) and WHO reads them (`gate`: the access gate's condition on the version,
 * applied to every unit answered). Area titles come from memory (`knowledgeAreasOf`); an area no longer known is
 * left out.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { NO_AREA_ID, NO_AREA_TITLE } from '@edu/shared/knowledge';
import { rowsOf, type Db, type Database } from '../../platform/db';
import { FOLD_FROM, FOLD_TO, foldedMatch } from '../../platform/search';
import { providers } from '../../db/schema';
import { itemContents, itemContentTags, items, publishedAreaCounts as pac, publishedUnitAreas as pua, tags } from './units.tables';
import { knowledgeAreasOf } from './unit-rows';

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

/** Who asks (the guard row) and whose units: see the header. */
export interface GroupScope {
  /** A one-row select naming at least `ok` (boolean); no row: the caller's guard fails. */
  head: SQL;
  /** The condition "this provider id is in scope" on a provider id column (a search: one test per matching unit). */
  providers: (providerId: SQL) => SQL;
  /**
   * The same condition for a walk of an area's title index in title order, when `providers` would make the planner
   * leave that index (many providers known only when the statement runs, an institution's rentals: `= any(array(…))`
   * tested on each entry read, 40 entries for a page, where gathering the 200 providers' 4,600 units of an area and
   * sorting them took ~15 ms; a semi-join tested each entry against every provider). Default: `providers`.
   */
  walk?: (providerId: SQL) => SQL;
}

type Deps = { db: Db; database: Database };
type Head = { ok: boolean; status?: unknown; [column: string]: unknown };

const intArray = (values: readonly number[]): SQL => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]`;
const textArray = (values: readonly string[]): SQL => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** The scope's condition on a walk of an area's title index (see `walk`): the provider index is kept out of it. */
const walkScope = (scope: GroupScope): SQL => (scope.walk ? scope.walk(sql`(${pua.providerId} + 0)`) : scope.providers(sql`${pua.providerId}`));

/** The scope's condition on the kept counts: as an array (`walk`) it is the key of their primary key's index. */
const countScope = (scope: GroupScope): SQL => (scope.walk ?? scope.providers)(sql`${pac.providerId}`);

function whereOf(scope: GroupScope, f: UnitGroupFilters): SQL {
  const parts: SQL[] = [scope.providers(sql`${pua.providerId}`)];
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

/** Only an area filter (or none): the kept counts and the area's title index answer. */
const unfiltered = (f: UnitGroupFilters) => !f.title && !f.tag && !f.levels?.length;

/**
 * The version `picked.content_id` as the page shows it, through the gate (a lateral join: no row when the gate
 * refuses it or it is no longer the published version). Tables named as the gate names them.
 */
const hydrated = (gate: SQL | undefined) => sql`left join lateral (
    select ${items.id} as item_id, ${itemContents.id} as item_content_id, ${items.providerId} as provider_id, ${itemContents.title} as title,
      ${providers.companyName} as company_name, ${itemContents.knowledgeIds} as knowledge_ids, ${itemContents.levelOfLearning} as levels,
      ${items.ratingSum} as rating_sum, ${items.ratingCount} as rating_count
    from ${itemContents} join ${items} on ${items.id} = ${itemContents.itemId} join ${providers} on ${providers.id} = ${items.providerId}
    where ${itemContents.id} = picked.content_id and ${items.publishedContentId} = ${itemContents.id} ${gate ? sql`and ${gate}` : sql``}) u on true`;

type Row = {
  head_json: Head;
  knowledge_id: number | null;
  total: number | null;
  item_id: number | null;
  item_content_id: number | null;
  provider_id: number;
  title: string;
  company_name: string;
  knowledge_ids: number[] | null;
  levels: string[];
  rating_sum: number;
  rating_count: number;
};

function unitOf(r: Row, areas: Map<number, { title: string }>): GroupedUnit {
  return {
    itemId: r.item_id!,
    itemContentId: r.item_content_id!,
    providerId: r.provider_id,
    title: r.title,
    companyName: r.company_name,
    // The version's areas in its own order, those still known.
    knowledges: (r.knowledge_ids ?? []).flatMap((id) => (areas.has(id) ? [{ id, title: areas.get(id)!.title }] : [])),
    levelOfLearning: r.levels,
    ratingSum: r.rating_sum,
    ratingCount: r.rating_count,
  };
}

const areaTitle = (areas: Map<number, { title: string }>, id: number): string | null => (id === NO_AREA_ID ? NO_AREA_TITLE : (areas.get(id)?.title ?? null));

/** Groups in area-title order (pt-BR), the group without an area last. */
function sortGroups(groups: UnitGroup[]): UnitGroup[] {
  return groups.sort((a, b) =>
    a.knowledgeId === NO_AREA_ID ? 1 : b.knowledgeId === NO_AREA_ID ? -1 : a.title.localeCompare(b.title, 'pt-BR') || a.knowledgeId - b.knowledgeId,
  );
}

async function run(deps: Deps, query: SQL): Promise<{ rows: Row[]; areas: Map<number, { title: string }> }> {
  const [result, areas] = await Promise.all([deps.db.execute(query), knowledgeAreasOf(deps)]);
  return { rows: rowsOf<Row>(result), areas };
}

export const groupedUnits = {
  /** Every group of the scope's units with its count and its first `first` units; head: the guard row (undefined: none). */
  async overview(deps: Deps, scope: GroupScope, filters: UnitGroupFilters, first: number, gate: SQL | undefined): Promise<{ head: Head | undefined; groups: UnitGroup[] }> {
    // Each area's count and first units: unfiltered, from the kept counts and each area's title index; filtered, one
    // scan of the matching rows numbers them per area and counts the area.
    const picked = unfiltered(filters)
      ? sql`select c.knowledge_id, c.total, x.content_id, x.n
          from (select ${pac.knowledgeId} as knowledge_id, sum(${pac.units})::int as total from ${pac}
                where ${countScope(scope)} ${filters.knowledges?.length ? sql`and ${pac.knowledgeId} = any(${intArray(filters.knowledges)})` : sql``}
                group by 1 having sum(${pac.units}) > 0) c
          cross join lateral (
            select ${pua.contentId} as content_id, row_number() over (order by ${pua.titleFolded}, ${pua.itemId}) as n from ${pua}
            where ${pua.knowledgeId} = c.knowledge_id and ${walkScope(scope)}
            order by ${pua.titleFolded}, ${pua.itemId} limit ${first}) x`
      : sql`select x.knowledge_id, x.total::int as total, x.content_id, x.n
          from (select ${pua.knowledgeId} as knowledge_id, ${pua.contentId} as content_id,
                  row_number() over (partition by ${pua.knowledgeId} order by ${pua.titleFolded}, ${pua.itemId}) as n,
                  count(*) over (partition by ${pua.knowledgeId}) as total
                from ${pua} where ${whereOf(scope, filters)}) x
          where x.n <= ${first}`;
    const { rows, areas } = await run(
      deps,
      sql`with head as materialized (${scope.head})
        select to_jsonb(head) as head_json, page_rows.* from head
        left join lateral (select picked.knowledge_id, picked.total, picked.n, u.* from (${picked}) picked ${hydrated(gate)} where head.ok) page_rows on true
        order by page_rows.knowledge_id, page_rows.n`,
    );
    const head = rows[0]?.head_json;
    const groups = new Map<number, UnitGroup>();
    for (const r of rows) {
      if (r.knowledge_id === null) continue;
      const title = areaTitle(areas, r.knowledge_id);
      // Areas no longer known are left out.
      if (title === null) continue;
      const group = groups.get(r.knowledge_id) ?? { knowledgeId: r.knowledge_id, title, total: Number(r.total), units: [] };
      groups.set(r.knowledge_id, group);
      if (r.item_id !== null) group.units.push(unitOf(r, areas));
    }
    return { head, groups: sortGroups([...groups.values()]) };
  },

  /** One group's page `page` (1-based) of `size` units with the group's count ([] when the area has none); head as above. */
  async page(
    deps: Deps,
    scope: GroupScope,
    filters: UnitGroupFilters,
    knowledgeId: number,
    page: number,
    size: number,
    gate: SQL | undefined,
  ): Promise<{ head: Head | undefined; groups: UnitGroup[] }> {
    const where = and(whereOf(scope, filters), sql`${pua.knowledgeId} = ${knowledgeId}`);
    // Unfiltered, the page walks the area's title index (see `walk`).
    const pageWhere = unfiltered(filters) ? and(walkScope(scope), sql`${pua.knowledgeId} = ${knowledgeId}`) : where;
    const total = unfiltered(filters)
      ? sql`select coalesce(sum(${pac.units}), 0)::int as total from ${pac} where ${countScope(scope)} and ${pac.knowledgeId} = ${knowledgeId}`
      : sql`select count(*)::int as total from ${pua} where ${where}`;
    const { rows, areas } = await run(
      deps,
      sql`with head as materialized (${scope.head})
        select to_jsonb(head) as head_json, t.total, page_rows.* from head
        left join lateral (${total} and head.ok) t on true
        left join lateral (select picked.n, u.* from (
            select ${pua.contentId} as content_id, row_number() over (order by ${pua.titleFolded}, ${pua.itemId}) as n from ${pua}
            where ${pageWhere} order by ${pua.titleFolded}, ${pua.itemId} limit ${size} offset ${(page - 1) * size}) picked
          ${hydrated(gate)} where head.ok) page_rows on true
        order by page_rows.n`,
    );
    const head = rows[0]?.head_json;
    const count = Number(rows[0]?.total ?? 0);
    const title = areaTitle(areas, knowledgeId);
    if (!count || title === null) return { head, groups: [] };
    return { head, groups: [{ knowledgeId, title, total: count, units: rows.filter((r) => r.item_id !== null).map((r) => unitOf(r, areas)) }] };
  },
};
