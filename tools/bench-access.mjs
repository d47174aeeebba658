// `npm run bench:access`: what recording an access costs the student's request under 200 concurrent
// students. 200 simulated students open units for BENCH_SECONDS (default 10) each, about once a second (reading) and
// then back to back (saturation), through the server's own `recordAccess` (group commit) and its own database pool
// (10 connections, as the server has): the latency of each call is what the viewer's request spends recording,
// pool waiting included. A fold runs every second meanwhile,
// as reports and the timer would. Needs a PostgreSQL database with units and institutions, e.g. after
// `npm run bench:data`: `DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench npm run bench:access`.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const here = import.meta.url;
const { openDatabase } = await tsImport(path.join(root, 'apps/server/src/platform/db.ts'), here);
const { recordAccess } = await tsImport(path.join(root, 'apps/server/src/modules/reports/access-events.ts'), here);
const { foldAccesses } = await tsImport(path.join(root, 'apps/server/src/modules/reports/access-rollups.ts'), here);

const client = new pg.Client({ connectionString: url });
await client.connect();
const units = (
  await client.query(`select r.seller_id, i.id as item_id, i.published_content_id, i.provider_id
                        from rents r join items i on i.provider_id = r.provider_id and i.published_content_id is not null
                       where r.status = 'active' order by r.id, i.id limit 500`)
).rows;
if (!units.length) throw new Error('no unit of an active rent: run npm run bench:data first');
const before = Number((await client.query('select count(*) as n from access_events')).rows[0].n);

const database = await openDatabase({ url });
const { db } = database;
await foldAccesses(db);

const pick = (list) => list[Math.floor(Math.random() * list.length)];
/** Calls fn in a loop until `until`; with `paceMs`, one call per paceMs (± 50 % jitter) like a reading student. */
async function timed(fn, samples, until, paceMs) {
  if (paceMs) await new Promise((r) => setTimeout(r, Math.random() * paceMs));
  while (performance.now() < until) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
    if (paceMs) await new Promise((r) => setTimeout(r, paceMs * (0.5 + Math.random())));
  }
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function run(label, fn, paceMs) {
  const samples = [];
  const until = performance.now() + SECONDS * 1000;
  let folds = 0;
  const folding = (async () => {
    while (performance.now() < until) {
      folds += await foldAccesses(db, { waitMs: 0 });
      await new Promise((r) => setTimeout(r, 1000));
    }
  })();
  await Promise.all(Array.from({ length: STUDENTS }, (_, s) => timed(() => fn(s), samples, until, paceMs)));
  await folding;
  samples.sort((a, b) => a - b);
  const line = `| ${label} | ${STUDENTS} | ${Math.round(samples.length / SECONDS)} | ${pct(samples, 50).toFixed(2)} | ${pct(samples, 99).toFixed(2)} | ${folds} |`;
  console.log(line);
  return pct(samples, 99);
}

console.log(`\nDatabase ${new URL(url).pathname.slice(1)} (${before} events before); ${SECONDS} s per row; pool of 10 connections; ${new Date().toISOString()}\n`);
console.log('| what each student does | concurrent students | calls/s | p50 ms | p99 ms | events folded meanwhile |');
console.log('|---|---|---|---|---|---|');
const open = (s) => {
  const u = pick(units);
  return recordAccess(db, { sellerId: u.seller_id, studentId: `bench-${s}`, itemId: u.item_id, itemContentId: u.published_content_id, providerId: u.provider_id });
};
/** The reads of the viewer's `GET /student/units/:id` (student.service.ts `open`): the version with its provider, the student's vote. */
const reads = (u, s) =>
  Promise.all([
    db.execute(sql`select c.*, i.provider_id, p.company_name from item_contents c join items i on i.id = c.item_id join providers p on p.id = i.provider_id where c.id = ${u.published_content_id}`),
    db.execute(sql`select stars from unit_votes where item_id = ${u.item_id} and seller_id = ${u.seller_id} and student_id = ${`bench-${s}`}`),
  ]);
/** The viewer's opening as `open` runs it: the recording beside the reads, the answer after all three. */
const viewer = (s) => {
  const u = pick(units);
  return Promise.all([
    recordAccess(db, { sellerId: u.seller_id, studentId: `bench-${s}`, itemId: u.item_id, itemContentId: u.published_content_id }),
    reads(u, s),
  ]);
};
const paced = await run('`recordAccess`, each student opening a unit about every second (~200 openings/s)', open, 1000);
await run('`recordAccess`, each student opening units back to back (saturation)', open);
await run('for comparison, saturation: `select 1` through the same pool', () => db.execute(sql`select 1`));
const withRecording = await run("the viewer's opening (its reads and the recording beside them), about every second", viewer, 1000);
const readsOnly = await run("the same opening's reads alone (no recording), about every second", (s) => reads(pick(units), s), 1000);
console.log(`\nRecording alone: ${paced.toFixed(2)} ms at p99 with 200 students reading. The viewer's opening: ${withRecording.toFixed(2)} ms at p99 with the recording, ${readsOnly.toFixed(2)} ms without: recording adds ${(withRecording - readsOnly).toFixed(2)} ms (goal: under 5 ms).`);

// The events written here stay in the data (students 'bench-N'); `npm run bench:data` reloads from scratch.
await foldAccesses(db);
await database.close();
await client.end();
