/** The units an institution's LMS linked with its key (spec 2 'saveDataInJson'). */
import { integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from '../institutions/institutions.tables';
import { items } from '../units/units.tables';

/**
 * A unit an institution's LMS linked with its LMS key (`POST /saveDataInJson`, spec 1 §7 "LMS API"). Generating a
 * new key deletes the institution's rows (the old key's items are unlinked, spec 1 §2.7).
 */
export const lmsItems = pgTable(
  'lms_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lms_items_seller_item_unique').on(t.sellerId, t.itemId)],
);
