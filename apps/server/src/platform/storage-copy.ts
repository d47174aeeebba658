/**
 * Copy stored objects from one Storage into another, streamed: a local uploads folder into the bucket
 * (`npm run storage:migrate`), the files into a backup and back (`npm run backup`, `npm run restore`). Resumable: an
 * object already there with the same size is skipped, so a run cut short is simply run again. In a folder, files whose
 * path is not a safe key, and temporary `.part` files, are left out (`filesToCopy` counts them).
 */
import fsp from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey, type Storage, type StoredEntry } from './storage';

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
export async function filesToCopy(dir: string): Promise<{ files: StoredEntry[]; ignored: string[] }> {
  const root = path.resolve(dir);
  const files: StoredEntry[] = [];
  const ignored: string[] = [];
  for (const entry of await fsp.readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, file).split(path.sep).join('/');
    if (!isStorageKey(key) || key.endsWith('.part')) {
      ignored.push(key);
      continue;
    }
    files.push({ key, size: (await fsp.stat(file)).size });
  }
  files.sort((a, b) => a.key.localeCompare(b.key));
  return { files, ignored };
}

/** Every object of `storage`, sorted by key. */
export async function storedEntries(storage: Storage): Promise<StoredEntry[]> {
  const entries: StoredEntry[] = [];
  for await (const entry of storage.list()) entries.push(entry);
  return entries.sort((a, b) => a.key.localeCompare(b.key));
}

/** Copy the objects `files` of `from` into `storage`, `concurrency` at a time; `onProgress` after each file. */
export async function copyToStorage(
  files: StoredEntry[],
  from: Storage,
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
          const object = await from.stream(f.key);
          if (!object) throw new Error('não encontrado na origem');
          await storage.put(f.key, object.body);
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
