/**
 * Delivery to students (issue 13): what students open and how the reports count it, and the units an
 * institution's LMS linked with its key.
 *
 * Access tracking follows the incremental-rollup design of Citus's "rollup tables" (docs/architecture.md, "Issue 13
 * — access events and rollups"): each opening of a unit is ONE insert into the append-only `access_events` (no
 * updates of shared rows on the student's request, so 200 concurrent students never wait on each other); a fold
 * (modules/delivery/access-rollups.ts) adds the events after a watermark to the rollups in one transaction, under an
 * advisory lock, so it runs once across server instances. Reports read the rollups only, after folding what is
 * pending, so they are exact and independent of the number of raw events.
 *
 * Rollup grains: per institution, student and day / month (the access report); per institution, unit and day /
 * month (the unit-access report, its charts and the providers' 'most popular'). A report over a range reads the
 * months wholly inside it from the month tables and the days at its edges from the day tables.
 */
import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from '../sellers/sellers.tables';
import { itemContents, items } from '../units/units.tables';

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
  },
  // BRIN: tiny and nearly free to keep on an append-only table; lets the raw-event comparison of `npm run bench` and a
  // retention job find a time range.
  (t) => [index('access_events_occurred_brin').using('brin', t.occurredAt)],
);

/** The fold's watermark: every event with id ≤ last_event_id is in the rollups. One row (id = 1). */
export const accessFold = pgTable('access_fold', {
  id: smallint('id').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull(),
  foldedAt: timestamp('folded_at', { withTimezone: true }).notNull().defaultNow(),
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
      primaryKey({ name: `${name}_pk`, columns: [t.sellerId, t.studentId, t.period] }),
      index(`${name}_period_idx`).on(t.period, t.sellerId),
    ],
  );

const unitRollup = (name: string, period: 'day' | 'month') =>
  pgTable(
    name,
    {
      sellerId: integer('seller_id').notNull(),
      itemId: integer('item_id').notNull(),
      providerId: integer('provider_id').notNull(),
      period: date(period, { mode: 'string' }).notNull(),
      accesses: integer('accesses').notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pk`, columns: [t.sellerId, t.period, t.itemId] }),
      index(`${name}_provider_idx`).on(t.providerId, t.period, t.itemId),
      index(`${name}_period_idx`).on(t.period, t.itemId),
    ],
  );

/** Accesses per institution, student and day (the access report). */
export const accessStudentDays = studentRollup('access_student_days', 'day');
/** Accesses per institution, student and month (long ranges of the access report). */
export const accessStudentMonths = studentRollup('access_student_months', 'month');
/** Accesses per institution, unit and day (the unit-access report, its trend chart, 'most popular'). */
export const accessUnitDays = unitRollup('access_unit_days', 'day');
/** Accesses per institution, unit and month (long ranges of the unit-access report). */
export const accessUnitMonths = unitRollup('access_unit_months', 'month');

/**
 * A unit an institution's LMS linked with its LMS key (`POST /saveDataInJson`, spec 1 §7 "LMS API"). Generating a
 * new key deletes the institution's rows (the old key's items are unlinked, spec 1 §2.7).
 */
export const lmsItems = pgTable(
  'lms_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lms_items_seller_item_unique').on(t.sellerId, t.itemId)],
);

/** Students' questions to the AI (rate limit per student and link, and the record of what was asked). */
export const studentQuestions = pgTable(
  'student_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    studentId: text('student_id').notNull(),
    /** The link's signature (its last part), so a limit holds per student and link. */
    linkId: text('link_id').notNull(),
    itemContentId: integer('item_content_id')
      .notNull()
      .references(() => itemContents.id),
    question: text('question').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_questions_limit_idx').on(t.sellerId, t.studentId, t.linkId, t.createdAt)],
);

