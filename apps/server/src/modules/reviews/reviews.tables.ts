import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';
import { sellers } from '../institutions/institutions.tables';
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
  ],
);

/**
 * The staff units list (Ativas, Publicadas, Reprovadas, title search): one narrow row per unit version that has a
 * review, for its latest review (highest version), with the columns the list filters and sorts on, the unit
 * version's status and folded title included, so that a list and its capped count read this table and its
 * indexes only (the page's 10 rows are joined to the rest afterwards). Kept by the database in the same
 * transaction as the write (triggers review_list_keep on reviews and review_list_keep_unit on item_contents,
 * migration 0014); never written by the application.
 */
export const reviewList = pgTable(
  'review_list',
  {
    reviewId: integer('review_id').primaryKey().references(() => reviews.id, { onDelete: 'cascade' }),
    itemContentId: integer('item_content_id').notNull(),
    /** The review's. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull(),
    managerStatus: text('manager_status'),
    curatorId: integer('curator_id').notNull(),
    reviewerId: integer('reviewer_id').notNull(),
    /** The unit version's status and folded title (item_contents.status, title_folded). */
    unitStatus: text('unit_status').notNull(),
    titleFolded: text('title_folded').notNull(),
  },
  (t) => [
    uniqueIndex('review_list_content_unique').on(t.itemContentId),
    // Title search (trigram, accent-free) and one index per tab and sort; trailing columns let filters run index-only.
    index('review_list_title_trgm_idx').using('gin', sql`${t.titleFolded} gin_trgm_ops`),
    index('review_list_active_idx').on(t.createdAt, t.reviewId, t.unitStatus).where(sql`${t.active}`),
    index('review_list_closed_idx').on(t.managerStatus, t.createdAt, t.reviewId).where(sql`not ${t.active}`),
    index('review_list_created_idx').on(t.createdAt, t.reviewId),
    index('review_list_title_idx').on(t.titleFolded, t.reviewId, t.active, t.managerStatus),
    // A curator's or reviewer's own reviews (the access gate's review.read), per tab, newest first.
    index('review_list_curator_idx').on(t.curatorId, t.active, t.createdAt, t.reviewId, t.managerStatus),
    index('review_list_reviewer_idx').on(t.reviewerId, t.active, t.createdAt, t.reviewId, t.managerStatus),
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
    /** A student's report or feedback: the institution whose link the student used, and the student. */
    sellerId: integer('seller_id').references(() => sellers.id),
    studentId: text('student_id'),
    status: text('status').notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The report's order, newest first: a deep page skips its offset on this index alone (index-only).
    index('item_feedbacks_created_idx').on(t.createdAt, t.id),
    index('item_feedbacks_status_idx').on(t.status),
    // The provider dashboard's 'most popular' units: the reports on each published version.
    index('item_feedbacks_content_idx').on(t.itemContentId, t.reporterId),
  ],
);
