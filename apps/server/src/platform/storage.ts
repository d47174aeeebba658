/** File storage: a local folder (DATA_DIR/uploads) served at /uploads. Server-chosen file names. */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';

export interface Storage {
  /** Store bytes under a folder; answers the public URL. */
  save(folder: string, data: Buffer, ext: string): Promise<string>;
  /** Remove a file previously saved (ignores URLs that are not ours). */
  remove(url: string | null | undefined): Promise<void>;
  /** The bytes of a file saved here (`/uploads/…`); null when the URL is not ours or the file is gone. */
  read(url: string): Promise<Buffer | null>;
  /** A file saved here as a stream (large files: unit packages), with its size; null when not ours or gone. */
  stream(url: string): Promise<{ body: Readable; size: number } | null>;
}

export function localStorage(uploadsDir: string): Storage {
  /** The file of one of our URLs, never outside the uploads folder; null otherwise. */
  const fileOf = (url: string | null | undefined): string | null => {
    if (!url?.startsWith('/uploads/')) return null;
    const file = path.resolve(uploadsDir, url.slice('/uploads/'.length));
    return file.startsWith(path.resolve(uploadsDir) + path.sep) ? file : null;
  };
  return {
    async save(folder, data, ext) {
      const safeFolder = folder.replace(/[^a-z0-9-]/gi, '');
      const dir = path.join(uploadsDir, safeFolder);
      await fs.mkdir(dir, { recursive: true });
      const name = `${crypto.randomBytes(16).toString('hex')}.${ext.replace(/[^a-z0-9]/gi, '')}`;
      await fs.writeFile(path.join(dir, name), data);
      return `/uploads/${safeFolder}/${name}`;
    },
    async remove(url) {
      const file = fileOf(url);
      if (file) await fs.rm(file, { force: true });
    },
    async read(url) {
      const file = fileOf(url);
      if (!file) return null;
      try {
        return await fs.readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw err;
      }
    },
    async stream(url) {
      const file = fileOf(url);
      if (!file) return null;
      try {
        const stat = await fs.stat(file);
        if (!stat.isFile()) return null;
        return { body: createReadStream(file), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
  };
}
