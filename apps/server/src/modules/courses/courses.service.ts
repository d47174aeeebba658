/**
 * Courses (spec 3 §2.16, §7 "Courses"): an ordered list of subjects of ONE owner — an institution
 * (seller routes) or a provider (provider routes). The routes ask `ownerOf` first (WHICH owner: 403 for a suspended
 * institution); every course and subject is then found through the access gate (WHICH rows: course.own, subject.own), so
 * another owner's course, course item or subject answers 404; the role lists of @edu/shared/courses refuse the assistant
 * (403) before this runs.
 *
 * Every change of a course's subjects (add, remove, reorder) runs in one transaction that first locks the course row
 * (`select … for update`): two changes of one course run one after the other and never leave duplicate or missing
 * positions. The positions are rewritten in one update (`rewritePositions`; the unique (course, position) constraint is
 * checked at the end of the statement, migration 0032). A subject's row is taken before its course's (an addition locks
 * the subject FOR KEY SHARE first, a subject's removal locks it, then its courses), so they never wait for each other.
 *
 * The subjects are read here directly (tables `subjects`, `subject_items`); the subjects module owns their writes.
 * Imports live in course-import.ts.
 */
import { and, asc, count, desc, eq, notInArray, sql} from 'drizzle-orm';
import {
  COURSE_MSG,
  IMPORT_FINISHED,
  type CourseCard,
  type CourseDetail,
  type CourseImport,
  type CourseMoveReply,
  type CoursesReply,
} from '@edu/shared/courses';
import type { Deps } from '../../platform/deps';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { conflict, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { accessWhere, checkAccess } from '../access/index';
import { courses, courseSubjects, curriculumImports, subjects } from '../../db/schema';
import { ownerHead, ownerJudged, ownerOf, rewritePositions, type Owner } from '../subjects/index';
import { isoOf, jsonArrayOf, jsonRowColumns } from '../../platform/json-rows';

export { ownerOf, type Owner };

const auditSeller = (owner: Owner) => (owner.kind === 'seller' ? owner.id : null);

/** Written qualified (courses.id, subjects.id): drizzle renders a one-table select's columns unqualified, which inside a
 * subquery would name the subquery's own row (see access/market-rules.ts `openRentOf`). */
const cardColumns = {
  id: courses.id,
  name: courses.name,
  importedFromId: courses.importedFromId,
  createdAt: courses.createdAt,
  itemsCount: sql<number>`(select count(*)::int from course_subjects cs where cs.course_id = courses.id)`,
};

type CardRow = { id: number; name: string; importedFromId: number | null; createdAt: Date; itemsCount: number };
const toCard = (r: CardRow): CourseCard => ({ ...r, itemsCount: Number(r.itemsCount), createdAt: r.createdAt.toISOString() });

/** A running import as `jsonArrayOf` answers it (the timestamp as JSON text). */
type ImportJson = Omit<CourseImport, 'createdAt'> & { createdAt: string };

export function toImport(r: typeof curriculumImports.$inferSelect): CourseImport {
  return {
    id: r.id,
    sourceId: r.sourceId,
    status: r.status as CourseImport['status'],
    progress: r.progress,
    resultId: r.resultId,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Course `id` is the caller's (the gate's course.own), or 404 COURSE_MSG.notFound. */
async function ownCourse(ex: Executor, auth: AuthContext, id: number): Promise<void> {
  if (!(await checkAccess(ex, auth, 'course.own', [id])).has(id)) throw notFound(COURSE_MSG.notFound);
}

/** The caller's course `id` (404 otherwise), locked FOR UPDATE when `lock` (inside a transaction) after the gate admits it. */
async function findCourse(ex: Executor, auth: AuthContext, id: number, opts: { lock?: boolean } = {}) {
  await ownCourse(ex, auth, id);
  const base = ex.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.id, id));
  const [row] = opts.lock ? await base.for('update') : await base;
  if (!row) throw notFound(COURSE_MSG.notFound);
  return row;
}

/** The subjects of a course, in order, with their unit counts. */
async function courseItemsOf(ex: Executor, courseId: number) {
  return ex
    .select({
      id: courseSubjects.id,
      subjectId: courseSubjects.subjectId,
      name: subjects.name,
      position: courseSubjects.position,
      unitsCount: sql<number>`(select count(*)::int from subject_items si where si.subject_id = subjects.id)`,
    })
    .from(courseSubjects)
    .innerJoin(subjects, eq(subjects.id, courseSubjects.subjectId))
    .where(eq(courseSubjects.courseId, courseId))
    .orderBy(asc(courseSubjects.position));
}

async function detailOf(ex: Executor, auth: AuthContext, id: number): Promise<CourseDetail> {
  await ownCourse(ex, auth, id);
  const [row] = await ex.select(cardColumns).from(courses).where(eq(courses.id, id));
  if (!row) throw notFound(COURSE_MSG.notFound);
  const items = await courseItemsOf(ex, id);
  return { ...toCard(row), courseItems: items.map((i) => ({ ...i, unitsCount: Number(i.unitsCount) })) };
}

async function currentIds(tx: Tx, courseId: number): Promise<number[]> {
  const rows = await tx.select({ id: courseSubjects.id }).from(courseSubjects).where(eq(courseSubjects.courseId, courseId)).orderBy(asc(courseSubjects.position));
  return rows.map((r) => r.id);
}

export function coursesService(deps: Pick<Deps, 'db'>) {
  const { db } = deps;

  /**
   * The caller's courses (course.own) on `kind`'s routes (an institution's: its running imports too, as JSON), with
   * `ownerOf`'s guard: one statement, the courses left-joined to the guard's row, which is judged after it.
   */
  async function list(auth: AuthContext, kind: Owner['kind']): Promise<CoursesReply> {
    const running =
      kind === 'seller'
        ? jsonArrayOf<ImportJson>(
            db
              .select(
                jsonRowColumns(
                  {
                    id: curriculumImports.id,
                    sourceId: curriculumImports.sourceId,
                    status: curriculumImports.status,
                    progress: curriculumImports.progress,
                    resultId: curriculumImports.resultId,
                    error: curriculumImports.error,
                    createdAt: curriculumImports.createdAt,
                  },
                  [desc(curriculumImports.id)],
                ),
              )
              .from(curriculumImports)
              .where(
                and(
                  eq(curriculumImports.sellerId, auth.user.sellerId ?? 0),
                  eq(curriculumImports.kind, 'course'),
                  notInArray(curriculumImports.status, [...IMPORT_FINISHED]),
                ),
              ),
          )
        : sql<ImportJson[]>`'[]'::json`;
    const rows = await db
      .select({ ownerStatus: sql<string | null>`owner_head.status`, imports: running, ...cardColumns })
      .from(ownerHead(auth, kind))
      .leftJoin(courses, and(sql`owner_head.ok`, accessWhere(auth, 'course.own')))
      .orderBy(asc(courses.nameFolded), asc(courses.id));
    ownerJudged(auth, kind, rows);
    const imports = rows[0]?.imports ?? [];
    return {
      data: rows.flatMap((r) =>
        r.id !== null ? [toCard({ id: r.id, name: r.name!, importedFromId: r.importedFromId, createdAt: r.createdAt!, itemsCount: r.itemsCount })] : [],
      ),
      imports: imports.map((i) => ({ ...i, status: i.status as CourseImport['status'], createdAt: isoOf(i.createdAt) })),
    };
  }

  /**
   * The caller's course `id` (course.own: else 404 COURSE_MSG.notFound) with its subjects in order, on `kind`'s routes:
   * one statement, `ownerOf`'s guard (judged first: 403) heading the course and its subjects.
   */
  async function detail(auth: AuthContext, kind: Owner['kind'], id: number): Promise<CourseDetail> {
    const rows = await db
      .select({
        ownerStatus: sql<string | null>`owner_head.status`,
        ...cardColumns,
        itemId: courseSubjects.id,
        subjectId: courseSubjects.subjectId,
        subjectName: subjects.name,
        position: courseSubjects.position,
        unitsCount: sql<number>`(select count(*)::int from subject_items si where si.subject_id = subjects.id)`,
      })
      .from(ownerHead(auth, kind))
      .leftJoin(courses, and(sql`owner_head.ok`, eq(courses.id, id), accessWhere(auth, 'course.own')))
      .leftJoin(courseSubjects, eq(courseSubjects.courseId, courses.id))
      .leftJoin(subjects, eq(subjects.id, courseSubjects.subjectId))
      .orderBy(asc(courseSubjects.position));
    ownerJudged(auth, kind, rows);
    const [row] = rows;
    if (!row || row.id === null) throw notFound(COURSE_MSG.notFound);
    return {
      ...toCard({ id: row.id, name: row.name!, importedFromId: row.importedFromId, createdAt: row.createdAt!, itemsCount: row.itemsCount }),
      courseItems: rows.flatMap((r) =>
        r.itemId !== null
          ? [{ id: r.itemId, subjectId: r.subjectId!, name: r.subjectName!, position: r.position!, unitsCount: Number(r.unitsCount) }]
          : [],
      ),
    };
  }

  /**
   * The caller's subjects (subject.own) not yet in its course `id` (course.own: else 404), on `kind`'s routes: one
   * statement, `ownerOf`'s guard (judged first: 403) heading the course and the subjects.
   */
  async function candidates(auth: AuthContext, kind: Owner['kind'], id: number) {
    const rows = await db
      .select({
        ownerStatus: sql<string | null>`owner_head.status`,
        courseId: courses.id,
        id: subjects.id,
        name: subjects.name,
        unitsCount: sql<number>`(select count(*)::int from subject_items si where si.subject_id = subjects.id)`,
      })
      .from(ownerHead(auth, kind))
      .leftJoin(courses, and(sql`owner_head.ok`, eq(courses.id, id), accessWhere(auth, 'course.own')))
      .leftJoin(
        subjects,
        and(
          sql`courses.id is not null`,
          accessWhere(auth, 'subject.own'),
          sql`not exists (select 1 from course_subjects cs where cs.course_id = ${id} and cs.subject_id = subjects.id)`,
        ),
      )
      .orderBy(asc(subjects.nameFolded), asc(subjects.id));
    ownerJudged(auth, kind, rows);
    if (!rows[0] || rows[0].courseId === null) throw notFound(COURSE_MSG.notFound);
    return rows.flatMap((r) => (r.id !== null ? [{ id: r.id, name: r.name!, unitsCount: Number(r.unitsCount) }] : []));
  }

  async function create(auth: AuthContext, owner: Owner, name: string): Promise<CourseMoveReply> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({ name, createdBy: auth.user.id, ...(owner.kind === 'seller' ? { sellerId: owner.id } : { providerId: owner.id }) })
        .returning({ id: courses.id });
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'create_course', data: { courseId: row!.id, name } });
      return { message: COURSE_MSG.created, course: await detailOf(tx, auth, row!.id) };
    });
  }

  async function rename(auth: AuthContext, owner: Owner, id: number, name: string): Promise<CourseMoveReply> {
    return db.transaction(async (tx) => {
      const before = await findCourse(tx, auth, id, { lock: true });
      await tx.update(courses).set({ name, updatedAt: new Date() }).where(eq(courses.id, id));
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'updated_course', data: { courseId: id, change: 'rename', from: before.name, to: name } });
      return { message: COURSE_MSG.renamed, course: await detailOf(tx, auth, id) };
    });
  }

  async function remove(auth: AuthContext, owner: Owner, id: number) {
    return db.transaction(async (tx) => {
      const before = await findCourse(tx, auth, id, { lock: true });
      // course_subjects go with it (on delete cascade); the subjects stay the owner's.
      await tx.delete(courses).where(eq(courses.id, id));
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'removed_course', data: { courseId: id, name: before.name } });
      return { message: COURSE_MSG.removed };
    });
  }

  /** The whole new order, applied only when it is exactly a permutation of the current items (else 409). */
  async function reorder(auth: AuthContext, owner: Owner, id: number, orderedIds: number[]): Promise<CourseMoveReply> {
    return db.transaction(async (tx) => {
      await findCourse(tx, auth, id, { lock: true });
      const current = await currentIds(tx, id);
      const known = new Set(current);
      if (orderedIds.length !== current.length || orderedIds.some((i) => !known.has(i))) throw conflict(COURSE_MSG.staleOrder);
      await rewritePositions(tx, 'course_subjects', 'course_id', id, orderedIds);
      await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, id));
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'updated_course', data: { courseId: id, change: 'reorder', order: orderedIds } });
      return { message: COURSE_MSG.reordered, course: await detailOf(tx, auth, id) };
    });
  }

  /** A subject of the same owner at the end of the course (409 when it is there already). */
  async function addItem(auth: AuthContext, owner: Owner, courseId: number, subjectId: number): Promise<CourseMoveReply> {
    return db.transaction(async (tx) => {
      // The subject's row before the course's (KEY SHARE: it stays while the course holds it), the order a subject's
      // removal takes them in (subject, then its courses): a removal and an addition never wait for each other.
      const [subject] = await tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.id, subjectId), accessWhere(auth, 'subject.own'))).for('key share');
      await findCourse(tx, auth, courseId, { lock: true });
      if (!subject) throw notFound(COURSE_MSG.subjectNotFound);
      const [there] = await tx
        .select({ id: courseSubjects.id })
        .from(courseSubjects)
        .where(and(eq(courseSubjects.courseId, courseId), eq(courseSubjects.subjectId, subjectId)));
      if (there) throw conflict(COURSE_MSG.subjectAlreadyIn);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(courseSubjects).where(eq(courseSubjects.courseId, courseId));
      await tx.insert(courseSubjects).values({ courseId, subjectId, position: Number(n) });
      await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'updated_course', data: { courseId, change: 'add_subject', subjectId } });
      return { message: COURSE_MSG.subjectsAdded, course: await detailOf(tx, auth, courseId) };
    });
  }

  /** Take course item `itemId` out of course `courseId` (the subject stays); the others close the gap. */
  async function removeItem(auth: AuthContext, owner: Owner, itemId: number, courseId: number): Promise<CourseMoveReply> {
    return db.transaction(async (tx) => {
      await findCourse(tx, auth, courseId, { lock: true });
      const [gone] = await tx
        .delete(courseSubjects)
        .where(and(eq(courseSubjects.id, itemId), eq(courseSubjects.courseId, courseId)))
        .returning({ subjectId: courseSubjects.subjectId });
      if (!gone) throw notFound(COURSE_MSG.itemNotFound);
      await rewritePositions(tx, 'course_subjects', 'course_id', courseId, await currentIds(tx, courseId));
      await tx.update(courses).set({ updatedAt: new Date() }).where(eq(courses.id, courseId));
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'updated_course', data: { courseId, change: 'remove_subject', subjectId: gone.subjectId } });
      return { message: COURSE_MSG.subjectRemoved, course: await detailOf(tx, auth, courseId) };
    });
  }

  return { list, detail, candidates, create, rename, remove, reorder, addItem, removeItem };
}
