/** File storage: a local folder (DATA_DIR/uploads) served at /uploads. Server-chosen file names. */
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

export interface Storage {
  /** Store bytes under a folder; answers the public URL. */
  save(folder: string, data: Buffer, ext: string): Promise<string>;
  /** Remove a file previously saved (ignores URLs that are not ours). */
  remove(url: string | null | undefined): Promise<void>;
}

export function localStorage(uploadsDir: string): Storage {
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
      if (!url?.startsWith('/uploads/')) return;
      const file = path.resolve(uploadsDir, url.slice('/uploads/'.length));
      if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) return;
      await fs.rm(file, { force: true });
    },
  };
}
