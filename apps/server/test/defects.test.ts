/**
 * The defects found when the product was tried as a new user would. Each block is one
 * defect, asserted the way a client notices it. Runs on PGlite and, with DATABASE_URL, on PostgreSQL
 * (where a NUL character used to answer 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from '@edu/shared/messages';
import { LIMITS } from '@edu/shared/limits';
import { defineRoute } from '@edu/shared/contract';
import { buildApp, closeGracefully, createDeps, loadConfig } from '../src/app';
import { registerRoute } from '../src/platform/http';
import { seedDemo, DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/seed';
import { reviews } from '../src/db/schema';
import { call, createTestApp, demoEmail, postSignin, signIn, type TestApp } from './harness';
import pino from 'pino';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabaseFromTemplate, dropDatabase, randomSuffix, urlForDatabase } from './test-database';

/** No answer a client can cause is in English (zod's or Fastify's defaults). */
const english = /\b(expected|received|invalid input|too small|too big|body|must|request)\b/i;

describe('TRUST_PROXY: off by default, configurable', () => {
  it('parses a boolean or a list of proxy addresses, and refuses a hop count', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).TRUST_PROXY).toBe('127.0.0.1, 10.0.0.0/8');
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).TRUST_PROXY).toBe('loopback');
    expect(() => loadConfig({ TRUST_PROXY: '2' })).toThrow(/TRUST_PROXY/);
    // '1' would read as "one hop" but Fastify would trust every hop: refused like any hop count.
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
  });
});

describe('sign-in limits cannot be dodged with a forged X-Forwarded-For', () => {
  let off: TestApp;
  let behindProxy: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { RATE_LIMIT_SIGNIN: '3' } });
    behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true', RATE_LIMIT_SIGNIN: '3', RATE_LIMIT_SIGNIN_EMAIL: '5' } });
  });
  afterAll(async () => {
    await off?.close();
    await behindProxy?.close();
  });

  it('without TRUST_PROXY a new forged address per attempt still counts against the real one', async () => {
    const email = demoEmail('client');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await postSignin(off.app, email, 'errada', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await postSignin(off.app, email, 'errada', { 'x-forwarded-for': '198.51.100.7' });
    expect(blocked.json()).toMatchObject({ statusCode: 429, message: MSG.tooManyAttempts });
  });

  it('behind a proxy each client address has its own bucket, but one e-mail has a limit across all of them', async () => {
    const email = demoEmail('user');
    const statuses: number[] = [];
    // Five addresses, one attempt each: the per-address limit (3) is never reached; the per-e-mail one (5) is.
    for (let i = 0; i < 6; i++) statuses.push((await postSignin(behindProxy.app, email, 'errada', { 'x-forwarded-for': `203.0.113.${i + 1}` })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // Even the right password is refused for that e-mail now, from a fresh address …
    expect((await postSignin(behindProxy.app, email, 'demo1234', { 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(429);
    // … while another account signs in from the same address.
    expect((await postSignin(behindProxy.app, demoEmail('admin'), 'demo1234', { 'x-forwarded-for': '198.51.100.9' })).statusCode).toBe(200);
  });

  it('attempts the per-address limit refused do not count for the e-mail: one address cannot lock an account out', async () => {
    const email = demoEmail('director');
    // One address hammers the account: 3 wrong passwords, then 10 refusals by the per-address limit.
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) statuses.push((await postSignin(behindProxy.app, email, 'errada', { 'x-forwarded-for': '192.0.2.66' })).statusCode);
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 429]);
    // Only the 3 attempts that got through count for the e-mail (limit 5): its owner still signs in from home.
    expect((await postSignin(behindProxy.app, email, 'demo1234', { 'x-forwarded-for': '198.51.100.20' })).statusCode).toBe(200);
  });
});

describe('bad input is refused with a pt-BR message that says what is wrong', () => {
  let t: TestApp;
  let provider: string;
  let seller: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp();
    [provider, seller, manager] = await Promise.all([signIn(t.app, 'provider'), signIn(t.app, 'seller'), signIn(t.app, 'manager')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const nulCases: [string, () => Promise<{ statusCode: number; json(): unknown }>][] = [
    ['a search parameter (Minhas Unidades)', () => call(t.app, 'GET', '/api/items/item/content/provider', { token: provider, query: { title: 'fun\u0000ção' } })],
    ['a search parameter (staff units)', () => call(t.app, 'GET', '/api/items/review/find', { token: manager, query: { itemContentTitle: 'a\u0000' } })],
    ['a search parameter (team)', () => call(t.app, 'GET', '/api/sellers/my-team', { token: seller, query: { name: '\u0000' } })],
    ['a unit title', () => call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: { title: 'Título\u0000' } })],
    ['a nested text (topic title)', () => call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: { title: 'Ok', topics: [{ title: 'x\u0000', content: '' }] } })],
    ['a team member name', () => call(t.app, 'POST', '/api/providers/editor/create', { token: provider, payload: { email: 'nul@exemplo.com.br', nameUser: 'Ana\u0000', type: 'editor' } })],
  ];
  for (const [what, send] of nulCases) {
    it(`a NUL character in ${what} answers 400, not 500`, async () => {
      const res = await send();
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NUL_CHARACTER', message: MSG.nulCharacter });
    });
  }

  it('a JSON body sent as text/plain is named for what it is', async () => {
    const res = await call(t.app, 'POST', '/api/signin', { payload: JSON.stringify({ email: demoEmail('client'), password: 'x' }), headers: { 'content-type': 'text/plain' } });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ message: MSG.bodyNotJson });
  });

  it('broken JSON, an empty JSON body and a body that is not an object are each said in Portuguese', async () => {
    const broken = await call(t.app, 'POST', '/api/signin', { payload: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: MSG.bodyInvalidJson });
    const empty = await call(t.app, 'POST', '/api/signin', { payload: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MSG.bodyEmptyJson });
    const list = await call(t.app, 'POST', '/api/signin', { payload: '[1,2]', headers: { 'content-type': 'application/json' } });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toMatchObject({ message: MSG.bodyMustBeObject });
  });

  it('reviewId: 0 says it must be greater than 0, on the field', async () => {
    const res = await call(t.app, 'POST', '/api/items/comment/post', { token: manager, payload: { comment: 'Oi', reviewId: 0, itemId: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: MSG.minNumber(0, false), fields: { reviewId: MSG.minNumber(0, false) } });
    const text = await call(t.app, 'POST', '/api/items/comment/post', { token: manager, payload: { comment: 'Oi', reviewId: 'um', itemId: 1 } });
    expect(text.json()).toMatchObject({ fields: { reviewId: MSG.mustBeNumber } });
  });

  it('a body over the limit says so with the limit of that route, not the image message (sign-in)', async () => {
    const res = await call(t.app, 'POST', '/api/signin', { payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(1024 * 1024 + 10) }), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.bodyTooLarge(1024 * 1024));
    expect(res.json().message).not.toBe(MSG.imageTooLarge);
    expect(res.json().message).toContain('1 MB');
  });

  it('a unit title has a limit a user expects, with its message; at the limit it saves', async () => {
    const long = await call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: { title: 'x'.repeat(600) } });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { title: `Máximo de ${LIMITS.unitTitleMax} caracteres` } });
    const topic = await call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: { title: 'Ok', topics: [{ title: 't'.repeat(LIMITS.topicTitleMax + 1), content: '' }] } });
    expect(topic.json()).toMatchObject({ fields: { 'topics.0.title': `Máximo de ${LIMITS.topicTitleMax} caracteres` } });
    const fits = await call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: { title: 'y'.repeat(LIMITS.unitTitleMax) } });
    expect(fits.statusCode).toBe(200);
  });

  it('none of these answers is in English', async () => {
    const answers = await Promise.all([
      call(t.app, 'POST', '/api/items/comment/post', { token: manager, payload: { comment: 'Oi', reviewId: 0, itemId: -1 } }),
      call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: { title: 1, authors: 'x', learningType: 'nada' } }),
      call(t.app, 'GET', '/api/items/item/content/provider', { token: provider, query: { page: 'dois', order: 'x' } }),
      call(t.app, 'POST', '/api/signin', { payload: 'x', headers: { 'content-type': 'application/xml' } }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const body = res.json() as { message: string; fields?: Record<string, string> };
      for (const text of [body.message, ...Object.values(body.fields ?? {})]) expect(text, res.body).not.toMatch(english);
    }
  });
});

describe('demo data: the published unit has the review that published it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is listed in the staff's 'Publicadas' tab, approved at every stage", async () => {
    const token = await signIn(t.app, 'manager');
    const res = await call(t.app, 'GET', '/api/items/review/find', { token, query: { active: 'false', managerStatus: 'approved' } });
    expect(res.statusCode).toBe(200);
    const rows = res.json().content as { title: string; curatorStatus: string | null; reviewerStatus: string | null; managerStatus: string | null }[];
    expect(rows.map((r) => r.title)).toContain(DEMO_PUBLISHED_UNIT_TITLE);
    expect(rows.find((r) => r.title === DEMO_PUBLISHED_UNIT_TITLE)).toMatchObject({ curatorStatus: 'approved', reviewerStatus: 'approved', managerStatus: 'approved' });
  });

  it('demo data loaded by an earlier version gets the review at the next start, once', async () => {
    const before = await t.deps.db.select().from(reviews);
    await t.deps.db.delete(reviews);
    await seedDemo(t.deps.db);
    await seedDemo(t.deps.db);
    const after = await t.deps.db.select().from(reviews);
    expect(after).toHaveLength(before.length);
    expect(after[0]).toMatchObject({ curatorStatus: 'approved', reviewerStatus: 'approved', managerStatus: 'approved', active: false });
  });
});

describe('AI screens with the demo data and no allow-list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_DATA: 'true' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the demo institution may use them and is told that no model is configured, and how to configure one', async () => {
    const token = await signIn(t.app, 'seller');
    expect((await call(t.app, 'GET', '/api/ai/access', { token })).json()).toEqual({ configured: false, allowed: true });
    const res = await call(t.app, 'POST', '/api/ai/activities', { token, payload: { topic: 'Frações', model: 'Debate Estruturado', duration: 90 } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'AI_NOT_CONFIGURED', message: MSG.aiNotConfigured });
    for (const name of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) expect(MSG.aiNotConfigured).toContain(name);
  });

  it('users without an institution still get the restricted state', async () => {
    const token = await signIn(t.app, 'admin');
    expect((await call(t.app, 'GET', '/api/ai/access', { token })).json()).toEqual({ configured: false, allowed: false });
  });

  it('with an allow-list set, the list alone decides', async () => {
    const listed = await createTestApp({ env: { DEMO_DATA: 'true', AI_ALLOWED_SELLER_IDS: '999999' } });
    try {
      const token = await signIn(listed.app, 'seller');
      expect((await call(listed.app, 'GET', '/api/ai/access', { token })).json()).toEqual({ configured: false, allowed: false });
    } finally {
      await listed.close();
    }
  });
});

describe('graceful shutdown drains before the database closes', () => {
  it('a request in flight when shutdown starts completes with its database work, and new ones are refused', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-drain-'));
    const info = inject('testDatabase');
    const database = info ? `${info.prefix}_${randomSuffix()}` : null;
    if (info && database) await createDatabaseFromTemplate(info.adminUrl, database, info.template);
    const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') };
    if (info && database) env.DATABASE_URL = urlForDatabase(info.adminUrl, database);
    const config = loadConfig(env);
    const deps = await createDeps(config, pino({ level: 'silent' }), { memory: !info });
    const app = await buildApp(deps, { logger: false });
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow = defineRoute({ method: 'GET', path: '/test/slow', tag: 'system', summary: 'teste', access: 'public', response: z.object({ n: z.number() }) });
    registerRoute(app, deps, slow, async () => {
      entered();
      await released;
      const { rows } = await deps.database.sql.executeSql('select 41 + 1 as n', []);
      return { n: Number((rows[0] as { n: number }).n) };
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      const inFlight = fetch(`http://127.0.0.1:${address.port}/api/test/slow`).then(async (r) => ({ status: r.status, body: await r.json() }));
      await handlerEntered;
      // Before the fix this never finished on PostgreSQL: the request's keep-alive connection held close() up.
      const closing = closeGracefully(app, deps);
      // Shutdown has begun: the database must still be open for the request that is running.
      release();
      expect(await inFlight).toEqual({ status: 200, body: { n: 42 } });
      await closing;
      await expect(fetch(`http://127.0.0.1:${address.port}/api/health`)).rejects.toThrow();
    } finally {
      await app.close().catch(() => undefined);
      if (info && database) await dropDatabase(info.adminUrl, database);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a request that outlives the drain does not keep the jobs and the database from closing', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-drain-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const deps = await createDeps(config, pino({ level: 'silent' }), { memory: true });
    const app = await buildApp(deps, { logger: false });
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    const stuck = defineRoute({ method: 'GET', path: '/test/stuck', tag: 'system', summary: 'teste', access: 'public', response: z.object({ n: z.number() }) });
    registerRoute(app, deps, stuck, async () => {
      entered();
      return new Promise<{ n: number }>(() => undefined);
    });
    let databaseClosed = false;
    const closeDatabase = deps.database.close.bind(deps.database);
    deps.database.close = async () => {
      databaseClosed = true;
      await closeDatabase();
    };
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address() as { port: number };
      const hanging = fetch(`http://127.0.0.1:${address.port}/api/test/stuck`).then(
        () => 'answered',
        () => 'cut',
      );
      await handlerEntered;
      await closeGracefully(app, deps, { drainMs: 300 });
      expect(databaseClosed).toBe(true);
      expect(await hanging).toBe('cut');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('route work whose client already went away is waited for too', async () => {
    const t = await createTestApp();
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The work goes on only once shutdown waits for it (the connection is long gone by then).
    const idle = t.app.inFlight.idle.bind(t.app.inFlight);
    t.app.inFlight.idle = (ms: number) => {
      const done = idle(ms);
      release();
      return done;
    };
    const closeDatabase = t.deps.database.close.bind(t.deps.database);
    t.deps.database.close = async () => {
      order.push('database closed');
      await closeDatabase();
    };
    const running = t.app.inFlight.run(async () => {
      await released;
      const { rows } = await t.deps.database.sql.executeSql('select 1 as one', []);
      order.push(`query answered ${JSON.stringify(rows[0])}`);
    });
    await closeGracefully(t.app, t.deps);
    await running;
    expect(order).toEqual(['query answered {"one":1}', 'database closed']);
    await t.close().catch(() => undefined);
  });
});

describe('mail retry delay is configuration', () => {
  it('MAIL_RETRY_DELAY_SECONDS defaults to 5', () => {
    expect(loadConfig({}).MAIL_RETRY_DELAY_SECONDS).toBe(5);
    expect(loadConfig({ MAIL_RETRY_DELAY_SECONDS: '1' }).MAIL_RETRY_DELAY_SECONDS).toBe(1);
  });
});
