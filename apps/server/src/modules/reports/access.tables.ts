/**
 * Access tracking: what students open and how the reports count it.
 *
 * It follows the incremental-rollup design of Citus's "rollup tables" (docs/architecture.md, "Access events and
 * rollups"): each opening of a unit is ONE insert into the append-only `access_events` (no updates of shared rows on
 * the student's request, so 200 concurrent students never wait on each other); a fold (modules/reports/access-rollups.ts)
 * adds the events after a watermark to the rollups in one transaction, under an advisory lock, so it runs once across
 * server instances. Reports read the rollups only, after folding what is pending, so they are exact and independent of
 * the number of raw events.
 *
 * Rollup grains: per institution, student and day / month (the access report), and the report grains of migration 0023
 * (months carrying their cumulative days: per institution and unit, per unit, per scope; each student's active days).
 * The unit-by-day rollup of 0021 was dropped by 0025: the months' days answer every range.
 */
import { sql } from 'drizzle-orm';
import { bigint, customType, date, index, integer, pgTable, primaryKey, smallint, text, timestamp} from 'drizzle-orm/pg-core';
import { sellers } from '../institutions/institutions.tables';
import { itemContents, items } from '../units/units.tables';

/** PostgreSQL's 64-bit transaction id (PG 13+), read as text. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * One opening of a unit by a student (append-only). `student_id` is the institution's id of the student (the share
 * link's, the LMS user's, or the one the student typed on a link that names none); `source`: 'link' | 'lms'.
 * `provider_id` is the unit's provider when opened (reports by provider without a join).
 */
export const accessEvents = pgTable(
  'access_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    studentId: text('student_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    itemContentId: integer('item_content_id')
      .notNull()
      .references(() => itemContents.id),
    providerId: integer('provider_id').notNull(),
    source: text('source').notNull().default('link'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The inserting transaction (`pg_current_xact_id()`, migration 0025): the fold takes the events whose transaction
     * ended before the oldest one still running (`pg_snapshot_xmin`), so it never waits for, nor locks out, the inserts
     * in flight. Null on the events folded before 0025 (all of them by then).
     */
    xid: xid8('xid').default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // BRIN: tiny and nearly free to keep on an append-only table; lets the raw-event comparison of `npm run bench` and
    // a retention job find a time range.
    index('access_events_occurred_brin').using('brin', t.occurredAt),
    // The fold's window, in its keyset order (transactions only grow: the entries go to the right end).
    index('access_events_fold_idx').on(t.xid, t.id).where(sql`${t.xid} is not null`),
  ],
);

/**
 * The fold's watermark: every event at or before (last_xid, last_event_id) in (xid, id) order is in the rollups, and
 * so is every event without an xid (recorded before migration 0025). One row (id = 1).
 */
export const accessFold = pgTable('access_fold', {
  id: smallint('id').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
  lastXid: xid8('last_xid').notNull().default(sql`'1'::xid8`),
  foldedAt: timestamp('folded_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Bumped by every fold transaction that changed a rollup (events folded, or units' areas rebuilt; migration 0037):
   * the reports' memo keys (reports/report-memo.ts).
   */
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/**
 * Units whose knowledge areas changed since the fold last rebuilt their rows of `access_area_months` (migration 0037,
 * queued by trigger access_area_months_keep on published_unit_areas). The fold, under its lock, rebuilds them from
 * `access_item_months` and empties the queue.
 */
export const accessAreaResync = pgTable('access_area_resync', {
  itemId: integer('item_id').primaryKey(),
});

const studentRollup = (name: string, period: 'day' | 'month') =>
  pgTable(
    name,
    {
      sellerId: integer('seller_id').notNull(),
      studentId: text('student_id').notNull(),
      /** The day, or the first day of the month. */
      period: date(period, { mode: 'string' }).notNull(),
      accesses: integer('accesses').notNull(),
      lastAccess: timestamp('last_access', { withTimezone: true }).notNull(),
    },
    (t) => [
      // A seller's rows in student order stream into the report's groups; a range filter on the period follows.
      // Migration 0040 rebuilt it INCLUDE (accesses, last_access) (drizzle-kit has no INCLUDE): the report's reads of a
      // student's rows are index-only.
      primaryKey({ name: `${name}_pk`, columns: [t.sellerId, t.studentId, t.period] }),
      index(`${name}_period_idx`).on(t.period, t.sellerId),
    ],
  );

/** Accesses per institution, student and day (the access report). */
export const accessStudentDays = studentRollup('access_student_days', 'day');
/** Accesses per institution, student and month (long ranges of the access report). */
export const accessStudentMonths = studentRollup('access_student_months', 'month');
/**
 * Accesses per institution, unit and month (an institution's most accessed units). `days` (migration 0023): the
 * month's cumulative accesses by day, as in the report grains below, so any range reads month rows only.
 */
export const accessUnitMonths = pgTable(
  'access_unit_months',
  {
    sellerId: integer('seller_id').notNull(),
    itemId: integer('item_id').notNull(),
    providerId: integer('provider_id').notNull(),
    period: date('month', { mode: 'string' }).notNull(),
    accesses: integer('accesses').notNull(),
    days: integer('days').array().notNull(),
  },
  (t) => [
    primaryKey({ name: 'access_unit_months_pk', columns: [t.sellerId, t.period, t.itemId] }),
    index('access_unit_months_provider_idx').on(t.providerId, t.period, t.itemId),
    index('access_unit_months_period_idx').on(t.period, t.itemId),
  ],
);

/**
 * The access reports' grains (migration 0023; docs/architecture.md, "The access reports"). Grains that
 * answer a report over ANY range from one row per entity and month, kept by the same fold:
 *
 * - a month row carries its days: `days` is the month's CUMULATIVE count by day (days[d] = accesses on days 1..d;
 *   31 entries, the ones past the month's end repeat its total), so the accesses of days a..b of the month are
 *   days[b] - days[a-1]. A range then reads the months it touches (at most 25), never day rows.
 * - `access_item_months`: per unit and month, every institution together (the unit-access report's ranking and the
 *   'most accessed units' charts over a provider or everything).
 * - `access_scope_months`: per scope and month — scope 'all' (scope_id 0), 'seller' (an institution) or 'provider' —
 *   the total and the per-day trend of a report from about 13 rows a year.
 * - `access_student_activity`: per institution and student, the days with an access as a multirange, so the unique
 *   students of a period (and of every institution at once) are one row per student, not one per student and day.
 */
const cumulativeDays = () => integer('days').array().notNull();

export const accessItemMonths = pgTable(
  'access_item_months',
  {
    itemId: integer('item_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    providerId: integer('provider_id').notNull(),
    accesses: integer('accesses').notNull(),
    days: cumulativeDays(),
  },
  (t) => [
    primaryKey({ name: 'access_item_months_pk', columns: [t.itemId, t.month] }),
    index('access_item_months_month_idx').on(t.month, t.itemId),
    index('access_item_months_provider_idx').on(t.providerId, t.month, t.itemId),
  ],
);

/** The scopes of `access_scope_months`. */
export const ACCESS_SCOPES = ['all', 'seller', 'provider'] as const;
export type AccessScope = (typeof ACCESS_SCOPES)[number];

export const accessScopeMonths = pgTable(
  'access_scope_months',
  {
    scope: text('scope').$type<AccessScope>().notNull(),
    /** The institution or provider id; 0 for 'all'. */
    scopeId: integer('scope_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    accesses: integer('accesses').notNull(),
    days: cumulativeDays(),
  },
  (t) => [primaryKey({ name: 'access_scope_months_pk', columns: [t.scope, t.scopeId, t.month] })],
);

/** bytea, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A scope's units' accesses from the first one through the end of a month (migration 0030), packed (`counts`, see
 * reports/access-snapshots.ts): a ranking of units over a range reads two of them and the range's two edge months
 * instead of every unit-month row. Scopes as in `access_scope_months`: 'all' (id 0, every institution together),
 * 'seller' (one institution's students), 'provider' (one provider's units). Made when a report needs one, and remade
 * when stale: a snapshot is current while `through_total` (the sum of its counts) equals access_scope_months' total
 * of its scope through its month, since the counts only grow.
 */
export const accessItemSnapshots = pgTable(
  'access_item_snapshots',
  {
    scope: text('scope').$type<AccessScope>().notNull(),
    scopeId: integer('scope_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    throughTotal: bigint('through_total', { mode: 'number' }).notNull(),
    /** The largest unit id in `counts` (0 when empty). */
    maxItemId: integer('max_item_id').notNull(),
    counts: bytea('counts').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'access_item_snapshots_pk', columns: [t.scope, t.scopeId, t.month] })],
);

/** PostgreSQL's datemultirange (PostgreSQL 14+), read and written as its text form. */
const dateMultirange = customType<{ data: string; driverData: string }>({ dataType: () => 'datemultirange' });

export const accessStudentActivity = pgTable(
  'access_student_activity',
  {
    sellerId: integer('seller_id').notNull(),
    studentId: text('student_id').notNull(),
    /** The São Paulo days with at least one access. */
    days: dateMultirange('days').notNull(),
  },
  (t) => [primaryKey({ name: 'access_student_activity_pk', columns: [t.sellerId, t.studentId] })],
);

/**
 * The unit-access report's area scope (migration 0036): `access_item_months` again, once per knowledge area of the
 * unit's published version (published_unit_areas, area 0 — none — left out), so one area's ranking and trend read
 * only its units' rows. Kept by the fold: the batch's units, through their areas; and a unit whose areas changed
 * (queued in `access_area_resync` by trigger access_area_months_keep on published_unit_areas) rebuilt from
 * access_item_months by the next fold, which every report runs first when one is queued.
 */
export const accessAreaMonths = pgTable(
  'access_area_months',
  {
    knowledgeId: integer('knowledge_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    itemId: integer('item_id').notNull(),
    providerId: integer('provider_id').notNull(),
    accesses: integer('accesses').notNull(),
    days: cumulativeDays(),
  },
  (t) => [
    primaryKey({ name: 'access_area_months_pk', columns: [t.knowledgeId, t.month, t.itemId] }),
    index('access_area_months_provider_idx').on(t.providerId, t.knowledgeId, t.month, t.itemId),
    // A unit's rows, whatever its areas (the fold's rebuild of a unit whose areas changed; migration 0038).
    index('access_area_months_item_idx').on(t.itemId),
  ],
);

/**
 * The unique students of a range without reading one row per student (migration 0036), per scope 'all' (id 0) or
 * 'seller', kept by the fold beside access_student_activity. The students active in [s, e] are those active on s
 * plus those whose first active day after s − 1 starts a run of days in (s, e] — a run whose student was last active
 * before s:
 *
 * - `access_scope_student_days`: per month, the students active on each day (days[d], NOT cumulative);
 * - `access_scope_student_runs`: per month and `before` (the student's last active day before the run; '-infinity'
 *   for its first run), the runs of consecutive active days starting in the month, cumulative by their first day.
 *
 * So unique students of [s, e] = student_days(s) + Σ runs with before < s starting in (s, e]: rows bounded by the
 * calendar (days before s × months of the range), whatever the number of students.
 */
export const accessScopeStudentDays = pgTable(
  'access_scope_student_days',
  {
    scope: text('scope').$type<AccessScope>().notNull(),
    scopeId: integer('scope_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    days: integer('days').array().notNull(),
  },
  (t) => [primaryKey({ name: 'access_scope_student_days_pk', columns: [t.scope, t.scopeId, t.month] })],
);

export const accessScopeStudentRuns = pgTable(
  'access_scope_student_runs',
  {
    scope: text('scope').$type<AccessScope>().notNull(),
    scopeId: integer('scope_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    before: date('before', { mode: 'string' }).notNull(),
    days: cumulativeDays(),
  },
  (t) => [primaryKey({ name: 'access_scope_student_runs_pk', columns: [t.scope, t.scopeId, t.month, t.before] })],
);
