/**
 * The curriculum (issue 12, spec 3 §2.13–§2.16, §3 "Subject", "Subject category", "Course"): subjects and courses
 * owned by an institution (seller) or by a content provider, the units of a subject (each pinned to the version the
 * owner uses until it chooses 'Atualizar'), the institution's subject categories, unit packages and imports.
 * Exactly one owner per subject and course (check constraints); positions are dense and unique per parent.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { FOLD_FROM, FOLD_TO } from '../../platform/search';
import { providers } from '../providers/providers.tables';
import { sellers } from '../sellers/sellers.tables';
import { users } from '../users/users.tables';
import { itemContents, items } from '../units/units.tables';

const folded = (column: string) => sql.raw(`translate(lower(${column}), '${FOLD_FROM}', '${FOLD_TO}')`);

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

/** A course of an institution or of a provider: an ordered list of subjects. */
export const courses = pgTable(
  'courses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').references(() => sellers.id),
    providerId: integer('provider_id').references(() => providers.id),
    name: text('name').notNull(),
    nameFolded: text('name_folded').generatedAlwaysAs(folded('name')),
    /** The provider's course it was imported from (an institution imports a course once unless it asks for a copy). */
    importedFromId: integer('imported_from_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('courses_one_owner', sql`(${t.sellerId} is null) <> (${t.providerId} is null)`),
    index('courses_seller_idx').on(t.sellerId, t.nameFolded, t.id),
    index('courses_provider_idx').on(t.providerId, t.nameFolded, t.id),
    index('courses_imported_idx').on(t.sellerId, t.importedFromId),
  ],
);

/** A subject in a course, at `position` (0-based, dense). */
export const courseSubjects = pgTable(
  'course_subjects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('course_subjects_course_subject_unique').on(t.courseId, t.subjectId),
    // In the database a UNIQUE constraint DEFERRABLE INITIALLY IMMEDIATE (migration 0032; drizzle cannot say so): renumbering is one update.
    uniqueIndex('course_subjects_course_position_unique').on(t.courseId, t.position),
    index('course_subjects_subject_idx').on(t.subjectId),
  ],
);

/**
 * A student's star vote on a unit (1–5, one per student and unit within an institution: the student id is the
 * institution's, e.g. its LMS user). Recorded by the student viewer (issue 13); the catalogue shows the average to
 * providers. items.rating_sum / rating_count are kept by the database (trigger unit_votes_keep_rating, 0017).
 */
export const unitVotes = pgTable(
  'unit_votes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id),
    itemContentId: integer('item_content_id').references(() => itemContents.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    studentId: text('student_id').notNull(),
    stars: smallint('stars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unit_votes_one_per_student').on(t.itemId, t.sellerId, t.studentId),
    check('unit_votes_stars', sql`${t.stars} between 1 and 5`),
  ],
);

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

/**
 * A subject or course import run as a background job (Importar Disciplina / Importar Curso): its progress and result,
 * so the button can show progress and the bell can announce the end. Status: queued, running, done, failed.
 */
export const curriculumImports = pgTable(
  'curriculum_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => sellers.id),
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    status: text('status').notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    resultId: integer('result_id'),
    error: text('error'),
    requestedBy: integer('requested_by')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('curriculum_imports_seller_idx').on(t.sellerId, t.createdAt)],
);
