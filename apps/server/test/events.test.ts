/**
 * Live events (GET /api/events): single-use tickets, Server-Sent Events fanned out with LISTEN/NOTIFY
 * across two server processes on one database, delivery only to the targeted users and only on
 * commit, no compression, and graceful shutdown ending open streams.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@edu/shared/messages';
import { buildApp, createDeps, loadConfig } from '../src/app';
import type { Deps } from '../src/platform/deps';
import { publish } from '../src/platform/events';
import { users, userTokens } from '../src/db/schema';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';

let t: TestApp;
/** App B: a second server on the SAME database (PostgreSQL: its own pool and listener; PGlite: the same instance). */
let appB: FastifyInstance;
let depsB: Deps | undefined;
let dataDirB: string;
let baseB: string;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};

beforeAll(async () => {
  t = await createTestApp();
  dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-test-b-'));
  const url = t.deps.config.DATABASE_URL;
  if (url) {
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDirB, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDirB, 'no-web') });
    depsB = await createDeps(config, pino({ level: 'silent' }));
    appB = await buildApp(depsB, { logger: false });
  } else {
    appB = await buildApp(t.deps, { logger: false });
  }
  await appB.listen({ port: 0, host: '127.0.0.1' });
  const address = appB.server.address() as { port: number };
  baseB = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await appB?.close();
  if (depsB) {
    await depsB.jobs.stop();
    await depsB.database.close();
  }
  fs.rmSync(dataDirB, { recursive: true, force: true });
  await t?.close();
});

interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  kinds: string[];
  raw: string;
  /** Resolves when an event of this kind has arrived (after `from` earlier ones). */
  next(kind: string, timeoutMs?: number): Promise<void>;
  ended: Promise<void>;
  close(): void;
}

function openStream(base: string, ticket: string, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/events?ticket=${encodeURIComponent(ticket)}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const waiters: { kind: string; seen: number; resolve: () => void }[] = [];
      let endResolve!: () => void;
      const stream: Stream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        kinds: [],
        raw: '',
        next(kind, timeoutMs = 5000) {
          const seen = stream.kinds.filter((k) => k === kind).length;
          return new Promise((ok, fail) => {
            const timer = setTimeout(() => fail(new Error(`no "${kind}" event within ${timeoutMs} ms; got ${stream.kinds.join(',')}`)), timeoutMs);
            waiters.push({ kind, seen, resolve: () => (clearTimeout(timer), ok()) });
          });
        },
        ended: new Promise((ok) => (endResolve = ok)),
        close: () => req.destroy(),
      };
      /** Counts kinds already present so `next` waits for a new one. */
      const flush = () => {
        for (const w of [...waiters]) {
          if (stream.kinds.filter((k) => k === w.kind).length > w.seen) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve();
          }
        }
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        stream.raw += chunk;
        for (const match of chunk.matchAll(/^data: (.*)$/gm)) stream.kinds.push((JSON.parse(match[1]!) as { kind: string }).kind);
        flush();
      });
      res.on('end', () => endResolve());
      res.on('close', () => endResolve());
      resolve(stream);
    });
    req.on('error', reject);
  });
}

async function ticketFrom(app: FastifyInstance, local: string): Promise<string> {
  const res = await call(app, 'POST', '/api/events/ticket', { token: await tok(local) });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ ticket: string; expiresIn: number }>();
  expect(body.expiresIn).toBe(60);
  return body.ticket;
}

/** A stream that has said `ready`, so it is subscribed. */
async function connected(local: string, from: FastifyInstance = t.app): Promise<Stream> {
  const stream = await openStream(baseB, await ticketFrom(from, local));
  expect(stream.status).toBe(200);
  await ready(stream);
  return stream;
}

async function ready(stream: Stream) {
  if (!stream.kinds.includes('ready')) await stream.next('ready');
  expect(stream.kinds[0]).toBe('ready');
}

const sellerId = async () => (await t.deps.db.select().from(users).where(eq(users.email, demoEmail('seller'))))[0]!.sellerId!;

describe('tickets', () => {
  it('needs a session for a ticket, a ticket for the stream, and a ticket works once', async () => {
    expect((await call(t.app, 'POST', '/api/events/ticket')).statusCode).toBe(401);
    const none = await call(t.app, 'GET', '/api/events');
    expect(none.statusCode).toBe(400);
    const forged = await call(t.app, 'GET', '/api/events', { query: { ticket: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHORIZED', message: MSG.unauthorized });
    // The session token itself is not a ticket.
    expect((await call(t.app, 'GET', '/api/events', { query: { ticket: await tok('seller') } })).statusCode).toBe(401);

    const ticket = await ticketFrom(t.app, 'seller');
    const first = await openStream(baseB, ticket);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    first.close();
    const second = await openStream(baseB, ticket);
    expect(second.status).toBe(401);
    second.close();
  });

  it('refuses an expired ticket', async () => {
    const ticket = await ticketFrom(t.app, 'admin');
    await t.deps.db.update(userTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(userTokens.kind, 'events_ticket'));
    const stream = await openStream(baseB, ticket);
    expect(stream.status).toBe(401);
    stream.close();
  });

  it('is not compressed even when the client accepts gzip', async () => {
    const stream = await openStream(baseB, await ticketFrom(t.app, 'admin'), { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.headers['cache-control']).toMatch(/no-cache/);
    await ready(stream);
    stream.close();
  });
});

describe('fan-out across two servers on one database', () => {
  it('a notice created through app A reaches the seller connected to app B, and only the targeted institution', async () => {
    const seller = await connected('seller');
    const director = await connected('director');
    const tpl = await call(t.app, 'POST', '/api/sellers/notices/templates', {
      token: await tok('admin'),
      payload: { title: 'Ao vivo', htmlContent: '<p>Chegou agora.</p>' },
    });
    expect(tpl.statusCode, tpl.body).toBe(200);

    const arrives = seller.next('notices');
    const created = await call(t.app, 'POST', '/api/sellers/notices/', {
      token: await tok('admin'),
      payload: { templateId: tpl.json<{ id: number }>().id, targetType: 'SELECTED', selectedSellerIds: [await sellerId()] },
    });
    expect(created.statusCode, created.body).toBe(200);
    await arrives;

    // The seller refetches through the API and finds it.
    const unread = await call(t.app, 'GET', `/api/sellers/notices/unread/${await sellerId()}`, { token: await tok('seller') });
    expect(unread.json<{ id: number }[]>().map((n) => n.id)).toContain(created.json<{ id: number }>().id);

    // The director (no institution) heard nothing; a bell event for them arrives, proving the stream works.
    const directorId = (await t.deps.db.select().from(users).where(eq(users.email, demoEmail('director'))))[0]!.id;
    const bell = director.next('notifications');
    await t.deps.db.transaction((tx) => publish(tx, { kind: 'notifications', userIds: [directorId] }));
    await bell;
    expect(director.kinds).toEqual(['ready', 'notifications']);
    expect(seller.kinds).toEqual(['ready', 'notices']);
    seller.close();
    director.close();
  });

  it('delivers on commit only: a rolled-back change sends nothing', async () => {
    const admin = await connected('admin');
    const adminId = (await t.deps.db.select().from(users).where(eq(users.email, demoEmail('admin'))))[0]!.id;
    await t.deps.db
      .transaction(async (tx) => {
        await publish(tx, { kind: 'notices', userIds: [adminId] });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const marker = admin.next('notifications');
    await t.deps.db.transaction((tx) => publish(tx, { kind: 'notifications', userIds: [adminId] }));
    await marker;
    expect(admin.kinds).toEqual(['ready', 'notifications']);
    admin.close();
  });

  it('keeps delivering after the listener connection is lost (PostgreSQL: reconnects and says resync)', async () => {
    const admin = await connected('admin');
    const adminId = (await t.deps.db.select().from(users).where(eq(users.email, demoEmail('admin'))))[0]!.id;
    if (t.deps.database.kind === 'postgres') {
      const resync = admin.next('resync', 10_000);
      const killed = await t.deps.database.sql.executeSql(
        "select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()",
      );
      expect(killed.rows.length).toBeGreaterThanOrEqual(2); // app A's and app B's listeners
      await resync;
    }
    const after = admin.next('notifications');
    await t.deps.db.transaction((tx) => publish(tx, { kind: 'notifications', userIds: [adminId] }));
    await after;
    admin.close();
  });

  it('app.close() ends open streams at once (graceful shutdown)', async () => {
    // A third app on the same database, closed while a stream is open.
    const extra = await buildApp(depsB ?? t.deps, { logger: false });
    await extra.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(extra.server.address() as { port: number }).port}`;
    const stream = await openStream(base, await ticketFrom(t.app, 'admin'));
    await ready(stream);
    const started = Date.now();
    await extra.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
