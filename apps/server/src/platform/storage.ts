/**
 * File storage. Rows keep storage KEYS — `<folder>/<name>`, e.g. `avatars/3f…9a.png`, or
 * `infographics/<id>/<path inside the zip>` — never addresses. Two implementations of one interface:
 *
 * - `localStorage`: a folder (DATA_DIR/uploads), the embedded default that needs nothing;
 * - `s3Storage`: an S3-compatible bucket (`@aws-sdk/client-s3`), chosen when S3_BUCKET is set (config.ts).
 *
 * Every file the server writes goes through `save` (a server-chosen random name) or `put` (an exact key: the files of
 * an extracted infographic). Both accept a Buffer or a stream; a stream is written as it arrives (S3: multipart
 * upload), never gathered whole. Keys never escape: a key with an empty, `.` or `..` segment, a backslash, a control
 * character or a leading slash is refused by `put`, answers null from `read`/`stream`/`size`, and is ignored by
 * `remove`.
 *
 * Clients still get addresses: `uploadUrl(key)` (THE edge helper) answers `/uploads/<key>`, which the server serves
 * from either backend (app.ts `serveUploads`). Addresses written INTO content by authors (a unit's cover, images in
 * its HTML, a notice's image) stay addresses; `keyOfUpload` reads the key back from one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql, type SQL, type Column } from 'drizzle-orm';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';

export type StorageBody = Buffer | Readable;

export interface StoredObject {
  body: Readable;
  /** Bytes in `body` (the range's when one was asked). */
  size: number;
  /** The whole object's size. */
  totalSize: number;
  lastModified: Date | null;
}

/** A byte range, both ends included (HTTP's `bytes=start-end`). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Store under `<folder>/<random name>.<ext>`; answers the key. A stream is written as it arrives. */
  save(folder: string, data: StorageBody, ext: string): Promise<string>;
  /** Store at an exact key (replacing what is there); throws StorageKeyError for a key that is not safe. */
  put(key: string, data: StorageBody): Promise<void>;
  /** The bytes of a stored object (small files only); null when the key is not safe or nothing is there. */
  read(key: string): Promise<Buffer | null>;
  /** A stored object as a stream (or one range of it); null when the key is not safe or nothing is there. */
  stream(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The size of a stored object; null when the key is not safe or nothing is there. */
  size(key: string): Promise<number | null>;
  /** Remove one object (nothing when there is none; ignores null and unsafe keys). */
  remove(key: string | null | undefined): Promise<void>;
  /** Remove every object under `<prefix>/` (an extracted infographic). */
  removeAll(prefix: string): Promise<void>;
  /** Every stored object (key and size), in no set order: backups and copies between stores. */
  list(): AsyncIterable<StoredEntry>;
}

export interface StoredEntry {
  key: string;
  size: number;
}

export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`chave de armazenamento inválida: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

const MAX_KEY = 1024;

/** Whether `key` is a safe storage key: `folder/…/name`, no empty, `.` or `..` segment, no backslash or control character. */
export function isStorageKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY) return false;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) return false;
  const segments = key.split('/');
  return segments.length >= 2 && segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

const PREFIX = '/uploads/';

/** THE address of a stored object for clients: `/uploads/<key>` (null stays null). */
export function uploadUrl(key: string): string;
export function uploadUrl(key: string | null | undefined): string | null;
export function uploadUrl(key: string | null | undefined): string | null {
  return key ? PREFIX + key : null;
}

/** The same address computed in SQL (a select's column, a json_build_object): null stays null. */
export const uploadUrlSql = (column: Column | SQL): SQL<string | null> => sql<string | null>`(${PREFIX} || ${column})`;

/** The key of one of our addresses (`/uploads/<key>`, as `uploadUrl` writes it); null for anything else. */
export function keyOfUpload(url: string | null | undefined): string | null {
  if (!url?.startsWith(PREFIX)) return null;
  const key = url.slice(PREFIX.length);
  return isStorageKey(key) ? key : null;
}

const randomName = (folder: string, ext: string) => {
  const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
  if (!safeFolder) throw new StorageKeyError(folder);
  return `${safeFolder}/${crypto.randomBytes(16).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '')}`;
};

/** `save` of either backend: a new server-chosen key in the folder, written with the backend's `put`. */
const saverOf =
  (put: Storage['put']): Storage['save'] =>
  async (folder, data, ext) => {
    const key = randomName(folder, ext);
    await put(key, data);
    return key;
  };

export function localStorage(uploadsDir: string): Storage {
  const root = path.resolve(uploadsDir);
  /** The file of a key, never outside the folder; null for an unsafe key. */
  const fileOf = (key: string | null | undefined): string | null => {
    if (!isStorageKey(key)) return null;
    const file = path.resolve(root, ...key.split('/'));
    return file.startsWith(root + path.sep) ? file : null;
  };
  const missing = (err: unknown) => ['ENOENT', 'EISDIR', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

  async function put(key: string, data: StorageBody) {
    const file = fileOf(key);
    if (!file) throw new StorageKeyError(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed into place: a reader never sees half a file, a failed write leaves nothing.
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}.part`;
    try {
      if (Buffer.isBuffer(data)) await fsp.writeFile(temp, data, { mode: 0o644 });
      else await pipeline(data, fs.createWriteStream(temp, { mode: 0o644 }));
      await fsp.rename(temp, file);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  return {
    kind: 'local',
    save: saverOf(put),
    put,
    async read(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        return await fsp.readFile(file);
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async stream(key, range) {
      const file = fileOf(key);
      if (!file) return null;
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      const size = range ? range.end - range.start + 1 : stat.size;
      return { body, size, totalSize: stat.size, lastModified: stat.mtime };
    },
    async size(key) {
      const file = fileOf(key);
      if (!file) return null;
      try {
        const stat = await fsp.stat(file);
        return stat.isFile() ? stat.size : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      const file = fileOf(key);
      if (file) await fsp.rm(file, { force: true });
    },
    async removeAll(prefix) {
      const dir = fileOf(prefix.replace(/\/+$/, ''));
      if (dir) await fsp.rm(dir, { recursive: true, force: true });
    },
    async *list() {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(root, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, file).split(path.sep).join('/');
        // A write in progress (`.part`) or a name no key can have is not a stored object.
        if (!isStorageKey(key) || key.endsWith('.part')) continue;
        yield { key, size: (await fsp.stat(file)).size };
      }
    },
  };
}

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** The S3 client of these settings (also used by `npm run storage:migrate`). */
export function s3Client(s: S3Settings): S3Client {
  const config: S3ClientConfig = {
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    ...(s.accessKeyId && s.secretAccessKey ? { credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } } : {}),
    // Checksums only where S3 requires them: many S3-compatible services (and s3rver) do not accept the SDK's default
    // CRC32 trailers on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  return new S3Client(config);
}

const notFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Multipart parts of 8 MiB, two in flight: a streamed save holds at most ~16 MiB, whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;

export function s3Storage(settings: S3Settings, client: S3Client = s3Client(settings)): Storage {
  const Bucket = settings.bucket;

  async function put(key: string, data: StorageBody) {
    if (!isStorageKey(key)) throw new StorageKeyError(key);
    // One PutObject for a small buffer; a multipart upload (lib-storage) for a stream of unknown length.
    // A failed upload (the source stream's error included) aborts its multipart upload: nothing is left behind.
    await new Upload({ client, params: { Bucket, Key: key, Body: data }, partSize: PART_SIZE, queueSize: 2 }).done();
  }

  async function stream(key: string, range?: ByteRange): Promise<StoredObject | null> {
    if (!isStorageKey(key)) return null;
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      const size = res.ContentLength ?? 0;
      const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : size;
      return { body: res.Body as Readable, size, totalSize: Number.isFinite(total) ? total : size, lastModified: res.LastModified ?? null };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    save: saverOf(put),
    put,
    async read(key) {
      const object = await stream(key);
      if (!object) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream,
    async size(key) {
      if (!isStorageKey(key)) return null;
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return res.ContentLength ?? 0;
      } catch (err) {
        if (notFound(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      if (!isStorageKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async removeAll(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      if (!isStorageKey(folder)) return;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${folder}/`, ContinuationToken: token }));
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length) await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key && isStorageKey(o.Key)) yield { key: o.Key, size: o.Size ?? 0 };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
