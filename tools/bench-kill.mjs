// `npm run bench:faults`, second part: kill -9 of one instance during 1,000 writes with idempotency keys,
// the client retrying on the other instance. Two built server processes (tools/cluster-lib.mjs) on one new database of
// the PostgreSQL at DATABASE_URL (default the local one; the database is made and dropped here), sharing DATA_DIR.
// BENCH_WRITES (default 1000) unit saves (POST /api/items/item/content/create, each with its own Idempotency-Key and
// title) are sent by BENCH_CLIENTS (default 16) clients to instance A; when BENCH_KILL_AT (default 30 %) of them are
// acknowledged, A is killed with SIGKILL. A write whose connection fails (or that answers 502/503, or 409 'still
// running') is sent again, with the same key and body, to instance B, until it is acknowledged.
//
// Then the DATABASE is checked, not the answers: every acknowledged write's unit exists, with the id it was answered
// with; no title exists twice (0 duplicates); each unit has exactly one 'created_unity' audit row; each key is stored
// once. Results go to docs/performance.md by hand.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setInterval, clearInterval } from 'node:timers';
import pg from 'pg';
import { buildIfNeeded } from './build-if-needed.mjs';
import { ensureDatabase, root, startInstance } from './cluster-lib.mjs';

const WRITES = Number(process.env.BENCH_WRITES ?? 1000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.3);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const run = crypto.randomBytes(3).toString('hex');
// BENCH_NO_KEYS=1: the same run without Idempotency-Key headers, to see what the keys prevent (expect duplicates).
const NO_KEYS = process.env.BENCH_NO_KEYS === '1';
const dbName = `bench_kill_${run}`;

buildIfNeeded(root);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-kill-'));
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
await ensureDatabase(dbUrl);
const instances = [];
const cleanup = async () => {
  await Promise.all(instances.map((i) => i.kill()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
};
process.on('SIGINT', () => cleanup().finally(() => process.exit(130)));
// Whatever happens (an exception included), no server process outlives the bench.
process.on('exit', () => instances.forEach((i) => i.child.kill('SIGKILL')));

const env = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, DEMO_DATA: 'true', LOG_LEVEL: 'warn', RATE_LIMIT_UPLOAD: '100000' };
console.log(`database ${dbName}; starting instance A (migrates, loads the demo data), then B…`);
const a = await startInstance({ name: 'A', env, output: 'ignore' });
instances.push(a);
const b = await startInstance({ name: 'B', env, output: 'ignore' });
instances.push(b);

async function call(base, method, url, { token, body, key } = {}) {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, headers: res.headers, json: await res.json().catch(() => null) };
}

const signin = await call(a.url, 'POST', '/signin', { body: { email: 'provider@demo.sabercompartilhado.com.br', password: 'demo1234' } });
const token = signin.json?.token;
const areasAnswer = await call(b.url, 'GET', '/items/knowledge/find', { token });
const areas = areasAnswer.json;
if (!token || !Array.isArray(areas)) {
  console.error('could not sign in or read the knowledge areas:', signin.status, JSON.stringify(signin.json), areasAnswer.status, JSON.stringify(areas));
  await cleanup();
  process.exit(1);
}
const area = areas.find((k) => k.title === 'Ciências Exatas e da Terra') ?? areas[0];

const titleOf = (i) => `Bench kill ${run} ${String(i).padStart(4, '0')}`;
const bodyOf = (i) => ({
  title: titleOf(i),
  authors: ['Ana Souza'],
  introduction: '<p>Introdução</p>',
  learningObjectives: ['Reconhecer cadeias carbônicas'],
  synthesis: '<p>Síntese</p>',
  bibliographicReference: ['SOLOMONS, T. Química Orgânica. LTC, 2012.'],
  knowledges: [area.id],
  levelOfLearning: ['Graduação'],
  topics: [{ title: 'Cadeias', content: '<p>Texto</p>' }],
});

const stats = { sentA: 0, sentB: 0, failedA: 0, retriedOnB: 0, replayed: 0, inProgress: 0, other: [] };
const acknowledged = new Map(); // i -> { id, on }
let killedAt = null;
let killAfterMs = null;
const started = performance.now();

async function write(i) {
  const key = `bench-kill-${run}-${i}`;
  const body = bodyOf(i);
  let target = killedAt === null ? a : b;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (target === a) stats.sentA++;
    else stats.sentB++;
    let res;
    try {
      res = await call(target.url, 'POST', '/items/item/content/create', { token, body, key: NO_KEYS ? undefined : key });
    } catch {
      // Connection refused/reset (the instance was killed with the request in flight): the same key on the other.
      if (target === a) {
        stats.failedA++;
        stats.retriedOnB++;
      }
      target = b;
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      if (res.headers.get('idempotent-replayed') === 'true') stats.replayed++;
      acknowledged.set(i, { id: res.json.id ?? res.json.itemContentId ?? res.json.item_content_id ?? null, on: target.name });
      return;
    }
    if (res.status === 409 || res.status === 502 || res.status === 503) {
      // 409: the key's first request is still running (or its instance died holding it: PostgreSQL rolls it back
      // when it notices the lost connection). Wait a little and send it again.
      if (res.status === 409) stats.inProgress++;
      if (target === a) stats.retriedOnB++;
      target = b;
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    stats.other.push({ i, status: res.status, body: res.json });
    return;
  }
  stats.other.push({ i, status: 'gave up' });
}

let next = 0;
const killer = setInterval(() => {
  if (killedAt === null && acknowledged.size >= WRITES * KILL_AT) {
    killedAt = acknowledged.size;
    killAfterMs = Math.round(performance.now() - started);
    a.kill();
    console.log(`kill -9 of instance A after ${killedAt} acknowledged writes (${killAfterMs} ms)`);
  }
}, 1);
await Promise.all(
  Array.from({ length: CLIENTS }, async () => {
    while (next < WRITES) await write(next++);
  }),
);
clearInterval(killer);
const elapsed = Math.round(performance.now() - started);

// The database, not the answers.
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
const { rows: units } = await db.query(`select c.id, c.title from item_contents c where c.title like $1`, [`Bench kill ${run} %`]);
const { rows: audits } = await db.query(`select data->>'title' as title from audit_logs where action = 'created_unity' and data->>'title' like $1`, [
  `Bench kill ${run} %`,
]);
const { rows: keys } = await db.query(`select count(*)::int as n, count(distinct key)::int as distinct_keys from idempotency_keys where key like $1`, [
  `bench-kill-${run}-%`,
]);
await db.end();

const byTitle = new Map();
for (const u of units) byTitle.set(u.title, [...(byTitle.get(u.title) ?? []), Number(u.id)]);
const auditsByTitle = new Map();
for (const r of audits) auditsByTitle.set(r.title, (auditsByTitle.get(r.title) ?? 0) + 1);
let lost = 0;
let wrongId = 0;
let auditMissing = 0;
for (const [i, ack] of acknowledged) {
  const ids = byTitle.get(titleOf(i)) ?? [];
  if (ids.length === 0) lost++;
  else if (ack.id !== null && !ids.includes(Number(ack.id))) wrongId++;
  if ((auditsByTitle.get(titleOf(i)) ?? 0) !== 1) auditMissing++;
}
const duplicates = [...byTitle.values()].filter((ids) => ids.length > 1).length;
const extraAudits = [...auditsByTitle.values()].filter((n) => n > 1).length;
const unacknowledged = WRITES - acknowledged.size;

const result = {
  idempotencyKeys: !NO_KEYS,
  writes: WRITES,
  clients: CLIENTS,
  killedAfterAcknowledged: killedAt,
  killedAtMs: killAfterMs,
  elapsedMs: elapsed,
  acknowledged: acknowledged.size,
  unacknowledged,
  sentToA: stats.sentA,
  sentToB: stats.sentB,
  connectionFailuresOnA: stats.failedA,
  retriedOnB: stats.retriedOnB,
  answeredAsReplay: stats.replayed,
  answered409StillRunning: stats.inProgress,
  otherAnswers: stats.other.slice(0, 5),
  database: {
    unitsWritten: units.length,
    lostAcknowledged: lost,
    answeredWithAnotherId: wrongId,
    duplicates,
    unitsWithoutExactlyOneAudit: auditMissing,
    titlesWithSeveralAudits: extraAudits,
    keysStored: keys[0].n,
    distinctKeys: keys[0].distinct_keys,
  },
};
console.log(JSON.stringify(result, null, 2));
const ok =
  killedAt !== null &&
  unacknowledged === 0 &&
  lost === 0 &&
  wrongId === 0 &&
  duplicates === 0 &&
  auditMissing === 0 &&
  extraAudits === 0 &&
  units.length === WRITES &&
  keys[0].n === (NO_KEYS ? 0 : WRITES) &&
  stats.other.length === 0;
console.log(ok ? 'OK: 0 acknowledged writes lost, 0 duplicates, one audit row each' : 'FAILED');
await cleanup();
process.exit(ok ? 0 : 1);
