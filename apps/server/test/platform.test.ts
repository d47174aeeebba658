import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/app';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { emails } from '../src/platform/platform.tables';
import { hasHits, pgRateLimitStore } from '../src/platform/rate-limit-store';
import { createTestApp, demoEmail, type TestApp } from './harness';
import { waitUntil } from './wait';

describe('configuration', () => {
  it('embedded default without DATABASE_URL: demo data, outbox mail', () => {
    const config = loadConfig({});
    expect(config.embedded).toBe(true);
    expect(config.loadDemoData).toBe(true);
    expect(config.mailMode).toBe('outbox');
  });

  it('never loads demo data into a real database unless DEMO_DATA=true', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y' }).loadDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x/y', DEMO_DATA: 'true' }).loadDemoData).toBe(true);
    expect(loadConfig({ MAIL_URL: 'smtp://mail:25' }).mailMode).toBe('smtp');
  });
});

async function mailJobs(t: TestApp) {
  const { rows } = await t.deps.database.sql.executeSql("select state, retry_count from pgboss.job where name = 'mail'", []);
  return rows as { state: string; retry_count: number }[];
}

describe('mail delivery by job', () => {
  let outbox: TestApp;
  let smtp: TestApp;
  beforeAll(async () => {
    outbox = await createTestApp();
    // Nothing listens on port 1: every SMTP attempt fails.
    // A one-second retry delay (MAIL_RETRY_DELAY_SECONDS) keeps the retry test short.
    smtp = await createTestApp({ env: { MAIL_URL: 'smtp://127.0.0.1:1', MAIL_RETRY_DELAY_SECONDS: '1' } });
    await outbox.deps.mailer.startWorker();
    await smtp.deps.mailer.startWorker();
  });
  afterAll(async () => {
    await outbox?.close();
    await smtp?.close();
  });

  it('in outbox mode the job marks the e-mail as kept in the outbox', async () => {
    const res = await outbox.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: demoEmail('client') } });
    expect(res.statusCode).toBe(200);
    const row = await waitUntil(async () => {
      const [mail] = await outbox.deps.db.select().from(emails).where(eq(emails.to, demoEmail('client')));
      return mail?.status === 'outbox' ? mail : undefined;
    }, { interval: 200 });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
  });

  it('a failed SMTP delivery is recorded and the job is retried after MAIL_RETRY_DELAY_SECONDS', { timeout: 20_000 }, async () => {
    const res = await smtp.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: demoEmail('user') } });
    expect(res.statusCode).toBe(200);
    const row = await waitUntil(async () => {
      const [mail] = await smtp.deps.db.select().from(emails).where(eq(emails.to, demoEmail('user')));
      return mail?.status === 'failed' ? mail : undefined;
    }, { interval: 200 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await mailJobs(smtp)).some((j) => j.state === 'retry')).toBe(true);
    // pg-boss runs it again after the retry delay (1 s here, with backoff).
    const retried = await waitUntil(async () => {
      const [mail] = await smtp.deps.db.select().from(emails).where(eq(emails.to, demoEmail('user')));
      return mail && mail.attempts >= 2 ? mail : undefined;
    }, { timeout: 15_000, interval: 200 });
    expect(retried.status).toBe('failed');
  });

  it('a rolled-back change leaves neither the e-mail nor its job behind', async () => {
    const before = (await mailJobs(outbox)).length;
    await expect(
      outbox.deps.db.transaction(async (tx) => {
        await outbox.deps.mailer.send(tx, { to: 'rollback@exemplo.com.br', subject: 'x', paragraphs: ['x'] });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await outbox.deps.db.select().from(emails).where(eq(emails.to, 'rollback@exemplo.com.br'))).toHaveLength(0);
    expect((await mailJobs(outbox)).length).toBe(before);
  });

  it('answers carry the security headers', async () => {
    const res = await outbox.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeDefined();
  });
});

describe('rate-limit counters in the database (rate_limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  const incr = (store: FastifyRateLimitStore, key: string, windowMs: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      (store.incr as (k: string, cb: (e: Error | null, r?: { current: number; ttl: number }) => void, w: number) => void)(key, (e, r) => (e ? reject(e) : resolve(r!)), windowMs),
    );

  it('counts hits per key within a fixed window, starts again after it, and keeps routes apart', async () => {
    const Store = pgRateLimitStore(t.deps.database.sql);
    const root = new Store({} as never);
    const signin = root.child({ routeInfo: { method: 'POST', url: '/api/signin' } } as never);
    const forgot = root.child({ routeInfo: { method: 'POST', url: '/api/forgot-password' } } as never);
    expect((await incr(signin, 'k', 400)).current).toBe(1);
    const second = await incr(signin, 'k', 400);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(400);
    // Another route's counter with the same key, and another key, start at 1.
    expect((await incr(forgot, 'k', 400)).current).toBe(1);
    expect((await incr(signin, 'other', 400)).current).toBe(1);
    // The window is the database's clock (reset_at against now()): await its end rather than sleep past it.
    await waitUntil(async () => !(await hasHits(t.deps.database.sql, 'POST /api/signin k')), { interval: 25, what: 'the window ended' });
    expect((await incr(signin, 'k', 400)).current).toBe(1);
  });

  it('stores a long key (an e-mail read before validation) hashed, still counted', async () => {
    const store = new (pgRateLimitStore(t.deps.database.sql))({} as never);
    const key = `signin-email:${'x'.repeat(5000)}@exemplo.com.br`;
    expect((await incr(store, key, 60_000)).current).toBe(1);
    expect((await incr(store, key, 60_000)).current).toBe(2);
    const { rows } = await t.deps.database.sql.executeSql('select max(length(key))::int as longest from rate_limits', []);
    expect((rows[0] as { longest: number }).longest).toBeLessThanOrEqual(200);
  });
});
