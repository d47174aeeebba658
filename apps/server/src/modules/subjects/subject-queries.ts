/**
 * Reading subjects: the institution's and the provider's lists (filters), a subject's detail and, for the institution,
 * the pinned version of one of its units. Which subjects: the access gate's subject.own; `ownerOf` first answers 403
 * for a suspended institution and names the owner the route's id must match (another one: 404).
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SubjectCard, SubjectDetail, providerSubjectsFind, sellerSubjectsFilter } from '@edu/shared/subjects';
import type { UnitContent } from '@edu/shared/units';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { foldedMatch } from '../../platform/search';
import { accessWhere, requireAccess } from '../access/index';
import { sqlArray } from '../store/index';
import { itemContents, items, providers } from '../../db/schema';
import { unitsService } from '../units/index';
import { subjectCategories, subjectItems, subjects } from './subjects.tables';
import { ownerHead, ownerJudged, ownerOf, type Owner } from './owner';
import { ownSubject } from './subject-rows';

/**
 * Subject cards of the caller (subject.own) matching `where`, newest first, and the caller's owner (`ownerOf`'s
 * guard, judged from the same statement: the cards are left-joined to the guard's row and read only when it holds).
 */
async function cards(ex: Executor, auth: AuthContext, kind: Owner['kind'], where: (SQL | undefined)[]): Promise<{ owner: Owner; cards: SubjectCard[] }> {
  const rows = await ex
    .select({
      ownerStatus: sql<string | null>`owner_head.status`,
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
    .from(ownerHead(auth, kind))
    .leftJoin(subjects, and(sql`owner_head.ok`, accessWhere(auth, 'subject.own'), ...where))
    .leftJoin(subjectCategories, eq(subjectCategories.id, subjects.categoryId))
    .orderBy(desc(subjects.createdAt), desc(subjects.id))
    .limit(1000);
  const owner = ownerJudged(auth, kind, rows);
  return {
    owner,
    cards: rows.flatMap((r) =>
      r.id === null
        ? []
        : [
            {
              id: r.id,
              name: r.name!,
              itemsCount: Number(r.itemsCount),
              categoryId: r.categoryId,
              category: r.catId !== null ? { id: r.catId, name: r.catName!, color: r.catColor! } : null,
              importedFromId: r.importedFromId,
              createdAt: r.createdAt!.toISOString(),
            },
          ],
    ),
  };
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

export function subjectQueries(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  /**
   * The caller's subject `id` (subject.own: else 404) with its units in order, in one statement: `ownerOf`'s guard
   * (judged first: 403), the subject and its units left-joined to it. An institution reads a unit of its subject only
   * while the gate admits it (active rent: `readable`, the gate's unit.read on the row); its own units a provider always.
   */
  async function detail(auth: AuthContext, kind: Owner['kind'], id: number): Promise<SubjectDetail> {
    const gate = kind === 'seller' ? accessWhere(auth, 'unit.read') : undefined;
    const rows = await db
      .select({
        ownerStatus: sql<string | null>`owner_head.status`,
        id: subjects.id,
        name: subjects.name,
        categoryId: subjects.categoryId,
        subjectItemId: subjectItems.id,
        itemId: subjectItems.itemId,
        itemContentId: subjectItems.itemContentId,
        order: subjectItems.position,
        title: itemContents.title,
        version: itemContents.version,
        levelOfLearning: itemContents.levelOfLearning,
        companyName: providers.companyName,
        readable: gate ? sql<boolean>`coalesce(${gate}, false)` : sql<boolean>`true`,
      })
      .from(ownerHead(auth, kind))
      .leftJoin(subjects, and(sql`owner_head.ok`, eq(subjects.id, id), accessWhere(auth, 'subject.own')))
      .leftJoin(subjectItems, eq(subjectItems.subjectId, subjects.id))
      .leftJoin(itemContents, eq(itemContents.id, subjectItems.itemContentId))
      .leftJoin(items, eq(items.id, subjectItems.itemId))
      .leftJoin(providers, eq(providers.id, items.providerId))
      .orderBy(asc(subjectItems.position));
    ownerJudged(auth, kind, rows);
    const [subject] = rows;
    if (!subject || subject.id === null) throw notFound();
    return {
      id: subject.id,
      name: subject.name!,
      categoryId: subject.categoryId,
      subjectItems: rows.flatMap((r) =>
        r.subjectItemId !== null
          ? [
              {
                subjectItemId: r.subjectItemId,
                itemId: r.itemId!,
                itemContentId: r.itemContentId!,
                order: r.order!,
                title: r.title!,
                version: r.version!,
                levelOfLearning: r.levelOfLearning!,
                companyName: r.companyName!,
                readable: r.readable,
              },
            ]
          : [],
      ),
    };
  }

  return {
    async sellerList(auth: AuthContext, sellerId: number): Promise<SubjectCard[]> {
      const { owner, cards: list } = await cards(db, auth, 'seller', []);
      if (sellerId !== owner.id) throw notFound();
      return list;
    },

    async sellerFilter(auth: AuthContext, q: z.output<typeof sellerSubjectsFilter>): Promise<SubjectCard[]> {
      const { owner, cards: list } = await cards(db, auth, 'seller', [
        q.name ? foldedMatch(subjects.nameFolded, q.name) : undefined,
        withAreas(q.knowledges),
        withLevels(q.levelOfLearning),
        q.categories?.length ? inArray(subjects.categoryId, q.categories) : undefined,
      ]);
      if (q.sellerId !== owner.id) throw notFound();
      return list;
    },

    async sellerDetail(auth: AuthContext, id: number): Promise<SubjectDetail> {
      return detail(auth, 'seller', id);
    },

    /** The pinned version of a unit of the subject, through the gate's unit.read (an inactive rent: 404). */
    async sellerUnit(auth: AuthContext, id: number, subjectItemId: number): Promise<UnitContent> {
      await ownerOf(db, auth, 'seller');
      const subject = await ownSubject(db, auth, id);
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

    async providerList(auth: AuthContext, providerId: number, q?: z.output<typeof providerSubjectsFind>): Promise<SubjectCard[]> {
      const { owner, cards: list } = await cards(db, auth, 'provider', [
        q?.subjectTitle ? foldedMatch(subjects.nameFolded, q.subjectTitle) : undefined,
        withLevels(q?.levelOfLearning),
      ]);
      if (providerId !== owner.id) throw notFound();
      return list;
    },

    async providerDetail(auth: AuthContext, id: number): Promise<SubjectDetail> {
      return detail(auth, 'provider', id);
    },
  };
}
