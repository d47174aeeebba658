import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { MSG } from '@edu/shared/messages';
import { HEALTH_TIMEOUT_MS } from '../src/modules/system/system.routes';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('GET /api/health', () => {
  it('answers ok with the database and the job queue reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', jobs: 'ok' });
  });

  it('answers 503 degraded, naming the part that failed', async () => {
    vi.spyOn(t.deps.database, 'ping').mockRejectedValueOnce(new Error('connection refused'));
    const db = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(db.statusCode).toBe(503);
    expect(db.json()).toEqual({ status: 'degraded', database: 'error', jobs: 'ok', message: MSG.healthDatabaseDown });
    expect(db.headers['retry-after']).toBe('5');

    vi.spyOn(t.deps.jobs, 'ping').mockRejectedValueOnce(new Error('queue gone'));
    const jobs = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(jobs.statusCode).toBe(503);
    expect(jobs.json()).toEqual({ status: 'degraded', database: 'ok', jobs: 'error', message: MSG.healthJobsDown });
  });

  it('answers 503 within its time-out when the database hangs instead of refusing', async () => {
    vi.spyOn(t.deps.database, 'ping').mockReturnValueOnce(new Promise<void>(() => undefined));
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'error', jobs: 'ok' });
    expect(Date.now() - started).toBeLessThan(HEALTH_TIMEOUT_MS + 1000);
  });
});

describe('OpenAPI', () => {
  it('/api/docs/json documents the API, /api/signin included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/signin']).toHaveProperty('post');
    expect(doc.paths['/api/health']).toHaveProperty('get');
  });

  it('an unknown API path answers 404 with the pt-BR message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Rota não encontrada.' });
  });
});

describe('with a built web app (WEB_DIST)', () => {
  it('serves index.html for client routes and keeps JSON 404s under /api and /uploads', async () => {
    const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Saber Compartilhado</title>');
    // A second app on the same dependencies, configured with the web build.
    const web = await buildApp({ ...t.deps, config: { ...t.deps.config, WEB_DIST: webDist } }, { logger: false });
    try {
      const page = await web.inject({ method: 'GET', url: '/dashboard/profile' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('Saber Compartilhado');
      for (const url of ['/api/nothing-here', '/uploads/avatars/none.png']) {
        const res = await web.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Rota não encontrada.' });
      }
    } finally {
      await web.close();
      fs.rmSync(webDist, { recursive: true, force: true });
    }
  });
});
