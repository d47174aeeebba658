// `npm run bench:faults`: PostgreSQL stopped and started under load. A PostgreSQL cluster of its own
// (initdb into a temporary folder, its own port: apps/server/test/private-postgres.ts; never the machine's shared
// server), the built server (apps/server/dist-faults, with its workers, as `npm start` runs it) on it with the demo
// data, and BENCH_CLIENTS (default 20) clients calling the API back to back: a signed-in user's session and bell
// (GET /api/me, GET /api/notifications) and a write (POST /api/events/ticket). Twice, the database is stopped for
// BENCH_OUTAGE_SECONDS (default 10): `pg_ctl stop -m fast` (a restart), then `-m immediate` (a crash: recovery on
// start). Reported: throughput and errors before, during and after; how fast the refusals come; the time from the
// database accepting connections again to the first healthy answer, the last failed call and the event stream's
// `resync`; and that the server process never restarted. Results go to docs/performance.md by hand.
// BENCH_PORT (default 3297) moves the server off a port in use.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Buffer } from 'node:buffer';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3297);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const OUTAGE_S = Number(process.env.BENCH_OUTAGE_SECONDS ?? 10);
const STEADY_S = Number(process.env.BENCH_STEADY_SECONDS ?? 10);
const METRICS_TOKEN = 'bench-faults-metrics-token-0000000000';
const { createPrivatePostgres, postgresBinDir } = await tsImport(path.join(root, 'apps/server/test/private-postgres.ts'), import.meta.url);

if (!postgresBinDir()) {
  console.error('bench:faults needs the PostgreSQL server binaries (initdb, pg_ctl): not found (set PG_BIN_DIR)');
  process.exit(1);
}

console.log('building the server (dist-faults)…');
execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { env: { ...process.env, BUILD_TAG: 'faults' }, stdio: 'ignore' });

const cluster = await createPrivatePostgres();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-faults-'));
let server;
const cleanup = () => {
  server?.kill('SIGKILL');
  cluster.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', cleanup);
process.on('SIGINT', () => process.exit(130));

await cluster.start();
const admin = new pg.Client({ connectionString: cluster.url() });
await admin.connect();
await admin.query('CREATE DATABASE app');
await admin.end();

const env = {
  ...process.env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: cluster.url('app'),
  DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  METRICS_TOKEN,
  WEB_DIST: path.join(dataDir, 'no-web'),
  RATE_LIMIT_SIGNIN: '100000000',
  RATE_LIMIT_SIGNIN_EMAIL: '100000000',
};
const logLines = { total: 0, unavailable: 0 };
server = spawn(process.execPath, [path.join(root, 'apps/server/dist-faults/main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
const serverPid = server.pid;
let exited = null;
server.on('exit', (code, signal) => (exited = { code, signal }));
for (const out of [server.stdout, server.stderr]) {
  out.setEncoding('utf8');
  out.on('data', (chunk) => {
    for (const line of chunk.split('\n')) {
      if (!line.trim()) continue;
      logLines.total++;
      if (line.includes('database unavailable')) logLines.unavailable++;
    }
  });
}

const base = `http://127.0.0.1:${PORT}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS + 8 });
/** One call with a 10 s limit; status 0 = no answer (time-out or connection error). */
function request(method, url, { token, body } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(`${base}${url}`, {
      method,
      agent,
      timeout: 10_000,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started, text }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, text: '' }));
    req.end(payload);
  });
}

const startedAt = performance.now();
for (;;) {
  if (exited) throw new Error(`the server exited: ${JSON.stringify(exited)}`);
  if ((await request('GET', '/api/health')).status === 200) break;
  if (performance.now() - startedAt > 120_000) throw new Error('the server did not become healthy');
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`server up in ${Math.round(performance.now() - startedAt)} ms (pid ${serverPid}), PostgreSQL ${cluster.port}`);
const signin = await request('POST', '/api/signin', { body: { email: 'seller@demo.sabercompartilhado.com.br', password: 'demo1234' } });
const token = JSON.parse(signin.text).token;

// The event stream: the times its `resync` events arrive.
const resyncs = [];
const sse = { status: 0, kinds: [] };
const ticket = JSON.parse((await request('POST', '/api/events/ticket', { token })).text).ticket;
http.get(`${base}/api/events?ticket=${ticket}`, (res) => {
  sse.status = res.statusCode;
  res.setEncoding('utf8');
  res.on('data', (chunk) => {
    for (const m of chunk.matchAll(/^data: (.*)$/gm)) sse.kinds.push(JSON.parse(m[1]).kind);
    if (chunk.includes('"resync"')) resyncs.push(performance.now());
  });
  res.on('close', () => sse.kinds.push('(closed)'));
});

// The load: each client calls back to back until told to stop.
const samples = [];
let running = true;
const calls = [
  () => request('GET', '/api/me', { token }),
  () => request('GET', '/api/notifications', { token }),
  () => request('POST', '/api/events/ticket', { token }),
];
const clients = Array.from({ length: CLIENTS }, async (_, c) => {
  for (let i = c; running; i++) {
    const at = performance.now();
    const { status, ms } = await calls[i % calls.length]();
    samples.push({ at, end: at + ms, ms, status });
    // A refused call comes back at once: pause a little, as a browser's retry would, so the loop does not spin.
    if (status !== 200) await new Promise((r) => setTimeout(r, 50));
  }
});

/** First time after `from` that GET /api/health answered 200 (polled every 50 ms). */
async function healthyAfter(from) {
  for (;;) {
    const res = await request('GET', '/api/health');
    if (res.status === 200) return performance.now() - from;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pct = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
function summary(from, to) {
  const s = samples.filter((x) => x.end >= from && x.end < to);
  const byStatus = {};
  for (const x of s) byStatus[x.status] = (byStatus[x.status] ?? 0) + 1;
  const ms = s.map((x) => x.ms).sort((a, b) => a - b);
  const failed = s.filter((x) => x.status !== 200);
  const failedMs = failed.map((x) => x.ms).sort((a, b) => a - b);
  return {
    seconds: +((to - from) / 1000).toFixed(1),
    calls: s.length,
    perSecond: Math.round(s.length / ((to - from) / 1000)),
    errorRate: s.length ? +((100 * failed.length) / s.length).toFixed(1) : 0,
    byStatus,
    p50: Math.round(pct(ms, 50)),
    p99: Math.round(pct(ms, 99)),
    failedP99: failed.length ? Math.round(pct(failedMs, 99)) : null,
    failedMax: failed.length ? Math.round(failedMs.at(-1)) : null,
  };
}

const sleep = (s) => new Promise((r) => setTimeout(r, s * 1000));
const results = [];
for (const mode of ['fast', 'immediate']) {
  await sleep(STEADY_S);
  const stopCalled = performance.now();
  await cluster.stop(mode);
  const stopped = performance.now();
  const before = summary(stopCalled - STEADY_S * 1000, stopCalled);
  const metricsDuring = await request('GET', '/api/metrics', { token: METRICS_TOKEN });
  const healthDuring = await request('GET', '/api/health');
  await sleep(OUTAGE_S);
  const startCalled = performance.now();
  await cluster.start();
  const up = performance.now();
  const healthyMs = await healthyAfter(up);
  await sleep(STEADY_S);
  // The listener may be back before pg_ctl notices the server is ready: then the figure is negative.
  const resyncAt = resyncs.find((t) => t > startCalled);
  const end = performance.now();
  const lastFailure = samples.filter((x) => x.status !== 200 && x.end >= up).reduce((m, x) => Math.max(m, x.end), up);
  // Answered calls per second (ok/failed) from 3 s before the stop to the end, to see the dip and the return.
  const timeline = [];
  for (let t = stopCalled - 3000; t < end - 999; t += 1000) {
    const s = samples.filter((x) => x.end >= t && x.end < t + 1000);
    timeline.push(`${s.filter((x) => x.status === 200).length}/${s.filter((x) => x.status !== 200).length}`);
  }
  results.push({
    mode,
    timeline: timeline.join(' '),
    stopMs: Math.round(stopped - stopCalled),
    databaseStartMs: Math.round(up - startCalled),
    before,
    outage: summary(stopped, up),
    after: summary(up, end),
    healthDuring: `${healthDuring.status} in ${Math.round(healthDuring.ms)} ms`,
    metricsDuring: `${metricsDuring.status}, ${/^database_up (\d)/m.exec(metricsDuring.text)?.[0] ?? '?'}`,
    healthyAfterMs: Math.round(healthyMs),
    lastFailureAfterMs: Math.round(lastFailure - up),
    resyncAfterMs: resyncAt ? Math.round(resyncAt - up) : null,
  });
}
running = false;
await Promise.all(clients);
const alive = exited === null && server.pid === serverPid;

console.log(JSON.stringify({ clients: CLIENTS, outageSeconds: OUTAGE_S, results, serverRestarted: !alive, logLines, sse }, null, 2));
console.log('');
for (const r of results) console.log(`-m ${r.mode}: ok/failed calls per second from 3 s before the stop: ${r.timeline}`);
console.log('\n| stop | before: calls/s, p50/p99 ms | outage: calls, errors, statuses, failure p99/max ms | DB start | healthy after | last failure after | SSE resync after | after: calls/s, errors |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| \`-m ${r.mode}\` | ${r.before.perSecond}/s, ${r.before.p50}/${r.before.p99} | ${r.outage.calls}, ${r.outage.errorRate} %, ${JSON.stringify(r.outage.byStatus)}, ${r.outage.failedP99}/${r.outage.failedMax} | ${r.databaseStartMs} ms | ${r.healthyAfterMs} ms | ${r.lastFailureAfterMs} ms | ${r.resyncAfterMs ?? '—'} ms | ${r.after.perSecond}/s, ${r.after.errorRate} % |`,
  );
}
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
process.exit(alive ? 0 : 1);
