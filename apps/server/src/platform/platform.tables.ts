import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /**
     * Carries a one-time credential (a first password, a reset or confirmation link, an LMS key): once SMTP delivered
     * it, html and text are replaced by MSG.mailSecretRemoved (platform/mail.ts).
     */
    secret: boolean('secret').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('emails_to_idx').on(t.to), index('emails_created_idx').on(t.createdAt)],
);

/**
 * Idempotency keys (platform/idempotency.ts): the answer of a write made with an `Idempotency-Key`,
 * inserted in that write's transaction, so a key exists exactly when its write committed. One per principal
 * (`user:<id>` or `lms:<institution id>`), route (`POST /sellers/rents`) and key; expired after 24 h.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    principal: text('principal').notNull(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the canonical JSON of params, query and body (a multipart upload: of its file and fields). */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    /** The handler's answer as JSON text (serialized again through the route's response schema on a replay). */
    responseBody: text('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('idempotency_keys_unique').on(t.principal, t.route, t.key), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters shared by every server process (platform/rate-limit-store.ts): one row per limit and key, the
 * hits of the current fixed window and when it ends. UNLOGGED (custom SQL of the migration): counters are not worth a
 * WAL write each, and losing them in a PostgreSQL crash only resets the windows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);
