/**
 * The job queue drains a backlog at the handler's speed: after a job the worker fetches the next at once, instead of
 * one job per polling interval (1 s). Twenty e-mails queued together are all handled well within what twenty polling
 * intervals would take.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { emails } from '../src/platform/platform.tables';
import { createTestApp, type TestApp } from './harness';

describe('job queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    await t.deps.mailer.startWorker();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('handles a backlog of 20 jobs without waiting a polling interval between them', async () => {
    const to = Array.from({ length: 20 }, (_, i) => `fila.${i}@exemplo.com.br`);
    await t.deps.db.transaction(async (tx) => {
      for (const address of to) await t.deps.mailer.send(tx, { to: address, subject: 'Fila', paragraphs: ['Olá'] });
    });
    const started = Date.now();
    await expect
      .poll(async () => (await t.deps.db.select({ status: emails.status }).from(emails).where(inArray(emails.to, to))).filter((m) => m.status === 'outbox').length, {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(20);
    // One job per 1 s interval would take about 20 s.
    expect(Date.now() - started).toBeLessThan(8_000);
  });
});
