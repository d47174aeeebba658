/**
 * GET /api/metrics (Prometheus text format, token from METRICS_TOKEN) and request ids (X-Request-Id on
 * every answer, `reqId` on every log line of the request; an incoming id only from a trusted proxy).
 *
 * The exposition is read with an independent parser (parse-prometheus-text-format, a port of the Prometheus Python
 * client's parser), and every sample line is also checked against the text format's grammar.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parsePrometheus, { type ParsedFamily } from 'parse-prometheus-text-format';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@edu/shared/messages';
import { buildApp } from '../src/app';
import { REQUEST_ID_PATTERN } from '../src/platform/request-id';
import { authHeader, call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { waitUntil } from './wait';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestApp;
let seller: string;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  seller = await signIn(t.app, 'seller');
});
afterAll(() => t?.close());

const scrape = () => call(t.app, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });

/**
 * A sample line of the text format: name, optional {labels}, value, optional timestamp. The value is what Go's
 * ParseFloat reads, which takes NaN and Inf in any case (prom-client writes an empty event-loop mean as `Nan`).
 */
const SAMPLE_LINE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\["\\n])*",?)*\})? (-?[0-9.]+(e[+-]?[0-9]+)?|[+-]?[Ii]nf|[Nn]a[Nn])( -?[0-9]+)?$/;

function parse(text: string): Map<string, ParsedFamily> {
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue;
    expect(line, 'a sample line of the text format').toMatch(SAMPLE_LINE);
  }
  const families = parsePrometheus(text);
  // The parser keeps every counter and gauge sample: as many as the text has lines for them.
  for (const f of families) {
    if (f.type !== 'COUNTER' && f.type !== 'GAUGE') continue;
    const lines = text.split('\n').filter((l) => l.startsWith(`${f.name} `) || l.startsWith(`${f.name}{`));
    expect(f.metrics.length, f.name).toBe(lines.length);
  }
  return new Map(families.map((f) => [f.name, f]));
}

const value = (f: ParsedFamily | undefined, labels: Record<string, string> = {}) =>
  f?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))?.value;

describe('GET /api/metrics', () => {
  it('answers 404 like any unknown address when METRICS_TOKEN is unset', async () => {
    const bare = await buildApp({ ...t.deps, config: { ...t.deps.config, METRICS_TOKEN: '' } }, { logger: false });
    try {
      const res = await bare.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: MSG.routeNotFound });
    } finally {
      await bare.close();
    }
  });

  it('refuses a missing, wrong or differently sent token with 401', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-of-the-same-sort-000000' },
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
      { authorization: TOKEN },
      // A user's session is not the metrics token.
      { authorization: `Bearer ${seller}` },
    ]) {
      const res = await call(t.app, 'GET', '/api/metrics', { headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json()).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: MSG.unauthorized });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_requests_total');
    }
    const inQuery = await call(t.app, 'GET', `/api/metrics?token=${TOKEN}`);
    expect(inQuery.statusCode).toBe(401);
  });

  it('counts requests by route pattern, method and status class, with durations', async () => {
    await call(t.app, 'GET', '/api/health');
    await call(t.app, 'GET', '/api/me', { token: seller });
    await call(t.app, 'PATCH', '/api/notifications/987654/read', { token: seller });
    await call(t.app, 'PATCH', '/api/notifications/987655/read', { token: seller });
    await call(t.app, 'GET', '/api/this-route-does-not-exist-42');
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4; charset=utf-8$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(UUID);
    const m = parse(res.body);

    const requests = m.get('http_requests_total');
    expect(requests?.type).toBe('COUNTER');
    expect(Number(value(requests, { method: 'GET', route: '/api/health', status: '2xx' }))).toBeGreaterThanOrEqual(1);
    expect(Number(value(requests, { method: 'GET', route: '/api/me', status: '2xx' }))).toBeGreaterThanOrEqual(1);
    // Two addresses, one pattern: the ids never become labels.
    expect(Number(value(requests, { method: 'PATCH', route: '/api/notifications/:id/read', status: '4xx' }))).toBe(2);
    expect(Number(value(requests, { method: 'GET', route: 'unmatched', status: '4xx' }))).toBeGreaterThanOrEqual(1);
    expect(res.body).not.toContain('987654');
    expect(res.body).not.toContain('this-route-does-not-exist');

    const durations = m.get('http_request_duration_seconds');
    expect(durations?.type).toBe('HISTOGRAM');
    expect(res.body).toMatch(/^http_request_duration_seconds_bucket\{le="0\.05",method="GET",route="\/api\/me",status="2xx"\} [1-9]/m);
    expect(res.body).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/api\/me",status="2xx"\} [1-9]/m);
  });

  it('reports the database pool, the job queue, the database and the process', async () => {
    // A reset e-mail waits in the mail queue: no worker runs in this app.
    expect((await call(t.app, 'POST', '/api/forgot-password', { payload: { email: demoEmail('seller.assistente') } })).statusCode).toBe(200);
    const m = parse((await scrape()).body);
    expect(value(m.get('database_up'))).toBe('1');
    expect(Number(value(m.get('job_queue_jobs'), { queue: 'mail', state: 'created' }))).toBeGreaterThanOrEqual(1);
    expect(m.get('job_queue_processed_total')?.type).toBe('COUNTER');
    if (t.deps.database.kind === 'postgres') {
      for (const pool of ['app', 'jobs']) {
        expect(Number(value(m.get('db_pool_connections'), { pool })), pool).toBeGreaterThanOrEqual(1);
        expect(value(m.get('db_pool_waiting_requests'), { pool }), pool).toBe('0');
        expect(Number(value(m.get('db_pool_idle_connections'), { pool }))).toBeGreaterThanOrEqual(0);
      }
      expect(value(m.get('db_pool_max_connections'), { pool: 'app' })).toBe(String(t.deps.config.DATABASE_POOL_MAX));
    }
    for (const name of ['process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_heap_size_used_bytes']) {
      expect(m.has(name), name).toBe(true);
    }

    // The worker runs the job: counted as completed by this process, and no longer waiting.
    await t.deps.mailer.startWorker();
    const now = await waitUntil(
      async () => parse((await scrape()).body),
      (metrics) => Number(value(metrics.get('job_queue_processed_total'), { queue: 'mail', outcome: 'completed' })) >= 1,
      { timeout: 10_000, what: 'the mail job counted' },
    );
    expect(value(now.get('job_queue_jobs'), { queue: 'mail', state: 'created' })).toBeUndefined();
  });

  it('counts open event streams', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const gauge = async () => Number(value(parse((await scrape()).body).get('sse_connections')));
    const before = await gauge();
    const ticket = (await call(t.app, 'POST', '/api/events/ticket', { token: seller })).json<{ ticket: string }>().ticket;
    const opened = await new Promise<{ req: http.ClientRequest; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/api/events?ticket=${ticket}`, (res) => {
        res.once('data', () => resolve({ req, headers: res.headers }));
      });
      req.on('error', reject);
    });
    // The hijacked stream carries its request id too.
    expect(opened.headers['x-request-id']).toMatch(UUID);
    expect(await gauge()).toBe(before + 1);
    opened.req.destroy();
    await waitUntil(gauge, (open) => open === before, { timeout: 2500, interval: 50, what: 'the closed stream uncounted' });
  });
});

describe('Server-Timing', () => {
  it.skipIf(!process.env.DATABASE_URL)("with SERVER_TIMING on, says the answer's database time and statements", async () => {
    const timed = await buildApp({ ...t.deps, config: { ...t.deps.config, SERVER_TIMING: true } }, { logger: false });
    try {
      const get = (url: string) => timed.inject({ method: 'GET', url, headers: authHeader(seller) });
      await get('/api/sellers/cart');
      // A warm cart is one statement (statements-market.test.ts).
      const cart = await get('/api/sellers/cart');
      expect(cart.statusCode).toBe(200);
      expect(String(cart.headers['server-timing'])).toMatch(/^db;dur=\d+\.\d{2};desc="1"$/);
      const refused = await timed.inject({ method: 'GET', url: '/api/sellers/cart' });
      expect(refused.statusCode).toBe(401);
      expect(String(refused.headers['server-timing'])).toMatch(/^db;dur=0\.00;desc="0"$/);
      expect(Number(/dur=([\d.]+)/.exec(String(cart.headers['server-timing']))![1])).toBeGreaterThan(0);
    } finally {
      await timed.close();
    }
  });

  it('is not sent by default', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sellers/cart', headers: authHeader(seller) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['server-timing']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('every answer carries a new X-Request-Id; a client cannot choose it without a trusted proxy', async () => {
    const ids = new Set<string>();
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/me'],
      ['GET', '/api/nowhere'],
      ['POST', '/api/signin'],
    ] as const) {
      const res = await call(t.app, method, url, { headers: { 'x-request-id': 'chosen-by-the-client' } });
      expect(res.headers['x-request-id'], url).toMatch(UUID);
      ids.add(String(res.headers['x-request-id']));
    }
    expect(ids.size).toBe(4);
  });

  describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1), with the log captured', () => {
    let app: FastifyInstance;
    const lines: Record<string, unknown>[] = [];
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk: Buffer, _enc, done) {
          for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
          done();
        },
      });
      app = await buildApp({ ...t.deps, config: { ...t.deps.config, TRUST_PROXY: '127.0.0.1' } }, { logger: { level: 'info', stream } });
      await app.ready();
    });
    afterAll(() => app?.close());

    it("keeps the proxy's sane id, replaces an unusable one, and ignores one from another peer", async () => {
      const sane = 'nginx-7f3a9c0e2b1d4e5f8a6b7c8d9e0f1a2b';
      expect((await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sane } })).headers['x-request-id']).toBe(sane);
      for (const bad of ['has space', 'quote"d', 'x'.repeat(129), '', 'ação']) {
        const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
        expect(res.headers['x-request-id'], bad).toMatch(UUID);
        expect(REQUEST_ID_PATTERN.test(bad)).toBe(false);
      }
      const other = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': sane }, remoteAddress: '203.0.113.9' });
      expect(other.headers['x-request-id']).toMatch(UUID);
    });

    it('every log line of a request carries its id, its own and no other', async () => {
      lines.length = 0;
      const proxied = 'req-from-proxy-000000000001';
      const a = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': proxied } });
      const b = await app.inject({ method: 'POST', url: '/api/signin', payload: { email: 'x' } });
      expect(a.statusCode).toBe(401);
      expect(b.statusCode).toBe(400);
      const idB = String(b.headers['x-request-id']);
      const ofA = lines.filter((l) => l.reqId === proxied);
      const ofB = lines.filter((l) => l.reqId === idB);
      // Fastify's own lines (incoming request, request completed) at least, and nothing of the request without its id.
      expect(ofA.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(ofB.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      expect(lines.filter((l) => l.req || l.res).every((l) => l.reqId === proxied || l.reqId === idB)).toBe(true);
      expect(lines.every((l) => typeof l.reqId === 'string')).toBe(true);
    });
  });
});
