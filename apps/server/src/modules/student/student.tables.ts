/** What students leave on a unit: their votes (one per student and unit). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from '../institutions/institutions.tables';
import { itemContents, items } from '../units/units.tables';

/**
 * A student's star vote on a unit (1–5, one per student and unit within an institution: the student id is the
 * institution's, e.g. its LMS user). Recorded by the student viewer; the catalogue shows the average to
 * providers. items.rating_sum / rating_count are kept by the database (trigger unit_votes_keep_rating, 0017).
 */
export const unitVotes = pgTable(
  'unit_votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    itemContentId: integer('item_content_id').references(() => itemContents.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    studentId: text('student_id').notNull(),
    stars: smallint('stars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unit_votes_one_per_student').on(t.itemId, t.sellerId, t.studentId),
    check('unit_votes_stars', sql`${t.stars} between 1 and 5`),
  ],
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

