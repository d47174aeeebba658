import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only audit log: a trigger (migration 0001) rejects UPDATE and DELETE. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id'),
    sellerId: integer('seller_id'),
    action: text('action').notNull(),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_user_created_idx').on(t.userId, t.createdAt),
    index('audit_logs_seller_created_idx').on(t.sellerId, t.createdAt),
    index('audit_logs_action_created_idx').on(t.action, t.createdAt),
  ],
);

/** Every e-mail the product sends. Delivered by the `mail` job (SMTP) or kept as the outbox. */
export const emails = pgTable(
  'emails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** queued, sent, outbox, failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('emails_to_idx').on(t.to), index('emails_created_idx').on(t.createdAt)],
);
