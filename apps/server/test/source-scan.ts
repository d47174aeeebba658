/**
 * "Only X writes Y" checks (the unit lifecycle, the rent lifecycle): find the Drizzle and raw-SQL
 * writes of some columns in the server's source, and the files other than the allowed ones that make them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

export interface WriteScan {
  /** Drizzle table variables whose `.update(t)` / `.insert(t)` are looked at. */
  tables: string[];
  /** A write of the watched columns inside such a statement (up to its where/returning/end). */
  columns: RegExp;
  /** Raw SQL writes of the watched columns. */
  raw: RegExp;
}

/** The writes `scan` describes found in `source`, each shortened for a readable failure. */
export function writesIn(scan: WriteScan, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(new RegExp(`\\.(update|insert)\\(\\s*(${scan.tables.join('|')})\\s*\\)`, 'g'))) {
    const rest = source.slice(m.index, m.index + 600);
    const end = rest.search(/\.where\(|\.returning\(|;\s*$/m);
    const chunk = end === -1 ? rest : rest.slice(0, end);
    if (scan.columns.test(chunk)) found.push(chunk.replace(/\s+/g, ' ').slice(0, 120));
  }
  for (const m of source.matchAll(scan.raw)) found.push(m[0]);
  return found;
}

/** The .ts files under `dir` (migrations left out). */
export function sourceFiles(dir: string = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(full);
    return e.name.endsWith('.ts') ? [full] : [];
  });
}

/** Files of apps/server/src (paths relative to it) outside `allowed` that make a write of `scan`. */
export function writersOutside(scan: WriteScan, allowed: string[]): { file: string; writes: string[] }[] {
  return sourceFiles(SRC)
    .map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), writes: writesIn(scan, fs.readFileSync(file, 'utf8')) }))
    .filter(({ file, writes }) => writes.length > 0 && !allowed.some((a) => file.startsWith(a)));
}

/** The writes of `scan` in one source file of apps/server/src. */
export const writesInFile = (scan: WriteScan, file: string): string[] => writesIn(scan, fs.readFileSync(path.join(SRC, file), 'utf8'));
