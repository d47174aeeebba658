/**
 * Subjects (spec 3 §2.13–§2.14, §3 "Subject", "Subject category"): subjects owned by an institution (seller) or by a
 * content provider, the units of a subject (each pinned to the version the owner uses until it chooses 'Atualizar'),
 * and the institution's subject categories. Exactly one owner per subject (check constraint); positions are dense
 * and unique per subject.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedColumnSql as folded } from '../../platform/search';
import { providers } from '../providers/providers.tables';
import { sellers } from '../institutions/institutions.tables';
import { users } from '../users/users.tables';
import { itemContents, items } from '../units/units.tables';


/** An institution's subject category (spec 3 §2.14): a name unique per institution (accents and case ignored) and a colour. */
export const subjectCategories = pgTable(
  'subject_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    name: text('name').notNull(),
    nameFolded: text('name_folded').generatedAlwaysAs(folded('name')),
    color: text('color').notNull().default('#DAA520'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subject_categories_seller_name_unique').on(t.sellerId, t.nameFolded)],
);

/** A subject (disciplina) of an institution or of a provider. */
export const subjects = pgTable(
  'subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').references(() => sellers.id),
    providerId: integer('provider_id').references(() => providers.id),
    name: text('name').notNull(),
    nameFolded: text('name_folded').generatedAlwaysAs(folded('name')),
    categoryId: integer('category_id').references(() => subjectCategories.id, { onDelete: 'set null' }),
    /** The subject it was imported from (Importar Disciplina, a course import), for the audit and to name copies. */
    importedFromId: integer('imported_from_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('subjects_one_owner', sql`(${t.sellerId} is null) <> (${t.providerId} is null)`),
    index('subjects_seller_idx').on(t.sellerId, t.nameFolded, t.id),
    index('subjects_provider_idx').on(t.providerId, t.nameFolded, t.id),
  ],
);

/**
 * A unit in a subject, at `position` (0-based, dense). `itemContentId` is the version the subject shows: it stays
 * when the provider publishes a newer one, until the owner chooses 'Atualizar' (opt-in updates).
 */
export const subjectItems = pgTable(
  'subject_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    itemContentId: integer('item_content_id')
      .notNull()
      .references(() => itemContents.id),
    position: integer('position').notNull(),
    addedBy: integer('added_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subject_items_subject_item_unique').on(t.subjectId, t.itemId),
    // In the database a UNIQUE constraint DEFERRABLE INITIALLY IMMEDIATE (migration 0032; drizzle cannot say so): renumbering is one update.
    uniqueIndex('subject_items_subject_position_unique').on(t.subjectId, t.position),
    // 'Unidades que foram atualizadas' and the access gate's "a unit in one of the institution's subjects".
    index('subject_items_item_idx').on(t.itemId, t.itemContentId),
    index('subject_items_content_idx').on(t.itemContentId),
  ],
);
