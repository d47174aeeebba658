/**
 * Backups that restore (`npm run backup`, `npm run restore`; platform/backup.ts), on both databases: the demo data and
 * an uploaded file are backed up, everything is wiped, the backup is restored, and every row and file is back — the
 * restored rows counted table by table against the source, the file byte for byte, and a demo account signs in.
 * PostgreSQL runs when DATABASE_URL is set (CI); the embedded database always.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import pino from 'pino';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { buildApp, createDeps, loadConfig } from '../src/app';
import { seedDemo } from '../src/demo/seed';
import { backup, BackupError, readManifest, restore } from '../src/platform/backup';
import { spawn } from 'node:child_process';
import { embeddedDir } from '../src/platform/db';
import { PGLITE_EXTENSIONS } from '../src/platform/pglite-folder';
import { localStorage } from '../src/platform/storage';
import { createTestApp, PNG_1PX, signIn } from './harness';
import { dropDatabase, quoteIdent, randomSuffix, urlForDatabase, withAdmin } from './test-database';

const temp: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-backup-'));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

/** Rows per table of a database, as `psql` would count them (every schema but PostgreSQL's own). */
async function counts(db: { query<T>(text: string): Promise<{ rows: T[] }> }) {
  const { rows } = await db.query<{ name: string }>(
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const out: Record<string, number> = {};
  for (const { name } of rows) out[name] = Number((await db.query<{ n: string }>(`select count(*) as n from ${name}`)).rows[0]!.n);
  return out;
}

const info = inject('testDatabase');

describe.runIf(info)('backup and restore on PostgreSQL', () => {
  it('backs up the demo data and the files in one snapshot, restores them into an empty database, and refuses to overwrite without --replace', async () => {
    const source = await createTestApp();
    const target = `${info!.prefix}_restore_${randomSuffix()}`;
    try {
      await source.deps.storage.put('avatars/backup-test.png', PNG_1PX);
      const dir = path.join(tempDir(), 'copia');
      const manifest = await backup(source.deps.config, source.deps.storage, dir);
      expect(manifest).toMatchObject({ format: 1, database: 'postgres', files: { count: 1, bytes: PNG_1PX.length } });
      expect(manifest.tables['public.users']).toBeGreaterThan(5);
      expect(fs.statSync(path.join(dir, 'database.dump')).size).toBeGreaterThan(10_000);
      expect(readManifest(dir)).toEqual(manifest);

      // A fresh server: an empty database and an empty uploads folder.
      await withAdmin(info!.adminUrl, (c) => c.query(`create database ${quoteIdent(target)}`));
      const restoredDir = tempDir();
      const config = loadConfig({ DATABASE_URL: urlForDatabase(info!.adminUrl, target), DATA_DIR: restoredDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(restoredDir, 'no-web') });
      const files = localStorage(config.uploadsDir);
      await restore(config, files, dir);
      expect((await files.read('avatars/backup-test.png'))?.equals(PNG_1PX)).toBe(true);
      const restoredClient = new pg.Client({ connectionString: config.DATABASE_URL });
      await restoredClient.connect();
      try {
        const restored = await counts(restoredClient);
        expect(restored).toEqual(manifest.tables);
        // The product's own tables hold what the source holds (the job queue's may have moved on since).
        const sourceCounts = await counts({ query: (text) => source.deps.database.sql.executeSql(text, []) as Promise<{ rows: never[] }> });
        for (const [table, n] of Object.entries(restored)) if (table.startsWith('public.')) expect(n, table).toBe(sourceCounts[table]);
      } finally {
        await restoredClient.end();
      }

      // The restored database serves: a demo account signs in.
      const deps = await createDeps(config, pino({ level: 'silent' }));
      const app = await buildApp(deps, { logger: false });
      try {
        expect(await signIn(app, 'admin')).toMatch(/\S+/);
      } finally {
        await app.close();
        await deps.jobs.stop();
        await deps.database.close();
      }

      // A database with tables is not overwritten unless asked.
      await expect(restore(config, files, dir)).rejects.toThrow(/já tem \d+ tabela\(s\): use --replace/);
      const again = await restore(config, files, dir, { replace: true });
      expect(again.createdAt).toBe(manifest.createdAt);
    } finally {
      await source.close();
      await dropDatabase(info!.adminUrl, target);
    }
  }, 180_000);
});

describe('backup and restore of the embedded database', () => {
  it('copies the database folder only with the server stopped, and a wiped DATA_DIR comes back whole', async () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const files = localStorage(config.uploadsDir);
    const deps = await createDeps(config, pino({ level: 'silent' }));
    await seedDemo(deps.db);
    await files.put('avatars/backup-test.png', PNG_1PX);
    const dir = path.join(tempDir(), 'copia');
    await deps.jobs.stop();
    await deps.database.close();
    // A server (another live process) holds the database: no copy, no restore.
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const lock = path.join(dataDir, 'pglite.lock');
    fs.writeFileSync(lock, String(server.pid));
    try {
      const refused = await backup(config, files, dir).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(BackupError);
      expect((refused as Error).message).toMatch(new RegExp(`pid ${server.pid}.*só é copiado com o servidor parado`));
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
      await expect(restore(config, files, dir, { replace: true })).rejects.toThrow(BackupError);
    } finally {
      server.kill();
      fs.rmSync(lock, { force: true });
    }

    const manifest = await backup(config, files, dir);
    expect(manifest).toMatchObject({ database: 'pglite', files: { count: 1 } });
    expect(manifest.tables['public.users']).toBeGreaterThan(5);

    // Everything wiped: the database folder and the uploads.
    fs.rmSync(embeddedDir(dataDir), { recursive: true, force: true });
    fs.rmSync(config.uploadsDir, { recursive: true, force: true });
    await restore(config, files, dir);
    expect((await files.read('avatars/backup-test.png'))?.equals(PNG_1PX)).toBe(true);
    const db = new PGlite({ dataDir: embeddedDir(dataDir), extensions: PGLITE_EXTENSIONS });
    try {
      expect(await counts(db)).toEqual(manifest.tables);
    } finally {
      await db.close();
    }

    // An existing database is replaced only when asked.
    await expect(restore(config, files, dir)).rejects.toThrow(/use --replace/);
    await restore(config, files, dir, { replace: true });
  }, 180_000);
});
