/** The writes of subject rows that other modules make through the subjects front door, in their transaction. */
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { subjectItems, subjects } from './subjects.tables';

/** Create a subject; its id. */
export async function insertSubject(ex: Executor, values: typeof subjects.$inferInsert): Promise<number> {
  const [row] = await ex.insert(subjects).values(values).returning({ id: subjects.id });
  return row!.id;
}

/** Put units in subjects (one statement; nothing when `rows` is empty). */
export async function insertSubjectItems(ex: Executor, rows: (typeof subjectItems.$inferInsert)[]): Promise<void> {
  if (rows.length) await ex.insert(subjectItems).values(rows);
}

/**
 * 'Atualizar' (the catalogue): the subject units of institution `sellerId` that use unit `itemId` at another version
 * move to `contentId`. Answers the moved rows, and whether the institution's subjects use the unit at all.
 */
export async function repinUnitInSubjects(ex: Executor, sellerId: number, itemId: number, contentId: number): Promise<{ moved: { id: number; subjectId: number }[]; used: boolean }> {
  const own = ex.select({ id: subjects.id }).from(subjects).where(eq(subjects.sellerId, sellerId));
  const moved = await ex
    .update(subjectItems)
    .set({ itemContentId: contentId, updatedAt: new Date() })
    .where(and(eq(subjectItems.itemId, itemId), inArray(subjectItems.subjectId, own), ne(subjectItems.itemContentId, contentId)))
    .returning({ id: subjectItems.id, subjectId: subjectItems.subjectId });
  if (moved.length) return { moved, used: true };
  const [used] = await ex.select({ id: subjectItems.id }).from(subjectItems).where(and(eq(subjectItems.itemId, itemId), inArray(subjectItems.subjectId, own))).limit(1);
  return { moved, used: !!used };
}
