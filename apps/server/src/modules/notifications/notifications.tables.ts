import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';
import { sellers } from '../institutions/institutions.tables';

/** The per-user bell (spec 1 §2.14): HTML text sanitized on write, read state. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    text: text('text').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

export const noticeTemplates = pgTable('notice_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  htmlContent: text('html_content').notNull(),
  requiresReadConfirmation: boolean('requires_read_confirmation').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A notice sent to ALL sellers or to SELECTED ones (spec 1 §3 "Seller notice"). */
export const sellerNotices = pgTable(
  'seller_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id').notNull().references(() => noticeTemplates.id),
    targetType: text('target_type').notNull().default('ALL'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('seller_notices_created_idx').on(t.createdAt), index('seller_notices_template_idx').on(t.templateId)],
);

export const sellerNoticeTargets = pgTable(
  'seller_notice_targets',
  {
    noticeId: integer('notice_id').notNull().references(() => sellerNotices.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.sellerId] }), index('seller_notice_targets_seller_idx').on(t.sellerId)],
);

/** Read state of a notice per user of a seller. */
export const sellerNoticeReads = pgTable(
  'seller_notice_reads',
  {
    noticeId: integer('notice_id').notNull().references(() => sellerNotices.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);
