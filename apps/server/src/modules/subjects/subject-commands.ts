/**
 * Changing subjects: create, rename, remove, and their units (add, reorder, remove). Every change runs in one
 * transaction that locks the subject's row (`select … for update`, after the access gate's subject.own admits it), so
 * changes of one subject run one after the other and positions stay dense (0..n-1) and unique. `ownerOf` first answers
 * 403 for a suspended institution and names the owner the audit records.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBJECT_LIMITS,
  SUBJECT_MSG,
  type providerInsertItemsBody,
  type providerReorderBody,
  type sellerReorderBody,
  type sellerSubjectItemBody,
} from '@edu/shared/subjects';
import type { Tx } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { AppError, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { checkAccess } from '../access/index';
import { courseSubjects, itemContents, items } from '../../db/schema';
import { subjectItems, subjects } from './subjects.tables';
import { ownerOf, type Owner } from './owner';
import { childrenOf, ownSubject, rewritePositions, staleOrder, touch } from './subject-rows';

const auditSeller = (owner: Owner) => (owner.kind === 'seller' ? owner.id : null);

/** Apply the whole new order `wanted` (subject item id → order) to the caller's subject `subjectId`, atomically. */
async function reorder(tx: Tx, auth: AuthContext, subjectId: number, wanted: { id: number; order: number }[]) {
  await ownSubject(tx, auth, subjectId, { lock: true });
  const current = await childrenOf(tx, subjectId);
  const ids = new Set(wanted.map((w) => w.id));
  const orders = new Set(wanted.map((w) => w.order));
  const same = ids.size === wanted.length && orders.size === wanted.length && current.length === wanted.length && current.every((c) => ids.has(c.id));
  if (!same) throw staleOrder();
  const ordered = [...wanted].sort((a, b) => a.order - b.order).map((w) => w.id);
  await rewritePositions(tx, 'subject_items', 'subject_id', subjectId, ordered);
  await touch(tx, subjectId);
  return { message: SUBJECT_MSG.organized };
}

/** Take subject items `ids` out of subject `subjectId` (locked) and renumber the rest. */
async function removeItems(tx: Tx, subjectId: number, ids: number[]) {
  await tx.delete(subjectItems).where(and(eq(subjectItems.subjectId, subjectId), inArray(subjectItems.id, ids)));
  const rest = await childrenOf(tx, subjectId);
  await rewritePositions(tx, 'subject_items', 'subject_id', subjectId, rest.map((r) => r.id));
  await touch(tx, subjectId);
}

/** Append units (item, pinned version) at the end of subject `subjectId` (locked by the caller). */
async function append(tx: Tx, subjectId: number, units: { itemId: number; itemContentId: number }[], userId: number): Promise<number[]> {
  const current = await childrenOf(tx, subjectId);
  const present = new Set(current.map((c) => c.itemId));
  const seen = new Set<number>();
  for (const u of units) {
    if (present.has(u.itemId) || seen.has(u.itemId)) throw new AppError(409, 'ALREADY_IN_SUBJECT', SUBJECT_MSG.unitAlreadyIn);
    seen.add(u.itemId);
  }
  if (units.length === 0) return [];
  // A subject stays within what one reorder may send (SUBJECT_LIMITS.itemsMax).
  if (current.length + units.length > SUBJECT_LIMITS.itemsMax) throw new AppError(409, 'SUBJECT_FULL', SUBJECT_MSG.subjectFull(SUBJECT_LIMITS.itemsMax));
  const rows = await tx
    .insert(subjectItems)
    .values(units.map((u, i) => ({ subjectId, itemId: u.itemId, itemContentId: u.itemContentId, position: current.length + i, addedBy: userId })))
    .returning({ id: subjectItems.id });
  await touch(tx, subjectId);
  return rows.map((r) => r.id);
}

export function subjectCommands(deps: Deps) {
  const { db } = deps;

  async function create(auth: AuthContext, side: Owner['kind'], name: string) {
    return db.transaction(async (tx) => {
      const owner = await ownerOf(tx, auth, side);
      const [row] = await tx
        .insert(subjects)
        .values({ name, sellerId: owner.kind === 'seller' ? owner.id : null, providerId: owner.kind === 'provider' ? owner.id : null, createdBy: auth.user.id })
        .returning({ id: subjects.id });
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'create_new_subject', data: { subjectId: row!.id, name, side } });
      return { message: SUBJECT_MSG.created, subject_id: row!.id };
    });
  }

  async function rename(auth: AuthContext, side: Owner['kind'], id: number, name: string) {
    return db.transaction(async (tx) => {
      const owner = await ownerOf(tx, auth, side);
      const subject = await ownSubject(tx, auth, id, { lock: true });
      await tx.update(subjects).set({ name, updatedAt: new Date() }).where(eq(subjects.id, subject.id));
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'update_subject_name', data: { subjectId: subject.id, from: subject.name, to: name } });
      return { message: SUBJECT_MSG.renamed };
    });
  }

  async function remove(auth: AuthContext, side: Owner['kind'], id: number) {
    return db.transaction(async (tx) => {
      const owner = await ownerOf(tx, auth, side);
      const subject = await ownSubject(tx, auth, id, { lock: true });
      // The courses holding it keep dense positions: each is locked and renumbered after the subject goes.
      const inCourses = await tx.select({ courseId: courseSubjects.courseId }).from(courseSubjects).where(eq(courseSubjects.subjectId, subject.id));
      const courseIds = [...new Set(inCourses.map((c) => c.courseId))].sort((a, b) => a - b);
      if (courseIds.length > 0) await tx.execute(sql`select id from courses where id in (${sql.join(courseIds.map((c) => sql`${c}`), sql`, `)}) order by id for update`);
      await tx.delete(subjects).where(eq(subjects.id, subject.id));
      for (const courseId of courseIds) {
        const rest = await tx.select({ id: courseSubjects.id }).from(courseSubjects).where(eq(courseSubjects.courseId, courseId)).orderBy(asc(courseSubjects.position));
        await rewritePositions(tx, 'course_subjects', 'course_id', courseId, rest.map((r) => r.id));
      }
      await record(tx, { userId: auth.user.id, sellerId: auditSeller(owner), action: 'removed_subject', data: { subjectId: subject.id, name: subject.name } });
      return { message: SUBJECT_MSG.removed };
    });
  }

  return {
    // ---------------------------------------------------------------- institution
    async sellerCreate(auth: AuthContext, body: { name: string; sellerId: number }) {
      const owner = await ownerOf(db, auth, 'seller');
      if (body.sellerId !== owner.id) throw notFound();
      return create(auth, 'seller', body.name);
    },

    /** 'Adicionar à disciplina': the published version of a readable unit of an actively rented provider, pinned. */
    async sellerAddItem(auth: AuthContext, body: z.output<typeof sellerSubjectItemBody>) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        const subject = await ownSubject(tx, auth, body.subjectId, { lock: true });
        const readable = await checkAccess(tx, auth, 'unit.read', [body.itemContentId]);
        const [unit] = readable.has(body.itemContentId)
          ? await tx
              .select({ id: items.id, providerId: items.providerId, title: itemContents.title })
              .from(items)
              .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
              // unit.read of the published version: an active rent of its provider (the gate's catalogue case).
              .where(and(eq(items.id, body.itemId), eq(items.publishedContentId, body.itemContentId)))
          : [];
        if (!unit) throw notFound(SUBJECT_MSG.unitNotAvailable);
        const [subjectItemId] = await append(tx, subject.id, [{ itemId: unit.id, itemContentId: body.itemContentId }], auth.user.id);
        await record(tx, {
          userId: auth.user.id,
          sellerId: owner.id,
          action: 'added_item_to_subject',
          data: { subjectId: subject.id, subjectItemId, itemId: unit.id, itemContentId: body.itemContentId, title: unit.title },
        });
        return { message: SUBJECT_MSG.unitAdded, subjectItemId: subjectItemId! };
      });
    },

    sellerRename: (auth: AuthContext, id: number, name: string) => rename(auth, 'seller', id, name),
    sellerRemove: (auth: AuthContext, id: number) => remove(auth, 'seller', id),

    async sellerReorder(auth: AuthContext, body: z.output<typeof sellerReorderBody>) {
      return db.transaction(async (tx) => {
        await ownerOf(tx, auth, 'seller');
        const ids = body.subjectItems.map((s) => s.subjectItemId);
        const parents = await tx.selectDistinct({ subjectId: subjectItems.subjectId }).from(subjectItems).where(inArray(subjectItems.id, ids));
        if (parents.length === 0) throw notFound();
        if (parents.length > 1) throw staleOrder();
        return reorder(tx, auth, parents[0]!.subjectId, body.subjectItems.map((s) => ({ id: s.subjectItemId, order: s.order })));
      });
    },

    async sellerRemoveItem(auth: AuthContext, subjectItemId: number) {
      return db.transaction(async (tx) => {
        await ownerOf(tx, auth, 'seller');
        const [found] = await tx.select({ subjectId: subjectItems.subjectId }).from(subjectItems).where(eq(subjectItems.id, subjectItemId));
        if (!found) throw notFound();
        const subject = await ownSubject(tx, auth, found.subjectId, { lock: true });
        await removeItems(tx, subject.id, [subjectItemId]);
        return { message: SUBJECT_MSG.unitRemoved };
      });
    },

    // ---------------------------------------------------------------- provider
    providerCreate: (auth: AuthContext, name: string) => create(auth, 'provider', name),
    providerRename: (auth: AuthContext, id: number, name: string) => rename(auth, 'provider', id, name),
    providerRemove: (auth: AuthContext, id: number) => remove(auth, 'provider', id),

    /**
     * POST providers/subjects/insert-items: the provider's OWN units, each at its published version, appended at the
     * end of the subject in the order sent. The `order` the spec's client sends (always 2) is not a position: taking
     * it literally would collide with the unit already at 2 (docs/decisions.md).
     */
    async providerInsertItems(auth: AuthContext, body: z.output<typeof providerInsertItemsBody>) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'provider');
        const subject = await ownSubject(tx, auth, body.subjectId, { lock: true });
        const wanted = body.subjectItems;
        const found = await tx
          .select({ id: items.id, published: items.publishedContentId })
          .from(items)
          .where(and(inArray(items.id, wanted.map((w) => w.itemId)), eq(items.providerId, owner.id)));
        const published = new Map(found.map((f) => [f.id, f.published]));
        for (const w of wanted) if (published.get(w.itemId) !== w.itemContentId) throw notFound(SUBJECT_MSG.unitNotAvailable);
        const ids = await append(tx, subject.id, wanted.map((w) => ({ itemId: w.itemId, itemContentId: w.itemContentId })), auth.user.id);
        await record(tx, { userId: auth.user.id, action: 'added_item_to_subject', data: { subjectId: subject.id, subjectItemIds: ids, itemIds: wanted.map((w) => w.itemId) } });
        return { message: SUBJECT_MSG.unitAdded };
      });
    },

    async providerReorder(auth: AuthContext, body: z.output<typeof providerReorderBody>) {
      return db.transaction(async (tx) => {
        await ownerOf(tx, auth, 'provider');
        return reorder(tx, auth, body.subjectId, body.subjectItems);
      });
    },

    /** DELETE /providers/subjects/{id}/delete-items: the units (item ids) leave subject {id}. */
    async providerDeleteItems(auth: AuthContext, id: number, itemIds: number[]) {
      return db.transaction(async (tx) => {
        await ownerOf(tx, auth, 'provider');
        const subject = await ownSubject(tx, auth, id, { lock: true });
        const rows = await tx
          .select({ id: subjectItems.id })
          .from(subjectItems)
          .where(and(eq(subjectItems.subjectId, subject.id), inArray(subjectItems.itemId, itemIds)));
        if (rows.length !== new Set(itemIds).size) throw notFound();
        await removeItems(tx, subject.id, rows.map((r) => r.id));
        return { message: SUBJECT_MSG.unitRemoved };
      });
    },
  };
}
