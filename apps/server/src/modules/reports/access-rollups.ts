/**
 * The rollups of the access events (docs/architecture.md, "access events and rollups"); the events themselves are
 * recorded by access-events.ts.
 *
 * - `foldAccesses`: adds the events after the watermark (`access_fold`: last_xid, last_event_id) to the rollups (the
 *   student rollups of migration 0021, the report grains of 0023) and to `items.popularity`, a chunk per transaction.
 *   Events are numbered by a sequence but commit out of order, so the fold takes only the events whose inserting
 *   transaction (`access_events.xid`, migration 0025) ended before the oldest transaction still running
 *   (`pg_snapshot_xmin`), in (xid, id) order: nothing below that xid can still appear, and the fold neither waits for
 *   the students' inserts nor makes them wait (0021 read the window's end under an EXCLUSIVE lock of access_events,
 *   the technique of Citus's `incremental_rollup_window`, which queued the inserts arriving meanwhile behind it).
 *   An advisory lock makes one fold run at a time across server instances.
 *
 * Days and months are calendar dates in São Paulo (REPORT_TIME_ZONE), like every report range.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../platform/db';
import { isDatabaseUnavailable, rootCause } from '../../platform/pg-errors';
import { keepLastMonthSnapshot } from './access-snapshots';
import { REPORT_TIME_ZONE } from './report-dates';
import { addPopularity } from '../units/index';

const FOLD_LOCK = sql`hashtext('access_fold')`;

/**
 * Bumped whenever this process records an access or runs a fold: a generation that `foldedGeneration` saw before is
 * then looked at again rather than trusted for foldMarks.freshMs.
 */
let localEpoch = 0;
export function accessRecorded(): void {
  localEpoch++;
}

/** Every transaction below this one has ended: their events are all visible now and no other will appear below it. */
const SAFE_XID = sql`pg_snapshot_xmin(pg_current_snapshot())`;
/**
 * The events (`e`) after the watermark in the fold's (xid, id) order: a range of access_events_fold_idx. Every query
 * below walks that index in order with a LIMIT, so its plan does not hang on the column's statistics (the events
 * recorded before 0025 have no xid).
 */
const AFTER_WATERMARK = sql`e.xid is not null
  and (e.xid, e.id) > ((select f.last_xid from access_fold f where f.id = 1), (select f.last_event_id from access_fold f where f.id = 1))`;

/**
 * Folds every event of a finished transaction not yet in the rollups. Answers how many events it folded. Safe to call
 * from any instance at any time (reports call it before reading, a timer every ACCESS_FOLD_SECONDS). It never waits
 * for the inserts in flight nor makes them wait: an event whose transaction is still running when a chunk is taken
 * has an xid at or above the snapshot's xmin and is left for the next fold (migration 0025; before it, the window's
 * end was read under an EXCLUSIVE lock of access_events, which queued the students' inserts behind it).
 */
export async function foldAccesses(db: Db, opts: { maxChunks?: number; waitMs?: number } = {}): Promise<number> {
  const deadline = Date.now() + (opts.waitMs ?? FOLD_WAIT_MS);
  // The last event committed before this call: what the caller expects counted.
  const waits = deadline > Date.now();
  const target = waits ? await lastCommitted(db) : null;
  // Nothing committed after the watermark (the usual case when a report asks): nothing to fold, no second look.
  if (waits && !target) return 0;
  let folded = 0;
  for (;;) {
    const n = await foldPending(db, opts.maxChunks ?? Infinity);
    folded += n;
    // Done: nothing was waiting, the wait is over, a backlog (the timer's work) was met, or the target is folded.
    if (!target || Date.now() >= deadline || n >= FOLD_CHUNK || (await reached(db, target))) return folded;
    await new Promise((resolve) => setTimeout(resolve, FOLD_POLL_MS));
  }
}

/**
 * How long a fold waits, at most, by default, for the transactions still running that hold back an event committed
 * before the call (an event is taken only once every older transaction has ended): a few milliseconds in practice,
 * whatever else is running, since only transactions older than that event matter. The timer does not wait (waitMs
 * 0); reports and tests do, so what was recorded before them is counted. The students' inserts never wait.
 */
export const FOLD_WAIT_MS = 5_000;
const FOLD_POLL_MS = 10;

type Position = { xid: string; id: number };

/** The last committed event after the watermark, in the fold's order; null when every event is folded. */
async function lastCommitted(db: Db): Promise<Position | null> {
  // Forward first: with nothing after the watermark, PostgreSQL's backward scan below does not stop at the row bound
  // and walks every index entry of the watermark's xid (10 million events of one bulk insert: 2.3 s per report).
  const [any] = rowsOf<{ id: string }>(await db.execute(sql`select e.id from access_events e where ${AFTER_WATERMARK} order by e.xid, e.id limit 1`));
  if (!any) return null;
  const [row] = rowsOf<{ xid: string; id: string | number }>(
    await db.execute(sql`select e.xid::text as xid, e.id from access_events e where ${AFTER_WATERMARK} order by e.xid desc, e.id desc limit 1`),
  );
  return row ? { xid: row.xid, id: Number(row.id) } : null;
}

/** Whether the watermark reached `target`. */
async function reached(db: Db, target: Position): Promise<boolean> {
  const [row] = rowsOf<{ done: boolean }>(
    await db.execute(sql`select (f.last_xid, f.last_event_id) >= (${target.xid}::xid8, ${target.id}::bigint) as done from access_fold f where f.id = 1`),
  );
  return !!row?.done;
}

/** Folds the events the fold may take now, at most `maxChunks` chunks; answers how many. */
async function foldPending(db: Db, maxChunks: number): Promise<number> {
  // 0. Nothing new (the usual case when a report asks): one statement through the fold index, no transaction, no lock.
  // The first event after the watermark: the fold may take it when its transaction is older than every one running.
  const [peek] = rowsOf<{ ready: boolean | null; resync: boolean }>(
    await db.execute(sql`select (select e.xid < ${SAFE_XID} from access_events e where ${AFTER_WATERMARK} order by e.xid, e.id limit 1) as ready,
                                exists (select 1 from access_area_resync) as resync`),
  );
  // Units whose areas changed are rebuilt by a fold transaction even without events to take.
  if (!peek?.ready && !peek?.resync) return 0;
  localEpoch++;
  // 1. The aggregation, one fold at a time, in chunks (a backlog never makes one huge transaction).
  let folded = 0;
  try {
    for (let chunk = 0; chunk < maxChunks; chunk++) {
      const n = await foldChunk(db);
      if (n === null) break;
      folded += n;
    }
  } finally {
    // What this process knew of the fold's generation is old now (foldedGeneration looks again).
    localEpoch++;
  }
  return folded;
}

/**
 * How long this process trusts the fold's generation it last read (no access recorded nor fold run by it since):
 * within it, a report repeated with the same filters answers from its memo without a statement. Accesses recorded by
 * ANOTHER instance are counted once this passes (or once a fold anywhere moves the generation and this one looks).
 */
export const foldMarks = { freshMs: 1_000 };

const marks = new WeakMap<object, { generation: string; at: number; epoch: number }>();

/**
 * Before a report reads the rollups: folds what is pending (as foldBeforeReading) and answers the fold's generation
 * (`access_fold.generation`, bumped by every fold transaction that changed a rollup) — the key of the reports' memo
 * (report-memo.ts). One statement when nothing is pending (the generation and whether anything waits, together);
 * none while this process's last look is fresh (foldMarks.freshMs, no access recorded nor fold run by it since).
 */
export async function foldedGeneration(db: Db): Promise<string> {
  const seen = marks.get(db);
  if (seen && seen.epoch === localEpoch && Date.now() - seen.at < foldMarks.freshMs) return seen.generation;
  const look = async () =>
    rowsOf<{ generation: string; events: boolean; resync: boolean }>(
      await db.execute(sql`
        select f.generation::text as generation,
               (select e.id from access_events e where ${AFTER_WATERMARK} order by e.xid, e.id limit 1) is not null as events,
               exists (select 1 from access_area_resync) as resync
          from access_fold f where f.id = 1`),
    )[0] ?? { generation: '0', events: false, resync: false };
  // The epoch and time of the look that is kept: an access recorded by this process after it is looked for again.
  let [epoch, at] = [localEpoch, Date.now()];
  let mark = await look();
  if (mark.events || mark.resync) {
    try {
      await foldAccesses(db, mark.events ? { maxChunks: 1 } : { maxChunks: 1, waitMs: 0 });
    } catch {
      // As foldBeforeReading: the timer logs and retries; the report reads the rollups as they are.
    }
    [epoch, at] = [localEpoch, Date.now()];
    mark = await look();
  }
  // An event still held back (its transaction's elders still running) is looked for again by the next report.
  if (!mark.events) marks.set(db, { generation: mark.generation, at, epoch });
  else marks.delete(db);
  return mark.generation;
}

/**
 * Before a report (or the provider dashboard) reads the rollups: folds what is pending, so a visit of the last second
 * counts (waiting, at most FOLD_WAIT_MS, for a transaction still running that holds an event back). At most one chunk
 * per round: a backlog is the timer's work, not the reader's. A failed fold does not fail the report: it reads the
 * rollups as they are, at most a few ACCESS_FOLD_SECONDS behind, and the timer (which logs its failures) catches up.
 */
export async function foldBeforeReading(db: Db): Promise<void> {
  try {
    await foldAccesses(db, { maxChunks: 1 });
  } catch {
    // The timer logs and retries.
  }
}

/** Days of a month row's cumulative `days` array (access_item_months, access_scope_months). */
export const MONTH_DAYS = 31;
const dayNumbers = Array.from({ length: MONTH_DAYS }, (_, i) => i + 1);
/** A group's cumulative days from its rows (dom, n): entry d counts the accesses of days 1..d. */
const CUMULATE = sql.raw(`array[${dayNumbers.map((d) => `coalesce(sum(n) filter (where dom <= ${d}), 0)::int`).join(', ')}]`);
/** A month row's days plus the batch's, day by day (an upsert's `t` and `excluded`). */
const ADD_DAYS = sql.raw(`array[${dayNumbers.map((d) => `t.days[${d}] + excluded.days[${d}]`).join(', ')}]`);

/** A group's students by day (dom), NOT cumulative: entry d counts the rows of day d. */
const PER_DAY = sql.raw(`array[${dayNumbers.map((d) => `(count(*) filter (where dom = ${d}))::int`).join(', ')}]`);

/**
 * Rebuilds the `access_area_months` rows of the units queued in `access_area_resync` (their areas changed) from
 * `access_item_months`, inside a fold's transaction (under its lock); answers whether any was queued. A unit queued
 * by a transaction still running is rebuilt by the next fold.
 */
async function resyncAreas(tx: Executor): Promise<boolean> {
  const queued = rowsOf<{ item_id: number }>(await tx.execute(sql`delete from access_area_resync returning item_id`));
  if (!queued.length) return false;
  const ids = sql`${`{${queued.map((q) => Number(q.item_id)).join(',')}}`}::int[]`;
  await tx.execute(sql`delete from access_area_months m where m.item_id = any(${ids})`);
  await tx.execute(sql`
    insert into access_area_months (knowledge_id, month, item_id, provider_id, accesses, days)
    select a.knowledge_id, m.month, m.item_id, m.provider_id, m.accesses, m.days
      from access_item_months m join published_unit_areas a on a.item_id = m.item_id and a.knowledge_id <> 0
     where m.item_id = any(${ids})`);
  return true;
}

/** Events folded per transaction. */
export const FOLD_CHUNK = 200_000;

/** Folds the next chunk of finished events after the watermark; null when none is left. */
async function foldChunk(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK})`);
    // The watermark, read after the advisory lock (another instance's fold may just have moved it).
    await tx.execute(sql`select 1 from access_fold where id = 1 for update`);
    const tz = REPORT_TIME_ZONE;
    // The chunk once, in a temporary table, then every rollup from it. The events of transactions that ended before
    // the oldest one still running, after the watermark, in (xid, id) order: the fold index's order.
    await tx.execute(sql`
      create temporary table access_batch on commit drop as
      with w as materialized (
        select e.xid, e.id, e.seller_id, e.student_id, e.item_id, e.provider_id, e.occurred_at
          from access_events e where ${AFTER_WATERMARK} order by e.xid, e.id limit ${FOLD_CHUNK})
      -- In xid order, the events the fold may take come first: the prefix below the oldest running transaction.
      select w.xid, w.id, w.seller_id, w.student_id, w.item_id, w.provider_id, w.occurred_at,
             (w.occurred_at at time zone ${tz})::date as day,
             date_trunc('month', w.occurred_at at time zone ${tz})::date as month,
             extract(day from w.occurred_at at time zone ${tz})::int as dom
        from w where w.xid < ${SAFE_XID}`);
    const [last] = rowsOf<{ xid: string; id: string | number; n: number }>(
      await tx.execute(sql`select (select b.xid::text from access_batch b order by b.xid desc, b.id desc limit 1) as xid,
                                  (select b.id from access_batch b order by b.xid desc, b.id desc limit 1) as id,
                                  (select count(*)::int from access_batch) as n`),
    );
    if (!last || !last.n) {
      // No event to take: the units whose areas changed are rebuilt all the same.
      if (await resyncAreas(tx)) await tx.execute(sql`update access_fold set generation = generation + 1 where id = 1`);
      return null;
    }
    const studentFold = (table: string, period: string) => sql`
      insert into ${sql.raw(table)} as t (seller_id, student_id, ${sql.raw(period)}, accesses, last_access)
      select seller_id, student_id, ${sql.raw(period)}, count(*)::int, max(occurred_at) from access_batch group by 1, 2, 3
      on conflict (seller_id, student_id, ${sql.raw(period)})
      do update set accesses = t.accesses + excluded.accesses, last_access = greatest(t.last_access, excluded.last_access)`;
    await tx.execute(studentFold('access_student_days', 'day'));
    await tx.execute(studentFold('access_student_months', 'month'));
    // The month row carries its cumulative days (migration 0023), as the report grains below.
    await tx.execute(sql`
      with g as (select seller_id, month, item_id, min(provider_id) as provider_id, dom, count(*)::int as n from access_batch group by seller_id, month, item_id, dom)
      insert into access_unit_months as t (seller_id, month, item_id, provider_id, accesses, days)
      select seller_id, month, item_id, min(provider_id), sum(n)::int, ${CUMULATE} from g group by seller_id, month, item_id
      on conflict (seller_id, month, item_id) do update set accesses = t.accesses + excluded.accesses, days = ${ADD_DAYS}`);
    // The report grains of migration 0023: months carrying their days, and each student's active days.
    await tx.execute(sql`
      with g as (select item_id, month, min(provider_id) as provider_id, dom, count(*)::int as n from access_batch group by item_id, month, dom)
      insert into access_item_months as t (item_id, month, provider_id, accesses, days)
      select item_id, month, min(provider_id), sum(n)::int, ${CUMULATE} from g group by item_id, month
      on conflict (item_id, month) do update set accesses = t.accesses + excluded.accesses, days = ${ADD_DAYS}`);
    // One pass for the three scopes: every institution's, every provider's, and everything's ('all', id 0).
    await tx.execute(sql`
      with g as (select seller_id, provider_id, month, dom, count(*)::int as n from access_batch group by seller_id, provider_id, month, dom)
      insert into access_scope_months as t (scope, scope_id, month, accesses, days)
      select case when grouping(seller_id) = 0 then 'seller' when grouping(provider_id) = 0 then 'provider' else 'all' end,
             coalesce(seller_id, provider_id, 0), month, sum(n)::int, ${CUMULATE}
        from g group by grouping sets ((seller_id, month), (provider_id, month), (month))
      on conflict (scope, scope_id, month) do update set accesses = t.accesses + excluded.accesses, days = ${ADD_DAYS}`);
    // Each touched student's active days before and after the batch (its row is written by the fold only, under the
    // lock): the activity, and the unique-student totals of migration 0036 from the difference.
    await tx.execute(sql`
      create temporary table access_batch_students on commit drop as
      with b as (select seller_id, student_id, range_agg(daterange(day, day, '[]')) as days
                   from (select distinct seller_id, student_id, day from access_batch) x group by seller_id, student_id)
      select b.seller_id, b.student_id, a.days as old, case when a.days is null then b.days else a.days + b.days end as new
        from b left join access_student_activity a on a.seller_id = b.seller_id and a.student_id = b.student_id`);
    await tx.execute(sql`
      insert into access_student_activity as t (seller_id, student_id, days)
      select seller_id, student_id, new from access_batch_students
      on conflict (seller_id, student_id) do update set days = excluded.days`);
    // The students active on each day: the (student, day) pairs that were not active before.
    await tx.execute(sql`
      with x as (select distinct b.seller_id, b.student_id, b.month, b.dom from access_batch b
                   join access_batch_students s on s.seller_id = b.seller_id and s.student_id = b.student_id
                  where s.old is null or not s.old @> b.day)
      insert into access_scope_student_days as t (scope, scope_id, month, days)
      select case when grouping(seller_id) = 0 then 'seller' else 'all' end, coalesce(seller_id, 0), month, ${PER_DAY}
        from x group by grouping sets ((seller_id, month), (month))
      on conflict (scope, scope_id, month) do update set days = ${ADD_DAYS}`);
    // The runs of active days, each with its student's last active day before it: the touched students' runs after
    // the batch counted in, their runs before it counted out (the unchanged ones cancel out).
    await tx.execute(sql`
      with s as (select seller_id, student_id, 1 as sign, new as days from access_batch_students
                 union all
                 select seller_id, student_id, -1, old from access_batch_students where old is not null),
      r as (select s.seller_id, s.sign, lower(u.r) as start,
                   coalesce(lag(upper(u.r)) over (partition by s.seller_id, s.student_id, s.sign order by lower(u.r)) - 1, '-infinity'::date) as before
              from s cross join lateral unnest(s.days) u(r)),
      g as (select seller_id, date_trunc('month', start)::date as month, before, extract(day from start)::int as dom, sum(sign)::int as n
              from r group by 1, 2, 3, 4 having sum(sign) <> 0)
      insert into access_scope_student_runs as t (scope, scope_id, month, before, days)
      select case when grouping(seller_id) = 0 then 'seller' else 'all' end, coalesce(seller_id, 0), month, before, ${CUMULATE}
        from g group by grouping sets ((seller_id, month, before), (month, before))
      on conflict (scope, scope_id, month, before) do update set days = ${ADD_DAYS}`);
    // The area scope (migration 0036): the batch's unit-months again under each area of the unit.
    await tx.execute(sql`
      with g as (select item_id, month, min(provider_id) as provider_id, dom, count(*)::int as n from access_batch group by item_id, month, dom),
      u as (select item_id, month, min(provider_id) as provider_id, sum(n)::int as accesses, ${CUMULATE} as days from g group by item_id, month)
      insert into access_area_months as t (knowledge_id, month, item_id, provider_id, accesses, days)
      select a.knowledge_id, u.month, u.item_id, u.provider_id, u.accesses, u.days
        from u join published_unit_areas a on a.item_id = u.item_id and a.knowledge_id <> 0
      on conflict (knowledge_id, month, item_id) do update set accesses = t.accesses + excluded.accesses, days = ${ADD_DAYS}`);
    // 'Most popular' (provider dashboard): every access of the unit, in item id order (a fixed lock order).
    await addPopularity(tx, sql`select item_id, count(*)::int as n from access_batch group by item_id order by item_id`);
    await resyncAreas(tx);
    await tx.execute(sql`update access_fold set last_xid = ${last.xid}::xid8, last_event_id = ${Number(last.id)}, folded_at = now(),
                           generation = generation + 1 where id = 1`);
    return last.n;
  });
}

/**
 * Folds every `seconds` in the background (main.ts); a failed fold is logged and retried at the next tick. Answers a
 * stop function. Several instances may run it: the advisory lock makes their folds take turns.
 */
export function startAccessFolding(db: Db, seconds: number, log: { error: (o: object, m: string) => void }): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    foldAccesses(db, { waitMs: 0 })
      // Then every unit's snapshot through last month (reports/access-snapshots.ts), remade only when stale.
      .then(() => keepLastMonthSnapshot(db))
      // The database away: one short line per tick, not the query and its stack.
      .catch((err: unknown) => log.error(isDatabaseUnavailable(err) ? { db: rootCause(err) } : { err }, 'falha ao consolidar os acessos'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
