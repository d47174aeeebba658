/**
 * Units: authoring (create, save, new version of a published unit), the provider's own list, status moves
 * of the author (send for analysis, trash, recover), versions, and tags (spec 2 §2.3, §2.8, §4.1, §5, §7.1,
 * §7.3). Who may read or author a unit is the access gate's answer (modules/access); every status change
 * goes through the unit lifecycle (./lifecycle.ts).
 */
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import { LEVELS_OF_LEARNING, type KnowledgeArea, type KnowledgeType } from '@edu/shared/knowledge';
import { hasContent, isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import {
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
import type { Deps } from '../../platform/deps';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { contentStore } from '../../platform/content-store';
import { folded, foldedMatch, searchMatch } from '../../platform/search';
import { providers, reviews } from '../../db/schema';
import { authorEventFor, LIFECYCLE_MSG } from '@edu/shared/unit-lifecycle';
import { accessWhere, requireAccess, type Permission } from '../access/index';
import { unitLifecycle } from './lifecycle';
import { knowledgeAreas } from './knowledge.tables';
import { itemContents, itemContentTags, items, tags } from './units.tables';

export const UNITS_MSG = {
  stale: 'Esta unidade foi alterada em outra aba ou por outra pessoa. Recarregue a página para continuar a partir da versão mais recente.',
  updatePending: 'Esta unidade já tem uma atualização em andamento.',
  badKnowledge: 'Área de conhecimento inválida para o tipo de ensino escolhido.',
  badLevel: 'Nível de aprendizagem inválido para o tipo de ensino escolhido.',
  badMove: LIFECYCLE_MSG.badMove,
  underReview: 'Esta versão está em avaliação: ela é publicada pela decisão da avaliação.',
  noProvider: 'Seu usuário não está vinculado a um fornecedor.',
  unknownTag: 'Tag não encontrada.',
} as const;

/** The columns of a unit version every unit list shows (never the content itself): staff lists and Minhas Unidades. */
export const LISTED_CONTENT = {
  id: itemContents.id,
  itemId: itemContents.itemId,
  title: itemContents.title,
  status: itemContents.status,
  version: itemContents.version,
  knowledgeIds: itemContents.knowledgeIds,
  levelOfLearning: itemContents.levelOfLearning,
  createdAt: itemContents.createdAt,
  updatedAt: itemContents.updatedAt,
};

export type UnitFields = z.output<typeof unitCreateBody>;
type Fields = UnitFields;

const iso = (d: Date) => d.toISOString();

/**
 * THE check of a unit's knowledge areas and learning levels against its learning type (the studio's save
 * and the review's 'Editar Detalhes'): deduplicated, or 400 with the field's pt-BR message.
 */
export function checkKnowledge(areas: Map<number, KnowledgeArea>, learningType: KnowledgeType, knowledges: number[], levelOfLearning: string[]) {
  const knowledgeIds = [...new Set(knowledges)];
  if (knowledgeIds.some((k) => areas.get(k)?.type !== learningType)) throw badRequest(UNITS_MSG.badKnowledge, { knowledges: UNITS_MSG.badKnowledge });
  const levels = [...new Set(levelOfLearning)];
  if (levels.some((l) => !LEVELS_OF_LEARNING[learningType].includes(l))) throw badRequest(UNITS_MSG.badLevel, { levelOfLearning: UNITS_MSG.badLevel });
  return { knowledgeIds, levels };
}

export function unitsService(deps: Deps) {
  const { db } = deps;
  const lifecycle = unitLifecycle(deps);
  const store = contentStore(deps);

  function authorProvider(auth: AuthContext): number {
    if (auth.user.providerId === null) throw forbidden(UNITS_MSG.noProvider);
    return auth.user.providerId;
  }

  /** A content row the caller may `permission` (the access gate); 404 otherwise. */
  async function loadRow(ex: Executor, auth: AuthContext, id: number, lock = false, permission: Permission = 'unit.read') {
    await requireAccess(ex, auth, permission, id);
    return rowOf(ex, id, lock);
  }

  /** The row itself, for callers that asked the gate already (bulk moves ask once for the whole set). */
  async function rowOf(ex: Executor, id: number, lock: boolean) {
    const base = ex
      .select({ content: itemContents, providerId: items.providerId, publishedContentId: items.publishedContentId })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .where(eq(itemContents.id, id));
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound();
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

  /**
   * The body's HTML fields and cover as stored: sanitized, embeds checked, external images imported (platform/
   * content-store.ts). Called before the save's transaction, after the caller's right to save was checked.
   */
  function prepare<T extends Fields>(body: T): Promise<T> {
    return store.unitFields(body);
  }

  /** The prepared body's fields checked against reference data. */
  async function clean(ex: Executor, body: Fields) {
    const { knowledgeIds, levels } = checkKnowledge(await knowledgeMap(ex), body.learningType, body.knowledges, body.levelOfLearning);
    return {
      title: body.title,
      authors: body.authors,
      mediaUrl: body.mediaUrl ?? null,
      questions: body.questions ?? null,
      introduction: body.introduction,
      learningObjectives: body.learningObjectives,
      synthesis: body.synthesis,
      bibliographicReference: body.bibliographicReference,
      // Topic titles are plain text; their content is sanitized HTML with validated resource blocks (prepare).
      topics: body.topics.map((t) => ({ title: t.title, content: t.content })),
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

  /**
   * The body of a save as it will be stored: sanitized, other sites' images imported (public-fetch: seconds, no
   * database connection held). The route runs it before the save's transaction (registerRoute's `prepareBody`).
   */
  async function prepareCreate(auth: AuthContext, input: Fields): Promise<Fields> {
    authorProvider(auth);
    return prepare(input);
  }

  async function prepareUpdate(auth: AuthContext, input: z.output<typeof unitUpdateBody>): Promise<z.output<typeof unitUpdateBody>> {
    authorProvider(auth);
    // Nothing is fetched for someone who may not save this unit (checked again in the transaction).
    await requireAccess(db, auth, 'unit.edit', input.id);
    return prepare(input);
  }

  /** Saves a new unit from a prepared body (prepareCreate). */
  async function create(auth: AuthContext, body: Fields): Promise<UnitContent> {
    const providerId = authorProvider(auth);
    return db.transaction(async (tx) => {
      const values = await clean(tx, body);
      const [item] = await tx.insert(items).values({ providerId }).returning({ id: items.id });
      const content = await lifecycle.insertVersion(tx, 'create', { ...values, itemId: item!.id, version: 1, createdBy: auth.user.id, updatedBy: auth.user.id });
      await record(tx, { userId: auth.user.id, action: 'created_unity', data: { itemContentId: content!.id, itemId: item!.id, title: values.title } });
      return view(tx, content!.id);
    });
  }

  /** Saves a unit from a prepared body (prepareUpdate). */
  async function update(auth: AuthContext, body: z.output<typeof unitUpdateBody>): Promise<UnitContent> {
    authorProvider(auth);
    return db.transaction(async (tx) => {
      const { content: current } = await loadRow(tx, auth, body.id, true, 'unit.edit');
      if (current.revision !== body.revision) throw new AppError(409, 'STALE_UNIT', UNITS_MSG.stale);
      // A published version is updated by a new version; any other status must allow a save (lifecycle table).
      if (current.status !== 'publish') lifecycle.assertAllowed(current.status as UnitStatus, 'save');
      const values = await clean(tx, body);
      // The synthesis is required when editing (spec 2 §5): checked on what will be stored.
      if (!hasContent(values.synthesis)) throw badRequest(UNIT_MSG.synthesisRequired, { synthesis: UNIT_MSG.synthesisRequired });

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
        const created = await lifecycle.insertVersion(
          tx,
          'newVersion',
          { ...values, itemId: current.itemId, version: Number(max) + 1, updateMessage: message, createdBy: auth.user.id, updatedBy: auth.user.id },
          'publish',
        );
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

      // Draft, correction and reproved are saved in place; a reproved unit edited becomes a draft again (lifecycle table).
      await lifecycle.transition(tx, current.id, 'save', auth.user, { set: values });
      await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: current.id, itemId: current.itemId, title: values.title } });
      return view(tx, current.id);
    });
  }

  async function find(auth: AuthContext, id: number): Promise<UnitContent> {
    await requireAccess(db, auth, 'unit.read', id);
    return view(db, id);
  }

  async function mine(auth: AuthContext, q: z.output<typeof ownUnitsQuery>): Promise<OwnUnitsResponse> {
    authorProvider(auth);
    const mayEdit = accessWhere(auth, 'unit.edit') ?? sql`true`;
    // Every tab but the trash lists the latest version not in the trash of each item the gate lets this author
    // edit: the item's current version, which the database keeps on the item (items.current_*, trigger
    // items_keep_current), filtered, counted and sorted on the indexes items_provider_current_idx (recent first) and
    // items_provider_current_title_idx (A-Z) without reading rows.
    const regular: SQL[] = [mayEdit, isNotNull(items.currentContentId)];
    if (q.title) regular.push(foldedMatch(items.currentTitleFolded, q.title));
    if (q.knowledges) regular.push(sql`exists (select 1 from item_contents k where k.id = ${items.currentContentId} and ${q.knowledges} = any(k.knowledge_ids))`);
    const regularWhere = and(...regular);
    // The counts per status of the current versions: they give the total of every filter but the trash.
    const countsByStatus = () =>
      db.select({ status: sql<string>`${items.currentStatus}`, n: count() }).from(items).where(regularWhere).groupBy(items.currentStatus);
    // The trash lists every trashed version of those items: the items first (planned on their own: `offset 0`).
    const trashed: SQL[] = [
      sql`${itemContents.itemId} in (select ${items.id} from ${items} where ${mayEdit} offset 0)`,
      eq(itemContents.status, 'deleted'),
    ];
    if (q.title) trashed.push(foldedMatch(itemContents.titleFolded, q.title));
    if (q.knowledges) trashed.push(sql`${q.knowledges} = any(${itemContents.knowledgeIds})`);
    const deleted = q.statusItemContent === 'deleted';
    const trashedWhere = and(...trashed);
    const byTitle = q.order === 'title';
    // Only what the list shows and what `complete` reads (not the topics).
    const listed = {
      ...LISTED_CONTENT,
      authors: itemContents.authors,
      bibliographicReference: itemContents.bibliographicReference,
      learningObjectives: itemContents.learningObjectives,
      introduction: itemContents.introduction,
      synthesis: itemContents.synthesis,
    };
    const offset = (q.page - 1) * UNITS_PAGE_SIZE;
    // Every tab but the trash: the page's ids in the list's order (an index walk that stops after the page) and the
    // counts per status.
    const walk = async () => {
      const statusIn =
        q.statusItemContent === 'all' || q.statusItemContent === 'deleted' ? undefined : inArray(items.currentStatus, [...OWN_UNIT_FILTER_STATUSES[q.statusItemContent]]);
      const [page, byStatus] = await Promise.all([
        db
          .select({ id: items.currentContentId })
          .from(items)
          .where(and(regularWhere, statusIn))
          .orderBy(...(byTitle ? [asc(items.currentTitleFolded), asc(items.currentContentId)] : [desc(items.currentCreatedAt), desc(items.currentContentId)]))
          .limit(UNITS_PAGE_SIZE)
          .offset(offset),
        countsByStatus(),
      ]);
      return { ids: page.map((r) => Number(r.id)), byStatus };
    };
    // The trash: its page's ids and count, and the counts per status of the other tabs.
    const trash = async () => {
      const [ids, [n], byStatus] = await Promise.all([
        db
          .select({ id: itemContents.id })
          .from(itemContents)
          .where(trashedWhere)
          .orderBy(...(byTitle ? [asc(itemContents.titleFolded), asc(itemContents.id)] : [desc(itemContents.createdAt), desc(itemContents.id)]))
          .limit(UNITS_PAGE_SIZE)
          .offset(offset),
        db.select({ n: count() }).from(itemContents).where(trashedWhere),
        countsByStatus(),
      ]);
      return { ids: ids.map((r) => r.id), total: Number(n?.n ?? 0), byStatus };
    };
    // Then the page's rows (only the listed columns).
    const [listing, areas] = await Promise.all([
      deleted ? trash() : walk().then((w) => ({ ...w, total: 0 })),
      knowledgeMap(db),
    ]);
    const found = listing.ids.length
      ? await db.select({ c: listed }).from(itemContents).where(inArray(itemContents.id, listing.ids))
      : [];
    const byId = new Map(found.map((r) => [r.c.id, r]));
    const rows = listing.ids.map((id) => byId.get(id)).filter((r): r is (typeof found)[number] => !!r);
    const deletedTotal = listing.total;
    const byStatus = listing.byStatus;
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
    await requireAccess(db, auth, 'item.read', itemId);
    const [item] = await db.select().from(items).where(eq(items.id, itemId));
    if (!item) throw notFound();
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
      // One access query for the whole set (the gate), then each version locked and moved by the lifecycle.
      await requireAccess(tx, auth, 'unit.edit', ids);
      for (const id of ids) {
        const { content } = await rowOf(tx, id, true);
        const from = content.status as UnitStatus;
        const event = authorEventFor(from, body.status);
        if (!event) throw new AppError(409, 'BAD_STATUS_MOVE', UNITS_MSG.badMove(UNIT_STATUS_LABELS[from] ?? from, UNIT_STATUS_LABELS[body.status]));
        await lifecycle.transition(tx, id, event, auth.user);
        await record(tx, { userId: auth.user.id, action: 'chaged_unity_status', data: { itemContentId: id, from: content.status, to: body.status } });
      }
      return { ids, status: body.status };
    });
  }

  async function recover(auth: AuthContext, id: number) {
    authorProvider(auth);
    return db.transaction(async (tx) => {
      const { content } = await loadRow(tx, auth, id, true, 'unit.edit');
      lifecycle.assertAllowed(content.status as UnitStatus, 'recover');
      if (content.version > 1 && (await pendingVersion(tx, content.itemId, content.id))) throw new AppError(409, 'UPDATE_PENDING', UNITS_MSG.updatePending);
      const { to: status } = await lifecycle.transition(tx, id, 'recover', auth.user);
      await record(tx, { userId: auth.user.id, action: 'recovered_unity', data: { itemContentId: id, status } });
      return { id, status };
    });
  }

  /** Make a version the one readers see (staff; used when an update is approved). */
  async function publishVersion(auth: AuthContext, id: number) {
    return db.transaction(async (tx) => {
      const { content } = await loadRow(tx, auth, id, true);
      lifecycle.assertAllowed(content.status as UnitStatus, 'publishVersion');
      if (!isUnitComplete({ ...content, knowledges: content.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
      // A version under review is published by the review's decision (issue 5), never around it.
      const [underReview] = await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.itemContentId, id), eq(reviews.active, true))).limit(1);
      if (underReview) throw new AppError(409, 'UNDER_REVIEW', UNITS_MSG.underReview);
      await lifecycle.transition(tx, id, 'publishVersion', auth.user);
      await record(tx, { userId: auth.user.id, action: 'update_unit_status', data: { itemContentId: id, itemId: content.itemId, from: content.status, to: 'publish' } });
      return { itemId: content.itemId, publishedContentId: id };
    });
  }

  /** Content edits made from the review screen (never the status: that is the lifecycle's); the revision rises. */
  async function writeContent(tx: Tx, content: { id: number; revision: number }, set: Partial<typeof itemContents.$inferInsert>, userId: number) {
    const { status: _status, statusBeforeDelete: _before, ...fields } = set;
    await tx
      .update(itemContents)
      .set({ ...fields, revision: content.revision + 1, updatedBy: userId, updatedAt: new Date() })
      .where(eq(itemContents.id, content.id));
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
      await requireAccess(tx, auth, 'unit.read', contentId);
      const ids = [...new Set(tagIds)];
      const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      if (found.length !== ids.length) throw badRequest(UNITS_MSG.unknownTag, { tagIds: UNITS_MSG.unknownTag });
      await tx.insert(itemContentTags).values(ids.map((tagId) => ({ itemContentId: contentId, tagId }))).onConflictDoNothing();
      return tagsOf(tx, contentId);
    });
  }

  async function detachTag(auth: AuthContext, contentId: number, tagId: number): Promise<TagRow[]> {
    await requireAccess(db, auth, 'unit.read', contentId);
    await db.delete(itemContentTags).where(and(eq(itemContentTags.itemContentId, contentId), eq(itemContentTags.tagId, tagId)));
    return tagsOf(db, contentId);
  }

  return { prepareCreate, create, prepareUpdate, update, find, mine, versions, setStatus, recover, publishVersion, searchTags, createTags, attachTags, detachTag, view, prepare, clean, knowledgeMap, writeContent };
}
