import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from '../institutions/institutions.tables';
import { users } from '../users/users.tables';

/**
 * An institution's LTI 1.3 platform registration (spec 3 §2.11, §3 "LTI connection"): one row per connection,
 * the endpoints derived from the platform kind when it is added (@edu/shared/lti `ltiEndpoints`). Deleting
 * keeps the row as a tombstone (`deleted_at`, `deleted_by`) for the audit; at most one live connection per
 * institution and client id.
 */
export const ltiConnections = pgTable(
  'lti_connections',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    platform: text('platform').notNull(),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    url: text('url').notNull(),
    authenticationEndpoint: text('authentication_endpoint').notNull(),
    accesstokenEndpoint: text('accesstoken_endpoint').notNull(),
    authConfig: jsonb('auth_config').$type<{ method: 'JWK_SET'; key: string }>().notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('lti_connections_live_unique').on(t.sellerId, t.clientId).where(sql`deleted_at is null`),
    index('lti_connections_seller_idx').on(t.sellerId, t.createdAt),
  ],
);
