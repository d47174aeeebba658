/**
 * Seller notices (spec 1 §2.14, §3 "Seller notice", §7): a template sent to ALL institutions or to
 * SELECTED ones, read-marked per user. Creating, editing and deleting tell the targeted institutions'
 * open streams on commit, so their bells change without a reload. Editing a notice makes it unread
 * again (its readers see the new version).
 */
import { and, asc, desc, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MSG } from '@edu/shared/messages';
import { UNREAD_NOTICES_MAX, type SellerNotice, type TargetType, type UnreadNotice, type noticeBody } from '@edu/shared/notifications';
import type { Deps } from '../../platform/deps';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { publish, type AppEvent } from '../../platform/events';
import { sellers } from '../../db/schema';
import { folded } from '../../platform/search';
import { cappedCount, cappedTotal, pageOf } from '../../platform/lists';
import { institutionActive, requireAccess } from '../access/index';
import { noticeTemplates, sellerNoticeReads, sellerNoticeTargets, sellerNotices } from './notifications.tables';

type Body = z.output<typeof noticeBody>;
/** pt-BR A-Z: accents and case ignored. */
const sellerName = folded(sql`${sellers.name}`);

const noticeColumns = {
  notice: sellerNotices,
  template: { title: noticeTemplates.title, htmlContent: noticeTemplates.htmlContent, requiresReadConfirmation: noticeTemplates.requiresReadConfirmation },
};

type NoticeJoin = { notice: typeof sellerNotices.$inferSelect; template: SellerNotice['template'] };

function toUnread(row: NoticeJoin): UnreadNotice {
  return {
    id: row.notice.id,
    templateId: row.notice.templateId,
    template: row.template,
    createdAt: row.notice.createdAt.toISOString(),
    updatedAt: row.notice.updatedAt.toISOString(),
  };
}

async function targetsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ noticeId: sellerNoticeTargets.noticeId, id: sellers.id, name: sellers.name })
    .from(sellerNoticeTargets)
    .innerJoin(sellers, eq(sellers.id, sellerNoticeTargets.sellerId))
    .where(inArray(sellerNoticeTargets.noticeId, ids))
    .orderBy(asc(sellerName), asc(sellers.id));
  const map = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) map.set(r.noticeId, [...(map.get(r.noticeId) ?? []), { id: r.id, name: r.name }]);
  return map;
}

function toNotice(row: NoticeJoin, targets: { id: number; name: string }[]): SellerNotice {
  return { ...toUnread(row), targetType: row.notice.targetType as TargetType, targets: targets.map((seller) => ({ seller })) };
}

/** Who must hear about a change of a notice targeted like this. */
function audienceOf(targetType: string, sellerIds: number[]): Omit<AppEvent, 'kind'> {
  return targetType === 'ALL' ? { all: true } : { sellerIds };
}

export function noticesService({ db }: Deps) {
  async function loadNotice(exec: Executor, id: number): Promise<SellerNotice> {
    const [row] = await exec
      .select(noticeColumns)
      .from(sellerNotices)
      .innerJoin(noticeTemplates, eq(noticeTemplates.id, sellerNotices.templateId))
      .where(eq(sellerNotices.id, id));
    if (!row) throw notFound();
    return toNotice(row, (await targetsOf(exec, [id])).get(id) ?? []);
  }

  /** The template must exist; SELECTED needs active institutions (the schema already refused an empty list). */
  async function checkBody(body: Body): Promise<number[]> {
    const [template] = await db.select({ id: noticeTemplates.id }).from(noticeTemplates).where(eq(noticeTemplates.id, body.templateId));
    if (!template) throw badRequest(MSG.templateNotFound, { templateId: MSG.templateNotFound });
    if (body.targetType === 'ALL') return [];
    const ids = [...new Set(body.selectedSellerIds)];
    if (ids.length === 0) throw badRequest(MSG.noticeSellersRequired, { selectedSellerIds: MSG.noticeSellersRequired });
    const found = await db.select({ id: sellers.id }).from(sellers).where(and(inArray(sellers.id, ids), institutionActive(sellers.status)));
    if (found.length !== ids.length) throw badRequest(MSG.noticeSellerInvalid, { selectedSellerIds: MSG.noticeSellerInvalid });
    return ids;
  }

  async function writeTargets(tx: Tx, noticeId: number, sellerIds: number[]) {
    await tx.delete(sellerNoticeTargets).where(eq(sellerNoticeTargets.noticeId, noticeId));
    if (sellerIds.length > 0) await tx.insert(sellerNoticeTargets).values(sellerIds.map((sellerId) => ({ noticeId, sellerId })));
  }

  async function mySeller(auth: AuthContext, sellerId: number) {
    // The access gate: the caller's own institution only (another one answers 404, like a missing one).
    await requireAccess(db, auth, 'seller.member', sellerId);
  }

  return {
    /** One statement: the page's notices with their template, their targets as JSON and the capped total. */
    async list(q: { page: number; limit: number }) {
      const offset = (q.page - 1) * q.limit;
      const all = () => db.select({ one: sql`1` }).from(sellerNotices).$dynamic();
      const targets = sql<{ id: number; name: string }[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) order by ${folded(sql`s.name`)}, s.id), '[]'::json)
        from seller_notice_targets t join sellers s on s.id = t.seller_id where t.notice_id = seller_notices.id)`;
      const rows = await db
        .select({ ...noticeColumns, targets, total: cappedTotal(all()) })
        .from(sellerNotices)
        .innerJoin(noticeTemplates, eq(noticeTemplates.id, sellerNotices.templateId))
        .orderBy(desc(sellerNotices.createdAt), desc(sellerNotices.id))
        .limit(q.limit)
        .offset(offset);
      const page = await pageOf(rows, offset, () => cappedCount(db, all()));
      return { data: page.rows.map((r) => toNotice(r, r.targets)), total: page.total, page: q.page, limit: q.limit };
    },

    async create(auth: AuthContext, body: Body) {
      const sellerIds = await checkBody(body);
      const id = await db.transaction(async (tx) => {
        const [notice] = await tx
          .insert(sellerNotices)
          .values({ templateId: body.templateId, targetType: body.targetType, createdBy: auth.user.id })
          .returning({ id: sellerNotices.id });
        await writeTargets(tx, notice!.id, sellerIds);
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'created_notice',
          data: { noticeId: notice!.id, templateId: body.templateId, targetType: body.targetType, sellerIds },
        });
        await publish(tx, { kind: 'notices', ...audienceOf(body.targetType, sellerIds) });
        return notice!.id;
      });
      return loadNotice(db, id);
    },

    async update(auth: AuthContext, id: number, body: Body) {
      const before = await loadNotice(db, id);
      const sellerIds = await checkBody(body);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(sellerNotices)
          .set({ templateId: body.templateId, targetType: body.targetType, updatedAt: new Date() })
          .where(eq(sellerNotices.id, id))
          .returning({ id: sellerNotices.id });
        if (!row) throw notFound();
        await writeTargets(tx, id, sellerIds);
        await tx.delete(sellerNoticeReads).where(eq(sellerNoticeReads.noticeId, id));
        await record(tx, {
          userId: auth.user.id,
          sellerId: auth.user.sellerId,
          action: 'updated_notice',
          data: { noticeId: id, templateId: body.templateId, targetType: body.targetType, sellerIds },
        });
        // Old and new readers: some lose it, some get it.
        const all = before.targetType === 'ALL' || body.targetType === 'ALL';
        const audience = all ? { all: true } : { sellerIds: [...new Set([...before.targets.map((t) => t.seller.id), ...sellerIds])] };
        await publish(tx, { kind: 'notices', ...audience });
      });
      return loadNotice(db, id);
    },

    async remove(auth: AuthContext, id: number) {
      const before = await loadNotice(db, id);
      await db.transaction(async (tx) => {
        const deleted = await tx.delete(sellerNotices).where(eq(sellerNotices.id, id)).returning({ id: sellerNotices.id });
        if (deleted.length === 0) throw notFound();
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'removed_notice', data: { noticeId: id, templateId: before.templateId } });
        await publish(tx, { kind: 'notices', ...audienceOf(before.targetType, before.targets.map((t) => t.seller.id)) });
      });
      return { message: MSG.noticeDeleted };
    },

    /** The institution's notices this user has not read, newest first. */
    async unread(auth: AuthContext, sellerId: number): Promise<UnreadNotice[]> {
      await mySeller(auth, sellerId);
      const targeted = exists(
        db
          .select({ one: sql`1` })
          .from(sellerNoticeTargets)
          .where(and(eq(sellerNoticeTargets.noticeId, sellerNotices.id), eq(sellerNoticeTargets.sellerId, sellerId))),
      );
      const read = notExists(
        db
          .select({ one: sql`1` })
          .from(sellerNoticeReads)
          .where(and(eq(sellerNoticeReads.noticeId, sellerNotices.id), eq(sellerNoticeReads.userId, auth.user.id))),
      );
      const rows = await db
        .select(noticeColumns)
        .from(sellerNotices)
        .innerJoin(noticeTemplates, eq(noticeTemplates.id, sellerNotices.templateId))
        .where(and(or(eq(sellerNotices.targetType, 'ALL'), targeted), read))
        .orderBy(desc(sellerNotices.createdAt), desc(sellerNotices.id))
        .limit(UNREAD_NOTICES_MAX);
      return rows.map(toUnread);
    },

    async markRead(auth: AuthContext, noticeId: number, sellerId: number) {
      const [notice] = await db.select().from(sellerNotices).where(eq(sellerNotices.id, noticeId));
      if (!notice) throw notFound();
      await mySeller(auth, sellerId);
      if (notice.targetType !== 'ALL') {
        const [target] = await db
          .select({ id: sellerNoticeTargets.sellerId })
          .from(sellerNoticeTargets)
          .where(and(eq(sellerNoticeTargets.noticeId, noticeId), eq(sellerNoticeTargets.sellerId, sellerId)));
        if (!target) throw notFound();
      }
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(sellerNoticeReads)
          .values({ noticeId, userId: auth.user.id, sellerId })
          .onConflictDoNothing()
          .returning({ noticeId: sellerNoticeReads.noticeId });
        if (inserted.length === 0) return;
        await record(tx, { userId: auth.user.id, sellerId, action: 'read_notice', data: { noticeId } });
        await publish(tx, { kind: 'notices', userIds: [auth.user.id] });
      });
      return { message: MSG.noticeMarkedRead };
    },

    /** Active institutions, A-Z (accents and case ignored), for the recipients picker. */
    async sellerOptions() {
      return db
        .select({ id: sellers.id, name: sellers.name })
        .from(sellers)
        .where(institutionActive(sellers.status))
        .orderBy(asc(sellerName), asc(sellers.name), asc(sellers.id));
    },
  };
}
