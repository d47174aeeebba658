/**
 * Backups of a whole deployment, and their restore (`npm run backup`, `npm run restore`: apps/server/src/backup.ts).
 * A backup is a folder:
 *
 * - `database.dump`: PostgreSQL's custom format (`pg_dump -Fc`, taken in one snapshot), or `pglite/`: a copy of the
 *   embedded database's folder (taken under the embedded lock, so with the server stopped);
 * - `files/`: every stored object (the uploads folder or the bucket) under its key;
 * - `manifest.json`: when, from which database, and what it holds — the rows of every table (counted in the dump's
 *   snapshot) and the files' count and bytes. A restore checks what it restored against it.
 *
 * A restore refuses a database that already holds tables unless told to replace it (`replace`: every schema of the
 * product's database is dropped first), and puts every file back under its key (files not in the backup stay).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { embeddedDir, lockEmbedded } from './db';
import { PGLITE_EXTENSIONS, upgradeEmbedded } from './pglite-folder';
import { localStorage, type Storage } from './storage';
import { copyToStorage, storedEntries } from './storage-copy';
import { countsDiffer, rowCounts, tablesOf } from './table-counts';

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: 'postgres' | 'pglite';
  /** Rows per table (`schema.table`), as the backup holds them. */
  tables: Record<string, number>;
  files: { count: number; bytes: number };
}

/** A backup or restore that cannot be done, said in pt-BR for the operator (no stack). */
export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
const DUMP = 'database.dump';
const PGLITE = 'pglite';
const FILES = 'files';

const pgliteDir = (config: Pick<Config, 'dataDir'>) => embeddedDir(config.dataDir);

/** Runs a PostgreSQL client program; rejects with its last lines of stderr (or a clear word when it is missing). */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new BackupError(`${program} não encontrado: instale o cliente do PostgreSQL (no Debian, apt-get install postgresql-client) na versão do servidor ou mais nova.`) : err),
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${program} falhou (código ${code}): ${stderr.trim().split('\n').slice(-5).join(' ')}`))));
  });
}

async function copyFiles(from: Storage, to: Storage): Promise<{ count: number; bytes: number }> {
  const entries = await storedEntries(from);
  const result = await copyToStorage(entries, from, to);
  if (result.failed.length) {
    throw new BackupError(`${result.failed.length} arquivo(s) não copiado(s), por exemplo ${result.failed[0]!.key}: ${result.failed[0]!.error}`);
  }
  return { count: entries.length, bytes: result.bytes };
}

/** Writes a backup of `config`'s database and of `storage` (its files) into `dir` (made; it must not exist or be empty). */
export async function backup(config: Config, storage: Storage, dir: string): Promise<BackupManifest> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new BackupError(`A pasta ${dir} já existe e não está vazia: escolha outra.`);
  fs.mkdirSync(dir, { recursive: true });
  let database: BackupManifest['database'];
  let tables: Record<string, number>;
  if (config.DATABASE_URL) {
    database = 'postgres';
    // The counts and the dump read one snapshot: the manifest says what the dump holds, even while users write.
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      tables = await rowCounts(client);
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]!.snapshot}`, `--file=${path.join(dir, DUMP)}`, `--dbname=${config.DATABASE_URL}`]);
      await client.query('commit');
    } finally {
      await client.end();
    }
  } else {
    database = 'pglite';
    if (!fs.existsSync(pgliteDir(config))) throw new BackupError(`Não há banco embutido em ${pgliteDir(config)}: confira DATA_DIR.`);
    // The embedded database is one process's: copied only while no server holds it.
    const release = lockOrSay(config);
    try {
      fs.cpSync(pgliteDir(config), path.join(dir, PGLITE), { recursive: true });
    } finally {
      release();
    }
    tables = await pgliteCounts(path.join(dir, PGLITE));
  }
  const files = await copyFiles(storage, localStorage(path.join(dir, FILES)));
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database, tables, files };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

function lockOrSay(config: Pick<Config, 'dataDir'>): () => void {
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    return lockEmbedded(config.dataDir);
  } catch (err) {
    throw new BackupError(`${(err as Error).message} O banco embutido só é copiado com o servidor parado.`);
  }
}

/**
 * The rows of a PGlite folder, read from a copy (PGlite writes to the folder it opens); a folder of PGlite 0.3 (a backup
 * taken before the conversion) is counted through its conversion.
 */
async function pgliteCounts(folder: string): Promise<Record<string, number>> {
  const scratch = fs.mkdtempSync(path.join(path.dirname(folder), '.contagem-'));
  try {
    fs.cpSync(folder, scratch, { recursive: true });
    const converted = await upgradeEmbedded(scratch, { keepOld: false });
    if (converted) return converted.tables;
    const db = new PGlite({ dataDir: scratch, extensions: PGLITE_EXTENSIONS });
    try {
      return await rowCounts(db);
    } finally {
      await db.close();
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} não é uma cópia de segurança (falta ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Formato de cópia ${String(manifest.format)} desconhecido por esta versão.`);
  return manifest;
}

/**
 * Restores the backup in `dir` into `config`'s database and into `storage`. The database must hold no table unless
 * `replace` (then it is emptied first). Answers the manifest once what was restored matches it.
 */
export async function restore(config: Config, storage: Storage, dir: string, opts: { replace?: boolean } = {}): Promise<BackupManifest> {
  const manifest = readManifest(dir);
  if (manifest.database === 'postgres' && !config.DATABASE_URL) {
    throw new BackupError('Esta cópia é de um PostgreSQL: defina DATABASE_URL com o banco de destino.');
  }
  if (manifest.database === 'pglite' && config.DATABASE_URL) {
    throw new BackupError('Esta cópia é do banco embutido: restaure-a sem DATABASE_URL (com o DATA_DIR de destino).');
  }
  let tables: Record<string, number>;
  if (config.DATABASE_URL) {
    const client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    try {
      const existing = await tablesOf(client);
      if (existing.length && !opts.replace) {
        throw new BackupError(`O banco de DATABASE_URL já tem ${existing.length} tabela(s): use --replace para apagá-lo e restaurar a cópia (pare os servidores antes).`);
      }
      if (existing.length) await emptyDatabase(client);
      await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${config.DATABASE_URL}`, path.join(dir, DUMP)]);
      tables = await rowCounts(client);
    } finally {
      await client.end();
    }
  } else {
    const release = lockOrSay(config);
    try {
      const target = pgliteDir(config);
      if (fs.existsSync(target) && fs.readdirSync(target).length) {
        if (!opts.replace) throw new BackupError(`Já existe um banco embutido em ${target}: use --replace para substituí-lo pela cópia.`);
        fs.rmSync(target, { recursive: true, force: true });
      }
      fs.cpSync(path.join(dir, PGLITE), target, { recursive: true });
      // A backup taken with PGlite 0.3 is restored in the current format (the backup folder keeps the old one).
      await upgradeEmbedded(target, { keepOld: false, log: (line) => process.stderr.write(`${line}\n`) });
    } finally {
      release();
    }
    tables = await pgliteCounts(pgliteDir(config));
  }
  const files = await copyFiles(localStorage(path.join(dir, FILES)), storage);
  const differ = countsDiffer(manifest.tables, tables);
  if (differ.length) throw new BackupError(`A restauração não confere com a cópia nas tabelas ${differ.slice(0, 5).join(', ')}.`);
  if (files.count !== manifest.files.count) throw new BackupError(`A cópia tem ${manifest.files.count} arquivo(s); ${files.count} foram restaurados.`);
  return manifest;
}

/** Drops every schema of the product's database (its tables, the job queue's, the migrations' record) and makes `public` anew. */
async function emptyDatabase(client: pg.Client) {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(nspname) as name from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp_%' and nspname not like 'pg_toast_temp_%'`,
  );
  await client.query('begin');
  for (const { name } of rows) await client.query(`drop schema ${name} cascade`);
  await client.query('create schema public');
  await client.query('commit');
}
