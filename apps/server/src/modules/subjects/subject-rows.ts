/** What every subjects call shares: the caller's subject through the access gate, its units in order, the positions. */
import { asc, eq, sql } from 'drizzle-orm';
import { SUBJECT_MSG } from '@edu/shared/subjects';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, notFound } from '../../platform/errors';
import { requireAccess } from '../access/index';
import { subjectItems, subjects } from './subjects.tables';

/** 409: the order sent is not exactly the subject's current units. */
export const staleOrder = () => new AppError(409, 'REORDER_STALE', SUBJECT_MSG.reorderStale);

/**
 * The caller's subject `id` (the gate's subject.own; another owner's or a missing one: 404), locked FOR UPDATE with
 * `lock` after the gate admits it (a subject removed in between answers 404 as well).
 */
export async function ownSubject(ex: Executor, auth: AuthContext, id: number, opts: { lock?: boolean } = {}) {
  await requireAccess(ex, auth, 'subject.own', id);
  const q = ex.select({ id: subjects.id, name: subjects.name, categoryId: subjects.categoryId }).from(subjects).where(eq(subjects.id, id));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The units of subject `subjectId`, in order. */
export async function childrenOf(ex: Executor, subjectId: number) {
  return ex
    .select({ id: subjectItems.id, itemId: subjectItems.itemId, position: subjectItems.position })
    .from(subjectItems)
    .where(eq(subjectItems.subjectId, subjectId))
    .orderBy(asc(subjectItems.position));
}

export async function touch(tx: Tx, subjectId: number) {
  await tx.update(subjects).set({ updatedAt: new Date() }).where(eq(subjects.id, subjectId));
}

/**
 * Rewrite the positions of a parent's children to `orderedIds` (0..n-1; every child of the parent) in ONE update: the
 * unique (parent, position) constraint is checked at the end of the statement (migration 0032). One update of rows
 * this transaction did not write re-checks no foreign key, so renumbering locks nothing but the rows themselves.
 * Call with the parent's row locked.
 */
export async function rewritePositions(tx: Tx, table: 'subject_items' | 'course_subjects', parentColumn: 'subject_id' | 'course_id', parentId: number, orderedIds: number[]) {
  if (orderedIds.length === 0) return;
  const t = sql.raw(table);
  const p = sql.raw(parentColumn);
  const values = sql.join(
    orderedIds.map((id, i) => sql`(${id}::int, ${i}::int)`),
    sql`, `,
  );
  await tx.execute(sql`update ${t} as x set position = v.pos from (values ${values}) as v(id, pos) where x.id = v.id and x.${p} = ${parentId} and x.position <> v.pos`);
}
