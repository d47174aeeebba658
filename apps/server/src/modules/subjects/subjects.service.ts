/**
 * Subjects (disciplinas) and subject categories, for an institution (seller) and for a provider (spec 3 §2.14,
 * §2.15, §7 "Subjects and categories"). Every change runs in one transaction that locks the subject's row
 * (`select … for update`), so adding, removing and reordering units of one subject run one after the other and
 * positions stay dense (0..n-1) and unique.
 *
 * Owners: an institution's subject is read and changed by its users while the institution is ACTIVE
 * (requireActiveInstitution); a provider's by its provider user. Another owner's id answers 404.
 *
 * What an institution may put in a subject: the PUBLISHED version of a unit it may read through the access gate's
 * unit.read AND whose provider it rents with an ACTIVE rent (access/market-rules.ts `activeRentOf`); that version is pinned.
 * Reading a unit of a subject later goes through unit.read again: a canceled rent makes it unreadable at once.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SUBJECT_LIMITS,
  SUBJECT_MSG,
  type ImportableSubject,
  type SubjectCard,
  type SubjectCategory,
  type SubjectDetail,
  type categoryCreateBody,
  type providerInsertItemsBody,
  type providerReorderBody,
  type providerSubjectsFind,
  type sellerReorderBody,
  type sellerSubjectItemBody,
  type sellerSubjectsFilter,
} from '@edu/shared/subjects';
import type { UnitContent } from '@edu/shared/units';
import type { Executor, Tx } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { AppError, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { foldedMatch } from '../../platform/search';
import { checkAccess, requireAccess, activeRentOf } from '../access/index';
import { sqlArray } from '../store/index';
import { courseSubjects, itemContents, items, providers } from '../../db/schema';
import { unitsService } from '../units/index';
import { subjectCategories, subjectItems, subjects } from './subjects.tables';
import { ownedBy as ownedByTable, ownerOf, type Owner } from './owner';

const ownedBy = (owner: Owner): SQL => ownedByTable(subjects, owner);

/** 409: the order sent is not exactly the subject's current units. */
const staleOrder = () => new AppError(409, 'REORDER_STALE', SUBJECT_MSG.reorderStale);

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

export function subjectsService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  /** The caller's subject `id` (locked FOR UPDATE with `lock`), or 404. */
  async function ownSubject(ex: Executor, owner: Owner, id: number, opts: { lock?: boolean } = {}) {
    const q = ex.select({ id: subjects.id, name: subjects.name, categoryId: subjects.categoryId }).from(subjects).where(and(eq(subjects.id, id), ownedBy(owner)));
    const [row] = opts.lock ? await q.for('update') : await q;
    if (!row) throw notFound();
    return row;
  }

  async function childrenOf(ex: Executor, subjectId: number) {
    return ex
      .select({ id: subjectItems.id, itemId: subjectItems.itemId, position: subjectItems.position })
      .from(subjectItems)
      .where(eq(subjectItems.subjectId, subjectId))
      .orderBy(asc(subjectItems.position));
  }

  async function touch(tx: Tx, subjectId: number) {
    await tx.update(subjects).set({ updatedAt: new Date() }).where(eq(subjects.id, subjectId));
  }

  /** Subject cards of `owner` matching `where`, newest first. */
  async function cards(ex: Executor, owner: Owner, where: (SQL | undefined)[]): Promise<SubjectCard[]> {
    const rows = await ex
      .select({
        id: subjects.id,
        name: subjects.name,
        categoryId: subjects.categoryId,
        importedFromId: subjects.importedFromId,
        createdAt: subjects.createdAt,
        itemsCount: sql<number>`(select count(*)::int from subject_items si where si.subject_id = ${subjects.id})`,
        catId: subjectCategories.id,
        catName: subjectCategories.name,
        catColor: subjectCategories.color,
      })
      .from(subjects)
      .leftJoin(subjectCategories, eq(subjectCategories.id, subjects.categoryId))
      .where(and(ownedBy(owner), ...where))
      .orderBy(desc(subjects.createdAt), desc(subjects.id))
      .limit(1000);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      itemsCount: Number(r.itemsCount),
      categoryId: r.categoryId,
      category: r.catId !== null ? { id: r.catId, name: r.catName!, color: r.catColor! } : null,
      importedFromId: r.importedFromId,
      createdAt: r.createdAt.toISOString(),
    }));
  }

  /** A subject has a unit (pinned version) with one of these areas / levels. */
  const withAreas = (ids: number[] | undefined) =>
    ids?.length
      ? sql`exists (select 1 from subject_items si join item_contents ic on ic.id = si.item_content_id where si.subject_id = ${subjects.id} and ic.knowledge_ids && ${sqlArray(ids, 'int')})`
      : undefined;
  const withLevels = (levels: string[] | undefined) =>
    levels?.length
      ? sql`exists (select 1 from subject_items si join item_contents ic on ic.id = si.item_content_id where si.subject_id = ${subjects.id} and ic.level_of_learning && ${sqlArray(levels, 'text')})`
      : undefined;

  async function detail(auth: AuthContext, owner: Owner, id: number): Promise<SubjectDetail> {
    const subject = await ownSubject(db, owner, id);
    const rows = await db
      .select({
        subjectItemId: subjectItems.id,
        itemId: subjectItems.itemId,
        itemContentId: subjectItems.itemContentId,
        order: subjectItems.position,
        title: itemContents.title,
        version: itemContents.version,
        levelOfLearning: itemContents.levelOfLearning,
        companyName: providers.companyName,
      })
      .from(subjectItems)
      .innerJoin(itemContents, eq(itemContents.id, subjectItems.itemContentId))
      .innerJoin(items, eq(items.id, subjectItems.itemId))
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(eq(subjectItems.subjectId, subject.id))
      .orderBy(asc(subjectItems.position));
    // An institution reads a unit of its subject only while the gate admits it (active rent); its own units a provider always.
    const readable = owner.kind === 'seller' ? await checkAccess(db, auth, 'unit.read', rows.map((r) => r.itemContentId)) : null;
    return {
      id: subject.id,
      name: subject.name,
      categoryId: subject.categoryId,
      subjectItems: rows.map((r) => ({ ...r, readable: readable ? readable.has(r.itemContentId) : true })),
    };
  }

  async function create(auth: AuthContext, side: Owner['kind'], name: string) {
    return db.transaction(async (tx) => {
      const owner = await ownerOf(tx, auth, side);
      const [row] = await tx
        .insert(subjects)
        .values({ name, sellerId: owner.kind === 'seller' ? owner.id : null, providerId: owner.kind === 'provider' ? owner.id : null, createdBy: auth.user.id })
        .returning({ id: subjects.id });
      await record(tx, { userId: auth.user.id, sellerId: owner.kind === 'seller' ? owner.id : null, action: 'create_new_subject', data: { subjectId: row!.id, name, side } });
      return { message: SUBJECT_MSG.created, subject_id: row!.id };
    });
  }

  async function rename(auth: AuthContext, side: Owner['kind'], id: number, name: string) {
    return db.transaction(async (tx) => {
      const owner = await ownerOf(tx, auth, side);
      const subject = await ownSubject(tx, owner, id, { lock: true });
      await tx.update(subjects).set({ name, updatedAt: new Date() }).where(eq(subjects.id, subject.id));
      await record(tx, { userId: auth.user.id, sellerId: owner.kind === 'seller' ? owner.id : null, action: 'update_subject_name', data: { subjectId: subject.id, from: subject.name, to: name } });
      return { message: SUBJECT_MSG.renamed };
    });
  }

  async function remove(auth: AuthContext, side: Owner['kind'], id: number) {
    return db.transaction(async (tx) => {
      const owner = await ownerOf(tx, auth, side);
      const subject = await ownSubject(tx, owner, id, { lock: true });
      // The courses holding it keep dense positions: each is locked and renumbered after the subject goes.
      const inCourses = await tx.select({ courseId: courseSubjects.courseId }).from(courseSubjects).where(eq(courseSubjects.subjectId, subject.id));
      const courseIds = [...new Set(inCourses.map((c) => c.courseId))].sort((a, b) => a - b);
      if (courseIds.length > 0) await tx.execute(sql`select id from courses where id in (${sql.join(courseIds.map((c) => sql`${c}`), sql`, `)}) order by id for update`);
      await tx.delete(subjects).where(eq(subjects.id, subject.id));
      for (const courseId of courseIds) {
        const rest = await tx.select({ id: courseSubjects.id }).from(courseSubjects).where(eq(courseSubjects.courseId, courseId)).orderBy(asc(courseSubjects.position));
        await rewritePositions(tx, 'course_subjects', 'course_id', courseId, rest.map((r) => r.id));
      }
      await record(tx, { userId: auth.user.id, sellerId: owner.kind === 'seller' ? owner.id : null, action: 'removed_subject', data: { subjectId: subject.id, name: subject.name } });
      return { message: SUBJECT_MSG.removed };
    });
  }

  /** Apply the whole new order `wanted` (subject item id → order) to subject `subjectId`, atomically. */
  async function reorder(tx: Tx, owner: Owner, subjectId: number, wanted: { id: number; order: number }[]) {
    await ownSubject(tx, owner, subjectId, { lock: true });
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

  return {
    // ---------------------------------------------------------------- institution
    async sellerList(auth: AuthContext, sellerId: number): Promise<SubjectCard[]> {
      const owner = await ownerOf(db, auth, 'seller');
      if (sellerId !== owner.id) throw notFound();
      return cards(db, owner, []);
    },

    async sellerFilter(auth: AuthContext, q: z.output<typeof sellerSubjectsFilter>): Promise<SubjectCard[]> {
      const owner = await ownerOf(db, auth, 'seller');
      if (q.sellerId !== owner.id) throw notFound();
      return cards(db, owner, [
        q.name ? foldedMatch(subjects.nameFolded, q.name) : undefined,
        withAreas(q.knowledges),
        withLevels(q.levelOfLearning),
        q.categories?.length ? inArray(subjects.categoryId, q.categories) : undefined,
      ]);
    },

    async sellerCreate(auth: AuthContext, body: { name: string; sellerId: number }) {
      const owner = await ownerOf(db, auth, 'seller');
      if (body.sellerId !== owner.id) throw notFound();
      return create(auth, 'seller', body.name);
    },

    /** 'Adicionar à disciplina': the published version of a readable unit of an actively rented provider, pinned. */
    async sellerAddItem(auth: AuthContext, body: z.output<typeof sellerSubjectItemBody>) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        const subject = await ownSubject(tx, owner, body.subjectId, { lock: true });
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
        const owner = await ownerOf(tx, auth, 'seller');
        const ids = body.subjectItems.map((s) => s.subjectItemId);
        const parents = await tx.selectDistinct({ subjectId: subjectItems.subjectId }).from(subjectItems).where(inArray(subjectItems.id, ids));
        if (parents.length === 0) throw notFound();
        if (parents.length > 1) throw staleOrder();
        return reorder(tx, owner, parents[0]!.subjectId, body.subjectItems.map((s) => ({ id: s.subjectItemId, order: s.order })));
      });
    },

    async sellerRemoveItem(auth: AuthContext, subjectItemId: number) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        const [found] = await tx.select({ subjectId: subjectItems.subjectId }).from(subjectItems).where(eq(subjectItems.id, subjectItemId));
        if (!found) throw notFound();
        const subject = await ownSubject(tx, owner, found.subjectId, { lock: true });
        await removeItems(tx, subject.id, [subjectItemId]);
        return { message: SUBJECT_MSG.unitRemoved };
      });
    },

    async categories(auth: AuthContext, sellerId: number): Promise<SubjectCategory[]> {
      const owner = await ownerOf(db, auth, 'seller');
      if (sellerId !== owner.id) throw notFound();
      return db
        .select({ id: subjectCategories.id, name: subjectCategories.name, color: subjectCategories.color })
        .from(subjectCategories)
        .where(eq(subjectCategories.sellerId, owner.id))
        .orderBy(asc(subjectCategories.nameFolded), asc(subjectCategories.id));
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
        const owner = await ownerOf(tx, auth, 'seller');
        const removed = await tx
          .delete(subjectCategories)
          .where(and(eq(subjectCategories.id, id), eq(subjectCategories.sellerId, owner.id)))
          .returning({ id: subjectCategories.id });
        if (removed.length === 0) throw notFound(SUBJECT_MSG.categoryNotFound);
        return { message: SUBJECT_MSG.categoryRemoved };
      });
    },

    async sellerSetCategory(auth: AuthContext, id: number, categoryId: number | null) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        const subject = await ownSubject(tx, owner, id, { lock: true });
        if (categoryId !== null) {
          const [cat] = await tx
            .select({ id: subjectCategories.id })
            .from(subjectCategories)
            .where(and(eq(subjectCategories.id, categoryId), eq(subjectCategories.sellerId, owner.id)));
          if (!cat) throw notFound(SUBJECT_MSG.categoryNotFound);
        }
        await tx.update(subjects).set({ categoryId, updatedAt: new Date() }).where(eq(subjects.id, subject.id));
        return { message: SUBJECT_MSG.categorySaved };
      });
    },

    async sellerDetail(auth: AuthContext, id: number): Promise<SubjectDetail> {
      return detail(auth, await ownerOf(db, auth, 'seller'), id);
    },

    /** The pinned version of a unit of the subject, through the gate's unit.read (an inactive rent: 404). */
    async sellerUnit(auth: AuthContext, id: number, subjectItemId: number): Promise<UnitContent> {
      const owner = await ownerOf(db, auth, 'seller');
      const subject = await ownSubject(db, owner, id);
      const [row] = await db
        .select({ itemContentId: subjectItems.itemContentId })
        .from(subjectItems)
        .where(and(eq(subjectItems.id, subjectItemId), eq(subjectItems.subjectId, subject.id)));
      if (!row) throw notFound();
      await requireAccess(db, auth, 'unit.read', row.itemContentId);
      const unit = await units.view(db, row.itemContentId);
      // Staff tags are the platform's own classification.
      return { ...unit, tags: [] };
    },

    /** The subjects of the providers the institution rents with an ACTIVE rent (the sources of 'Importar Disciplina'). */
    async importable(auth: AuthContext): Promise<ImportableSubject[]> {
      const owner = await ownerOf(db, auth, 'seller');
      const rows = await db
        .select({
          id: subjects.id,
          name: subjects.name,
          providerId: providers.id,
          companyName: providers.companyName,
          itemsCount: sql<number>`(select count(*)::int from subject_items si where si.subject_id = ${subjects.id})`,
        })
        .from(subjects)
        .innerJoin(providers, eq(providers.id, subjects.providerId))
        .where(and(isNotNull(subjects.providerId), activeRentOf(owner.id, sql`subjects.provider_id`)))
        .orderBy(asc(providers.companyName), asc(subjects.nameFolded), asc(subjects.id))
        .limit(1000);
      return rows.map((r) => ({ ...r, itemsCount: Number(r.itemsCount) }));
    },

    /**
     * 'Importar Disciplina' (spec 3 §4): in ONE transaction, a new subject of the institution with the source's name
     * and its units in the source's order, each pinned to the unit's CURRENT published version (what the institution
     * may read; a unit without one is left out). Any failure rolls everything back.
     */
    async sellerImport(auth: AuthContext, sourceId: number) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        const [source] = await tx
          .select({ id: subjects.id, name: subjects.name, providerId: subjects.providerId })
          .from(subjects)
          .where(and(eq(subjects.id, sourceId), isNotNull(subjects.providerId), activeRentOf(owner.id, sql`subjects.provider_id`)));
        if (!source) throw notFound();
        const sourceItems = await tx
          .select({ itemId: subjectItems.itemId, published: items.publishedContentId })
          .from(subjectItems)
          .innerJoin(items, eq(items.id, subjectItems.itemId))
          .where(and(eq(subjectItems.subjectId, source.id), eq(items.providerId, source.providerId!)))
          .orderBy(asc(subjectItems.position));
        const [created] = await tx
          .insert(subjects)
          .values({ name: source.name, sellerId: owner.id, importedFromId: source.id, createdBy: auth.user.id })
          .returning({ id: subjects.id });
        const pinned = sourceItems.filter((s) => s.published !== null).map((s) => ({ itemId: s.itemId, itemContentId: s.published! }));
        // One row at a time in order (a failure of any row aborts the whole import).
        for (const [i, u] of pinned.entries()) {
          await tx.insert(subjectItems).values({ subjectId: created!.id, itemId: u.itemId, itemContentId: u.itemContentId, position: i, addedBy: auth.user.id });
        }
        await record(tx, {
          userId: auth.user.id,
          sellerId: owner.id,
          action: 'imported_subject',
          data: { subjectId: created!.id, sourceId: source.id, providerId: source.providerId, name: source.name, items: pinned.length, skipped: sourceItems.length - pinned.length },
        });
        return { message: SUBJECT_MSG.imported, subject_id: created!.id };
      });
    },

    // ---------------------------------------------------------------- provider
    async providerList(auth: AuthContext, providerId: number, q?: z.output<typeof providerSubjectsFind>): Promise<SubjectCard[]> {
      const owner = await ownerOf(db, auth, 'provider');
      if (providerId !== owner.id) throw notFound();
      return cards(db, owner, [q?.subjectTitle ? foldedMatch(subjects.nameFolded, q.subjectTitle) : undefined, withLevels(q?.levelOfLearning)]);
    },

    async providerDetail(auth: AuthContext, id: number): Promise<SubjectDetail> {
      return detail(auth, await ownerOf(db, auth, 'provider'), id);
    },

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
        const subject = await ownSubject(tx, owner, body.subjectId, { lock: true });
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
      return db.transaction(async (tx) => reorder(tx, await ownerOf(tx, auth, 'provider'), body.subjectId, body.subjectItems));
    },

    /** DELETE /providers/subjects/{id}/delete-items: the units (item ids) leave subject {id}. */
    async providerDeleteItems(auth: AuthContext, id: number, itemIds: number[]) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'provider');
        const subject = await ownSubject(tx, owner, id, { lock: true });
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
