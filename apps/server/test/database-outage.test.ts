/**
 * PostgreSQL outages, for real. The test creates a PostgreSQL cluster of its own (initdb into a temporary
 * folder, its own port: private-postgres.ts; never the machine's shared server), runs the app on it over HTTP, and
 * stops the database under it (`pg_ctl stop -m fast`, then `-m immediate`, which is a crash):
 *
 * - while it is down, API calls answer 503 DATABASE_UNAVAILABLE with the pt-BR message in under 2 s each, and
 *   /api/health answers 503 saying the database does not answer;
 * - once it is back, the app is healthy again within 5 s with no restart: the pool, pg-boss (a job enqueued after the
 *   outage runs) and the LISTEN client (the open event stream is told to refetch, and new events reach it).
 *
 * And which errors count as "database unavailable", each produced for real against the private cluster.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@edu/shared/messages';
import { buildApp, createDeps, loadConfig } from '../src/app';
import { seedDemo, DEMO_PASSWORD, demoEmail } from '../src/demo/seed';
import type { Deps } from '../src/platform/deps';
import { publish } from '../src/platform/events';
import { emails } from '../src/platform/platform.tables';
import { isDatabaseUnavailable } from '../src/platform/pg-errors';
import { RECONNECT_MAX_MS } from '../src/platform/pg-listen';
import { createPrivatePostgres, freePort, postgresBinDir, type PrivatePostgres } from './private-postgres';
import { waitUntil } from './wait';

const binDir = postgresBinDir();
if (!binDir) console.warn('database-outage.test.ts: SKIPPED: initdb/pg_ctl not found (PostgreSQL 15 server binaries, or set PG_BIN_DIR)');

/** What the issue promises. */
const FAIL_FAST_MS = 2000;
const BACK_WITHIN_MS = 5000;
/** How long the database stays down in each cycle (at least one round of requests). */
const OUTAGE_MS = { fast: 4000, immediate: 0 };

let cluster: PrivatePostgres;
let deps: Deps;
let app: FastifyInstance;
let base: string;
let dataDir: string;

async function api(method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const started = Date.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}) },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, ms: Date.now() - started };
}

/** An open event stream and the kinds it received. */
/** An open event stream: `waitFor` answers when the `count`-th event of `kind` arrived (Date.now()). */
function openStream(ticket: string): Promise<{ kinds: string[]; waitFor(kind: string, count: number, ms: number): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, (res) => {
      const kinds: string[] = [];
      const at: number[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^data: (.*)$/gm)) {
          kinds.push((JSON.parse(m[1]!) as { kind: string }).kind);
          at.push(Date.now());
        }
      });
      resolve({
        kinds,
        async waitFor(kind, count, ms) {
          // The error on timeout shows the kinds received.
          await waitUntil(() => [...kinds], (got) => got.filter((k) => k === kind).length >= count, { timeout: ms, interval: 20, what: `"${kind}" #${count}` });
          return kinds.map((k, i) => (k === kind ? at[i]! : null)).filter((t) => t !== null)[count - 1]!;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

/** Waits until `check` passes (a throw counts as not yet); answers how long it took. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<number> {
  const started = Date.now();
  await waitUntil(check, { timeout: ms, interval: 50, what });
  return Date.now() - started;
}

describe.skipIf(!binDir)('PostgreSQL outage on a private cluster', () => {
  beforeAll(async () => {
    cluster = await createPrivatePostgres({ binDir: binDir! });
    await cluster.start();
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    await admin.query('CREATE DATABASE app');
    await admin.end();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-outage-'));
    const config = loadConfig({
      DATABASE_URL: cluster.url('app'),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(dataDir, 'no-web'),
      DATABASE_CONNECT_TIMEOUT_MS: '1000',
      METRICS_TOKEN: 'outage-test-metrics-token',
    });
    deps = await createDeps(config, pino({ level: 'silent' }));
    await seedDemo(deps.db);
    app = await buildApp(deps, { logger: false });
    await deps.mailer.startWorker();
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await app?.close();
    await deps?.jobs.stop().catch(() => undefined);
    await deps?.database.close().catch(() => undefined);
    cluster?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('fails fast with 503 while the database is down, and comes back by itself within 5 s (pool, jobs, events)', async () => {
    const signin = await api('POST', '/api/signin', { body: { email: demoEmail('seller'), password: DEMO_PASSWORD } });
    expect(signin.status).toBe(200);
    const token = signin.body.token as string;
    const me = await api('GET', '/api/me', { token });
    const userId = (me.body as { id: number }).id;
    const ticket = await api('POST', '/api/events/ticket', { token });
    const stream = await openStream(ticket.body.ticket as string);
    await stream.waitFor('ready', 1, 5000);
    expect((await api('GET', '/api/health')).status).toBe(200);

    for (const [cycle, mode] of (['fast', 'immediate'] as const).entries()) {
      // A transaction holds a connection between two queries when the server goes: it fails, the process lives on.
      let resume!: () => void;
      let begun!: () => void;
      const gate = new Promise<void>((r) => (resume = r));
      const inside = new Promise<void>((r) => (begun = r));
      const transaction = deps.db
        .transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          begun();
          await gate;
          await tx.execute(sql`select 1`);
        })
        .then(() => null, (e: unknown) => e);
      await inside;
      await cluster.stop(mode);
      const stoppedAt = Date.now();
      resume();
      expect(isDatabaseUnavailable(await transaction), mode).toBe(true);

      // Down: every call answers at once, in Portuguese; nobody is signed out (503, not 401). The first outage lasts
      // a few seconds, long enough for the listener's and pg-boss's reconnection attempts to pile up.
      do {
        const health = await api('GET', '/api/health');
        expect(health.status, mode).toBe(503);
        expect(health.body).toMatchObject({ status: 'degraded', database: 'error', message: MSG.healthDatabaseDown });
        expect(health.ms).toBeLessThan(FAIL_FAST_MS);
        for (const [method, url, body] of [
          ['GET', '/api/me', undefined],
          ['GET', '/api/notifications', undefined],
          ['POST', '/api/events/ticket', undefined],
          ['POST', '/api/forgot-password', { email: demoEmail('seller') }],
          ['POST', '/api/signin', { email: demoEmail('seller'), password: DEMO_PASSWORD }],
        ] as const) {
          const res = await api(method, url, { token, body });
          expect(res.status, `${mode} ${method} ${url}`).toBe(503);
          expect(res.body).toEqual({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: MSG.serviceUnavailable });
          expect(res.headers.get('retry-after')).toBe('5');
          expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
          expect(res.ms, `${method} ${url}`).toBeLessThan(FAIL_FAST_MS);
        }
        await new Promise((r) => setTimeout(r, 200));
      } while (Date.now() - stoppedAt < OUTAGE_MS[mode]);
      // The metrics still answer, and say so.
      const metrics = await fetch(`${base}/api/metrics`, { headers: { authorization: 'Bearer outage-test-metrics-token' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(/^database_up 0$/m);

      // Back: healthy within 5 s of the database accepting connections, with no restart.
      await cluster.start();
      const upAt = Date.now();
      const backMs = await until(async () => (await api('GET', '/api/health')).status === 200, BACK_WITHIN_MS, `${mode}: health`);
      expect(backMs).toBeLessThan(BACK_WITHIN_MS);
      expect((await api('GET', '/api/me', { token })).status).toBe(200);

      // The LISTEN client reconnected (its attempts are at most RECONNECT_MAX_MS apart): the open stream is told it may
      // have missed events, and new ones reach it.
      const resyncAt = await stream.waitFor('resync', cycle + 1, BACK_WITHIN_MS);
      expect(resyncAt - upAt, `${mode}: the listener's reconnection`).toBeLessThan(RECONNECT_MAX_MS + 1000);
      await publish(deps.db, { kind: 'notifications', userIds: [userId] });
      await stream.waitFor('notifications', cycle + 1, 2000);

      // pg-boss: a job enqueued now runs (the mail worker puts the reset e-mail in the outbox).
      const before = Date.now();
      expect((await api('POST', '/api/forgot-password', { body: { email: demoEmail('seller') } })).status).toBe(200);
      await until(
        async () => {
          const rows = await deps.db.select({ status: emails.status, createdAt: emails.createdAt }).from(emails).where(eq(emails.to, demoEmail('seller')));
          return rows.some((r) => r.status === 'outbox' && r.createdAt.getTime() >= before - 1000);
        },
        BACK_WITHIN_MS,
        `${mode}: the mail job`,
      );
    }
    stream.close();
  });

  describe('which errors mean "database unavailable" (each made for real)', () => {
    it('a refused connection, a pool that cannot give a connection in time, and a terminated session', async () => {
      const closed = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await freePort()}/app` });
      const refused = await closed.connect().then(() => null, (e: unknown) => e);
      expect(isDatabaseUnavailable(refused)).toBe(true);

      const pool = new pg.Pool({ connectionString: cluster.url('app'), max: 1, connectionTimeoutMillis: 200 });
      const held = await pool.connect();
      const timedOut = await pool.query('select 1').then(() => null, (e: unknown) => e);
      expect((timedOut as Error).message).toMatch(/timeout/);
      expect(isDatabaseUnavailable(timedOut)).toBe(true);
      held.release();

      // Through Drizzle (which wraps the driver's error): a session ended by the server (57P01, as in a fast stop).
      const victim = await pool.connect();
      victim.on('error', () => undefined);
      const [{ pid }] = (await victim.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
      const sleeping = drizzle(victim).execute(sql`select pg_sleep(5)`).then(() => null, (e: unknown) => e);
      const admin = new pg.Client({ connectionString: cluster.url('app') });
      await admin.connect();
      await until(async () => (await admin.query("select 1 from pg_stat_activity where pid = $1 and state = 'active'", [pid])).rowCount === 1, 2000, 'sleeping');
      await admin.query('select pg_terminate_backend($1)', [pid]);
      const terminated = await sleeping;
      expect((terminated as { cause?: { code?: string } }).cause?.code ?? (terminated as { code?: string }).code).toBe('57P01');
      expect(isDatabaseUnavailable(terminated)).toBe(true);
      victim.release(true);
      await admin.end();
      await pool.end();
    });

    it('not a statement time-out, a constraint or a syntax error: those stay what they were', async () => {
      const client = new pg.Client({ connectionString: cluster.url('app'), statement_timeout: 50 });
      client.on('error', () => undefined);
      await client.connect();
      const slow = await client.query('select pg_sleep(1)').then(() => null, (e: unknown) => e);
      expect((slow as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(slow)).toBe(false);
      const syntax = await client.query('select from where').then(() => null, (e: unknown) => e);
      expect(isDatabaseUnavailable(syntax)).toBe(false);
      await client.query('create temporary table t (id int primary key)');
      const duplicate = await client.query('insert into t values (1), (1)').then(() => null, (e: unknown) => e);
      expect((duplicate as { code?: string }).code).toBe('23505');
      expect(isDatabaseUnavailable(duplicate)).toBe(false);
      // Drizzle's message and PostgreSQL's quote the input: a user's text saying "Connection terminated" changes nothing.
      const quoted = await drizzle(client).execute(sql`select ${'Connection terminated'}::int`).then(() => null, (e: unknown) => e);
      expect(String((quoted as Error).message)).toContain('Connection terminated');
      expect(String((quoted as { cause?: Error }).cause?.message)).toContain('Connection terminated');
      expect(isDatabaseUnavailable(quoted)).toBe(false);
      await client.end();
    });
  });
});
