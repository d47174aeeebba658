import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Topic } from '@edu/shared/content/unit-content';
import { FOLD_FROM, FOLD_TO } from '../../platform/search';
import { providers } from '../providers/providers.tables';
import { users } from '../users/users.tables';

/** The durable unit of a provider (spec 2 "item"); its versions are item_contents. */
export const items = pgTable(
  'items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    /** The version readers see; null until a version is approved. */
    publishedContentId: integer('published_content_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The item's current version for Minhas Unidades: its latest version not in the trash (null when every version
     * is trashed), with the status, folded title and creation time the list filters, counts and sorts on. Kept by
     * the database in the same transaction as the write (trigger items_keep_current on item_contents, migration
     * 0014); never written by the application.
     */
    currentContentId: integer('current_content_id'),
    currentStatus: text('current_status'),
    currentTitleFolded: text('current_title_folded'),
    currentCreatedAt: timestamp('current_created_at', { withTimezone: true }),
    /**
     * When the published version became the published one (null while none is). Kept by the database (trigger
     * items_keep_published, migration 0016): never written by the application.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * The provider dashboard's 'most popular' order: how many times students opened the unit (any version). Added to by
     * the access fold only (modules/reports/access-rollups.ts `foldAccesses`; migration 0021 dropped the
     * earlier stand-in trigger).
     */
    popularity: integer('popularity').notNull().default(0),
    /** Students' star votes on the unit (unit_votes): sum and count, kept by the database (trigger, migration 0017). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
  },
  (t) => [
    // A provider's items (Minhas Unidades walks them in order): the ids come from the index, not the rows.
    index('items_provider_idx').on(t.providerId, t.id),
    // The dashboard's published units: "is this version the published one" from the version's side.
    index('items_published_content_idx').on(t.publishedContentId),
    // Minhas Unidades: the provider's current versions, their statuses (counts) and titles (search) from the index only.
    index('items_provider_current_idx').on(t.providerId, t.currentCreatedAt, t.currentContentId, t.currentStatus, t.currentTitleFolded),
    index('items_provider_current_title_idx').on(t.providerId, t.currentTitleFolded, t.currentContentId, t.currentStatus),
    // The provider dashboard's latest approved and most popular units: the first rows of the provider's published items.
    index('items_provider_published_idx').on(t.providerId, t.publishedAt.desc(), t.id.desc()).where(sql`${t.publishedContentId} is not null`),
    index('items_provider_popular_idx').on(t.providerId, t.popularity.desc(), t.publishedAt.desc(), t.id.desc()).where(sql`${t.publishedContentId} is not null`),
  ],
);

/**
 * Published units by knowledge area (migration 0016): one row per (item with a published version, knowledge area of
 * that version; 0 when it has none). The store's provider page and the catalogue group units by area and show the
 * first few of each group with the group's count: both come from this narrow table's index, not from the versions.
 * Kept by the database in the same transaction as the write (triggers published_unit_areas_keep on items and on
 * item_contents); never written by the application.
 */
export const publishedUnitAreas = pgTable(
  'published_unit_areas',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** A knowledge area of the published version, or 0 (NO_AREA) when it has none. */
    knowledgeId: integer('knowledge_id').notNull(),
    providerId: integer('provider_id').notNull(),
    contentId: integer('content_id').notNull(),
    titleFolded: text('title_folded').notNull(),
    levels: text('levels').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.knowledgeId] }),
    index('published_unit_areas_provider_idx').on(t.providerId, t.knowledgeId, t.titleFolded, t.itemId, t.contentId),
    // An area's units in title order across providers (the catalogue's first units of each area, migration 0018).
    index('published_unit_areas_area_title_idx').on(t.knowledgeId, t.titleFolded, t.itemId, t.providerId, t.contentId),
    // A title search across many providers' units (the catalogue's search).
    index('published_unit_areas_title_trgm_idx').using('gin', sql`${t.titleFolded} gin_trgm_ops`),
    // A tag search: from the versions carrying a matching tag to their rows (migration 0020).
    index('published_unit_areas_content_idx').on(t.contentId),
  ],
);

/**
 * How many published units each provider has per knowledge area (migration 0018): the catalogue's and the store
 * page's group counts without counting rows. Kept by the database from published_unit_areas (trigger
 * published_area_counts_keep); never written by the application.
 */
export const publishedAreaCounts = pgTable(
  'published_area_counts',
  {
    providerId: integer('provider_id').notNull(),
    knowledgeId: integer('knowledge_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [primaryKey({ columns: [t.providerId, t.knowledgeId] })],
);

/** One version of a unit's content (spec 2 §3 "Unit content"). */
export const itemContents = pgTable(
  'item_contents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id').notNull().references(() => items.id),
    version: integer('version').notNull().default(1),
    /** Optimistic concurrency: rises on every save. */
    revision: integer('revision').notNull().default(0),
    status: text('status').notNull().default('draft'),
    /** The status a trashed unit returns to on recovery. */
    statusBeforeDelete: text('status_before_delete'),
    title: text('title').notNull(),
    /** The title folded for search and A-Z order: the same expression as platform/search.ts `folded` (trigram index). */
    titleFolded: text('title_folded').generatedAlwaysAs(sql`translate(lower(title), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`),
    authors: text('authors').array().notNull().default(sql`'{}'::text[]`),
    mediaUrl: text('media_url'),
    questions: text('questions'),
    introduction: text('introduction').notNull().default(''),
    learningObjectives: text('learning_objectives').array().notNull().default(sql`'{}'::text[]`),
    synthesis: text('synthesis').notNull().default(''),
    bibliographicReference: text('bibliographic_reference').array().notNull().default(sql`'{}'::text[]`),
    topics: jsonb('topics').$type<Topic[]>().notNull().default([]),
    levelOfLearning: text('level_of_learning').array().notNull().default(sql`'{}'::text[]`),
    learningType: text('learning_type').notNull().default('university'),
    knowledgeIds: integer('knowledge_ids').array().notNull().default(sql`'{}'::integer[]`),
    updateMessage: text('update_message'),
    createdBy: integer('created_by').references(() => users.id),
    updatedBy: integer('updated_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('item_contents_item_version_unique').on(t.itemId, t.version),
    // Minhas Unidades: "latest version not in the trash", the counts per status and the page's order read this index only.
    index('item_contents_item_status_idx').on(t.itemId, t.version, t.status, t.titleFolded, t.createdAt, t.id),
    index('item_contents_status_idx').on(t.status),
    index('item_contents_created_idx').on(t.createdAt),
    // The lists: accent-free title search, and one index per list sort.
    index('item_contents_title_trgm_idx').using('gin', sql`${t.titleFolded} gin_trgm_ops`),
    // Novas' title search: the versions sent for analysis only (~8 % of them).
    index('item_contents_send_title_trgm_idx').using('gin', sql`${t.titleFolded} gin_trgm_ops`).where(sql`${t.status} = 'send'`),
    index('item_contents_status_created_idx').on(t.status, t.createdAt, t.id),
    index('item_contents_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('item_contents_status_title_idx').on(t.status, t.titleFolded, t.id),
    index('item_contents_title_idx').on(t.titleFolded, t.id),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`)],
);

export const itemContentTags = pgTable(
  'item_content_tags',
  {
    itemContentId: integer('item_content_id').notNull().references(() => itemContents.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id').notNull().references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.itemContentId, t.tagId] }), index('item_content_tags_tag_idx').on(t.tagId)],
);
