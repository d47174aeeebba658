/**
 * Units ranked by their students' accesses in a range (the unit-access report's rows and the 'most accessed units'
 * charts of both reports), and the titles and knowledge areas shown for them.
 *
 * - Over every unit, one provider's units, or one institution's students' accesses: the month snapshots of
 *   access-snapshots.ts and the range's two edge months.
 * - Over an area's units (with or without a provider): `access_area_months` (one row per area, unit and month,
 *   migration 0036: only the area's rows) read through `monthRange`.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { intArray, monthRange, rowsOf } from './access-ranges';
import { EVERY_UNIT, tallyUnits, type TallyScope } from './access-snapshots';
import type { UnitAccesses } from './unit-tally';

export interface UnitScope {
  /** One provider's units; null: every provider's. */
  providerId: number | null;
  /** Units whose published version is in this knowledge area; null: any. */
  knowledgeId: number | null;
}

/**
 * The month rows of a unit scope (alias `m`: item_id, month, provider_id, accesses, days): `access_item_months`, or —
 * with an area — `access_area_months`, the area's own rows (migration 0036), so an area reads only its units.
 */
export const unitMonthRows = (scope: UnitScope): SQL =>
  scope.knowledgeId === null
    ? sql`access_item_months m where ${scope.providerId === null ? sql`true` : sql`m.provider_id = ${scope.providerId}`}`
    : sql`access_area_months m where m.knowledge_id = ${scope.knowledgeId}
            ${scope.providerId === null ? sql`` : sql`and m.provider_id = ${scope.providerId}`}`;

/**
 * Per unit of `scope`, its accesses in [start, end] (units with none left out), most first (ties by unit id), with
 * the number of such units (`units`) and their accesses together (`all_accesses`) on every row. `limit`/`offset`
 * page it; without `limit`, every unit.
 */
function rankedUnits(start: string, end: string, scope: UnitScope, page?: { limit: number; offset: number }): SQL {
  const { where, sum } = monthRange(start, end);
  return sql`
    select m.item_id, sum(${sum})::int as accesses, count(*) over ()::int as units, (sum(sum(${sum})) over ())::bigint as all_accesses
      from ${unitMonthRows(scope)} and ${where}
     group by m.item_id
    having sum(${sum}) > 0
     order by accesses desc, m.item_id
     ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`;
}

/** A unit of a ranking with its title and knowledge areas. */
export type DetailedUnit = UnitAccesses & UnitDetails;

/** A page of a ranking, with the number of units that have accesses and their accesses together. */
export interface RankedPage {
  units: number;
  allAccesses: number;
  rows: DetailedUnit[];
}

/** The snapshots' scope of a unit scope without an area (every unit, or one provider's); null with an area. */
const tallied = (scope: UnitScope): TallyScope | null =>
  scope.knowledgeId !== null ? null : scope.providerId === null ? EVERY_UNIT : { scope: 'provider', id: scope.providerId };

/**
 * A page of the units of `scope` ranked by their accesses in [start, end] (most first, ties by unit id), with their
 * titles and areas. Without an area (every unit, or a provider's): the snapshots' tally (access-snapshots.ts), then
 * the page's details; an area's units: `rankedUnits` on the month rows with the details joined, one statement.
 */
export async function rankUnitPage(db: Executor, start: string, end: string, scope: UnitScope, page: { limit: number; offset: number }): Promise<RankedPage> {
  const whose = tallied(scope);
  if (whose) {
    const tally = await tallyUnits(db, whose, start, end);
    return { units: tally.units, allAccesses: tally.allAccesses, rows: await withDetails(db, tally.rank(page.offset, page.limit)) };
  }
  type Totals = { units: number; all_accesses: string | number };
  // The window's totals ride on every row of the page (rankedUnits); read back from the dressed rows.
  const rows = rowsOf<{ item_id: number; accesses: number; title: string; areas: string[] | null } & Totals>(
    await db.execute(dressed(rankedUnits(start, end, scope, page))),
  );
  // A page past the last one has no row to carry the totals: ask for them alone.
  const totals = rows[0] ?? (page.offset > 0 ? rowsOf<Totals>(await db.execute(rankedUnits(start, end, scope, { limit: 1, offset: 0 })))[0] : undefined);
  return {
    units: Number(totals?.units ?? 0),
    allAccesses: Number(totals?.all_accesses ?? 0),
    rows: rows.map((r) => ({ itemId: Number(r.item_id), accesses: Number(r.accesses), title: r.title, areas: r.areas ?? [] })),
  };
}

/** Every unit of `scope` with accesses in [start, end], in the ranking's order, without details (the CSV's). */
export async function rankAllUnits(db: Executor, start: string, end: string, scope: UnitScope): Promise<UnitAccesses[]> {
  const whose = tallied(scope);
  if (whose) return (await tallyUnits(db, whose, start, end)).rank(0);
  return rowsOf<{ item_id: number; accesses: number }>(await db.execute(rankedUnits(start, end, scope))).map((r) => ({
    itemId: Number(r.item_id),
    accesses: Number(r.accesses),
  }));
}

/** The `limit` most accessed units of one institution's students in [start, end], with their details. */
export async function sellerTopUnits(db: Executor, start: string, end: string, sellerId: number, limit: number): Promise<DetailedUnit[]> {
  return withDetails(db, (await tallyUnits(db, { scope: 'seller', id: sellerId }, start, end)).rank(0, limit));
}

export interface UnitDetails {
  title: string;
  areas: string[];
}

/**
 * The unit's title and knowledge areas, for an `items i` row: its published version's, or, for a unit no longer
 * published, its current version's (its accesses still count). Areas in the version's order.
 */
const DETAILS = sql`left join item_contents c on c.id = coalesce(i.published_content_id, i.current_content_id)`;
const DETAIL_COLUMNS = sql`coalesce(c.title, '') as title,
  array(select k.title from knowledge_areas k where k.id = any(c.knowledge_ids) order by array_position(c.knowledge_ids, k.id)) as areas`;

/** Ranked rows (`item_id`, `accesses`, …) with each unit's `title` and `areas`, in the ranking's order. */
const dressed = (ranked: SQL): SQL => sql`
  select r.*, ${DETAIL_COLUMNS}
    from (${ranked}) r join items i on i.id = r.item_id ${DETAILS}
   order by r.accesses desc, r.item_id`;

/** Title and knowledge areas of each unit (the CSV's batches). */
export async function unitDetails(db: Executor, itemIds: readonly number[]): Promise<Map<number, UnitDetails>> {
  if (itemIds.length === 0) return new Map();
  const rows = rowsOf<{ id: number; title: string; areas: string[] | null }>(
    await db.execute(sql`select i.id, ${DETAIL_COLUMNS} from items i ${DETAILS} where i.id = any(${intArray(itemIds)})`),
  );
  return new Map(rows.map((r) => [Number(r.id), { title: r.title, areas: r.areas ?? [] }]));
}

/** Ranked units with their title and knowledge areas, in the same order. */
export async function withDetails(db: Executor, rows: readonly UnitAccesses[]): Promise<DetailedUnit[]> {
  const details = await unitDetails(db, rows.map((r) => r.itemId));
  return rows.map((r) => ({ ...r, title: details.get(r.itemId)?.title ?? '', areas: details.get(r.itemId)?.areas ?? [] }));
}
