/**
 * Copy a local uploads folder into a Storage (`npm run storage:migrate`): every file under `dir` goes to the
 * key of its relative path, streamed. Resumable: an object already there with the same size is skipped, so a run cut
 * short is simply run again. Files whose path is not a safe key, and temporary `.part` files, are left out (counted).
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type Storage } from './storage';

export interface CopyFile {
  key: string;
  file: string;
  size: number;
}

export interface CopyProgress {
  files: number;
  bytes: number;
  copied: number;
  skipped: number;
  failed: { key: string; error: string }[];
  doneFiles: number;
  doneBytes: number;
}

/** Every file under `dir` with its key; `ignored` counts what cannot be a key. */
export async function filesToCopy(dir: string): Promise<{ files: CopyFile[]; ignored: string[] }> {
  const root = path.resolve(dir);
  const files: CopyFile[] = [];
  const ignored: string[] = [];
  for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!isStorageKey(key) || key.endsWith('.part')) {
      ignored.push(key);
      continue;
    }
    files.push({ key, file, size: (await fsp.stat(file)).size });
  }
  files.sort((a, b) => a.key.localeCompare(b.key));
  return { files, ignored };
}

/** Copy `files` into `storage`, `concurrency` at a time; `onProgress` after each file. */
export async function copyToStorage(
  files: CopyFile[],
  storage: Storage,
  opts: { concurrency?: number; onProgress?: (p: CopyProgress) => void } = {},
): Promise<CopyProgress> {
  const progress: CopyProgress = {
    files: files.length,
    bytes: files.reduce((sum, f) => sum + f.size, 0),
    copied: 0,
    skipped: 0,
    failed: [],
    doneFiles: 0,
    doneBytes: 0,
  };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++]!;
      try {
        if ((await storage.size(f.key)) === f.size) progress.skipped++;
        else {
          await storage.put(f.key, fs.createReadStream(f.file));
          progress.copied++;
        }
      } catch (err) {
        progress.failed.push({ key: f.key, error: String((err as Error).message ?? err) });
      }
      progress.doneFiles++;
      progress.doneBytes += f.size;
      opts.onProgress?.(progress);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 4) }, worker));
  return progress;
}
