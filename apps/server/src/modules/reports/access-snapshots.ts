/**
 * Units ranked by their accesses in a range without reading every unit-month row: over every unit (the
 * unit-access report of staff), one provider's units, or one institution's students' accesses.
 *
 * Ranking units by their accesses in [start, end] needs every unit's sum. From the month rows that is one row per unit
 * and month touched (92,000 rows for a year of the bench's 10 million events over every unit): an aggregate that costs
 * more than 1/50 of the raw scan. Here a unit's sum is split in three:
 *
 *   the months wholly inside: S(last − 1)[u] − S(first)[u]   (two snapshots, below)
 *   the first month, from start's day: its row's accesses − days[start − 1]
 *   the last month, up to end's day:   its row's days[end]
 *
 * where S(m) is a SNAPSHOT — the scope's units' accesses from the beginning through the end of month m — kept packed in
 * one row of `access_item_snapshots` (a varint stream, ~3 bytes a unit). A ranking reads two snapshots and the rows of
 * its two edge months (the units opened in those months), and sums, counts and ranks in memory: for the bench's year
 * over every unit, ~34,000 units from 2 × ~100 KB and ~12,000 edge rows. A range inside one month reads only that
 * month's rows. The month rows of a scope: `access_item_months` (every unit; a provider's, by provider_id) or
 * `access_unit_months` (an institution's, by seller_id).
 *
 * Snapshots are made when a report needs one (from the previous month's, or from the month rows) and are never
 * trusted blindly: one is current while its `through_total` equals access_scope_months' total of its scope through its
 * month — counts only grow, so equal totals mean no event of those months was folded since. A late event (folded after
 * its month closed) makes it stale and the next report remakes it. A range ending this month reads the snapshot of
 * the month before at most, a closed one; one ending next month would read this month's, remade whenever it is stale.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { AccessScope } from './access.tables';
import { monthOf, rowsOf } from './access-ranges';
import { REPORT_TIME_ZONE } from './report-dates';
import { packCounts, unpackCounts } from './packed-counts';
import { tallyOf, unitSums, type UnitTally } from './unit-tally';

// ---- Calendar (YYYY-MM-DD strings). ----

const previousMonth = (month: string) => {
  const d = new Date(`${month}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
};
const asBuffer = (v: unknown): Buffer => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array));

// ---- Scopes. ----

/** Whose units: every unit ('all', id 0), one provider's units, or one institution's students' accesses. */
export interface TallyScope {
  scope: AccessScope;
  id: number;
}
export const EVERY_UNIT: TallyScope = { scope: 'all', id: 0 };

/** The scope's month rows (alias `m`: item_id, month, accesses, days). */
function monthRows(s: TallyScope): SQL {
  if (s.scope === 'seller') return sql`access_unit_months m where m.seller_id = ${s.id} and`;
  if (s.scope === 'provider') return sql`access_item_months m where m.provider_id = ${s.id} and`;
  return sql`access_item_months m where`;
}

/** The scope's kept total through a month (`month_sql`, an SQL date): a snapshot of it is current when equal. */
const expectedTotal = (s: TallyScope, month: SQL) => sql`(select coalesce(sum(a.accesses), 0) from access_scope_months a
  where a.scope = ${s.scope} and a.scope_id = ${s.id} and a.month <= ${month})::bigint`;

// ---- Snapshots. ----

interface SnapshotRow {
  month: string;
  through_total: string | number | null;
  max_item_id: number | null;
  counts: unknown;
  expected: string | number;
}

/** The snapshots of `months` (closed months), made or remade where missing or stale; in the order asked. */
async function snapshots(db: Executor, scope: TallyScope, months: string[]): Promise<{ maxItemId: number; counts: Buffer }[]> {
  const read = async () =>
    rowsOf<SnapshotRow>(
      await db.execute(sql`
        select m.month::text as month, s.through_total, s.max_item_id, s.counts, ${expectedTotal(scope, sql`m.month`)} as expected
          from unnest(${`{${months.join(',')}}`}::date[]) with ordinality m(month, i)
          left join access_item_snapshots s on s.scope = ${scope.scope} and s.scope_id = ${scope.id} and s.month = m.month
         order by m.i`),
    );
  const current = (r: SnapshotRow) => r.through_total !== null && Number(r.through_total) === Number(r.expected);
  // Read together, current together. A stale one is remade and all are read again: a late event folded meanwhile can
  // make one stale again, so a few rounds; past them (a stream of late events into closed months, seconds after a
  // month ends) the last read is used and the next report counts them.
  let rows = await read();
  for (let round = 0; round < 3 && !rows.every(current); round++) {
    for (const r of rows.filter((x) => !current(x))) await makeSnapshot(db, scope, r.month);
    rows = await read();
  }
  return rows.map((r) => ({ maxItemId: Number(r.max_item_id ?? 0), counts: r.counts ? asBuffer(r.counts) : Buffer.alloc(0) }));
}

/**
 * (Re)makes the snapshot of `month`: the previous month's snapshot, when current, plus the month's rows; otherwise every
 * month row up to it. Read in one statement, so its total is of one moment; an event folded meanwhile only makes it
 * stale again (remade by the next report).
 */
async function makeSnapshot(db: Executor, scope: TallyScope, month: string): Promise<void> {
  const before = previousMonth(month);
  const [prev] = rowsOf<SnapshotRow>(
    await db.execute(sql`
      select s.month::text as month, s.through_total, s.max_item_id, s.counts, ${expectedTotal(scope, sql`s.month`)} as expected
        from access_item_snapshots s where s.scope = ${scope.scope} and s.scope_id = ${scope.id} and s.month = ${before}::date`),
  );
  const base = prev && Number(prev.through_total) === Number(prev.expected) ? asBuffer(prev.counts) : null;
  const added = rowsOf<{ item_id: number; n: string | number }>(
    await db.execute(sql`
      select m.item_id, sum(m.accesses)::bigint as n from ${monthRows(scope)} m.month <= ${month}::date
         ${base ? sql`and m.month > ${before}::date` : sql``}
       group by m.item_id order by m.item_id`),
  );
  // Merge the base (ascending ids) with the month rows (ascending ids).
  const ids: number[] = [];
  const counts: number[] = [];
  let j = 0;
  const takeAddedUpTo = (limit: number) => {
    while (j < added.length && added[j]!.item_id < limit) {
      ids.push(added[j]!.item_id);
      counts.push(Number(added[j]!.n));
      j++;
    }
  };
  if (base)
    unpackCounts(base, (id, count) => {
      takeAddedUpTo(id);
      const extra = j < added.length && added[j]!.item_id === id ? Number(added[j++]!.n) : 0;
      ids.push(id);
      counts.push(count + extra);
    });
  takeAddedUpTo(Infinity);
  const total = counts.reduce((a, b) => a + b, 0);
  const packed = packCounts(ids, counts);
  const maxItemId = ids.length ? ids[ids.length - 1]! : 0;
  await db.execute(sql`
    insert into access_item_snapshots (scope, scope_id, month, through_total, max_item_id, counts)
    values (${scope.scope}, ${scope.id}, ${month}::date, ${total}, ${maxItemId}, ${packed})
    on conflict (scope, scope_id, month) do update set through_total = excluded.through_total, max_item_id = excluded.max_item_id,
      counts = excluded.counts, made_at = now()
    -- Counts only grow: a slower request's older snapshot never replaces a newer one.
    where access_item_snapshots.through_total <= excluded.through_total`);
}

/** Today's month in São Paulo, the reports' calendar (YYYY-MM-01). */
const thisMonth = (now: Date) => `${new Intl.DateTimeFormat('en-CA', { timeZone: REPORT_TIME_ZONE }).format(now).slice(0, 7)}-01`;

/**
 * Keeps every unit's snapshot through LAST month current — the one a range ending this month reads — so the first
 * report of a month (or the first after a late event) finds it made. Run by the fold's timer after each round: one
 * number compared; the snapshot is remade only when stale.
 */
export async function keepLastMonthSnapshot(db: Executor, now = new Date()): Promise<void> {
  const month = previousMonth(thisMonth(now));
  const [row] = rowsOf<{ current: boolean }>(
    await db.execute(sql`
      select coalesce((select s.through_total from access_item_snapshots s
                        where s.scope = 'all' and s.scope_id = 0 and s.month = ${month}::date)
                      = ${expectedTotal(EVERY_UNIT, sql`${month}::date`)}, false) as current`),
  );
  if (!row?.current) await makeSnapshot(db, EVERY_UNIT, month);
}

// ---- The tally. ----

/**
 * The accesses in [start, end] of each unit of `scope` (dates already validated, start ≤ end). Reads two snapshots and
 * two months of rows at most (see the top of this file). Snapshots cover closed months only: in a range ending after
 * this month, the months wholly inside from this one on are read as rows (their whole accesses).
 */
export async function tallyUnits(db: Executor, scope: TallyScope, start: string, last: string, now = new Date()): Promise<UnitTally> {
  const [first, lastMonth] = [monthOf(start), monthOf(last)];
  const from = Number(start.slice(8, 10));
  const to = Number(last.slice(8, 10));
  const before = from > 1 ? sql`m.days[${from - 1}::int]` : sql`0`;
  const upTo = sql`m.days[${to}::int]`;
  // The months wholly inside end with the one before the last; snapshots reach the last closed month at most.
  const insideTo = first === lastMonth ? first : previousMonth(lastMonth);
  const closedTo = previousMonth(thisMonth(now));
  const snapTo = insideTo < closedTo ? insideTo : closedTo;
  const snapped = snapTo > first;
  // Rows: the edge months' partial accesses, and the whole accesses of the months inside past the snapshots.
  const partial =
    first === lastMonth
      ? sql`${upTo} - ${before}`
      : sql`case when m.month = ${first}::date then m.accesses - ${before} when m.month = ${lastMonth}::date then ${upTo} else m.accesses end`;
  const [edgeRows, snaps] = await Promise.all([
    // As (int4 id, int4 accesses) pairs in one bytea: no row objects for thousands of units.
    db.execute(sql`
      select coalesce(string_agg(int4send(m.item_id) || int4send((${partial})::int), ''::bytea), ''::bytea) as pairs
        from ${monthRows(scope)} m.month between ${first}::date and ${lastMonth}::date
         and (m.month in (${first}::date, ${lastMonth}::date) or m.month > ${snapped ? snapTo : first}::date)`),
    snapped ? snapshots(db, scope, [first, snapTo]) : Promise.resolve(null),
  ]);
  const pairs = asBuffer(rowsOf<{ pairs: unknown }>(edgeRows)[0]!.pairs);
  let maxId = snaps ? Math.max(snaps[0]!.maxItemId, snaps[1]!.maxItemId) : 0;
  for (let p = 0; p < pairs.length; p += 8) maxId = Math.max(maxId, pairs.readInt32BE(p));
  const sums = unitSums(maxId);
  if (snaps) {
    unpackCounts(snaps[1]!.counts, (id, count) => sums.add(id, count));
    unpackCounts(snaps[0]!.counts, (id, count) => sums.add(id, -count));
  }
  for (let p = 0; p < pairs.length; p += 8) sums.add(pairs.readInt32BE(p), pairs.readInt32BE(p + 4));
  const ids: number[] = [];
  const counts: number[] = [];
  sums.each((id, count) => {
    if (count > 0) {
      ids.push(id);
      counts.push(count);
    }
  });
  return tallyOf(ids, counts);
}
