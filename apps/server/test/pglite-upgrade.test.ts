/**
 * The embedded database of the previous release (PGlite 0.3, PostgreSQL 17) opened by this one (PGlite 0.5, PostgreSQL
 * 18): a DATA_DIR written by PGlite 0.3 — the product's migrations, the demo data and an e-mail queued but not yet sent,
 * made through the same code the product runs, on PGlite 0.3 itself (@edu/pglite-legacy) — is converted by the next
 * start, which keeps the old folder. After it the demo accounts sign in, every row is there, the e-mail queued before the
 * upgrade is delivered, and new rows get new ids. A start interrupted in the middle of the conversion loses nothing; a
 * folder of another PostgreSQL is refused; a backup taken with PGlite 0.3 restores in the new format.
 */
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import * as schema from '../src/db/schema';
import { buildApp, createDeps, loadConfig } from '../src/app';
import { seedDemo } from '../src/demo/seed';
import { demoEmail, DEMO_PASSWORD } from '../src/demo/accounts';
import { createMailer } from '../src/platform/mail';
import { startJobs } from '../src/platform/jobs';
import { embeddedDir, migrationsDir, openDatabase, type Database, type Db } from '../src/platform/db';
import { backup, restore } from '../src/platform/backup';
import { localStorage } from '../src/platform/storage';
import { rowCounts } from '../src/platform/table-counts';

const temp: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-pglite-upgrade-'));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temp) fs.rmSync(dir, { recursive: true, force: true });
});

const QUEUED_SUBJECT = 'Enviado antes da atualização do banco';
const pgVersion = (dir: string) => fs.readFileSync(path.join(dir, 'PG_VERSION'), 'utf8').trim();
const silent = pino({ level: 'silent' });

/** A PGlite folder as the previous release leaves it: written by PGlite 0.3, through the product's own migrations, demo data, mailer and job queue. */
async function previousReleaseFolder(dir: string): Promise<{ tables: Record<string, number>; version: string; lastEmailId: number }> {
  const legacy = await import('@edu/pglite-legacy');
  const old = new legacy.PGlite({ dataDir: dir, extensions: { pg_trgm: legacy.pg_trgm } });
  try {
    // Drizzle's PGlite driver, on PGlite 0.3 as the previous release ran it.
    const db = drizzle(old as never, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder: migrationsDir() });
    await seedDemo(db);
    const executeSql = async (text: string, values?: unknown[]) =>
      values?.length ? old.query(text, values) : { rows: (await old.exec(text)).at(-1)?.rows ?? [] };
    const database = { kind: 'pglite', db, sql: { executeSql }, bossConnection: { db: { executeSql } } } as unknown as Database;
    const jobs = await startJobs(database, silent);
    const mailer = createMailer(loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }), db, jobs);
    // Queued, not sent: the previous release stopped before its mail worker took it.
    await db.transaction((tx) => mailer.send(tx, { to: demoEmail('user'), subject: QUEUED_SUBJECT, paragraphs: ['Olá! Acentuação, “aspas” e\nduas linhas.'] }));
    await jobs.stop();
    const { rows } = await old.query<{ version: string; id: number }>('select version() as version, (select max(id) from emails) as id');
    return { tables: await rowCounts(old), version: rows[0]!.version, lastEmailId: rows[0]!.id };
  } finally {
    await old.close();
  }
}

/** The server's log lines, as an operator reads them. */
function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push((JSON.parse(line) as { msg: string }).msg);
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

let template: string;
let previous: Awaited<ReturnType<typeof previousReleaseFolder>>;
beforeAll(async () => {
  template = path.join(tempDir(), 'pglite');
  previous = await previousReleaseFolder(template);
}, 240_000);

/** A DATA_DIR holding a copy of the previous release's folder. */
function dataDirWithPreviousFolder(): string {
  const dataDir = tempDir();
  fs.cpSync(template, embeddedDir(dataDir), { recursive: true });
  return dataDir;
}

describe('a DATA_DIR of the previous release (PGlite 0.3)', () => {
  it('is converted on start: the accounts sign in, every row is there, the e-mail queued before is delivered, and the old folder is kept', async () => {
    expect(previous.version).toMatch(/^PostgreSQL 17\./);
    const dataDir = dataDirWithPreviousFolder();
    const dir = embeddedDir(dataDir);
    expect(pgVersion(dir)).toBe('17');

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const { lines, log } = capturedLog();
    const deps = await createDeps(config, log);
    try {
      expect(pgVersion(dir)).toBe('18');
      expect(pgVersion(`${dir}-pg17`)).toBe('17');
      expect(lines.some((l) => l.startsWith(`banco embutido: convertendo ${dir}`))).toBe(true);
      expect(lines.find((l) => l.startsWith('banco embutido: convertido'))).toContain(`a pasta antiga ficou em ${dir}-pg17`);
      const { rows } = await deps.database.sql.executeSql('select version() as version');
      expect((rows[0] as { version: string }).version).toMatch(/^PostgreSQL 18\./);

      // Every table holds the rows it held (the product's, the job queue's, the migrations' record).
      const now = await rowCounts({ query: async <T>(text: string) => ({ rows: (await deps.database.sql.executeSql(text)).rows as T[] }) });
      expect(now).toEqual(previous.tables);
      expect(now['public.users']).toBeGreaterThan(5);

      const app = await buildApp(deps, { logger: false });
      const signin = await app.inject({ method: 'POST', url: '/api/signin', payload: { email: demoEmail('admin'), password: DEMO_PASSWORD } });
      expect(signin.statusCode, signin.body).toBe(200);
      const token = signin.json<{ token: string }>().token;
      const me = await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.json()).toMatchObject({ email: demoEmail('admin') });

      // The job queued by the previous release runs now: its e-mail reaches the outbox, intact.
      await deps.mailer.startWorker();
      const queued = async () =>
        (await app.inject({ method: 'GET', url: '/dev/mailbox.json' })).json<{ subject: string; text: string; status: string }[]>().find((m) => m.subject === QUEUED_SUBJECT);
      await expect.poll(async () => (await queued())?.status, { timeout: 20_000 }).toBe('outbox');
      expect((await queued())!.text).toBe('Olá! Acentuação, “aspas” e\nduas linhas.');

      // New rows continue the old sequences.
      expect((await app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: demoEmail('user') } })).statusCode).toBe(200);
      const { rows: ids } = await deps.database.sql.executeSql('select max(id) as id from emails');
      expect(Number((ids[0] as { id: number }).id)).toBeGreaterThan(previous.lastEmailId);
      await app.close();
    } finally {
      await deps.jobs.stop();
      await deps.database.close();
    }

    // The next start opens the converted folder as it is.
    const again = capturedLog();
    const reopened = await openDatabase({ dataDir, log: (line) => again.lines.push(line) });
    try {
      const { rows } = await reopened.sql.executeSql(`select count(*)::int as n from users where email = '${demoEmail('admin')}'`);
      expect((rows[0] as { n: number }).n).toBe(1);
      expect(again.lines).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 240_000);

  it('a conversion interrupted before its end is done again; one interrupted between moving the folders is finished', async () => {
    // Stopped while loading the new folder: a partial `pglite.conversao` beside the untouched old folder.
    const dataDir = dataDirWithPreviousFolder();
    const dir = embeddedDir(dataDir);
    fs.mkdirSync(`${dir}.conversao`);
    fs.writeFileSync(path.join(`${dir}.conversao`, 'PG_VERSION'), '18\n');
    const first = await openDatabase({ dataDir, log: () => undefined });
    await first.close();
    expect(pgVersion(dir)).toBe('18');
    expect(fs.existsSync(`${dir}.conversao`)).toBe(false);

    // Stopped after the old folder was moved away and before the new one took its place.
    fs.renameSync(dir, `${dir}.conversao`);
    const lines: string[] = [];
    const second = await openDatabase({ dataDir, log: (line) => lines.push(line) });
    try {
      const { rows } = await second.sql.executeSql('select count(*)::int as n from users');
      expect((rows[0] as { n: number }).n).toBe(previous.tables['public.users']);
      expect(lines).toEqual([`banco embutido: conversão para o PostgreSQL 18 concluída (${dir})`]);
    } finally {
      await second.close();
    }
  }, 240_000);

  it('a backup taken with PGlite 0.3 restores into the new format, every row counted against its manifest', async () => {
    const backupDir = tempDir();
    fs.cpSync(template, path.join(backupDir, 'pglite'), { recursive: true });
    fs.mkdirSync(path.join(backupDir, 'files'));
    const manifest = { format: 1, createdAt: new Date().toISOString(), database: 'pglite', tables: previous.tables, files: { count: 0, bytes: 0 } };
    fs.writeFileSync(path.join(backupDir, 'manifest.json'), JSON.stringify(manifest));
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await expect(restore(config, localStorage(config.uploadsDir), backupDir)).resolves.toMatchObject({ tables: previous.tables });
    expect(pgVersion(embeddedDir(dataDir))).toBe('18');
    expect(pgVersion(path.join(backupDir, 'pglite'))).toBe('17');
  }, 240_000);

  it('a backup taken by this release before its first start copies the folder as it is and counts its rows', async () => {
    const dataDir = dataDirWithPreviousFolder();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const backupDir = path.join(tempDir(), 'copia');
    const manifest = await backup(config, localStorage(config.uploadsDir), backupDir);
    expect(manifest.tables).toEqual(previous.tables);
    expect(pgVersion(path.join(backupDir, 'pglite'))).toBe('17');
    expect(pgVersion(embeddedDir(dataDir))).toBe('17');
    expect(fs.readdirSync(dataDir).sort()).toEqual(['pglite']);
  }, 240_000);
});

it('a folder of a PostgreSQL this release neither opens nor converts: the start says so in one line and exits 1, the folder left as it was', async () => {
  const dataDir = tempDir();
  const dir = embeddedDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'PG_VERSION'), '16\n');
  await expect(openDatabase({ dataDir })).rejects.toThrow(`O banco embutido em ${dir} é do PostgreSQL 16`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'),
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '3599', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status).toBe(1);
  expect(run.stderr.trim().split('\n')).toEqual([
    `O banco embutido em ${dir} é do PostgreSQL 16: esta versão abre o do PostgreSQL 18 e converte o do 17 (PGlite 0.3). Volte à versão do produto que o criou.`,
  ]);
  expect(fs.readdirSync(dir)).toEqual(['PG_VERSION']);
  expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
}, 60_000);
