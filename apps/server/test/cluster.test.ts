/**
 * Several instances: two whole server instances (each its own pool, job queue, LISTEN connection and
 * rate-limit store) on ONE PostgreSQL database and one bucket (s3rver on loopback), called over real sockets —
 * directly, and through the round-robin proxy of `npm run cluster` (tools/cluster-lib.mjs) where the client's address
 * matters. PostgreSQL only: PGlite is one process.
 */
import http from 'node:http';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { unitPackagesService } from '../src/modules/delivery/packages.service';
import { s3Client } from '../src/platform/storage';
import { items, unitPackages, users } from '../src/db/schema';
import { createTestCluster, demoEmail, DEMO_PASSWORD, lastEmailTo, linkIn, PNG_1PX, multipartFile, type TestCluster, type TestInstance } from './harness';
import { startProxy } from '../../../tools/cluster-lib.mjs';
import { startS3rver, type TestS3 } from './s3rver';
import { waitUntil } from './wait';

const SIGNIN_LIMIT = 4;
const postgres = !!process.env.DATABASE_URL;

let s3: TestS3;
let cluster: TestCluster;
let a: TestInstance;
let b: TestInstance;

beforeAll(async () => {
  if (!postgres) return;
  s3 = await startS3rver();
  cluster = await createTestCluster(2, { env: { ...s3.env, RATE_LIMIT_SIGNIN: String(SIGNIN_LIMIT) } });
  [a, b] = cluster.instances as [TestInstance, TestInstance];
}, 60_000);
afterAll(async () => {
  await cluster?.close();
  await s3?.close();
});

async function api(instance: TestInstance | string, method: string, url: string, opts: { token?: string; json?: unknown; headers?: Record<string, string>; body?: Buffer } = {}) {
  const base = typeof instance === 'string' ? instance : instance.url;
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body ? new Uint8Array(opts.body) : undefined,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as Record<string, unknown> & unknown[], text, headers: res.headers };
}

async function signIn(instance: TestInstance, local: string) {
  const res = await api(instance, 'POST', '/api/signin', { json: { email: demoEmail(local), password: DEMO_PASSWORD } });
  expect(res.status, res.text).toBe(200);
  return res.body.token as string;
}

/** An SSE stream of GET /api/events on `instance`, collecting the event kinds. */
function openBell(instance: TestInstance, ticket: string) {
  const kinds: string[] = [];
  const listeners: (() => void)[] = [];
  let req!: http.ClientRequest;
  const opened = new Promise<number>((resolve, reject) => {
    req = http.get(`${instance.url}/api/events?ticket=${encodeURIComponent(ticket)}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        for (const m of chunk.matchAll(/^data: (.*)$/gm)) kinds.push((JSON.parse(m[1]!) as { kind: string }).kind);
        listeners.splice(0).forEach((fn) => fn());
      });
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  const waitFor = (kind: string, timeoutMs: number) =>
    new Promise<number>((resolve, reject) => {
      const started = Date.now();
      const timer = setTimeout(() => reject(new Error(`no "${kind}" within ${timeoutMs} ms; got ${kinds.join(',')}`)), timeoutMs);
      const check = () => {
        if (kinds.includes(kind)) {
          clearTimeout(timer);
          resolve(Date.now() - started);
        } else listeners.push(check);
      };
      check();
    });
  return { kinds, opened, waitFor, close: () => req.destroy() };
}

describe.skipIf(!postgres)('two instances on one database', () => {
  it('a file uploaded through A is served by B', async () => {
    const token = await signIn(a, 'admin');
    const [me] = await a.deps.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
    const { payload, headers } = multipartFile(PNG_1PX);
    const up = await api(a, 'PUT', `/api/user/avatar/${me!.id}`, { token, headers, body: payload });
    expect(up.status, up.text).toBe(200);
    const url = up.body.avatar_url as string;
    expect(url).toMatch(/^\/uploads\//);
    expect(a.deps.storage.kind).toBe('s3');

    const served = await fetch(`${b.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_1PX);
  });

  it('a notice sent through A reaches a bell connected to B within 1 s', async () => {
    const admin = await signIn(a, 'admin');
    const seller = await signIn(b, 'seller');
    const ticket = await api(b, 'POST', '/api/events/ticket', { token: seller });
    expect(ticket.status).toBe(200);
    const bell = openBell(b, ticket.body.ticket as string);
    expect(await bell.opened).toBe(200);
    await bell.waitFor('ready', 5000);

    const tpl = await api(a, 'POST', '/api/sellers/notices/templates', { token: admin, json: { title: 'Entre instâncias', htmlContent: '<p>Aviso.</p>' } });
    expect(tpl.status, tpl.text).toBe(200);
    const [row] = await a.deps.db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
    const sent = Date.now();
    const created = await api(a, 'POST', '/api/sellers/notices/', {
      token: admin,
      json: { templateId: tpl.body.id, targetType: 'SELECTED', selectedSellerIds: [row!.sellerId] },
    });
    expect(created.status, created.text).toBe(200);
    await bell.waitFor('notices', 1000);
    expect(Date.now() - sent).toBeLessThan(1000);
    bell.close();

    // The seller, asking B, finds the notice A wrote.
    const unread = await api(b, 'GET', `/api/sellers/notices/unread/${row!.sellerId}`, { token: seller });
    expect((unread.body as unknown as { id: number }[]).map((n) => n.id)).toContain(created.body.id);
  });

  it('a sign-in on A is valid on B, and a sign-out on B ends it on A', async () => {
    const token = await signIn(a, 'seller.conteudo');
    expect((await api(b, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await api(a, 'GET', '/api/me', { token })).status).toBe(200);
    expect((await api(b, 'POST', '/api/signout', { token })).status).toBe(200);
    const after = await api(a, 'GET', '/api/me', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MSG.unauthorized);
    expect((await api(b, 'GET', '/api/me', { token })).status).toBe(401);
  });

  it('a password-reset token is single-use across instances: used on A and B at once, one succeeds', async () => {
    const email = demoEmail('seller.assistente');
    expect((await api(a, 'POST', '/api/forgot-password', { json: { email } })).status).toBe(200);
    const token = linkIn(await lastEmailTo(a.deps, email)).searchParams.get('token')!;
    const results = await Promise.all(
      [a, b].map((instance) => api(instance, 'POST', '/api/reset-password', { json: { token, password: 'trocada1', password_confirmation: 'trocada1' } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.message).toBe(MSG.tokenInvalid);
  });

  it('sign-in attempts spread over both instances are limited as one', async () => {
    const email = demoEmail('provider');
    const attempt = (instance: TestInstance) => api(instance, 'POST', '/api/signin', { json: { email, password: 'senha-errada-1' } });
    // RATE_LIMIT_SIGNIN wrong passwords from one address, alternating A and B: each is an ordinary refusal…
    for (let n = 0; n < SIGNIN_LIMIT; n++) expect((await attempt(n % 2 ? b : a)).status).toBe(401);
    // …and the next, on either instance, is the limit's (one instance alone has seen only half).
    for (const instance of [a, b]) {
      const refused = await attempt(instance);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', message: MSG.tooManyAttempts });
    }
    // Even the right password is refused now, on both.
    expect((await api(b, 'POST', '/api/signin', { json: { email, password: DEMO_PASSWORD } })).status).toBe(429);
  });

  it('behind the round-robin proxy, the limit counts per client address (X-Forwarded-For), over both instances', async () => {
    const proxy = await startProxy([a.url, b.url]);
    try {
      const email = demoEmail('curator');
      const from = (client: string, password = 'senha-errada-2') =>
        api(proxy.url, 'POST', '/api/signin', { json: { email, password }, headers: { 'x-forwarded-for': client } });
      for (let n = 0; n < SIGNIN_LIMIT; n++) expect((await from('203.0.113.7')).status).toBe(401);
      expect((await from('203.0.113.7')).status).toBe(429);
      expect((await from('203.0.113.7')).status).toBe(429);
      // Another client of the same proxy is not held back by the first one's attempts.
      expect((await from('203.0.113.8', DEMO_PASSWORD)).status).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it('a package asked through A and B at once is built by one job, run once', async () => {
    await unitPackagesService(a.deps).start();
    await unitPackagesService(b.deps).start();
    const [unit] = await a.deps.db.select({ contentId: items.publishedContentId }).from(items).where(isNotNull(items.publishedContentId)).limit(1);
    const contentId = unit!.contentId!;
    const [ta, tb] = [await signIn(a, 'admin'), await signIn(b, 'admin')];
    const asked = await Promise.all([
      api(a, 'POST', `/api/items/item/content/${contentId}/package`, { token: ta }),
      api(b, 'POST', `/api/items/item/content/${contentId}/package`, { token: tb }),
    ]);
    for (const res of asked) expect(res.status, res.text).toBe(200);

    const status = await waitUntil(
      async () => ((await api(b, 'GET', `/api/items/item/content/${contentId}/package`, { token: tb })).body.status as string) ?? '',
      (s) => s === 'ready' || s === 'failed',
      { what: 'the package built' },
    );
    expect(status).toBe('ready');
    // One job in the queue for it (both instances work the queue), run once; one zip written.
    const jobStates = async () => {
      const result = await a.deps.db.execute(sql`select state from pgboss.job where name = 'unit-packages' and (data->>'itemContentId')::int = ${contentId}`);
      return ((result as { rows?: { state: string }[] }).rows ?? (result as unknown as { state: string }[])).map((r) => r.state);
    };
    // pg-boss marks the job completed just after the handler has written the row: wait for that.
    await waitUntil(jobStates, (states) => !states.includes('active'), { interval: 50, what: 'the job completed' });
    expect(await jobStates()).toEqual(['completed']);
    const listed = await s3Client(s3.settings).send(
      new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: 'packages/' }),
    );
    expect((listed.Contents ?? []).filter((o) => o.Key?.endsWith('.zip'))).toHaveLength(1);
    const [row] = await a.deps.db.select().from(unitPackages).where(and(eq(unitPackages.itemContentId, contentId), eq(unitPackages.status, 'ready')));
    expect(row).toBeDefined();
    // The file, asked of A, is the one B reported ready.
    // (node:http here: with undici's fetch, a streamed download left its keep-alive connection busy on the server for
    // the 72 s keep-alive time, holding up app.close() in afterAll.)
    const file = await new Promise<{ status: number; type: string; body: Buffer }>((resolve, reject) => {
      http
        .get(`${a.url}/api/items/item/content/${contentId}/package/file`, { headers: { authorization: `Bearer ${ta}` } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });
    expect(file.status).toBe(200);
    expect(file.type).toMatch(/zip/);
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
  }, 30_000);
});
