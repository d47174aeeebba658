/**
 * 'Importar Curso' (spec 3 §2.16, §4): an institution copies the course of a provider it ACTIVELY
 * rents, as a background job (queue QUEUES.curriculumImports) whose progress the button shows and whose end the bell
 * announces.
 *
 * - The request (POST /sellers/courses/import/{courseId}) checks the course (a provider's, actively rented by the
 *   caller's active institution; otherwise 404), refuses a second import of the same course (409 COURSE_MSG.alreadyImported,
 *   the web asks and sends `copy: true`, which names the copy '<name> (cópia)') and one already running (409), then
 *   writes a curriculum_imports row (queued) and enqueues the job in the same transaction. The institution's row is
 *   locked meanwhile, so two simultaneous requests cannot both pass the checks.
 * - The job copies, in ONE transaction: a new course of the institution with a copy of each of the course's subjects
 *   (same name, ' (cópia)' when the course is a copy; importedFromId = the source), each subject's units pinned to the
 *   unit's CURRENT published version, skipping units that are not published or whose provider the institution does not
 *   actively rent; then marks the import done, audits imported_course and emits course.imported (the notifications
 *   module rings the requester's bell). Progress goes to the import row from outside the transaction (best effort), so
 *   a poller sees it move.
 * - A failure rolls the whole copy back, marks the import failed with a pt-BR error and emits course.import_failed
 *   (the bell says it). The job does not rethrow (no retry of a copy that failed for a reason a retry would not change).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { COURSE_MSG, copyName, type CourseImport } from '@edu/shared/courses';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { QUEUES, type Jobs } from '../../platform/jobs';
import { AppError, conflict, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { domainEvents } from '../../platform/domain-events';
import { requireActiveInstitution } from '../institutions/index';
import { insertSubject, insertSubjectItems } from '../subjects/index';
import { activeRentOf } from '../access/index';
import { courses, courseSubjects, curriculumImports, items, subjectItems, subjects } from '../../db/schema';
import { toImport } from './courses.service';

export interface CourseImportJob {
  importId: number;
  /** Import a second time, as '<name> (cópia)'. */
  copy: boolean;
}

/** Test seam: called before each subject is copied (inside the transaction); a throw fails the import. */
export interface ImportHooks {
  beforeSubject?: (index: number) => void | Promise<void>;
}

/** A failure whose message the requester may read (anything else becomes COURSE_MSG.importFailed). */
class ImportRefused extends Error {}

/** The provider course `courseId` if institution `sellerId` actively rents its provider (null otherwise). */
async function rentedSourceCourse(ex: Executor, sellerId: number, courseId: number) {
  const [row] = await ex
    .select({ id: courses.id, name: courses.name, providerId: courses.providerId })
    .from(courses)
    .where(and(eq(courses.id, courseId), sql`${courses.providerId} is not null`, activeRentOf(sellerId, sql`courses.provider_id`)));
  return row ?? null;
}

/** The import request: checks, the queued row and the job, in one transaction. */
export async function requestCourseImport(deps: Pick<Deps, 'db' | 'jobs'>, auth: AuthContext, courseId: number, copy: boolean) {
  return deps.db.transaction(async (tx) => {
    const institution = await requireActiveInstitution(tx, auth, { lock: true });
    const source = await rentedSourceCourse(tx, institution.id, courseId);
    if (!source) throw notFound(COURSE_MSG.notFound);
    const [running] = await tx
      .select({ id: curriculumImports.id })
      .from(curriculumImports)
      .where(
        and(
          eq(curriculumImports.sellerId, institution.id),
          eq(curriculumImports.kind, 'course'),
          eq(curriculumImports.sourceId, courseId),
          inArray(curriculumImports.status, ['queued', 'running']),
        ),
      );
    if (running) throw conflict(COURSE_MSG.importRunning);
    if (!copy) {
      const [imported] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.sellerId, institution.id), eq(courses.importedFromId, courseId)))
        .limit(1);
      if (imported) throw new AppError(409, 'COURSE_ALREADY_IMPORTED', COURSE_MSG.alreadyImported);
    }
    const [row] = await tx
      .insert(curriculumImports)
      .values({ sellerId: institution.id, kind: 'course', sourceId: courseId, status: 'queued', requestedBy: auth.user.id })
      .returning();
    await deps.jobs.send(tx, QUEUES.curriculumImports, { importId: row!.id, copy } satisfies CourseImportJob);
    return { message: COURSE_MSG.importQueued, import: toImport(row!) };
  });
}

/** An import of the caller's institution (404 otherwise). */
export async function readCourseImport(ex: Executor, sellerId: number, id: number): Promise<CourseImport> {
  const [row] = await ex
    .select()
    .from(curriculumImports)
    .where(and(eq(curriculumImports.id, id), eq(curriculumImports.sellerId, sellerId), eq(curriculumImports.kind, 'course')));
  if (!row) throw notFound(COURSE_MSG.importNotFound);
  return toImport(row);
}

/** Another delivery of the same job finished (or failed) the import first. */
class AlreadyHandled extends Error {}

/** Run one import (the job's handler). */
export async function runCourseImport(deps: Pick<Deps, 'db' | 'jobs'>, job: CourseImportJob, hooks: ImportHooks = {}): Promise<void> {
  const { db } = deps;
  const events = domainEvents(deps);
  const [started] = await db
    .update(curriculumImports)
    .set({ status: 'running', progress: 0, updatedAt: new Date() })
    .where(and(eq(curriculumImports.id, job.importId), inArray(curriculumImports.status, ['queued', 'running'])))
    .returning();
  if (!started) return; // done or failed already (a repeated delivery)

  // Progress from outside the transaction, not awaited in it (PGlite has one connection): best effort, never backwards,
  // and never over a finished import.
  const pending: Promise<unknown>[] = [];
  const report = (progress: number) => {
    pending.push(
      db
        .update(curriculumImports)
        .set({ progress, updatedAt: new Date() })
        .where(and(eq(curriculumImports.id, job.importId), eq(curriculumImports.status, 'running'), sql`${curriculumImports.progress} < ${progress}`))
        .catch(() => undefined),
    );
  };

  let sourceName = '';
  try {
    await db.transaction(async (tx) => {
      // A second delivery of the job (pg-boss re-sends one it thinks lost) waits here for the first and then finds
      // the import finished: the course is copied once.
      const [claim] = await tx.select({ status: curriculumImports.status }).from(curriculumImports).where(eq(curriculumImports.id, job.importId)).for('update');
      if (claim?.status !== 'running') throw new AlreadyHandled();
      const source = await rentedSourceCourse(tx, started.sellerId, started.sourceId);
      if (!source) throw new ImportRefused(COURSE_MSG.providerNotRented);
      sourceName = source.name;
      const parts = await tx
        .select({ subjectId: subjects.id, name: subjects.name })
        .from(courseSubjects)
        .innerJoin(subjects, eq(subjects.id, courseSubjects.subjectId))
        .where(eq(courseSubjects.courseId, source.id))
        .orderBy(asc(courseSubjects.position));
      const name = (n: string) => (job.copy ? copyName(n) : n);
      const [course] = await tx
        .insert(courses)
        .values({ sellerId: started.sellerId, name: name(source.name), importedFromId: source.id, createdBy: started.requestedBy })
        .returning({ id: courses.id, name: courses.name });
      report(5);
      let skipped = 0;
      for (const [index, part] of parts.entries()) {
        await hooks.beforeSubject?.(index);
        const subjectId = await insertSubject(tx, {
          sellerId: started.sellerId,
          name: name(part.name),
          importedFromId: part.subjectId,
          createdBy: started.requestedBy,
        });
        const units = await tx
          .select({
            itemId: subjectItems.itemId,
            published: items.publishedContentId,
            rented: activeRentOf(started.sellerId, sql`${items.providerId}`),
          })
          .from(subjectItems)
          .innerJoin(items, eq(items.id, subjectItems.itemId))
          .where(eq(subjectItems.subjectId, part.subjectId))
          .orderBy(asc(subjectItems.position));
        const kept = units.filter((u) => u.published !== null && u.rented);
        skipped += units.length - kept.length;
        await insertSubjectItems(
          tx,
          kept.map((u, position) => ({ subjectId, itemId: u.itemId, itemContentId: u.published!, position, addedBy: started.requestedBy })),
        );
        await tx.insert(courseSubjects).values({ courseId: course!.id, subjectId, position: index });
        report(5 + Math.floor((90 * (index + 1)) / parts.length));
      }
      await tx
        .update(curriculumImports)
        .set({ status: 'done', progress: 100, resultId: course!.id, error: null, updatedAt: new Date() })
        .where(eq(curriculumImports.id, job.importId));
      await record(tx, {
        userId: started.requestedBy,
        sellerId: started.sellerId,
        action: 'imported_course',
        data: { courseId: course!.id, sourceId: source.id, importId: job.importId, copy: job.copy, subjects: parts.length, skippedUnits: skipped },
      });
      await events.emit(tx, {
        name: 'course.imported',
        importId: job.importId,
        sellerId: started.sellerId,
        requestedBy: started.requestedBy,
        courseId: course!.id,
        courseName: course!.name,
        skippedUnits: skipped,
      });
    });
  } catch (err) {
    if (err instanceof AlreadyHandled) return;
    const message = err instanceof ImportRefused ? err.message : COURSE_MSG.importFailed(sourceName || `#${started.sourceId}`);
    await db.transaction(async (tx) => {
      await tx.update(curriculumImports).set({ status: 'failed', error: message, updatedAt: new Date() }).where(eq(curriculumImports.id, job.importId));
      await events.emit(tx, {
        name: 'course.import_failed',
        importId: job.importId,
        sellerId: started.sellerId,
        requestedBy: started.requestedBy,
        message,
      });
    });
  } finally {
    await Promise.allSettled(pending);
  }
}

export interface CourseImportWorker {
  /** Start the worker (main.ts does it once; a test app starts its own). */
  start(): Promise<void>;
  /** Test seam (see ImportHooks). */
  hooks: ImportHooks;
}

const workers = new WeakMap<Jobs, CourseImportWorker>();

/** The course-import worker of this app (one per job queue, so every test app has its own). */
export function courseImportWorker(deps: Pick<Deps, 'db' | 'jobs'>): CourseImportWorker {
  const known = workers.get(deps.jobs);
  if (known) return known;
  let started = false;
  const worker: CourseImportWorker = {
    hooks: {},
    async start() {
      if (started) return;
      started = true;
      await deps.jobs.work<CourseImportJob>(QUEUES.curriculumImports, (job) => runCourseImport(deps, job, worker.hooks));
    },
  };
  workers.set(deps.jobs, worker);
  return worker;
}
