/** Delivery: the built package of each unit version (queued → building → ready | failed). */
import { integer, pgTable, text, timestamp} from 'drizzle-orm/pg-core';
import { itemContents} from '../units/units.tables';

/**
 * A unit version's package (zip: the unit's HTML, its media, the question bank), built once per version by a job
 * and kept in storage; `progress` 0–100 while building. Status: queued, building, ready, failed.
 */
export const unitPackages = pgTable('unit_packages', {
  itemContentId: integer('item_content_id')
    .primaryKey()
    .references(() => itemContents.id),
  status: text('status').notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  storageKey: text('storage_key'),
  size: integer('size'),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
