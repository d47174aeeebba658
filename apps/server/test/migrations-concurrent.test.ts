/**
 * Several processes may start at once on a new database (a deployment, `npm run cluster`). The migrations
 * run under a PostgreSQL advisory lock: one process applies them, the others wait and then find nothing to do —
 * without the lock two processes both try `CREATE TABLE …` and one of them fails to start.
 */
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, migrationsDir, type Database } from '../src/platform/db';
import { dropDatabase, randomSuffix, urlForDatabase, withAdmin, quoteIdent } from './test-database';

const info = inject('testDatabase');
const name = info ? `${info.prefix}_mig_${randomSuffix()}` : '';
const opened: Database[] = [];

beforeAll(async () => {
  if (!info) return;
  await withAdmin(info.adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
});
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
  if (info) await dropDatabase(info.adminUrl, name);
});

it.skipIf(!info)('three processes starting at once on an empty database all start, and every migration is applied once', async () => {
  const url = urlForDatabase(info!.adminUrl, name);
  const results = await Promise.allSettled([0, 1, 2].map(() => openDatabase({ url })));
  for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
  expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const applied = (await opened[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  expect(applied.rows[0]?.n).toBe(journal.entries.length);
});
