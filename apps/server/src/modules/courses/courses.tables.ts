/** Courses (spec 3 §2.15–§2.16, §3 "Course"): an institution's or a provider's courses, their subjects in order, and course imports. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { foldedColumnSql as folded } from '../../platform/search';
import { subjects } from '../subjects/subjects.tables';
import { providers } from '../providers/providers.tables';
import { sellers } from '../institutions/institutions.tables';
import { users } from '../users/users.tables';

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
