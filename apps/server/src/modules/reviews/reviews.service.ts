/**
 * Curation and review (spec 2 §2.5–§2.7, §4.2, §6, §7.2): delegation, the staff lists, the moves of the
 * state machine (`@edu/shared/review-machine`: every move it does not allow is refused), reopening,
 * comments, the published-units table and the unit edits staff make from the review screen.
 *
 * Who reaches which review is the access gate's answer (modules/access: review.read for the assigned
 * curator and reviewer and publishing roles, review.comment adds the unit's provider users; 404 otherwise).
 * The unit's side of every move (status, published version) is the unit lifecycle's (units/lifecycle.ts):
 * this service never writes unit tables.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { KnowledgeArea, KnowledgeType } from '@edu/shared/knowledge';
import { hasContent, isUnitComplete, UNIT_MSG } from '@edu/shared/content/unit-content';
import {
  allowedMoves,
  applyMove,
  canReopen,
  resolveMove,
  type ManagerStatus,
  type ReviewActor,
  type StageStatus,
} from '@edu/shared/review-machine';
import {
  REVIEW_MSG,
  STAFF_UNITS_PAGE_SIZE,
  type CommentRow,
  type NewUnitRow,
  type ReviewDetail,
  type ReviewRow,
  reviewContentBody,
  reviewsFindQuery,
  reviewsRoutes,
} from '@edu/shared/reviews';
import type { UnitContent, UnitStatus } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { folded, foldedMatch } from '../../platform/search';
import { cappedCount, COUNT_CAP } from '../../platform/lists';
import { itemContents, items, providers, users } from '../../db/schema';
import { checkKnowledge, LISTED_CONTENT, UNITS_MSG, unitsService } from '../units/index';
import { unitLifecycle } from '../units/index';
import { checkAccess, requireAccess, reviewListWhere } from '../access/index';
import { reviewComments, reviewList, reviews } from './reviews.tables';
import { saveReviewState, stateOf } from './review-state';
import { REVIEW_MOVE_EVENTS } from '@edu/shared/unit-lifecycle';
import { uploadUrlSql } from '../../platform/storage';

type Review = typeof reviews.$inferSelect;
type Content = typeof itemContents.$inferSelect;

const iso = (d: Date) => d.toISOString();
const refused = () => new AppError(409, 'MOVE_REFUSED', REVIEW_MSG.moveRefused);

const actorOf = (auth: AuthContext): ReviewActor => ({ id: auth.user.id, type: auth.user.type });

/** Staff who may edit the unit from the review (`readable`: the access gate's review.read), while it is in analysis. */
function mayEdit(readable: boolean, review: Review, unitStatus: string): boolean {
  return review.active && unitStatus === 'analyze' && readable;
}

export function reviewsService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);
  const lifecycle = unitLifecycle(deps);

  type Person = { id: number; name: string; avatar: string | null };
  const person = (column: SQLWrapper) =>
    sql<Person>`(select json_build_object('id', u.id, 'name', u.name, 'avatar', ${uploadUrlSql(sql`u.avatar_key`)}) from ${users} u where u.id = ${column})`;
  const listRowsQuery = (ex: Executor) =>
    ex
      .select({
        r: reviews,
        c: LISTED_CONTENT,
        provider: sql<{ id: number; name: string }>`(select json_build_object('id', p.id, 'name', p.company_name) from ${items} i join ${providers} p on p.id = i.provider_id where i.id = ${itemContents.itemId})`,
        curator: person(reviews.curatorId),
        reviewer: person(reviews.reviewerId),
      })
      .from(reviews)
      .innerJoin(itemContents, eq(itemContents.id, reviews.itemContentId))
      .$dynamic();
  // Every list page asks the same statement: prepared once per connection (planned once, not per request).
  let prepared: ReturnType<typeof prepareListRows> | undefined;
  const prepareListRows = () => listRowsQuery(db).where(sql`${reviews.id} = any(${sql.placeholder('ids')}::int[])`).prepare('review_list_rows');
  const listRows = () => (prepared ??= prepareListRows());

  /**
   * The list rows of `ids`, in that order: the review and its unit version joined, the provider, curator and reviewer
   * looked up per row (scalar subqueries: a 2-table join plans in a fraction of the 6-table one, and the list asks for
   * 10 rows at most).
   */
  async function rows(ex: Executor, ids: number[]): Promise<ReviewRow[]> {
    if (ids.length === 0) return [];
    const [found, areas] = await Promise.all([ex === db ? listRows().execute({ ids }) : listRowsQuery(ex).where(inArray(reviews.id, ids)), units.knowledgeMap(ex)]);
    const byId = new Map(found.map((f) => [f.r.id, f]));
    return ids
      .map((id) => byId.get(id))
      .filter((f): f is (typeof found)[number] => !!f)
      .map(({ r, c, provider, curator, reviewer }) => ({
        id: r.id,
        version: r.version,
        itemContentId: c.id,
        itemId: c.itemId,
        title: c.title,
        unitStatus: c.status as UnitStatus,
        unitVersion: c.version,
        provider: { id: Number(provider.id), name: provider.name },
        knowledges: knowledgesOf(areas, c.knowledgeIds),
        levelOfLearning: c.levelOfLearning,
        curator: { id: Number(curator.id), name: curator.name, avatar: curator.avatar },
        reviewer: { id: Number(reviewer.id), name: reviewer.name, avatar: reviewer.avatar },
        curatorStatus: r.curatorStatus as StageStatus | null,
        reviewerStatus: r.reviewerStatus as StageStatus | null,
        managerStatus: r.managerStatus as ManagerStatus | null,
        active: r.active,
        createdAt: iso(r.createdAt),
      }));
  }

  const knowledgesOf = (areas: Map<number, KnowledgeArea>, ids: number[]) =>
    ids.map((k) => areas.get(k)).filter((k): k is KnowledgeArea => !!k);

  /**
   * Ativas, Publicadas, Reprovadas: the latest review of each unit version. The filters, the order and the capped
   * count read the kept list table (`review_list`: one narrow row per latest review, with the unit version's status
   * and folded title) and its indexes only; the page's rows are read afterwards by id.
   */
  async function find(auth: AuthContext, q: z.output<typeof reviewsFindQuery>) {
    const L = reviewList;
    const filter: SQL[] = [];
    const assigned = reviewListWhere(auth, L);
    if (assigned) filter.push(assigned);
    if (q.active !== undefined) filter.push(eq(L.active, q.active));
    if (q.managerStatus) filter.push(eq(L.managerStatus, q.managerStatus));
    if (q.itemContentId) filter.push(eq(L.itemContentId, q.itemContentId));
    if (q.itemContentStatus) filter.push(eq(L.unitStatus, q.itemContentStatus));
    if (q.itemContentTitle) filter.push(foldedMatch(L.titleFolded, q.itemContentTitle));
    const where = and(...filter);
    const byTitle = q.order === 'title';
    const order = byTitle ? [asc(L.titleFolded), asc(L.reviewId)] : [desc(L.createdAt), desc(L.reviewId)];
    const offset = (q.page - 1) * STAFF_UNITS_PAGE_SIZE;
    const pageIds = async () =>
      (await db.select({ id: L.reviewId }).from(L).where(where).orderBy(...order).limit(STAFF_UNITS_PAGE_SIZE).offset(offset)).map((r) => r.id);
    let ids: number[];
    let total: number;
    if (q.itemContentTitle) {
      // A title search: one trigram match (up to the cap) answers both the count and, when it is not capped (every
      // match is in it), the page.
      const pageOrder = byTitle ? sql`m.title_folded asc, m.review_id asc` : sql`m.created_at desc, m.review_id desc`;
      const matched = await db
        .select({ n: sql<number>`w.n`, id: sql<number | null>`w.review_id` })
        .from(
          sql`(with m as materialized (select ${L.reviewId}, ${L.createdAt}, ${L.titleFolded} from ${L} where ${where} limit ${COUNT_CAP + 1})
            select (select count(*)::int from m) as n, p.review_id
            from (select 1) one left join (select m.review_id from m order by ${pageOrder} limit ${STAFF_UNITS_PAGE_SIZE} offset ${offset}) p on true) w`,
        );
      total = Number(matched[0]?.n ?? 0);
      ids = total > COUNT_CAP ? await pageIds() : matched.filter((r) => r.id !== null).map((r) => Number(r.id));
    } else {
      [ids, total] = await Promise.all([pageIds(), cappedCount(db, db.select({ one: sql`1` }).from(L).where(where).$dynamic())]);
    }
    return { content: await rows(db, ids), total };
  }

  const newRowsQuery = () =>
    db
      .select({
        c: LISTED_CONTENT,
        provider: sql<{ id: number; name: string }>`(select json_build_object('id', p.id, 'name', p.company_name) from ${items} i join ${providers} p on p.id = i.provider_id where i.id = ${itemContents.itemId})`,
      })
      .from(itemContents)
      .where(sql`${itemContents.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('new_units_rows');
  let newRows: ReturnType<typeof newRowsQuery> | undefined;

  /**
   * Novas: units sent for analysis, awaiting delegation. The page's ids and the capped count read item_contents'
   * indexes only (a title search: one trigram match on the versions sent, item_contents_send_title_trgm_idx, answers
   * both); then the page's rows by id.
   */
  async function newUnits(q: z.output<typeof reviewsRoutes.newUnits.query>): Promise<{ content: NewUnitRow[]; total: number }> {
    // `status = 'send'` literally: the partial trigram index is only used when the query says so.
    const where = and(sql`${itemContents.status} = 'send'`, q.title ? foldedMatch(itemContents.titleFolded, q.title) : undefined);
    const byTitle = q.order === 'title';
    const order = byTitle ? [asc(itemContents.titleFolded), asc(itemContents.id)] : [desc(itemContents.createdAt), desc(itemContents.id)];
    const offset = (q.page - 1) * STAFF_UNITS_PAGE_SIZE;
    const pageIds = async () =>
      (await db.select({ id: itemContents.id }).from(itemContents).where(where).orderBy(...order).limit(STAFF_UNITS_PAGE_SIZE).offset(offset)).map((r) => r.id);
    let ids: number[];
    let total: number;
    if (q.title) {
      const pageOrder = byTitle ? sql`m.title_folded asc, m.id asc` : sql`m.created_at desc, m.id desc`;
      const matched = await db
        .select({ n: sql<number>`w.n`, id: sql<number | null>`w.id` })
        .from(
          sql`(with m as materialized (select ${itemContents.id}, ${itemContents.createdAt}, ${itemContents.titleFolded} from ${itemContents} where ${where} limit ${COUNT_CAP + 1})
            select (select count(*)::int from m) as n, p.id
            from (select 1) one left join (select m.id from m order by ${pageOrder} limit ${STAFF_UNITS_PAGE_SIZE} offset ${offset}) p on true) w`,
        );
      total = Number(matched[0]?.n ?? 0);
      ids = total > COUNT_CAP ? await pageIds() : matched.filter((r) => r.id !== null).map((r) => Number(r.id));
    } else {
      [ids, total] = await Promise.all([pageIds(), cappedCount(db, db.select({ one: sql`1` }).from(itemContents).where(where).$dynamic())]);
    }
    const [found, areas] = await Promise.all([ids.length ? (newRows ??= newRowsQuery()).execute({ ids }) : [], units.knowledgeMap(db)]);
    const byId = new Map(found.map((f) => [f.c.id, f]));
    return {
      content: ids
        .map((id) => byId.get(id))
        .filter((f): f is (typeof found)[number] => !!f)
        .map(({ c, provider }) => ({
          id: c.id,
          itemId: c.itemId,
          title: c.title,
          version: c.version,
          provider: { id: Number(provider.id), name: provider.name },
          knowledges: knowledgesOf(areas, c.knowledgeIds),
          levelOfLearning: c.levelOfLearning,
          createdAt: iso(c.createdAt),
          updatedAt: iso(c.updatedAt),
        })),
      total,
    };
  }

  async function staff(type: 'curator' | 'review') {
    return db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.type, type), eq(users.status, 'active')))
      .orderBy(asc(folded(users.name)), asc(users.id));
  }

  /** The curator and the reviewer must be active users of their types. */
  async function checkPeople(ex: Executor, curatorId: number, reviewerId: number) {
    const found = await ex
      .select({ id: users.id, type: users.type })
      .from(users)
      .where(and(inArray(users.id, [curatorId, reviewerId]), eq(users.status, 'active')));
    if (!found.some((u) => u.id === curatorId && u.type === 'curator')) throw badRequest(REVIEW_MSG.wrongCurator, { curatorId: REVIEW_MSG.wrongCurator });
    if (!found.some((u) => u.id === reviewerId && u.type === 'review')) throw badRequest(REVIEW_MSG.wrongReviewer, { reviewerId: REVIEW_MSG.wrongReviewer });
  }

  async function lockContent(tx: Tx, id: number): Promise<Content> {
    const [content] = await tx.select().from(itemContents).where(eq(itemContents.id, id)).for('update');
    if (!content) throw notFound();
    return content;
  }

  async function nextVersion(tx: Tx, contentId: number): Promise<number> {
    const [row] = await tx.select({ max: sql<number | null>`max(${reviews.version})` }).from(reviews).where(eq(reviews.itemContentId, contentId));
    return Number(row?.max ?? 0) + 1;
  }

  /** A new review version for `content`, which the lifecycle moves to analysis (`event`: delegate or reopen). */
  async function openReview(tx: Tx, auth: AuthContext, content: Content, curatorId: number, reviewerId: number, event: 'delegate' | 'reopen'): Promise<number> {
    const now = new Date();
    const [created] = await tx
      .insert(reviews)
      .values({
        itemContentId: content.id,
        version: await nextVersion(tx, content.id),
        curatorId,
        reviewerId,
        managerId: auth.user.id,
        active: true,
        curationStartedAt: now,
      })
      .returning({ id: reviews.id });
    await lifecycle.transition(tx, content.id, event, auth.user);
    return created!.id;
  }

  /** Delegation: units sent for analysis get a review (next version) and go to analysis. All or nothing. */
  async function create(auth: AuthContext, body: z.output<typeof reviewsRoutes.create.body>) {
    const contentIds = [...new Set(body.contentIds)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      await checkPeople(tx, body.curatorId, body.reviewerId);
      const ids: number[] = [];
      for (const contentId of contentIds) {
        const content = await lockContent(tx, contentId);
        lifecycle.assertAllowed(content.status as UnitStatus, 'delegate');
        const id = await openReview(tx, auth, content, body.curatorId, body.reviewerId, 'delegate');
        await record(tx, {
          userId: auth.user.id,
          action: 'delegate_unity',
          data: { reviewId: id, itemContentId: contentId, curatorId: body.curatorId, reviewerId: body.reviewerId },
        });
        ids.push(id);
      }
      return { ids };
    });
  }

  async function lockReview(tx: Tx, id: number): Promise<Review> {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!review) throw notFound();
    return review;
  }

  /**
   * A review and its unit content, locked content first (the author's status call locks in that order too,
   * so the two cannot deadlock). A review's content never changes.
   */
  async function lockPair(tx: Tx, id: number): Promise<{ review: Review; content: Content }> {
    const [peek] = await tx.select({ itemContentId: reviews.itemContentId }).from(reviews).where(eq(reviews.id, id));
    if (!peek) throw notFound();
    const content = await lockContent(tx, peek.itemContentId);
    return { review: await lockReview(tx, id), content };
  }

  /** Editar Delegação: active reviews only. */
  async function editDelegation(auth: AuthContext, reviewIds: number[], body: z.output<typeof reviewsRoutes.editDelegation.body>) {
    const ids = [...new Set([...reviewIds, ...(body.reviewIds ?? [])])].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      await checkPeople(tx, body.curatorId, body.reviewerId);
      for (const id of ids) {
        const review = await lockReview(tx, id);
        if (!review.active) throw new AppError(409, 'REVIEW_CLOSED', REVIEW_MSG.notActive);
        await tx.update(reviews).set({ curatorId: body.curatorId, reviewerId: body.reviewerId, updatedAt: new Date() }).where(eq(reviews.id, id));
        await record(tx, {
          userId: auth.user.id,
          action: 'updated_delegate_unity',
          data: {
            reviewId: id,
            itemContentId: review.itemContentId,
            from: { curatorId: review.curatorId, reviewerId: review.reviewerId },
            to: { curatorId: body.curatorId, reviewerId: body.reviewerId },
          },
        });
      }
      return { ids };
    });
  }

  /** The latest review of the content is the only one that may be reopened; the unit must still be reproved. */
  async function isCurrent(ex: Executor, review: Review): Promise<boolean> {
    const [row] = await ex.select({ max: sql<number>`max(${reviews.version})` }).from(reviews).where(eq(reviews.itemContentId, review.itemContentId));
    return Number(row?.max) === review.version;
  }

  const reopenable = (review: Review, unitStatus: string, current: boolean, auth: AuthContext) =>
    canReopen(stateOf(review, unitStatus), actorOf(auth)) && current && unitStatus === 'reproved';

  /** Reabrir: a new review version, active, the unit back in analysis. */
  async function reopen(auth: AuthContext, body: z.output<typeof reviewsRoutes.reopen.body>) {
    return db.transaction(async (tx) => {
      const { review, content } = await lockPair(tx, body.id);
      if (body.contentIds?.length && body.contentIds[0] !== review.itemContentId) throw badRequest(REVIEW_MSG.wrongItem, { contentIds: REVIEW_MSG.wrongItem });
      await checkPeople(tx, body.curatorId, body.reviewerId);
      if (!reopenable(review, content.status, await isCurrent(tx, review), auth)) throw new AppError(409, 'MOVE_REFUSED', REVIEW_MSG.cannotReopen);
      const id = await openReview(tx, auth, content, body.curatorId, body.reviewerId, 'reopen');
      await record(tx, {
        userId: auth.user.id,
        action: 'delegate_unity',
        data: { reviewId: id, reopened: review.id, itemContentId: content.id, curatorId: body.curatorId, reviewerId: body.reviewerId },
      });
      return { ids: [id] };
    });
  }

  /** Approve, send to correction or reprove several reviews: every move must be allowed, all or nothing. */
  async function update(auth: AuthContext, reviewIds: number[], body: z.output<typeof reviewsRoutes.update.body>) {
    const comment = body.comment.trim();
    return db.transaction(async (tx) => {
      // Locked in content id order, like the author's bulk status call.
      const found = await tx.select({ id: reviews.id, itemContentId: reviews.itemContentId }).from(reviews).where(inArray(reviews.id, reviewIds));
      if (found.length !== reviewIds.length) throw notFound();
      await requireAccess(tx, auth, 'review.read', reviewIds);
      const ids = found.sort((a, b) => a.itemContentId - b.itemContentId || a.id - b.id).map((r) => r.id);
      for (const id of ids) {
        const { review, content } = await lockPair(tx, id);
        const state = stateOf(review, content.status);
        const move = resolveMove(state, actorOf(auth), body.status);
        if (!move) throw refused();
        if (move.needsComment && !comment) throw badRequest(REVIEW_MSG.commentRequired, { comment: REVIEW_MSG.commentRequired });
        const next = applyMove(state, move);
        const now = new Date();
        await saveReviewState(tx, id, next, now, {
          ...(move.stage === 'curation' && move.status === 'approved' ? { revisionStartedAt: now } : {}),
          ...(move.stage === 'decision' ? { managerId: auth.user.id } : {}),
        });
        // The unit's side of the move (correction, approve = publish, reprove): the lifecycle's.
        if (move.unitStatus) await lifecycle.transition(tx, content.id, REVIEW_MOVE_EVENTS[move.unitStatus], auth.user);
        if (comment) await tx.insert(reviewComments).values({ reviewId: id, itemContentId: content.id, authorId: auth.user.id, comment });
        await record(tx, {
          userId: auth.user.id,
          action: 'update_unit_status',
          data: { reviewId: id, itemContentId: content.id, stage: move.stage, status: move.status, from: content.status, to: next.unitStatus },
        });
      }
      return { ids };
    });
  }

  async function detail(auth: AuthContext, review: Review): Promise<ReviewDetail> {
    const [row] = await rows(db, [review.id]);
    if (!row) throw notFound();
    const all = await db
      .select({ id: reviews.id, version: reviews.version, active: reviews.active, managerStatus: reviews.managerStatus, createdAt: reviews.createdAt })
      .from(reviews)
      .where(eq(reviews.itemContentId, review.itemContentId))
      .orderBy(desc(reviews.version));
    const current = all[0]?.id === review.id;
    const state = stateOf(review, row.unitStatus);
    return {
      ...row,
      curationStartedAt: review.curationStartedAt ? iso(review.curationStartedAt) : null,
      revisionStartedAt: review.revisionStartedAt ? iso(review.revisionStartedAt) : null,
      current,
      versions: all.map((v) => ({ ...v, createdAt: iso(v.createdAt) })),
      moves: allowedMoves(state, actorOf(auth)).map(({ stage, status, needsComment }) => ({ stage, status, needsComment })),
      canReopen: reopenable(review, row.unitStatus, current, auth),
      canEditContent: mayEdit((await checkAccess(db, auth, 'review.read', [review.id])).has(review.id), review, row.unitStatus),
    };
  }

  /** type=review: by review id; type=content: the latest review of the unit content. */
  async function findOne(auth: AuthContext, id: number, type: 'review' | 'content'): Promise<ReviewDetail> {
    const [review] =
      type === 'review'
        ? await db.select().from(reviews).where(eq(reviews.id, id))
        : await db.select().from(reviews).where(eq(reviews.itemContentId, id)).orderBy(desc(reviews.version)).limit(1);
    if (!review) throw notFound();
    await requireAccess(db, auth, 'review.comment', review.id);
    return detail(auth, review);
  }

  /** The published version of each unit, newest first (the dashboard table of spec 1 §2.10). */
  async function publishedUnits(page: number) {
    // Walks the (status, updated_at) index newest first and keeps the versions an item points to (semi-join on
    // items_published_content_idx). The total counts the items with a published version: the pointer only ever
    // names a version in 'publish' (no move leaves 'publish'), so it is the same number without the join.
    const where = and(eq(itemContents.status, 'publish'), sql`exists (select 1 from items x where x.published_content_id = ${itemContents.id})`);
    const [found, total] = await Promise.all([
      db
        .select({ id: itemContents.id, title: itemContents.title, provider: providers.companyName, publishedAt: itemContents.updatedAt })
        .from(itemContents)
        .innerJoin(items, eq(items.id, itemContents.itemId))
        .innerJoin(providers, eq(providers.id, items.providerId))
        .where(where)
        .orderBy(desc(itemContents.updatedAt), desc(itemContents.id))
        .limit(STAFF_UNITS_PAGE_SIZE)
        .offset((page - 1) * STAFF_UNITS_PAGE_SIZE),
      cappedCount(db, db.select({ one: sql`1` }).from(items).where(isNotNull(items.publishedContentId)).$dynamic()),
    ]);
    return { content: found.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })), total };
  }

  /** Comment readers and writers (the gate's review.comment: its staff and the unit's provider users); 404 otherwise. */
  async function commentable(ex: Executor, auth: AuthContext, reviewId: number): Promise<Review> {
    await requireAccess(ex, auth, 'review.comment', reviewId);
    const [review] = await ex.select().from(reviews).where(eq(reviews.id, reviewId));
    if (!review) throw notFound();
    return review;
  }

  async function commentsOf(ex: Executor, where: SQL): Promise<CommentRow[]> {
    const found = await ex
      .select({
        id: reviewComments.id,
        comment: reviewComments.comment,
        createdAt: reviewComments.createdAt,
        author: { id: users.id, name: users.name, avatar: uploadUrlSql(users.avatarKey) },
      })
      .from(reviewComments)
      .innerJoin(users, eq(users.id, reviewComments.authorId))
      .where(where)
      .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
    return found.map((c) => ({ ...c, createdAt: iso(c.createdAt) }));
  }

  async function commentPost(auth: AuthContext, body: z.output<typeof reviewsRoutes.commentPost.body>): Promise<CommentRow> {
    return db.transaction(async (tx) => {
      const review = await commentable(tx, auth, body.reviewId);
      if (body.itemId !== review.itemContentId) throw badRequest(REVIEW_MSG.wrongItem, { itemId: REVIEW_MSG.wrongItem });
      const [created] = await tx
        .insert(reviewComments)
        .values({ reviewId: review.id, itemContentId: review.itemContentId, authorId: auth.user.id, comment: body.comment })
        .returning({ id: reviewComments.id });
      const [row] = await commentsOf(tx, eq(reviewComments.id, created!.id));
      return row!;
    });
  }

  async function comments(auth: AuthContext, reviewId: number): Promise<CommentRow[]> {
    await commentable(db, auth, reviewId);
    return commentsOf(db, eq(reviewComments.reviewId, reviewId));
  }

  /** The content and its active review, locked; the caller must be allowed to edit it from the review. */
  async function editable(tx: Tx, auth: AuthContext, contentId: number): Promise<Content> {
    const content = await lockContent(tx, contentId);
    const [review] = await tx.select().from(reviews).where(and(eq(reviews.itemContentId, contentId), eq(reviews.active, true)));
    if (!review) throw notFound();
    await requireAccess(tx, auth, 'review.read', review.id);
    if (!mayEdit(true, review, content.status)) throw new AppError(409, 'MOVE_REFUSED', REVIEW_MSG.cannotEdit);
    return content;
  }

  /** Editar Detalhes Da Unidade: knowledge areas and learning levels of the unit's learning type. */
  async function updateKnowledge(auth: AuthContext, body: z.output<typeof reviewsRoutes.updateKnowledge.body>): Promise<UnitContent> {
    return db.transaction(async (tx) => {
      const content = await editable(tx, auth, body.id);
      const { knowledgeIds, levels } = checkKnowledge(await units.knowledgeMap(tx), content.learningType as KnowledgeType, body.knowledges, body.levelOfLearning);
      await units.writeContent(tx, content, { knowledgeIds, levelOfLearning: levels }, auth.user.id);
      await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: content.id, knowledges: knowledgeIds, levelOfLearning: levels } });
      return units.view(tx, content.id);
    });
  }

  /** Unit edits saved from the review screen: sanitized like the studio; the unit must stay complete. */
  async function saveContent(auth: AuthContext, id: number, input: z.output<typeof reviewContentBody>): Promise<UnitContent> {
    // Nothing is fetched for someone who may not edit it (checked again in the transaction).
    const { learningType } = await db.transaction((tx) => editable(tx, auth, id));
    const body = await units.prepare({ ...input, learningType: learningType as KnowledgeType });
    return db.transaction(async (tx) => {
      const content = await editable(tx, auth, id);
      if (content.revision !== body.revision) throw new AppError(409, 'STALE_UNIT', UNITS_MSG.stale);
      const values = await units.clean(tx, { ...body, learningType: content.learningType as KnowledgeType });
      if (!hasContent(values.synthesis)) throw badRequest(UNIT_MSG.synthesisRequired, { synthesis: UNIT_MSG.synthesisRequired });
      if (!isUnitComplete({ ...values, knowledges: values.knowledgeIds })) throw new AppError(400, 'UNIT_INCOMPLETE', UNIT_MSG.incomplete);
      await units.writeContent(tx, content, values, auth.user.id);
      await record(tx, { userId: auth.user.id, action: 'updated_unity', data: { itemContentId: content.id, itemId: content.itemId, title: values.title, fromReview: true } });
      return units.view(tx, content.id);
    });
  }

  return { find, newUnits, staff, create, editDelegation, reopen, update, findOne, publishedUnits, commentPost, comments, updateKnowledge, saveContent };
}
