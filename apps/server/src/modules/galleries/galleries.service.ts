/**
 * Galleries and uploads (spec 2 §2.10, §5 "Files", §7.4). A provider has one gallery per kind (images,
 * infographics, questions, pdfs), created on demand. Provider users (provider, editor, serviceProvider)
 * use only their own provider's galleries; staff may read any provider's (the access gate's
 * provider.gallery). Another provider's galleries answer 404, like a provider that does not exist.
 *
 * Files are checked by content (magic bytes), up to 30 MB; an infographic zip is validated and extracted
 * (zip.ts). Stock photos come from a Pixabay-compatible API when PIXABAY_API_KEY is set; a chosen photo
 * is copied into the image gallery (the API's addresses are temporary and may not be hotlinked).
 *
 * No audit entry: the audit actions of spec 2 §7.7 have none for galleries or uploads.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, type FileTypeResult } from 'file-type';
import {
  GALLERY_MSG,
  GALLERY_OWNER_TYPES,
  GALLERY_PAGE_SIZE,
  STOCK_PAGE_SIZE,
  UNIT_UPLOAD_BYTES,
  type GalleryFile,
  type GalleryKind,
  type StockHit,
  type UploadedFile,
} from '@edu/shared/galleries';
import type { UserType } from '@edu/shared/access';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import { displayFilename, imageExt, readUpload } from '../../platform/uploads';
import { uploadUrl } from '../../platform/storage';
import { galleries, galleryFiles } from './galleries.tables';
import { extractInfographic, ZipRefused, zipHasEntry } from './zip';
import { accessWhere, requireAccess } from '../access/index';
import { cappedTotal } from '../../platform/lists';
import { providers } from '../../db/schema';

const OWNER_TYPES: readonly UserType[] = GALLERY_OWNER_TYPES;
const isOwnerType = (auth: AuthContext) => OWNER_TYPES.includes(auth.user.type);

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The stored extension of an accepted upload of `kind`, judged by content; undefined when refused. */
export async function acceptedExt(kind: GalleryKind, data: Buffer, type: FileTypeResult | undefined): Promise<string | undefined> {
  const mime = type?.mime;
  switch (kind) {
    case 'images':
      return imageExt(type);
    case 'pdfs':
      return mime === 'application/pdf' ? 'pdf' : undefined;
    case 'infographics':
      return mime === 'application/zip' ? 'zip' : undefined;
    case 'questions':
      if (mime === 'application/pdf') return 'pdf';
      if (mime === 'application/x-cfb') return 'doc';
      if (mime === DOCX_MIME) return 'docx';
      // A docx without [Content_Types].xml first is still a Word document when it has word/document.xml.
      if (mime === 'application/zip' && (await zipHasEntry(data, 'word/document.xml'))) return 'docx';
      return undefined;
  }
}

type FileRow = Pick<typeof galleryFiles.$inferSelect, 'id' | 'filename' | 'storageKey' | 'createdAt'>;
const toFile = (row: FileRow): GalleryFile => ({ id: row.id, filename: row.filename, url: uploadUrl(row.storageKey), createdAt: row.createdAt.toISOString() });

/** The provider's gallery of that kind, created when missing (unique provider + name). */
export async function ensureGallery(tx: Executor, providerId: number, kind: GalleryKind) {
  const [created] = await tx
    .insert(galleries)
    .values({ providerId, name: kind })
    .onConflictDoNothing({ target: [galleries.providerId, galleries.name] })
    .returning({ id: galleries.id, name: galleries.name });
  if (created) return created;
  const [existing] = await tx
    .select({ id: galleries.id, name: galleries.name })
    .from(galleries)
    .where(and(eq(galleries.providerId, providerId), eq(galleries.name, kind)))
    .limit(1);
  return existing!;
}

export function galleriesService(deps: Deps) {
  const { db, config, storage } = deps;

  /** A provider whose galleries the caller may use (the access gate's provider.gallery); another provider's answers 404 like a missing one. */
  async function checkProvider(auth: AuthContext, providerId: number) {
    if (isOwnerType(auth) && auth.user.providerId === null) throw forbidden(GALLERY_MSG.noProvider);
    await requireAccess(db, auth, 'provider.gallery', providerId);
  }

  /** Store one file row; on a database failure the stored bytes are removed again. */
  async function saveRow(providerId: number, kind: GalleryKind, file: { filename: string; key: string; sizeBytes: number }, auth: AuthContext, undo: () => Promise<void>): Promise<UploadedFile[]> {
    try {
      const row = await db.transaction(async (tx) => {
        const gallery = await ensureGallery(tx, providerId, kind);
        const [inserted] = await tx
          .insert(galleryFiles)
          .values({ galleryId: gallery.id, filename: file.filename, storageKey: file.key, sizeBytes: file.sizeBytes, uploadedBy: auth.user.id })
          .returning();
        return inserted!;
      });
      return [{ id: row.id, filename: row.filename, url: uploadUrl(row.storageKey) }];
    } catch (err) {
      await undo().catch(() => undefined);
      throw err;
    }
  }

  const stockEnabled = () => config.PIXABAY_API_KEY.trim() !== '';

  /** One call to the stock API (timeout PIXABAY_TIMEOUT_MS); any failure: 502 with the pt-BR message. */
  async function stockCall(params: Record<string, string>, log: FastifyBaseLogger): Promise<{ hits: StockHit[]; total: number }> {
    if (!stockEnabled()) throw new AppError(503, 'STOCK_DISABLED', GALLERY_MSG.stockDisabled);
    const url = new URL(config.PIXABAY_API_URL);
    url.searchParams.set('key', config.PIXABAY_API_KEY.trim());
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.PIXABAY_TIMEOUT_MS);
    try {
      const res = await fetch(url, { signal: controller.signal, headers: { accept: 'application/json' } });
      if (!res.ok) {
        log.warn({ status: res.status }, 'stock API refused the request');
        throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
      }
      const data = (await res.json()) as { totalHits?: unknown; total?: unknown; hits?: unknown };
      const raw = Array.isArray(data.hits) ? (data.hits as Record<string, unknown>[]) : [];
      const hits: StockHit[] = raw
        .filter((h) => typeof h.id === 'number' && typeof h.previewURL === 'string' && typeof h.largeImageURL === 'string')
        .map((h) => ({
          id: h.id as number,
          previewURL: h.previewURL as string,
          largeImageURL: h.largeImageURL as string,
          ...(typeof h.tags === 'string' ? { tags: h.tags } : {}),
        }));
      const total = typeof data.totalHits === 'number' ? data.totalHits : typeof data.total === 'number' ? data.total : hits.length;
      return { hits, total };
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err: String(err), timedOut: controller.signal.aborted }, 'stock API unreachable');
      throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Download a stock photo (timeout, 30 MB cap) and answer its bytes; failures: 502. */
  async function download(address: string, log: FastifyBaseLogger): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
    // Only the configured API's own host (or a subdomain) is ever fetched, and no redirect is followed:
    // a response naming another address cannot point the server at internal hosts.
    const apiHost = new URL(config.PIXABAY_API_URL).hostname;
    if (url.hostname !== apiHost && !url.hostname.endsWith(`.${apiHost}`)) {
      log.warn({ host: url.hostname }, 'stock image outside the API host refused');
      throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), config.PIXABAY_TIMEOUT_MS);
    try {
      const res = await fetch(url, { signal: controller.signal, redirect: 'manual' });
      if (!res.ok || !res.body) throw new Error(`status ${res.status}`);
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.length;
        if (size > UNIT_UPLOAD_BYTES) {
          controller.abort();
          throw new AppError(413, 'FILE_TOO_LARGE', GALLERY_MSG.tooLarge);
        }
        chunks.push(Buffer.from(chunk));
      }
      return Buffer.concat(chunks);
    } catch (err) {
      if (err instanceof AppError) throw err;
      log.warn({ err: String(err) }, 'stock photo download failed');
      throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /** The provider's galleries, its access check (provider.gallery: else 404) in the same statement. */
    async byProvider(auth: AuthContext, providerId: number) {
      if (isOwnerType(auth) && auth.user.providerId === null) throw forbidden(GALLERY_MSG.noProvider);
      const rows = await db
        .select({ id: galleries.id, name: galleries.name })
        .from(providers)
        .leftJoin(galleries, eq(galleries.providerId, providers.id))
        .where(and(eq(providers.id, providerId), accessWhere(auth, 'provider.gallery')))
        .orderBy(galleries.name);
      if (!rows.length) throw notFound();
      return rows.flatMap((r) => (r.id !== null ? [{ id: r.id, name: r.name! }] : []));
    },

    /**
     * A page of the gallery's files with their capped total, the gallery and its access check (gallery.read: else 404)
     * in one statement: the gallery's row carries the total, its page's files beside it (a lateral join: the row stays
     * for an empty page, past the end too).
     */
    async details(auth: AuthContext, galleryId: number, page: number) {
      const onPage = db
        .select({ fileId: galleryFiles.id, filename: galleryFiles.filename, storageKey: galleryFiles.storageKey, createdAt: galleryFiles.createdAt })
        .from(galleryFiles)
        .where(eq(galleryFiles.galleryId, galleryId))
        .orderBy(desc(galleryFiles.createdAt), desc(galleryFiles.id))
        .limit(GALLERY_PAGE_SIZE)
        .offset((page - 1) * GALLERY_PAGE_SIZE)
        .as('f');
      const rows = await db
        .select({
          id: galleries.id,
          name: galleries.name,
          total: cappedTotal(db.select({ one: sql`1` }).from(galleryFiles).where(eq(galleryFiles.galleryId, galleryId)).$dynamic()),
          fileId: onPage.fileId,
          filename: onPage.filename,
          storageKey: onPage.storageKey,
          createdAt: onPage.createdAt,
        })
        .from(galleries)
        .innerJoin(providers, eq(providers.id, galleries.providerId))
        .leftJoinLateral(onPage, sql`true`)
        .where(and(eq(galleries.id, galleryId), accessWhere(auth, 'gallery.read')))
        .orderBy(desc(onPage.createdAt), desc(onPage.fileId));
      const [gallery] = rows;
      if (!gallery) throw notFound();
      const files = rows.flatMap((r) =>
        r.fileId !== null ? [toFile({ id: r.fileId, filename: r.filename!, storageKey: r.storageKey!, createdAt: r.createdAt! })] : [],
      );
      return { id: gallery.id, name: gallery.name, files, total: Number(gallery.total) };
    },

    async create(auth: AuthContext, body: { provider_id: number; name: GalleryKind }) {
      await checkProvider(auth, body.provider_id);
      return db.transaction((tx) => ensureGallery(tx, body.provider_id, body.name));
    },

    async upload(auth: AuthContext, kind: GalleryKind, providerId: number, request: FastifyRequest): Promise<UploadedFile[]> {
      await checkProvider(auth, providerId);
      const file = await readUpload(request, {
        fields: [kind],
        maxBytes: UNIT_UPLOAD_BYTES,
        accept: (data, type) => acceptedExt(kind, data, type),
        messages: { fail: GALLERY_MSG.uploadFail, tooLarge: GALLERY_MSG.tooLarge, notSupported: GALLERY_MSG.notSupported },
      });
      const filename = displayFilename(file.filename, `arquivo.${file.ext}`);
      if (kind === 'infographics') {
        let extracted;
        try {
          extracted = await extractInfographic(file.data, storage);
        } catch (err) {
          if (err instanceof ZipRefused) {
            request.log.info({ reason: err.message }, 'infographic zip refused');
            throw badRequest(err.reason === 'noIndex' ? GALLERY_MSG.zipNoIndex : GALLERY_MSG.zipUnsafe);
          }
          throw err;
        }
        const { key, prefix } = extracted;
        return saveRow(providerId, kind, { filename, key, sizeBytes: extracted.totalBytes }, auth, () => storage.removeAll(prefix));
      }
      const key = await storage.save(kind, file.data, file.ext);
      return saveRow(providerId, kind, { filename, key, sizeBytes: file.data.length }, auth, () => storage.remove(key));
    },

    stockStatus() {
      return { enabled: stockEnabled() };
    },

    stockSearch(query: { term: string; page: number }, log: FastifyBaseLogger) {
      return stockCall(
        { q: query.term, page: String(query.page), per_page: String(STOCK_PAGE_SIZE), image_type: 'photo', safesearch: 'true', lang: 'pt' },
        log,
      );
    },

    async stockImport(auth: AuthContext, providerId: number, stockId: number, log: FastifyBaseLogger): Promise<UploadedFile[]> {
      await checkProvider(auth, providerId);
      const { hits } = await stockCall({ id: String(stockId) }, log);
      const hit = hits.find((h) => h.id === stockId);
      if (!hit) throw notFound();
      const data = await download(hit.largeImageURL, log);
      const ext = imageExt(await fileTypeFromBuffer(data).catch(() => undefined));
      if (!ext) {
        log.warn({ stockId }, 'stock photo is not a jpg, png or gif');
        throw new AppError(502, 'STOCK_ERROR', GALLERY_MSG.stockFail);
      }
      const key = await storage.save('images', data, ext);
      return saveRow(providerId, 'images', { filename: `banco-de-imagens-${stockId}.${ext}`, key, sizeBytes: data.length }, auth, () => storage.remove(key));
    },
  };
}
