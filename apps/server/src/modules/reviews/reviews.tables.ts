import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';
import { itemContents } from '../units/units.tables';

/**
 * A review of one unit version (spec 2 §3 "Review"): one curator and one reviewer, their statuses and the
 * manager's decision. A unit version may have several reviews (versions 1, 2, … after reopening); only
 * one is active at a time.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemContentId: integer('item_content_id').notNull().references(() => itemContents.id),
    /** Review version of this unit version (1, 2, … after reopening). */
    version: integer('version').notNull().default(1),
    curatorId: integer('curator_id').notNull().references(() => users.id),
    reviewerId: integer('reviewer_id').notNull().references(() => users.id),
    managerId: integer('manager_id').references(() => users.id),
    curatorStatus: text('curator_status'),
    reviewerStatus: text('reviewer_status'),
    managerStatus: text('manager_status'),
    active: boolean('active').notNull().default(true),
    /**
     * The latest review version of its unit version. Kept by the database (trigger reviews_keep_latest,
     * migration 0007): a new review clears the flag of the older ones. Lists filter on it instead of
     * looking for max(version) per row.
     */
    isLatest: boolean('is_latest').notNull().default(true),
    curationStartedAt: timestamp('curation_started_at', { withTimezone: true }),
    revisionStartedAt: timestamp('revision_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_content_version_unique').on(t.itemContentId, t.version),
    index('reviews_active_idx').on(t.active, t.managerStatus),
    index('reviews_curator_idx').on(t.curatorId),
    index('reviews_reviewer_idx').on(t.reviewerId),
    // The staff lists, newest first, on the latest reviews only: Ativas; Publicadas and Reprovadas; any.
    index('reviews_active_list_idx').on(t.createdAt, t.id).where(sql`${t.isLatest} and ${t.active}`),
    index('reviews_closed_list_idx').on(t.managerStatus, t.createdAt, t.id).where(sql`${t.isLatest} and not ${t.active}`),
    index('reviews_latest_created_idx').on(t.createdAt, t.id).where(sql`${t.isLatest}`),
    // From the unit versions a title search found to their latest review.
    index('reviews_latest_content_idx').on(t.itemContentId).where(sql`${t.isLatest}`),
  ],
);

/** A comment on a review (spec 2 §3 "Comment"). */
export const reviewComments = pgTable(
  'review_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reviewId: integer('review_id').notNull().references(() => reviews.id),
    itemContentId: integer('item_content_id').notNull().references(() => itemContents.id),
    authorId: integer('author_id').notNull().references(() => users.id),
    comment: text('comment').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('review_comments_review_idx').on(t.reviewId, t.createdAt)],
);

/** A problem report of a reader (spec 2 §2.11, §3 "Feedback"). */
export const itemFeedbacks = pgTable(
  'item_feedbacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemContentId: integer('item_content_id').notNull().references(() => itemContents.id),
    /** The unit's title when reported. */
    unitName: text('unit_name').notNull(),
    errorType: text('error_type').notNull(),
    errorDescription: text('error_description').notNull(),
    reporterId: integer('reporter_id').references(() => users.id),
    status: text('status').notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_feedbacks_created_idx').on(t.createdAt), index('item_feedbacks_status_idx').on(t.status)],
);
