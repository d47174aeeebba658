/**
 * Notice templates (spec 1 §2.14, §3 "Notice template"): HTML sanitized on write, its external images imported
 * (platform/content-store.ts); a template in use is not deleted.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@edu/shared/messages';
import type { NoticeTemplate, templateBody } from '@edu/shared/notifications';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { publish } from '../../platform/events';
import { contentStore } from '../../platform/content-store';
import { readImageUpload } from '../../platform/uploads';
import { noticeTemplates, sellerNotices } from './notifications.tables';
import { uploadUrl } from '../../platform/storage';
import { cappedCount, cappedTotal, pageOf } from '../../platform/lists';

type Body = z.output<typeof templateBody>;

function isForeignKeyViolation(err: unknown): boolean {
  for (let e = err, i = 0; i < 3 && e; i++, e = (e as { cause?: unknown }).cause) if ((e as { code?: string }).code === '23503') return true;
  return false;
}

export function toTemplate(row: Pick<typeof noticeTemplates.$inferSelect, 'id' | 'title' | 'htmlContent' | 'requiresReadConfirmation' | 'createdAt' | 'updatedAt'>): NoticeTemplate {
  return {
    id: row.id,
    title: row.title,
    htmlContent: row.htmlContent,
    requiresReadConfirmation: row.requiresReadConfirmation,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function templatesService(deps: Deps) {
  const { db, storage } = deps;
  const store = contentStore(deps);
  async function inUse(id: number): Promise<boolean> {
    const [row] = await db.select({ id: sellerNotices.id }).from(sellerNotices).where(eq(sellerNotices.templateId, id)).limit(1);
    return !!row;
  }

  return {
    async list(q: { page: number; limit: number }) {
      // One statement: the page and the capped total (a page past the end counts again).
      const offset = (q.page - 1) * q.limit;
      const all = () => db.select({ one: sql`1` }).from(noticeTemplates).$dynamic();
      const rows = await db
        .select({
          id: noticeTemplates.id,
          title: noticeTemplates.title,
          htmlContent: noticeTemplates.htmlContent,
          requiresReadConfirmation: noticeTemplates.requiresReadConfirmation,
          createdAt: noticeTemplates.createdAt,
          updatedAt: noticeTemplates.updatedAt,
          total: cappedTotal(all()),
        })
        .from(noticeTemplates)
        .orderBy(desc(noticeTemplates.id))
        .limit(q.limit)
        .offset(offset);
      const page = await pageOf(rows, offset, () => cappedCount(db, all()));
      return { data: page.rows.map(toTemplate), total: page.total, page: q.page, limit: q.limit };
    },

    async create(auth: AuthContext, body: Body) {
      const htmlContent = await store.onField('htmlContent', () => store.richText(body.htmlContent));
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(noticeTemplates)
          .values({ title: body.title, htmlContent, requiresReadConfirmation: body.requiresReadConfirmation })
          .returning();
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'created_notice_template', data: { templateId: created!.id } });
        return created!;
      });
      return toTemplate(row);
    },

    async update(auth: AuthContext, id: number, body: Body) {
      if (body.id !== undefined && body.id !== id) throw badRequest(MSG.invalidValue, { id: MSG.invalidValue });
      const used = await inUse(id);
      const htmlContent = await store.onField('htmlContent', () => store.richText(body.htmlContent));
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(noticeTemplates)
          .set({
            title: body.title,
            htmlContent,
            requiresReadConfirmation: body.requiresReadConfirmation,
            updatedAt: new Date(),
          })
          .where(eq(noticeTemplates.id, id))
          .returning();
        if (!updated) throw notFound(MSG.templateNotFound);
        await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'updated_notice_template', data: { templateId: id } });
        // The notices that use it now read differently: their readers refetch.
        if (used) await publish(tx, { kind: 'notices', all: true });
        return updated;
      });
      return toTemplate(row);
    },

    async remove(auth: AuthContext, id: number) {
      const [existing] = await db.select({ id: noticeTemplates.id }).from(noticeTemplates).where(eq(noticeTemplates.id, id));
      if (!existing) throw notFound(MSG.templateNotFound);
      if (await inUse(id)) throw conflict(MSG.templateInUse);
      await db
        .transaction(async (tx) => {
          await tx.delete(noticeTemplates).where(eq(noticeTemplates.id, id));
          await record(tx, { userId: auth.user.id, sellerId: auth.user.sellerId, action: 'removed_notice_template', data: { templateId: id } });
        })
        .catch((err) => {
          // A notice created meanwhile with this template: the foreign key refuses.
          if (isForeignKeyViolation(err)) throw conflict(MSG.templateInUse);
          throw err;
        });
      return { message: MSG.templateDeleted };
    },

    /** An image for the template editor: checked by content, stored under a server-chosen name. */
    async uploadImage(request: FastifyRequest) {
      const image = await readImageUpload(request);
      // The address goes into the template's HTML (content keeps addresses, platform/storage.ts).
      return { url: uploadUrl(await storage.save('notices', image.data, image.ext)) };
    },
  };
}
