/**
 * GET /uploads/<key>: a stored object streamed from Storage, the same for both backends (files are served
 * through the server, not through signed bucket addresses; docs/decisions.md, "Object storage"). The headers are
 * those @fastify/static sends for a local folder: the type of the stored extension (which the upload chose from the file's
 * magic bytes), `X-Content-Type-Options: nosniff`, the per-file CSP (`uploadCsp`), Last-Modified/ETag with
 * conditional GET, single byte ranges; plus `Content-Disposition: attachment` for anything a browser could run or
 * render other than an image, a PDF or an infographic's own files.
 *
 * Unit packages (`packages/…`) are private: they are only served by their permission-checked route, never here.
 */
import { Readable } from 'node:stream';
import mime from 'mime';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorageKey, type ByteRange, type Storage } from './storage';

/** Folders never served publicly: their files leave through permission-checked routes. */
const PRIVATE_FOLDERS = new Set(['packages']);

const folderOf = (key: string) => key.split('/')[0] ?? '';
const isInfographicKey = (key: string) => folderOf(key) === 'infographics';

/**
 * The policy of a file under /uploads (framed by the app only: frame-ancestors 'self', and helmet's
 * X-Frame-Options SAMEORIGIN). An infographic (extracted zip) runs its scripts in an opaque origin
 * (sandbox without allow-same-origin), so it can never reach the app's session; a PDF gets no sandbox
 * (Chrome's PDF viewer refuses sandboxed documents) but may load nothing else; anything else is inert.
 */
export function uploadCsp(key: string): string {
  if (isInfographicKey(key)) return "sandbox allow-scripts; default-src 'self' 'unsafe-inline' data: blob:; frame-ancestors 'self'";
  if (key.toLowerCase().endsWith('.pdf')) return "default-src 'none'; object-src 'self'; frame-ancestors 'self'";
  return "default-src 'none'; sandbox; frame-ancestors 'self'";
}

/** The Content-Type of a key's extension (mime's table: a script is text/javascript, RFC 9239), utf-8 for text. */
export function contentTypeOf(key: string): string {
  const type = mime.getType(key) ?? 'application/octet-stream';
  return /^(text\/|application\/javascript|application\/json)/.test(type) ? `${type}; charset=utf-8` : type;
}

/** Inline only what cannot run: images, PDFs (sandboxed by their CSP), and an infographic's files (sandboxed). */
const inline = (key: string, type: string) =>
  isInfographicKey(key) || /^image\/(png|jpeg|gif|webp|avif)$/.test(type) || type === 'application/pdf' || /^(audio|video)\//.test(type);

/** One satisfiable `bytes=a-b` / `bytes=a-` / `bytes=-n` range of `size`; null: none asked (or several: whole file); 'bad': unsatisfiable. */
function rangeOf(header: string | undefined, size: number): ByteRange | null | 'bad' {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'bad';
  return { start, end };
}

async function serve(storage: Storage, request: FastifyRequest, reply: FastifyReply) {
  const raw = (request.params as { '*': string })['*'];
  let key: string;
  try {
    key = raw.split('/').map(decodeURIComponent).join('/');
  } catch {
    return reply.callNotFound();
  }
  // A folder's address ('…/') or an unsafe key is nothing; private folders are not served here.
  // Nothing there answers as an unknown route (the not-found handler's JSON 404), as the local folder did.
  if (!isStorageKey(key) || PRIVATE_FOLDERS.has(folderOf(key))) return reply.callNotFound();
  const size = await storage.size(key);
  if (size === null) return reply.callNotFound();
  const range = rangeOf(request.headers.range, size);
  if (range === 'bad') {
    return reply.status(416).header('content-range', `bytes */${size}`).send();
  }
  const object = await storage.stream(key, range ?? undefined);
  if (!object) return reply.callNotFound();
  const type = contentTypeOf(key);
  reply.header('content-type', type);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', uploadCsp(key));
  reply.header('cache-control', 'public, max-age=0');
  reply.header('accept-ranges', 'bytes');
  if (!inline(key, type)) reply.header('content-disposition', 'attachment');
  // An infographic runs in an opaque origin (CSP sandbox): its own images, styles, scripts and data
  // files are cross-origin requests to it, which helmet's same-origin resource policy (and, for
  // fetch/XHR, CORS) would block. Uploads are public files without credentials: nothing leaks.
  if (isInfographicKey(key)) {
    reply.header('cross-origin-resource-policy', 'cross-origin');
    reply.header('access-control-allow-origin', '*');
  }
  if (object.lastModified) {
    const modified = new Date(Math.floor(object.lastModified.getTime() / 1000) * 1000);
    const etag = `W/"${object.totalSize.toString(16)}-${modified.getTime().toString(16)}"`;
    reply.header('last-modified', modified.toUTCString());
    reply.header('etag', etag);
    const noneMatch = request.headers['if-none-match'];
    const since = request.headers['if-modified-since'];
    const fresh = noneMatch ? noneMatch.split(',').some((t) => t.trim() === etag) : since ? Date.parse(since) >= modified.getTime() : false;
    if (fresh && !range) {
      object.body.destroy();
      return reply.status(304).send();
    }
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${object.totalSize}`);
  }
  reply.header('content-length', object.size);
  if (request.method === 'HEAD') {
    // Fastify's HEAD route would read a stream to its end to discard it: an empty one keeps these headers.
    object.body.destroy();
    return reply.send(Readable.from([]));
  }
  return reply.send(object.body);
}

export function serveUploads(app: FastifyInstance, storage: Storage) {
  app.get('/uploads/*', (request, reply) => serve(storage, request, reply));
}
