/**
 * The embedded database's folder across PGlite versions.
 *
 * PGlite 0.5 runs PostgreSQL 18. A folder written by PGlite 0.3 is PostgreSQL 17's (its `PG_VERSION` says 17), which
 * PGlite 0.5 cannot open, and holds the product in the database `template1` (0.3's default; 0.5 uses `postgres`).
 * `upgradeEmbedded` converts such a folder the way PGlite's own upgrade path does: PGlite 0.3 (the workspace package
 * @edu/pglite-legacy) opens it and the pg_dump built for it writes the whole database as SQL (schemas, rows as
 * INSERTs, sequences, indexes, triggers: the product's tables, the job queue's and the migrations' record); a new
 * folder beside it (`<folder>.conversao`) runs that SQL in one transaction; the rows of every table are compared; then
 * the old folder is kept as `<folder>-pg17` (or removed, for a scratch copy) and the new one takes its place.
 *
 * A conversion interrupted before the renames leaves the old folder as it was (the next start converts again); one
 * interrupted between them (the old folder moved, the new one complete) is finished by the next start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { countsDiffer, rowCounts } from './table-counts';

/** pg_trgm: the trigram index of the accent-free title search (migration 0007 creates the extension). */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The embedded database's folder cannot be used as it is: said in pt-BR for the operator (the start prints the line alone). */
export class EmbeddedDatabaseError extends Error {}

/** The PostgreSQL major of the folders PGlite writes now, and of those it converts (PGlite 0.3). */
export const EMBEDDED_PG_MAJOR = '18';
const LEGACY_PG_MAJOR = '17';

export interface EmbeddedUpgrade {
  /** Where the old folder was kept (null: removed, as asked). */
  keptAt: string | null;
  /** Rows per table, the same before and after. */
  tables: Record<string, number>;
  ms: number;
}

/** The PostgreSQL major a PGlite folder was written by (null: no database there yet). */
export function embeddedMajor(dir: string): string | null {
  try {
    return fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
  } catch {
    return null;
  }
}

const workDir = (dir: string) => `${dir}.conversao`;

/** `<folder>-pg17`, or with a suffix when an earlier conversion already kept one there. */
function keptName(dir: string): string {
  const base = `${dir}-pg${LEGACY_PG_MAJOR}`;
  if (!fs.existsSync(base)) return base;
  return `${base}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
}

/**
 * Brings the PGlite folder `dir` to the current format when PGlite 0.3 wrote it; answers null when there was nothing
 * to do (no database yet, or already current). Throws, in pt-BR and with the old folder untouched, when the folder is
 * of another PostgreSQL or the conversion does not hold every row. Run it with the folder's lock held.
 */
export async function upgradeEmbedded(dir: string, opts: { keepOld?: boolean; log?: (line: string) => void } = {}): Promise<EmbeddedUpgrade | null> {
  const work = workDir(dir);
  const major = embeddedMajor(dir);
  if (major === null && embeddedMajor(work) === EMBEDDED_PG_MAJOR) {
    // The previous start converted it and was stopped between moving the old folder away and moving the new one in.
    fs.rmSync(dir, { recursive: true, force: true });
    fs.renameSync(work, dir);
    opts.log?.(`banco embutido: conversão para o PostgreSQL ${EMBEDDED_PG_MAJOR} concluída (${dir})`);
    return null;
  }
  if (major === null || major === EMBEDDED_PG_MAJOR) return null;
  if (major !== LEGACY_PG_MAJOR) {
    throw new EmbeddedDatabaseError(
      `O banco embutido em ${dir} é do PostgreSQL ${major}: esta versão abre o do PostgreSQL ${EMBEDDED_PG_MAJOR} e converte o do ${LEGACY_PG_MAJOR} (PGlite 0.3). ` +
        'Volte à versão do produto que o criou.',
    );
  }
  const started = Date.now();
  opts.log?.(`banco embutido: convertendo ${dir} do PostgreSQL ${LEGACY_PG_MAJOR} (PGlite 0.3) para o ${EMBEDDED_PG_MAJOR} (PGlite 0.5); pode levar alguns minutos`);
  fs.rmSync(work, { recursive: true, force: true });
  let tables: Record<string, number>;
  try {
    tables = await convert(dir, work);
  } catch (err) {
    fs.rmSync(work, { recursive: true, force: true });
    throw new EmbeddedDatabaseError(
      `Não foi possível converter o banco embutido em ${dir} para o PostgreSQL ${EMBEDDED_PG_MAJOR}: ${(err as Error).message}. A pasta antiga ficou como estava.`,
      { cause: err },
    );
  }
  const keptAt = opts.keepOld === false ? null : keptName(dir);
  if (keptAt) fs.renameSync(dir, keptAt);
  else fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(work, dir);
  const ms = Date.now() - started;
  const rows = Object.values(tables).reduce((a, b) => a + b, 0);
  opts.log?.(
    `banco embutido: convertido em ${Math.max(1, Math.round(ms / 1000))} s (${Object.keys(tables).length} tabelas, ${rows} linhas)` +
      (keptAt ? `; a pasta antiga ficou em ${keptAt} e pode ser apagada depois de conferir os dados` : ''),
  );
  return { keptAt, tables, ms };
}

/** Dumps the PGlite 0.3 folder `dir` and loads the dump into a new folder `work`; answers the rows, checked equal on both. */
async function convert(dir: string, work: string): Promise<Record<string, number>> {
  const legacy = await import('@edu/pglite-legacy');
  const old = new legacy.PGlite({ dataDir: dir, extensions: { pg_trgm: legacy.pg_trgm } });
  let before: Record<string, number>;
  let dump: string;
  try {
    before = await rowCounts(old);
    dump = await (await legacy.pgDump({ pg: old })).text();
  } finally {
    await old.close();
  }
  const fresh = new PGlite({ dataDir: work, extensions: PGLITE_EXTENSIONS });
  let after: Record<string, number>;
  try {
    // One simple query: every statement of the dump in one implicit transaction, all or nothing.
    await fresh.exec(dump);
    after = await rowCounts(fresh);
  } finally {
    await fresh.close();
  }
  const differ = countsDiffer(before, after);
  if (differ.length) throw new Error(`as linhas não conferem nas tabelas ${differ.slice(0, 5).join(', ')}`);
  return after;
}
