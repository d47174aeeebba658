/**
 * An institution's subject categories (spec 3 §2.14): list, create, remove, and a subject's category. Which
 * categories: the access gate's category.own (another institution's or a missing one: 404 SUBJECT_MSG.categoryNotFound);
 * `ownerOf` first answers 403 for a suspended institution.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { SUBJECT_MSG, type SubjectCategory, type categoryCreateBody } from '@edu/shared/subjects';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { AppError, notFound } from '../../platform/errors';
import { accessWhere, checkAccess } from '../access/index';
import { subjectCategories, subjects } from './subjects.tables';
import { ownerHead, ownerJudged, ownerOf } from './owner';
import { ownSubject } from './subject-rows';

/** Category `id` is the caller's (category.own), or 404. */
async function ownCategory(ex: Executor, auth: AuthContext, id: number): Promise<void> {
  if (!(await checkAccess(ex, auth, 'category.own', [id])).has(id)) throw notFound(SUBJECT_MSG.categoryNotFound);
}

export function subjectCategoryCalls(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  return {
    /** The institution's categories; `ownerOf`'s guard read and judged in the same statement. */
    async categories(auth: AuthContext, sellerId: number): Promise<SubjectCategory[]> {
      const rows = await db
        .select({ ownerStatus: sql<string | null>`owner_head.status`, id: subjectCategories.id, name: subjectCategories.name, color: subjectCategories.color })
        .from(ownerHead(auth, 'seller'))
        .leftJoin(subjectCategories, and(sql`owner_head.ok`, accessWhere(auth, 'category.own')))
        .orderBy(asc(subjectCategories.nameFolded), asc(subjectCategories.id));
      const owner = ownerJudged(auth, 'seller', rows);
      if (sellerId !== owner.id) throw notFound();
      return rows.flatMap((r) => (r.id !== null ? [{ id: r.id, name: r.name!, color: r.color! }] : []));
    },

    async categoryCreate(auth: AuthContext, body: z.output<typeof categoryCreateBody>): Promise<SubjectCategory> {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        if (body.seller_id !== owner.id) throw notFound();
        const [row] = await tx
          .insert(subjectCategories)
          .values({ sellerId: owner.id, name: body.name, color: body.color })
          .onConflictDoNothing()
          .returning({ id: subjectCategories.id, name: subjectCategories.name, color: subjectCategories.color });
        if (!row) throw new AppError(409, 'CATEGORY_EXISTS', SUBJECT_MSG.categoryExists);
        return row;
      });
    },

    async categoryRemove(auth: AuthContext, id: number) {
      return db.transaction(async (tx) => {
        await ownerOf(tx, auth, 'seller');
        await ownCategory(tx, auth, id);
        const removed = await tx.delete(subjectCategories).where(eq(subjectCategories.id, id)).returning({ id: subjectCategories.id });
        if (removed.length === 0) throw notFound(SUBJECT_MSG.categoryNotFound);
        return { message: SUBJECT_MSG.categoryRemoved };
      });
    },

    async sellerSetCategory(auth: AuthContext, id: number, categoryId: number | null) {
      return db.transaction(async (tx) => {
        await ownerOf(tx, auth, 'seller');
        const subject = await ownSubject(tx, auth, id, { lock: true });
        if (categoryId !== null) await ownCategory(tx, auth, categoryId);
        await tx.update(subjects).set({ categoryId, updatedAt: new Date() }).where(eq(subjects.id, subject.id));
        return { message: SUBJECT_MSG.categorySaved };
      });
    },
  };
}
