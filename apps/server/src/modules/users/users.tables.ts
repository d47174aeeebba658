import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FOLD_FROM, FOLD_TO } from '../../platform/search';
import { providers } from '../providers/providers.tables';
import { sellers } from '../institutions/institutions.tables';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The name folded for search and A-Z order: the same expression as platform/search.ts `folded` (trigram index). */
    nameFolded: text('name_folded').generatedAlwaysAs(sql`translate(lower(name), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    /** Storage key of the profile picture (platform/storage.ts); clients get uploadUrl(key). */
    avatarKey: text('avatar_key'),
    providerId: integer('provider_id').references(() => providers.id),
    sellerId: integer('seller_id').references(() => sellers.id),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_provider_idx').on(t.providerId),
    index('users_seller_idx').on(t.sellerId),
    index('users_type_status_idx').on(t.type, t.status),
    index('users_created_idx').on(t.createdAt),
    index('users_name_idx').on(t.name),
    // The admin and team lists: accent-free name search, and A-Z in the order they sort by.
    index('users_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    index('users_name_folded_idx').on(t.nameFolded, t.name, t.id),
    index('users_created_id_idx').on(t.createdAt, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_unique').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use, expiring tokens for e-mail confirmation and password reset; only their hash is kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').notNull().references(() => users.id),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_tokens_hash_unique').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.kind)],
);
