/**
 * Infographic zips (spec 2 §2.10): read with yauzl 3 from memory, every entry validated BEFORE anything
 * is written — no path traversal (.., absolute paths, drive letters, backslashes), no symlinks or other
 * special files, no encrypted entries, at most ZIP_LIMITS.maxEntries entries, at most
 * ZIP_LIMITS.maxTotalBytes uncompressed and an expansion ratio of at most ZIP_LIMITS.maxRatio — and an
 * index.html at the root or inside a single top-level folder. Then the files are written to storage
 * (the real sizes are counted again while writing): on any failure nothing remains.
 */
import crypto from 'node:crypto';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { ZIP_LIMITS } from '@edu/shared/galleries';
import { StorageKeyError, type Storage } from '../../platform/storage';

export type ZipLimits = { maxEntries: number; maxTotalBytes: number; maxRatio: number };

/** Why a zip was refused: 'unsafe' (structure, names, sizes) or 'noIndex' (no index.html). */
export class ZipRefused extends Error {
  constructor(
    public readonly reason: 'unsafe' | 'noIndex',
    detail: string,
  ) {
    super(detail);
  }
}

const unsafe = (detail: string) => new ZipRefused('unsafe', detail);

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** MS-DOS attribute bits that mark a reparse point (Windows symlink / junction) or a device. */
const DOS_REPARSE_POINT = 0x400;
const DOS_DEVICE = 0x40;
const SERVER_ERRNO = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE', 'EROFS', 'EXDEV']);

/** Files some archivers add that are never part of the infographic (skipped, still counted). */
function isJunk(segments: string[]): boolean {
  const base = segments[segments.length - 1] ?? '';
  return segments[0] === '__MACOSX' || base === '.DS_Store' || base === 'Thumbs.db' || base === 'desktop.ini';
}

/** The entry's path segments, or a refusal. A trailing '/' marks a folder. */
export function checkEntryName(name: string): { segments: string[]; dir: boolean } {
  if (name.length === 0 || Buffer.byteLength(name) > 1024) throw unsafe(`bad name length: ${name.length}`);
  if (name.includes('\\')) throw unsafe(`backslash in ${name}`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) throw unsafe('control character in a name');
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) throw unsafe(`absolute path ${name}`);
  const dir = name.endsWith('/');
  const segments = (dir ? name.slice(0, -1) : name).split('/');
  for (const s of segments) {
    if (s === '' || s === '.' || s === '..') throw unsafe(`bad segment in ${name}`);
    if (Buffer.byteLength(s) > 255) throw unsafe('segment too long');
  }
  return { segments, dir };
}

/** Refuses symlinks, devices, fifos and sockets (Unix mode in the high 16 bits; DOS attributes in the low). */
export function checkEntryKind(entry: Pick<Entry, 'externalFileAttributes'>): void {
  const attrs = entry.externalFileAttributes >>> 0;
  const mode = (attrs >>> 16) & 0xffff;
  const type = mode & S_IFMT;
  if (type === S_IFLNK) throw unsafe('symlink');
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) throw unsafe('special file');
  if (attrs & (DOS_REPARSE_POINT | DOS_DEVICE)) throw unsafe('reparse point or device');
}

interface Planned {
  entry: Entry;
  /** Path inside the infographic folder (the single top-level folder removed). */
  segments: string[];
}

async function openZip(data: Buffer) {
  try {
    return await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true });
  } catch (err) {
    throw unsafe(`not a zip: ${String(err)}`);
  }
}

/** Validate every entry and decide what to extract; throws ZipRefused. */
export async function planInfographic(data: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<{ zip: ZipFile; files: Planned[]; totalBytes: number }> {
  const zip = await openZip(data);
  if (zip.entryCount > limits.maxEntries) throw unsafe(`too many entries: ${zip.entryCount}`);
  const files: Planned[] = [];
  const names = new Set<string>();
  const folders = new Set<string>();
  const keyOf = (segments: string[]) => segments.join('/').normalize('NFC').toLowerCase();
  let count = 0;
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      count += 1;
      if (count > limits.maxEntries) throw unsafe('too many entries');
      const { segments, dir } = checkEntryName(entry.fileName);
      checkEntryKind(entry);
      if (entry.isEncrypted()) throw unsafe('encrypted entry');
      if (!dir && !entry.canDecodeFileData()) throw unsafe('unsupported compression');
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw unsafe('too large uncompressed');
      const key = keyOf(segments);
      if (names.has(key)) throw unsafe(`duplicate ${key}`);
      names.add(key);
      for (let i = 1; i < segments.length; i++) folders.add(keyOf(segments.slice(0, i)));
      if (dir) folders.add(key);
      else if (!isJunk(segments)) files.push({ entry, segments });
    }
  } catch (err) {
    if (err instanceof ZipRefused) throw err;
    // yauzl refuses '..', absolute names, backslashes and size lies by itself.
    throw unsafe(`zip read: ${String(err)}`);
  }
  // A file and a folder of the same name (case-insensitively) cannot both be extracted.
  for (const f of files) if (folders.has(keyOf(f.segments))) throw unsafe('file and folder with the same name');
  if (total / Math.max(1, data.length) > limits.maxRatio) throw unsafe(`expansion ratio ${Math.round(total / data.length)}`);

  let strip = 0;
  const has = (p: string) => files.some((f) => f.segments.join('/') === p);
  if (!has('index.html')) {
    const tops = new Set(files.map((f) => (f.segments.length > 1 ? f.segments[0] : '')));
    const [only] = [...tops];
    if (tops.size !== 1 || !only || !has(`${only}/index.html`)) throw new ZipRefused('noIndex', 'no index.html');
    strip = 1;
  }
  return { zip, files: files.map((f) => ({ entry: f.entry, segments: f.segments.slice(strip) })), totalBytes: total };
}

/** Counts the bytes really written and stops past the declared size or the global limit. */
function counter(entry: Entry, budget: { left: number }) {
  let written = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      written += chunk.length;
      budget.left -= chunk.length;
      if (written > entry.uncompressedSize || budget.left < 0) return done(unsafe('entry larger than declared'));
      done(null, chunk);
    },
  });
}

/**
 * Validate and extract an infographic zip into storage under `infographics/<random>/` (every file through `Storage`,
 * streamed as it is inflated). On any failure whatever was written is removed again. Answers the key of its
 * index.html and the folder's prefix.
 */
export async function extractInfographic(
  data: Buffer,
  storage: Storage,
  limits: ZipLimits = ZIP_LIMITS,
): Promise<{ key: string; prefix: string; totalBytes: number }> {
  const { zip, files, totalBytes } = await planInfographic(data, limits);
  const prefix = `infographics/${crypto.randomBytes(16).toString('hex')}`;
  try {
    const budget = { left: limits.maxTotalBytes };
    for (const file of files) {
      // yauzl checks the real size against the declared one while inflating (validateEntrySizes).
      const stream = await zip.openReadStreamPromise(file.entry);
      const body = new PassThrough();
      await Promise.all([pipeline(stream, counter(file.entry, budget), body), storage.put(`${prefix}/${file.segments.join('/')}`, body)]);
    }
  } catch (err) {
    await storage.removeAll(prefix).catch(() => undefined);
    if (err instanceof ZipRefused) throw err;
    if (err instanceof StorageKeyError) throw unsafe(err.message);
    // The server's own trouble (disk full, permissions, the bucket) is a 500; anything else comes from the zip's data.
    if (SERVER_ERRNO.has((err as NodeJS.ErrnoException).code ?? '') || (err as { $metadata?: unknown }).$metadata) throw err;
    throw unsafe(`extract: ${String(err)}`);
  }
  return { key: `${prefix}/index.html`, prefix, totalBytes };
}

/** Whether a zip holds an entry (docx detection: word/document.xml). False for anything unreadable. */
export async function zipHasEntry(data: Buffer, name: string, maxEntries = 10_000): Promise<boolean> {
  try {
    const zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true });
    if (zip.entryCount > maxEntries) return false;
    for await (const entry of zip.eachEntry()) if (entry.fileName === name) return true;
    return false;
  } catch {
    return false;
  }
}
