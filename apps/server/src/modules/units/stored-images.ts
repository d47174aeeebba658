/**
 * Unit content saved before external images were imported on save (platform/content-store.ts) may still name images of
 * other sites. No page loads them (the CSP's img-src and the renderer allow our /uploads/ only), and this pass, started
 * by main.ts after the server listens, makes the content whole again: every unit version (all statuses, published ones
 * included) whose HTML or cover names an external image has each such image imported (the same rules and storage as a
 * save); an image that cannot be imported (gone, too large, not an image, not on a public address) is removed from the
 * content, as no reader could see it anyway; one whose host did not answer is kept and tried again on the next start. Frames are left as they are (the CSP refuses the ones outside the list;
 * the author replaces them on the next save, which refuses them).
 *
 * A row is rewritten only if it is still what was read (compare-and-set on the four fields), so an author saving at the
 * same moment wins and the row is looked at again on the next start; its revision is not raised (it means the same).
 * Several instances starting together do the same work at worst twice: a file is stored under the hash of its bytes.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isAllowedImageSrc, isExternalImageSrc } from '@edu/shared/content/html-allow-list';
import { externalImagesOf } from '@edu/shared/content/unit-content';
import type { Deps } from '../../platform/deps';
import { ImageImportFailed, imageImporter } from '../../platform/content-images';
import { parseNetworks } from '../../platform/public-fetch';
import { sanitizeUnitHtml, type ImageSrcRule } from '../../platform/sanitize';
import { itemContents } from './units.tables';

const BATCH = 100;
/** Rows that may name an external image (a cheap filter; the exact reading is externalImagesOf). */
const MAY_HOLD = sql`(${itemContents.introduction} ~* 'https?:' or ${itemContents.synthesis} ~* 'https?:' or ${itemContents.topics}::text ~* 'https?:' or ${itemContents.mediaUrl} ~* '^https?:')`;

export interface StoredImagesReport {
  /** Rows rewritten. */
  rows: number;
  /** Distinct images imported, removed because they cannot be, and kept to try again (the host did not answer). */
  imported: number;
  dropped: number;
  retried: number;
}

export async function importStoredImages(deps: Pick<Deps, 'db' | 'config' | 'storage'>, log: FastifyBaseLogger): Promise<StoredImagesReport> {
  const { db, config } = deps;
  const importOne = imageImporter(deps.storage, { timeoutMs: config.IMAGE_IMPORT_TIMEOUT_MS, allowedNetworks: parseNetworks(config.IMAGE_IMPORT_ALLOWED_NETWORKS) });
  const report: StoredImagesReport = { rows: 0, imported: 0, dropped: 0, retried: 0 };
  /** Per address, across rows: the stored address, null when it cannot be imported, itself when to retry later. */
  const known = new Map<string, string | null>();

  async function resolve(url: string): Promise<void> {
    if (known.has(url)) return;
    let stored: string | null = null;
    try {
      stored = (await importOne([url])).get(url) ?? null;
      report.imported++;
    } catch (err) {
      if (!(err instanceof ImageImportFailed)) throw err;
      if (err.reason === 'network' || err.reason === 'timeout' || err.reason === 'unavailable') {
        // Perhaps only for now: kept (never loaded by a page), tried again on the next start.
        stored = url;
        report.retried++;
      } else {
        report.dropped++;
        log.info({ url: url.slice(0, 300), reason: err.reason }, 'imagem externa antiga não importada: removida do conteúdo');
      }
    }
    known.set(url, stored);
  }

  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: itemContents.id,
        introduction: itemContents.introduction,
        synthesis: itemContents.synthesis,
        topics: itemContents.topics,
        mediaUrl: itemContents.mediaUrl,
      })
      .from(itemContents)
      .where(and(gt(itemContents.id, after), MAY_HOLD))
      .orderBy(asc(itemContents.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    after = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const cover = row.mediaUrl && isExternalImageSrc(row.mediaUrl) ? row.mediaUrl.trim() : null;
      const external = new Set([...[row.introduction, row.synthesis, ...row.topics.map((t) => t.content)].flatMap((html) => externalImagesOf(html)), ...(cover ? [cover] : [])]);
      if (external.size === 0) continue;
      for (const url of external) await resolve(url);
      const rule: ImageSrcRule = (src) => (isAllowedImageSrc(src) ? src.trim() : (known.get(src.trim()) ?? undefined));
      // Nothing to change when every image is to be tried again.
      if ([...external].every((url) => known.get(url) === url)) continue;
      const next = {
        introduction: sanitizeUnitHtml(row.introduction, rule),
        synthesis: sanitizeUnitHtml(row.synthesis, rule),
        topics: row.topics.map((t) => ({ ...t, content: sanitizeUnitHtml(t.content, rule) })),
        mediaUrl: cover ? (known.get(cover) ?? null) : row.mediaUrl,
      };
      const updated = await db
        .update(itemContents)
        .set(next)
        .where(
          and(
            eq(itemContents.id, row.id),
            eq(itemContents.introduction, row.introduction),
            eq(itemContents.synthesis, row.synthesis),
            sql`${itemContents.topics} = ${JSON.stringify(row.topics)}::jsonb`,
            sql`${itemContents.mediaUrl} is not distinct from ${row.mediaUrl}`,
          ),
        )
        .returning({ id: itemContents.id });
      if (updated.length) report.rows++;
    }
  }
  if (report.rows || report.dropped || report.retried) log.info(report, 'imagens externas de unidades antigas importadas');
  return report;
}
