/**
 * Vitest global setup of the server tests. With DATABASE_URL set it prepares, once per run, a template
 * database: migrated, with the pg-boss schema (pg-boss started and stopped once) and the demo data.
 * Each test file then clones it (see harness.ts). The teardown drops everything the run created.
 * Without DATABASE_URL there is nothing to prepare: every test file uses PGlite in memory.
 */
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db';
import { startJobs } from '../src/platform/jobs';
import { seedDemo } from '../src/demo/seed';
import {
  TEST_DB_MARK,
  baseDatabaseName,
  dropDatabase,
  quoteIdent,
  randomSuffix,
  urlForDatabase,
  withAdmin,
  type TestDatabaseInfo,
} from './test-database';

/** Databases of earlier runs that died before their teardown are dropped after this long. */
const STALE_MS = 6 * 60 * 60 * 1000;

async function dropStale(adminUrl: string, base: string) {
  const mark = `${base}_${TEST_DB_MARK}_`;
  const rows = await withAdmin(adminUrl, async (client) =>
    (await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE left(datname, $1) = $2', [mark.length, mark])).rows,
  );
  for (const { datname } of rows) {
    const started = parseInt(datname.slice(mark.length).split('_')[0] ?? '', 36);
    if (Number.isFinite(started) && Date.now() - started > STALE_MS) await dropDatabase(adminUrl, datname).catch(() => undefined);
  }
}

async function dropRun(adminUrl: string, prefix: string) {
  const rows = await withAdmin(adminUrl, async (client) =>
    (await client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE left(datname, $1) = $2', [prefix.length, prefix])).rows,
  );
  for (const { datname } of rows) await dropDatabase(adminUrl, datname);
}

export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    project.provide('testDatabase', null);
    return;
  }
  const base = baseDatabaseName(adminUrl);
  await dropStale(adminUrl, base);
  const prefix = `${base}_${TEST_DB_MARK}_${Date.now().toString(36)}_${randomSuffix()}`;
  const template = `${prefix}_tpl`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(template)}`));
  try {
    const log = pino({ level: 'silent' });
    const database = await openDatabase({ url: urlForDatabase(adminUrl, template) });
    try {
      const jobs = await startJobs(database, log);
      await jobs.stop();
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
  } catch (err) {
    await dropRun(adminUrl, prefix);
    throw err;
  }
  const info: TestDatabaseInfo = { adminUrl, template, prefix };
  project.provide('testDatabase', info);

  return async () => {
    await dropRun(adminUrl, prefix);
  };
}
