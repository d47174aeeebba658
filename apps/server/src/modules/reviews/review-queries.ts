/**
 * The reviews' reads: the staff lists (Ativas, Publicadas, Reprovadas; Novas, awaiting
 * delegation), the staff to delegate to, one review's detail with the moves its reader may make, and the
 * published-units table of the dashboard.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import type { KnowledgeArea } from '@edu/shared/knowledge';
import { allowedMoves, type ManagerStatus, type StageStatus } from '@edu/shared/review-machine';
import {
  STAFF_UNITS_PAGE_SIZE,
  type NewUnitRow,
  type ReviewDetail,
  type ReviewRow,
  reviewsFindQuery,
  reviewsRoutes,
} from '@edu/shared/reviews';
import type { UnitStatus } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { folded, foldedMatch } from '../../platform/search';
import { cappedCount, cappedTotal, COUNT_CAP, pageOf } from '../../platform/lists';
import { uploadUrlSql } from '../../platform/storage';
import { itemContents, items, providers, users } from '../../db/schema';
import { LISTED_CONTENT, unitsService } from '../units/index';
import { checkAccess, requireAccess, reviewListWhere } from '../access/index';
import { reviewList, reviews } from './reviews.tables';
import { stateOf } from './review-state';
import { actorOf, iso, mayEdit, reopenable, type Review } from './review-rules';

export function reviewQueriesService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  type Person = { id: number; name: string; avatar: string | null };
  const person = (column: SQLWrapper) =>
    sql<Person>`(select json_build_object('id', u.id, 'name', u.name, 'avatar', ${uploadUrlSql(sql`u.avatar_key`)}) from ${users} u where u.id = ${column})`;
  const providerOf = sql<{ id: number; name: string }>`(select json_build_object('id', p.id, 'name', p.company_name) from ${items} i join ${providers} p on p.id = i.provider_id where i.id = ${itemContents.itemId})`;
  /**
   * A list row's columns: the review and its unit version joined, the provider, curator and reviewer looked up per row
   * (scalar subqueries: a 2-table join plans in a fraction of the 6-table one, and the list asks for 10 rows at most).
   */
  const listColumns = {
    r: {
      id: reviews.id,
      version: reviews.version,
      curatorStatus: reviews.curatorStatus,
      reviewerStatus: reviews.reviewerStatus,
      managerStatus: reviews.managerStatus,
      active: reviews.active,
      createdAt: reviews.createdAt,
    },
    c: LISTED_CONTENT,
    provider: providerOf,
    curator: person(reviews.curatorId),
    reviewer: person(reviews.reviewerId),
  };
  const listRowsQuery = (ex: Executor) =>
    ex.select(listColumns).from(reviews).innerJoin(itemContents, eq(itemContents.id, reviews.itemContentId)).$dynamic();
  type ListRow = Awaited<ReturnType<typeof listRowsQuery>>[number];
  // One review's row (the detail) asks the same statement: prepared once per connection.
  let prepared: ReturnType<typeof prepareListRows> | undefined;
  const prepareListRows = () => listRowsQuery(db).where(sql`${reviews.id} = any(${sql.placeholder('ids')}::int[])`).prepare('review_list_rows');
  const listRows = () => (prepared ??= prepareListRows());

  const toRow = ({ r, c, provider, curator, reviewer }: ListRow, areas: Map<number, KnowledgeArea>): ReviewRow => ({
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
  });

  /** The list rows of `ids`, in that order. */
  async function rows(ex: Executor, ids: number[]): Promise<ReviewRow[]> {
    if (ids.length === 0) return [];
    const [found, areas] = await Promise.all([ex === db ? listRows().execute({ ids }) : listRowsQuery(ex).where(inArray(reviews.id, ids)), units.knowledgeMap()]);
    const byId = new Map(found.map((f) => [f.r.id, f]));
    return ids
      .map((id) => byId.get(id))
      .filter((f): f is ListRow => !!f)
      .map((f) => toRow(f, areas));
  }

  const knowledgesOf = (areas: Map<number, KnowledgeArea>, ids: number[]) =>
    ids.map((k) => areas.get(k)).filter((k): k is KnowledgeArea => !!k);

  /**
   * The page of a list as the subquery `w`: the page's keys (`keys`, each aliased by its name) in the list's order,
   * each row carrying the list's capped total. Without a title search the page is an index walk that stops after the
   * page and the total an index-only count (an InitPlan). With one, the trigram matches (up to the cap) are read once
   * (the CTE `m`) and answer both the total and, when not capped (every match is in `m`), the page; above the cap the
   * page walks the list's order instead (a one-time filter picks the branch).
   */
  function pageKeys(o: {
    table: SQLWrapper;
    keys: Record<string, SQLWrapper>;
    where: SQL | undefined;
    order: SQL[];
    /** The order on the keys' names (the CTE's columns). */
    keyOrder: SQL;
    search: boolean;
    offset: number;
  }): SQL {
    const keys = sql.join(
      Object.entries(o.keys).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`),
      sql`, `,
    );
    const names = sql.join(
      Object.keys(o.keys).map((name) => sql.identifier(name)),
      sql`, `,
    );
    const where = o.where ?? sql`true`;
    // The constants as literals: a generic plan of the prepared statement knows them.
    const [size, cap, capPlus] = [STAFF_UNITS_PAGE_SIZE, COUNT_CAP, COUNT_CAP + 1].map((n) => sql.raw(String(n)));
    const page = sql`order by ${sql.join(o.order, sql`, `)} limit ${size} offset ${o.offset}`;
    if (!o.search) {
      return sql`(select ${keys}, (select count(*)::int from (select 1 from ${o.table} where ${where} limit ${capPlus}) capped) as total
        from ${o.table} where ${where} ${page}) w`;
    }
    return sql`(with m as materialized (select ${keys} from ${o.table} where ${where} limit ${capPlus}),
        n as (select count(*)::int as total from m)
      select ${names}, (select total from n) as total from (
        (select ${names} from m where (select total from n) <= ${cap} order by ${o.keyOrder} limit ${size} offset ${o.offset})
        union all
        (select ${keys} from ${o.table} where ${where} and (select total from n) > ${cap} ${page})
      ) p) w`;
  }

  /**
   * Ativas, Publicadas, Reprovadas: the latest review of each unit version, in one statement. The filters, the order
   * and the capped count read the kept list table (`review_list`: one narrow row per latest review, with the unit
   * version's status and folded title) and its indexes only (`pageKeys`); the page's 10 reviews and unit versions
   * are joined to those keys.
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
    const keyOrder = (w: string) =>
      byTitle ? sql`${sql.raw(w)}title_folded asc, ${sql.raw(w)}review_id asc` : sql`${sql.raw(w)}created_at desc, ${sql.raw(w)}review_id desc`;
    const offset = (q.page - 1) * STAFF_UNITS_PAGE_SIZE;
    const w = pageKeys({
      table: L,
      keys: { review_id: L.reviewId, created_at: L.createdAt, title_folded: L.titleFolded },
      where,
      order: byTitle ? [asc(L.titleFolded), asc(L.reviewId)] : [desc(L.createdAt), desc(L.reviewId)],
      keyOrder: keyOrder(''),
      search: !!q.itemContentTitle,
      offset,
    });
    const [found, areas] = await Promise.all([
      db
        .select({ ...listColumns, total: sql<number>`w.total` })
        .from(w)
        .innerJoin(reviews, sql`${reviews.id} = w.review_id`)
        .innerJoin(itemContents, eq(itemContents.id, reviews.itemContentId))
        .orderBy(keyOrder('w.')),
      units.knowledgeMap(),
    ]);
    const page = await pageOf(found, offset, () => cappedCount(db, db.select({ one: sql`1` }).from(L).where(where).$dynamic()));
    return { content: page.rows.map((f) => toRow(f, areas)), total: page.total };
  }

  /**
   * Novas: units sent for analysis, awaiting delegation, in one statement. The page's keys and the capped count read
   * item_contents' indexes only (`pageKeys`; a title search: one trigram match on the versions sent,
   * item_contents_send_title_trgm_idx, answers both); the page's rows are joined to those keys.
   */
  async function newUnits(q: z.output<typeof reviewsRoutes.newUnits.query>): Promise<{ content: NewUnitRow[]; total: number }> {
    // `status = 'send'` literally: the partial trigram index is only used when the query says so.
    const where = and(sql`${itemContents.status} = 'send'`, q.title ? foldedMatch(itemContents.titleFolded, q.title) : undefined);
    const byTitle = q.order === 'title';
    const keyOrder = (w: string) => (byTitle ? sql`${sql.raw(w)}title_folded asc, ${sql.raw(w)}id asc` : sql`${sql.raw(w)}created_at desc, ${sql.raw(w)}id desc`);
    const offset = (q.page - 1) * STAFF_UNITS_PAGE_SIZE;
    const w = pageKeys({
      table: itemContents,
      keys: { id: itemContents.id, created_at: itemContents.createdAt, title_folded: itemContents.titleFolded },
      where,
      order: byTitle ? [asc(itemContents.titleFolded), asc(itemContents.id)] : [desc(itemContents.createdAt), desc(itemContents.id)],
      keyOrder: keyOrder(''),
      search: !!q.title,
      offset,
    });
    const [found, areas] = await Promise.all([
      db
        .select({ c: LISTED_CONTENT, provider: providerOf, total: sql<number>`w.total` })
        .from(w)
        .innerJoin(itemContents, sql`${itemContents.id} = w.id`)
        .orderBy(keyOrder('w.')),
      units.knowledgeMap(),
    ]);
    const page = await pageOf(found, offset, () => cappedCount(db, db.select({ one: sql`1` }).from(itemContents).where(where).$dynamic()));
    return {
      content: page.rows.map(({ c, provider }) => ({
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
      total: page.total,
    };
  }

  async function staff(type: 'curator' | 'review') {
    return db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.type, type), eq(users.status, 'active')))
      .orderBy(asc(folded(users.name)), asc(users.id));
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
    const published = () => db.select({ one: sql`1` }).from(items).where(isNotNull(items.publishedContentId)).$dynamic();
    const offset = (page - 1) * STAFF_UNITS_PAGE_SIZE;
    const found = await db
      .select({ id: itemContents.id, title: itemContents.title, provider: providers.companyName, publishedAt: itemContents.updatedAt, total: cappedTotal(published()) })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .innerJoin(providers, eq(providers.id, items.providerId))
      .where(where)
      .orderBy(desc(itemContents.updatedAt), desc(itemContents.id))
      .limit(STAFF_UNITS_PAGE_SIZE)
      .offset(offset);
    const { rows: content, total } = await pageOf(found, offset, () => cappedCount(db, published()));
    return { content: content.map((r) => ({ ...r, publishedAt: iso(r.publishedAt) })), total };
  }

  return { find, newUnits, staff, findOne, publishedUnits };
}
