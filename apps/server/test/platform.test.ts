import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/app';
import { emails } from '../src/platform/platform.tables';
import { createTestApp, demoEmail, type TestApp } from './harness';

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

async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

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
    const row = await waitFor(async () => {
      const [mail] = await outbox.deps.db.select().from(emails).where(eq(emails.to, demoEmail('client')));
      return mail?.status === 'outbox' ? mail : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
  });

  it('a failed SMTP delivery is recorded and the job is retried after MAIL_RETRY_DELAY_SECONDS', { timeout: 20_000 }, async () => {
    const res = await smtp.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: demoEmail('user') } });
    expect(res.statusCode).toBe(200);
    const row = await waitFor(async () => {
      const [mail] = await smtp.deps.db.select().from(emails).where(eq(emails.to, demoEmail('user')));
      return mail?.status === 'failed' ? mail : undefined;
    });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await mailJobs(smtp)).some((j) => j.state === 'retry')).toBe(true);
    // pg-boss runs it again after the retry delay (1 s here, with backoff).
    const retried = await waitFor(async () => {
      const [mail] = await smtp.deps.db.select().from(emails).where(eq(emails.to, demoEmail('user')));
      return mail && mail.attempts >= 2 ? mail : undefined;
    }, 15_000);
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
