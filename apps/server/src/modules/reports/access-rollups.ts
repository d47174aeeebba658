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
import { rowsOf, type Db } from '../../platform/db';
import { isDatabaseUnavailable, rootCause } from '../../platform/pg-errors';
import { keepLastMonthSnapshot } from './access-snapshots';
import { REPORT_TIME_ZONE } from './report-dates';
import { addPopularity } from '../units/index';

const FOLD_LOCK = sql`hashtext('access_fold')`;

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
  const [peek] = rowsOf<{ ready: boolean }>(
    await db.execute(sql`select e.xid < ${SAFE_XID} as ready from access_events e where ${AFTER_WATERMARK} order by e.xid, e.id limit 1`),
  );
  if (!peek?.ready) return 0;
  // 1. The aggregation, one fold at a time, in chunks (a backlog never makes one huge transaction).
  let folded = 0;
  for (let chunk = 0; chunk < maxChunks; chunk++) {
    const n = await foldChunk(db);
    if (n === null) break;
    folded += n;
  }
  return folded;
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
    if (!last || !last.n) return null;
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
    await tx.execute(sql`
      insert into access_student_activity as t (seller_id, student_id, days)
      select seller_id, student_id, range_agg(daterange(day, day, '[]'))
        from (select distinct seller_id, student_id, day from access_batch) b group by seller_id, student_id
      on conflict (seller_id, student_id) do update set days = t.days + excluded.days`);
    // 'Most popular' (provider dashboard): every access of the unit, in item id order (a fixed lock order).
    await addPopularity(tx, sql`select item_id, count(*)::int as n from access_batch group by item_id order by item_id`);
    await tx.execute(sql`update access_fold set last_xid = ${last.xid}::xid8, last_event_id = ${Number(last.id)}, folded_at = now() where id = 1`);
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
