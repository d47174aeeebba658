import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { providers } from '../providers/providers.tables';
import { users } from '../users/users.tables';

/** A provider's gallery of one kind (spec 2 §2.10): images, infographics, questions, pdfs. */
export const galleries = pgTable(
  'galleries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('galleries_provider_name_unique').on(t.providerId, t.name)],
);

export const galleryFiles = pgTable(
  'gallery_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    galleryId: integer('gallery_id').notNull().references(() => galleries.id, { onDelete: 'cascade' }),
    /** The name the user's file had (shown in pickers). */
    filename: text('filename').notNull(),
    /** Storage key (platform/storage.ts); for an infographic, its extracted index.html. Clients get uploadUrl(key). */
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('gallery_files_gallery_idx').on(t.galleryId, t.createdAt, t.id)],
);
