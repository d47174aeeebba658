/**
 * Units: authoring (create, save, new version of a published unit), the provider's own list, status moves
 * of the author (send for analysis, trash, recover), versions, and tags (spec 2 §2.3, §2.8, §4.1, §5, §7.1,
 * §7.3). Authors reach only their provider's units; staff read any.
 */
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { isStaff } from '@edu/shared/access';
import { LEVELS_OF_LEARNING, type KnowledgeArea, type KnowledgeType } from '@edu/shared/knowledge';
import { isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import {
  AUTHOR_STATUS_MOVES,
  isUpdating,
  OWN_UNIT_FILTER_STATUSES,
  OWN_UNIT_FILTERS,
  UNIT_STATUS_LABELS,
  UNITS_PAGE_SIZE,
  type OwnUnitFilter,
  type OwnUnitsResponse,
  type TagRow,
  type UnitContent,
  type UnitStatus,
  unitCreateBody,
  unitUpdateBody,
  ownUnitsQuery,
  statusBody,
} from '@edu/shared/units';
import type { z } from 'zod';
import type { Deps } from '../../platform/http';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { sanitizeUnitHtml } from '../../platform/sanitize';
import { folded, foldedMatch, searchMatch } from '../../platform/search';
import { providers } from '../providers/providers.tables';
import { afterCorrection, type ReviewState } from '@edu/shared/review-machine';
import { reviews } from '../reviews/reviews.tables';
import { knowledgeAreas } from './knowledge.tables';
import { itemContents, itemContentTags, items, tags } from './units.tables';

export const UNITS_MSG = {
  stale: 'Esta unidade foi alterada em outra aba ou por outra pessoa. Recarregue a página para continuar a partir da versão mais recente.',
  locked: 'Esta unidade está em análise e não pode ser editada agora.',
  trashed: 'Esta unidade está na lixeira. Recupere-a para editar.',
  updatePending: 'Esta unidade já tem uma atualização em andamento.',
  badKnowledge: 'Área de conhecimento inválida para o tipo de ensino escolhido.',
  badLevel: 'Nível de aprendizagem inválido para o tipo de ensino escolhido.',
  badMove: (from: string, to: string) => `Não é possível mudar o status de ${from} para ${to}.`,
  notTrashed: 'Esta unidade não está na lixeira.',
  notAwaiting: 'Só uma versão enviada ou em análise pode ser publicada.',
  underReview: 'Esta versão está em avaliação: ela é publicada pela decisão da avaliação.',
  noProvider: 'Seu usuário não está vinculado a um fornecedor.',
  unknownTag: 'Tag não encontrada.',
} as const;

export type UnitFields = z.output<typeof unitCreateBody>;
type Fields = UnitFields;

const iso = (d: Date) => d.toISOString();
export const hasText = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;/g, ' ').trim() !== '' || /<(img|div|pre)\s/i.test(html);

export function unitsService(deps: Deps) {
  const { db } = deps;

  function authorProvider(auth: AuthContext): number {
    if (auth.user.providerId === null) throw forbidden(UNITS_MSG.noProvider);
    return auth.user.providerId;
  }

  /** A content row the caller may read (authors: own provider; staff: any); 404 otherwise. */
  async function loadRow(ex: Executor, auth: AuthContext, id: number, lock = false) {
    const base = ex
      .select({ content: itemContents, providerId: items.providerId, publishedContentId: items.publishedContentId })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .where(eq(itemContents.id, id));
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound();
    if (!isStaff(auth.user.type) && row.providerId !== auth.user.providerId) throw notFound();
    return row;
  }

  async function knowledgeMap(ex: Executor): Promise<Map<number, KnowledgeArea>> {
    const rows = await ex.select().from(knowledgeAreas);
    return new Map(rows.map((k) => [k.id, { id: k.id, title: k.title, type: k.type as KnowledgeType }]));
  }

  async function tagsOf(ex: Executor, contentId: number): Promise<TagRow[]> {
    return ex
      .select({ id: tags.id, name: tags.name })
      .from(itemContentTags)
      .innerJoin(tags, eq(tags.id, itemContentTags.tagId))
      .where(eq(itemContentTags.itemContentId, contentId))
      .orderBy(asc(tags.name));
  }

  async function view(ex: Executor, id: number): Promise<UnitContent> {
    const [row] = await ex
      .select({ content: itemContents, providerId: items.providerId, providerName: providers.companyName, publishedContentId: items.publishedContentId })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(eq(itemContents.id, id));
    if (!row) throw notFound();
    const c = row.content;
    const areas = await knowledgeMap(ex);
    return {
      id: c.id,
      itemId: c.itemId,
      version: c.version,
      revision: c.revision,
      status: c.status as UnitStatus,
      title: c.title,
      authors: c.authors,
      mediaUrl: c.mediaUrl,
      questions: c.questions,
      introduction: c.introduction,
      learningObjectives: c.learningObjectives,
      synthesis: c.synthesis,
      bibliographicReference: c.bibliographicReference,
      topics: c.topics,
      levelOfLearning: c.levelOfLearning,
      learningType: c.learningType as KnowledgeType,
      knowledges: c.knowledgeIds.map((k) => areas.get(k)).filter((k): k is KnowledgeArea => !!k),
      tags: await tagsOf(ex, c.id),
      provider: { id: row.providerId, name: row.providerName },
      updateMessage: c.updateMessage,
      publishedContentId: row.publishedContentId,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
    };
  }

  /** The body's fields checked against reference data and sanitized for storage. */
  async function clean(ex: Executor, body: Fields) {
    const areas = await knowledgeMap(ex);
    const knowledgeIds = [...new Set(body.knowledges)];
    if (knowledgeIds.some((k) => areas.get(k)?.type !== body.learningType)) throw badRequest(UNITS_MSG.badKnowledge, { knowledges: UNITS_MSG.badKnowledge });
    const levels = [...new Set(body.levelOfLearning)];
    if (levels.some((l) => !LEVELS_OF_LEARNING[body.learningType].includes(l))) throw badRequest(UNITS_MSG.badLevel, { levelOfLearning: UNITS_MSG.badLevel });
    return {
      title: body.title,
      authors: body.authors,
      mediaUrl: body.mediaUrl ?? null,
      questions: body.questions ?? null,
      introduction: sanitizeUnitHtml(body.introduction),
      learningObjectives: body.learningObjectives,
      synthesis: sanitizeUnitHtml(body.synthesis),
      bibliographicReference: body.bibliographicReference,
      // Topic titles are plain text; their content is sanitized HTML with validated resource blocks.
      topics: body.topics.map((t) => ({ title: t.title, content: sanitizeUnitHtml(t.content) })),
      levelOfLearning: levels,
      learningType: body.learningType,
      knowledgeIds,
    };
  }

  /** Another version of the item on its way (not published, not trashed, newer than the published one). */
  async function pendingVersion(ex: Executor, itemId: number, exceptId: number): Promise<boolean> {
    const [row] = await ex
      .select({ id: itemContents.id })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .where(
        and(
          eq(itemContents.itemId, itemId),
          ne(itemContents.id, exceptId),
          ne(itemContents.status, 'deleted'),
          sql`${itemContents.id} is distinct from ${items.publishedContentId}`,
          sql`${itemContents.version} > coalesce((select p.version from item_contents p where p.id = ${items.publishedContentId}), 0)`,
        ),
      )
      .limit(1);
    return !!row;
  }

  async function create(auth: AuthContext, body: Fields): Promise<UnitContent> {
    const providerId = authorProvider(auth);
    return db.transaction(async (tx) => {
      const values = await clean(tx, body);
      const [item] = await tx.insert(items).values({ providerId }).returning({ id: items.id });
      const [content] = await tx
        .insert(itemContents)
        .values({ ...values, itemId: item!.id, version: 1, status: 'draft', createdBy: auth.user.id, updatedBy: auth.user.id })
        .returning({ id: itemContents.id });
      await record(tx, { userId: auth.user.id, action: 'created_unity', data: { itemContentId: content!.id, itemId: item!.id, title: values.title } });
      return view(tx, content!.id);
    });
  }

  async function update(auth: AuthContext, body: z.output<typeof unitUpdateBody>): Promise<UnitContent> {
    authorProvider(auth);
    return db.transaction(async (tx) => {
      const { content: current } = await loadRow(tx, auth, body.id, true);
      if (current.revision !== body.revision) throw new AppError(409, 'STALE_UNIT', UNITS_MSG.stale);
      if (current.status === 'deleted') throw new AppError(409, 'UNIT_TRASHED', UNITS_MSG.trashed);
      if (current.status === 'send' || current.status === 'analyze') throw new AppError(409, 'UNIT_LOCKED', UNITS_MSG.locked);
      const values = await clean(tx, body);
      // The synthesis is required when editing (spec 2 §5): checked on what will be stored.
      if (!hasText(values.synthesis)) throw badRequest(UNIT_MSG.synthesisRequired, { synthesis: UNIT_MSG.synthesisRequired });

      if (current.status === 'publish') {
        // A published unit is updated through a new version that goes through analysis again (spec 2 §4.2).
        const message = body.updateMessage?.trim();
        if (!message) throw badRequest(UNIT_MSG.updateMessageRequired, { updateMessage: UNIT_MSG.updateMessageRequired });
        // The new version goes straight to analysis: it must be as complete as a draft being sent.
        if (!isUnitComplete({ ...values, knowledges: values.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
        if (await pendingVersion(tx, current.itemId, current.id)) throw new AppError(409, 'UPDATE_PENDING', UNITS_MSG.updatePending);
        const [{ max } = { max: current.version }] = await tx
          .select({ max: sql<number>`max(${itemContents.version})` })
          .from(itemContents)
          .where(eq(itemContents.itemId, current.itemId));
        const [created] = await tx
          .insert(itemContents)
          .values({
            ...values,
            itemId: current.itemId,
            version: Number(max) + 1,
            status: 'send',
            updateMessage: message,
            createdBy: auth.user.id,
            updatedBy: auth.user.id,
          })
          .returning({ id: itemContents.id });
        const currentTags = await tx.select({ tagId: itemContentTags.tagId }).from(itemContentTags).where(eq(itemContentTags.itemContentId, current.id));
        if (currentTags.length) await tx.insert(itemContentTags).values(currentTags.map((t) => ({ itemContentId: created!.id, tagId: t.tagId })));
        // The current revision rises too: another tab still editing the published version must reload.
        await tx.update(itemContents).set({ revision: current.revision + 1 }).where(eq(itemContents.id, current.id));
        await record(tx, {
          userId: auth.user.id,
          action: 'updated_unity',
          data: { itemContentId: created!.id, fromItemContentId: current.id, itemId: current.itemId, version: Number(max) + 1, updateMessage: message },
        });
        return view(tx, created!.id);
      }

      // Draft, correction and reproved are saved in place; a reproved unit edited becomes a draft again.
      const status = current.status === 'reproved' ? 'draft' : current.status;
      await tx
        .update(itemContents)
        .set({ ...values, status, revision: current.revision + 1, updatedBy: auth.user.id, updatedAt: new Date() })
        .where(and(eq(itemContents.id, current.id), eq(itemContents.revision, current.revision)));
      await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: current.id, itemId: current.itemId, title: values.title } });
      return view(tx, current.id);
    });
  }

  async function find(auth: AuthContext, id: number): Promise<UnitContent> {
    await loadRow(db, auth, id);
    return view(db, id);
  }

  /** The latest version of each item that is not in the trash (an anti-join on the (item_id, version) index). */
  const latestActive = sql`not exists (select 1 from item_contents x where x.item_id = ${itemContents.itemId} and x.version > ${itemContents.version} and x.status <> 'deleted')`;

  async function mine(auth: AuthContext, q: z.output<typeof ownUnitsQuery>): Promise<OwnUnitsResponse> {
    const providerId = authorProvider(auth);
    // The provider's items first (planned on their own: `offset 0`), then their versions: no walk of every version.
    const base: SQL[] = [sql`${itemContents.itemId} in (select i.id from items i where i.provider_id = ${providerId} offset 0)`];
    if (q.title) base.push(foldedMatch(itemContents.titleFolded, q.title));
    if (q.knowledges) base.push(sql`${q.knowledges} = any(${itemContents.knowledgeIds})`);
    const regular = [...base, ne(itemContents.status, 'deleted'), latestActive];
    const filter: SQL[] =
      q.statusItemContent === 'deleted'
        ? [...base, eq(itemContents.status, 'deleted')]
        : q.statusItemContent === 'all'
          ? regular
          : [...regular, inArray(itemContents.status, [...OWN_UNIT_FILTER_STATUSES[q.statusItemContent]])];
    const where = and(...filter);
    const order = q.order === 'title' ? [asc(itemContents.titleFolded), asc(itemContents.id)] : [desc(itemContents.createdAt), desc(itemContents.id)];
    // Only what the list shows and what `complete` reads (not the topics).
    const listed = {
      id: itemContents.id,
      itemId: itemContents.itemId,
      title: itemContents.title,
      status: itemContents.status,
      version: itemContents.version,
      knowledgeIds: itemContents.knowledgeIds,
      levelOfLearning: itemContents.levelOfLearning,
      authors: itemContents.authors,
      bibliographicReference: itemContents.bibliographicReference,
      learningObjectives: itemContents.learningObjectives,
      introduction: itemContents.introduction,
      synthesis: itemContents.synthesis,
      createdAt: itemContents.createdAt,
      updatedAt: itemContents.updatedAt,
    };
    // The counts per status answer the total of every filter but the trash: one query less.
    // The page's ids first (the covering item_contents_item_status_idx answers filter and order), then their rows.
    const page = async () => {
      const ids = await db
        .select({ id: itemContents.id })
        .from(itemContents)
        .where(where)
        .orderBy(...order)
        .limit(UNITS_PAGE_SIZE)
        .offset((q.page - 1) * UNITS_PAGE_SIZE);
      if (ids.length === 0) return [];
      const found = await db.select({ c: listed }).from(itemContents).where(inArray(itemContents.id, ids.map((r) => r.id)));
      const byId = new Map(found.map((r) => [r.c.id, r]));
      return ids.map((r) => byId.get(r.id)).filter((r): r is (typeof found)[number] => !!r);
    };
    const [rows, deletedTotal, byStatus, areas] = await Promise.all([
      page(),
      q.statusItemContent === 'deleted'
        ? db.select({ n: count() }).from(itemContents).where(where).then(([r]) => Number(r?.n ?? 0))
        : Promise.resolve(0),
      db
        .select({ status: itemContents.status, n: count() })
        .from(itemContents)
        .where(and(...regular))
        .groupBy(itemContents.status),
      knowledgeMap(db),
    ]);
    const counts = Object.fromEntries(OWN_UNIT_FILTERS.map((f) => [f, 0])) as Record<OwnUnitFilter, number>;
    for (const { status, n } of byStatus) {
      counts.all += Number(n);
      for (const [filterKey, statuses] of Object.entries(OWN_UNIT_FILTER_STATUSES)) {
        if (statuses.includes(status as UnitStatus)) counts[filterKey as OwnUnitFilter] += Number(n);
      }
    }
    return {
      content: rows.map(({ c }) => ({
        id: c.id,
        itemId: c.itemId,
        title: c.title,
        status: c.status as UnitStatus,
        version: c.version,
        updating: isUpdating(c),
        knowledges: c.knowledgeIds.map((k) => areas.get(k)).filter((k): k is KnowledgeArea => !!k),
        levelOfLearning: c.levelOfLearning,
        complete: isUnitComplete({ ...c, knowledges: c.knowledgeIds }),
        createdAt: iso(c.createdAt),
        updatedAt: iso(c.updatedAt),
      })),
      total: q.statusItemContent === 'deleted' ? deletedTotal : counts[q.statusItemContent],
      counts,
    };
  }

  async function versions(auth: AuthContext, itemId: number) {
    const [item] = await db.select().from(items).where(eq(items.id, itemId));
    if (!item || (!isStaff(auth.user.type) && item.providerId !== auth.user.providerId)) throw notFound();
    const rows = await db.select().from(itemContents).where(eq(itemContents.itemId, itemId)).orderBy(desc(itemContents.version));
    return rows.map((c) => ({
      id: c.id,
      version: c.version,
      status: c.status as UnitStatus,
      title: c.title,
      updateMessage: c.updateMessage,
      published: c.id === item.publishedContentId,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
    }));
  }

  /** Author moves (spec 2 §4.1): all or nothing. */
  async function setStatus(auth: AuthContext, body: z.output<typeof statusBody>) {
    authorProvider(auth);
    // Locked in id order, so two overlapping bulk moves cannot deadlock.
    const ids = [...new Set(body.ids)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      for (const id of ids) {
        const { content } = await loadRow(tx, auth, id, true);
        const allowed = AUTHOR_STATUS_MOVES[content.status] ?? [];
        if (!allowed.includes(body.status)) {
          throw new AppError(409, 'BAD_STATUS_MOVE', UNITS_MSG.badMove(UNIT_STATUS_LABELS[content.status as UnitStatus] ?? content.status, UNIT_STATUS_LABELS[body.status]));
        }
        if ((body.status === 'send' || body.status === 'analyze') && !isUnitComplete({ ...content, knowledges: content.knowledgeIds })) {
          throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
        }
        await tx
          .update(itemContents)
          .set({
            status: body.status,
            statusBeforeDelete: body.status === 'deleted' ? content.status : content.statusBeforeDelete,
            revision: content.revision + 1,
            updatedBy: auth.user.id,
            updatedAt: new Date(),
          })
          .where(eq(itemContents.id, id));
        if (body.status === 'analyze') await resumeReview(tx, id);
        await record(tx, { userId: auth.user.id, action: 'chaged_unity_status', data: { itemContentId: id, from: content.status, to: body.status } });
      }
      return { ids, status: body.status };
    });
  }

  /** A corrected unit sent back: its active review's stage that asked for the correction starts over. */
  async function resumeReview(tx: Tx, contentId: number) {
    const [review] = await tx.select().from(reviews).where(and(eq(reviews.itemContentId, contentId), eq(reviews.active, true))).for('update');
    const state: ReviewState | undefined = review && {
      unitStatus: 'correction',
      active: review.active,
      curatorId: review.curatorId,
      reviewerId: review.reviewerId,
      curatorStatus: review.curatorStatus as ReviewState['curatorStatus'],
      reviewerStatus: review.reviewerStatus as ReviewState['reviewerStatus'],
      managerStatus: review.managerStatus as ReviewState['managerStatus'],
    };
    const next = state && afterCorrection(state);
    if (!review || !next) throw new AppError(409, 'BAD_STATUS_MOVE', UNITS_MSG.badMove(UNIT_STATUS_LABELS.correction, UNIT_STATUS_LABELS.analyze));
    const now = new Date();
    await tx
      .update(reviews)
      .set({
        curatorStatus: next.curatorStatus,
        reviewerStatus: next.reviewerStatus,
        // The stage that starts over starts now.
        ...(review.curatorStatus === 'correction' ? { curationStartedAt: now } : {}),
        ...(review.reviewerStatus === 'correction' ? { revisionStartedAt: now } : {}),
        updatedAt: now,
      })
      .where(eq(reviews.id, review.id));
  }

  async function recover(auth: AuthContext, id: number) {
    authorProvider(auth);
    return db.transaction(async (tx) => {
      const { content } = await loadRow(tx, auth, id, true);
      if (content.status !== 'deleted') throw new AppError(409, 'NOT_TRASHED', UNITS_MSG.notTrashed);
      if (content.version > 1 && (await pendingVersion(tx, content.itemId, content.id))) throw new AppError(409, 'UPDATE_PENDING', UNITS_MSG.updatePending);
      const status = (content.statusBeforeDelete ?? 'draft') as UnitStatus;
      await tx
        .update(itemContents)
        .set({ status, statusBeforeDelete: null, revision: content.revision + 1, updatedBy: auth.user.id, updatedAt: new Date() })
        .where(eq(itemContents.id, id));
      await record(tx, { userId: auth.user.id, action: 'recovered_unity', data: { itemContentId: id, status } });
      return { id, status };
    });
  }

  /** Make a version the one readers see (staff; used when an update is approved). */
  async function publishVersion(auth: AuthContext, id: number) {
    return db.transaction(async (tx) => {
      const { content } = await loadRow(tx, auth, id, true);
      if (!['send', 'analyze'].includes(content.status)) throw new AppError(409, 'BAD_STATUS_MOVE', UNITS_MSG.notAwaiting);
      if (!isUnitComplete({ ...content, knowledges: content.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
      // A version under review is published by the review's decision (issue 5), never around it.
      const [underReview] = await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.itemContentId, id), eq(reviews.active, true))).limit(1);
      if (underReview) throw new AppError(409, 'UNDER_REVIEW', UNITS_MSG.underReview);
      await tx.update(itemContents).set({ status: 'publish', revision: content.revision + 1, updatedAt: new Date() }).where(eq(itemContents.id, id));
      await tx.update(items).set({ publishedContentId: id }).where(eq(items.id, content.itemId));
      await record(tx, { userId: auth.user.id, action: 'update_unit_status', data: { itemContentId: id, itemId: content.itemId, from: content.status, to: 'publish' } });
      return { itemId: content.itemId, publishedContentId: id };
    });
  }

  // --- tags (spec 2 §7.3) ---

  async function searchTags(name: string | undefined): Promise<TagRow[]> {
    return db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(name ? searchMatch(tags.name, name) : undefined)
      .orderBy(asc(folded(tags.name)))
      .limit(20);
  }

  async function createTags(names: string[]): Promise<TagRow[]> {
    // The first spelling of a name wins ('Álgebra' and 'álgebra' are one tag).
    const byKey = new Map<string, string>();
    for (const n of names) if (!byKey.has(n.trim().toLowerCase())) byKey.set(n.trim().toLowerCase(), n.trim());
    const unique = [...byKey.values()];
    return db.transaction(async (tx) => {
      await tx.insert(tags).values(unique.map((name) => ({ name }))).onConflictDoNothing();
      return tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(sql`lower(${tags.name})`, unique.map((n) => n.toLowerCase())))
        .orderBy(asc(tags.name));
    });
  }

  async function attachTags(auth: AuthContext, contentId: number, tagIds: number[]): Promise<TagRow[]> {
    return db.transaction(async (tx: Tx) => {
      await loadRow(tx, auth, contentId);
      const ids = [...new Set(tagIds)];
      const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      if (found.length !== ids.length) throw badRequest(UNITS_MSG.unknownTag, { tagIds: UNITS_MSG.unknownTag });
      await tx.insert(itemContentTags).values(ids.map((tagId) => ({ itemContentId: contentId, tagId }))).onConflictDoNothing();
      return tagsOf(tx, contentId);
    });
  }

  async function detachTag(auth: AuthContext, contentId: number, tagId: number): Promise<TagRow[]> {
    await loadRow(db, auth, contentId);
    await db.delete(itemContentTags).where(and(eq(itemContentTags.itemContentId, contentId), eq(itemContentTags.tagId, tagId)));
    return tagsOf(db, contentId);
  }

  return { create, update, find, mine, versions, setStatus, recover, publishVersion, searchTags, createTags, attachTags, detachTag, view, clean, knowledgeMap };
}
