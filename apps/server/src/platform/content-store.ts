/**
 * THE way rich text an author wrote becomes stored content (unit content, notice templates; a service's image too): sanitized with the shared
 * allow-list (sanitize.ts), every site it embeds checked against the embed allow-list (config.embedHosts: the defaults
 * of packages/shared/src/content/embed-hosts.ts plus EMBED_ALLOWED_HOSTS), and every external image imported into our
 * storage (content-images.ts) with its address rewritten to /uploads/. A refused site or an image that cannot be
 * imported is a 400 naming it, and nothing is saved.
 *
 * Runs before the save's transaction opens, so a slow image host never holds a database connection: an idempotent
 * route's transaction is the request's (platform/idempotency.ts), so there it runs as the route's `prepareBody`
 * (platform/http.ts), before the key's transaction.
 */
import type { HtmlAllowList } from '@edu/shared/content/html-allow-list';
import { isAllowedImageSrc, isExternalImageSrc } from '@edu/shared/content/html-allow-list';
import { EMBED_MSG, embedHostOf, isAllowedEmbedUrl } from '@edu/shared/content/embed-hosts';
import { resourcesOf } from '@edu/shared/content/unit-content';
import type { Config } from '../config';
import { imageImporter } from './content-images';
import { AppError, badRequest } from './errors';
import { parseNetworks } from './public-fetch';
import { collectImages, sanitizeRichText, sanitizeUnitHtml, type ImageSrcRule } from './sanitize';
import type { Storage } from './storage';

export interface UnitHtmlFields {
  introduction: string;
  synthesis: string;
  topics: { title: string; content: string }[];
  /** The cover image: '' or null for none, one of ours, or an external image to import. */
  mediaUrl?: string | null;
}

/** The first resource of the HTML that a reader's browser would load from a site outside the list; its host. */
export function refusedEmbedHost(html: string, hosts: readonly string[]): string | undefined {
  for (const block of resourcesOf(html)) {
    if (block.type === 'picture') continue;
    const url = (block.resource as { url?: unknown } | undefined)?.url;
    if (typeof url === 'string' && !isAllowedEmbedUrl(url, hosts)) return embedHostOf(url) ?? url.slice(0, 120);
  }
  return undefined;
}

export function contentStore(deps: { config: Config; storage: Storage }) {
  const { config } = deps;
  const importImages = imageImporter(deps.storage, {
    timeoutMs: config.IMAGE_IMPORT_TIMEOUT_MS,
    allowedNetworks: parseNetworks(config.IMAGE_IMPORT_ALLOWED_NETWORKS),
  });

  /** Sanitize with `clean` twice: collecting the external images, then with their imported addresses. */
  async function twoPasses<T>(clean: (rule: ImageSrcRule) => T, check: (first: T) => void, extra: string[] = []): Promise<{ value: T; imported: Map<string, string> }> {
    const external = new Set<string>(extra);
    const first = clean(collectImages((src) => external.add(src)));
    check(first);
    if (external.size === 0) return { value: first, imported: new Map() };
    const imported = await importImages(external);
    const rule: ImageSrcRule = (src) => (isAllowedImageSrc(src) ? src.trim() : imported.get(src.trim()));
    return { value: clean(rule), imported };
  }

  /** `work`, its 400 (a site outside the list, an image that cannot be imported) said under the form's `field`. */
  async function onField<T>(field: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 400 && !err.fields) throw new AppError(400, err.code, err.message, { [field]: err.message });
      throw err;
    }
  }

  return {
    onField,

    /** Unit fields for storage (the studio's save, the review's edit). */
    async unitFields<T extends UnitHtmlFields>(body: T): Promise<T> {
      const cover = body.mediaUrl?.trim() || null;
      const { value, imported } = await twoPasses(
        (rule) => ({
          introduction: sanitizeUnitHtml(body.introduction, rule),
          synthesis: sanitizeUnitHtml(body.synthesis, rule),
          topics: body.topics.map((t) => ({ title: t.title, content: sanitizeUnitHtml(t.content, rule) })),
        }),
        (fields) => {
          for (const html of [fields.introduction, fields.synthesis, ...fields.topics.map((t) => t.content)]) {
            const host = refusedEmbedHost(html, config.embedHosts);
            if (host) throw badRequest(EMBED_MSG.hostRefused(host));
          }
        },
        cover && isExternalImageSrc(cover) ? [cover] : [],
      );
      const mediaUrl = cover && isExternalImageSrc(cover) ? (imported.get(cover) ?? null) : cover;
      return { ...body, ...value, ...(body.mediaUrl !== undefined ? { mediaUrl } : {}) };
    },

    /** One image address an author typed (a service's image): ours or none stays, an external one is imported. */
    async image<T extends string | null | undefined>(url: T): Promise<T | string> {
      if (!url || !isExternalImageSrc(url)) return url;
      const imported = await importImages([url.trim()]);
      return imported.get(url.trim())!;
    },

    /** Rich text of another kind (notice templates: the base list). */
    async richText(html: string, list?: HtmlAllowList): Promise<string> {
      const { value } = await twoPasses((rule) => sanitizeRichText(html, list, rule), () => undefined);
      return value;
    },
  };
}

export type ContentStore = ReturnType<typeof contentStore>;
