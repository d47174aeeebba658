/**
 * The built web app as the server sends it: content-hashed assets cached for a year, everything else revalidated, the
 * build's .br and .gz sent as the browser accepts, and a missing asset a 404 rather than the page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LMS_VIEWER_PATH } from '@edu/shared/lms-exports';
import { SHARE_LINK_PATH } from '@edu/shared/share-links';
import { createTestApp, type TestApp } from './harness';

const SCRIPT = `export const hello = ${JSON.stringify('olá '.repeat(600))};\n`;
const VIEWER_HTML = `<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/student-XyZ987ab.js"></script></head><body>${'<!-- viewer -->'.repeat(100)}</body></html>`;
const HTML = `<!doctype html><html lang="pt-BR"><head><script type="module" src="/assets/index-AbC123xy.js"></script></head><body>${'<!-- -->'.repeat(200)}</body></html>`;
let t: TestApp;
let web: string;
/** What the server logged (Fastify's JSON lines), at info and above. */
const logged: { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } }[] = [];

beforeAll(async () => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  const write = (name: string, text: string, compressed = true) => {
    fs.writeFileSync(path.join(web, name), text);
    if (!compressed) return;
    fs.writeFileSync(path.join(web, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(web, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', HTML);
  write('student.html', VIEWER_HTML);
  write('assets/index-AbC123xy.js', SCRIPT);
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  const stream = { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) };
  t = await createTestApp({ env: { WEB_DIST: web }, demo: false, logger: { level: 'info', stream } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) => t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the web build', () => {
  it('sends a hashed asset cached for a year, as the build compressed it for a browser that takes brotli or gzip', async () => {
    const br = await get('/assets/index-AbC123xy.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-encoding']).toBe('br');
    // A shared cache keeps one copy per encoding: the answer says it depends on Accept-Encoding.
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(String(br.headers['content-type'])).toMatch(/^(text|application)\/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-AbC123xy.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has every browser revalidate the page itself, at / and at any route of the app', async () => {
    for (const url of ['/', '/dashboard/units', '/seller/store']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(HTML);
    }
    const svg = await get('/favicon.svg');
    expect(svg.headers['cache-control']).toBe('no-cache');
    expect(svg.body).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it("answers the student viewer's own page for the share links and the LMS page, and the app's for every other route", async () => {
    for (const url of [`${SHARE_LINK_PATH}?token=abc.def`, `${LMS_VIEWER_PATH}?token=abc.def&page=2`, SHARE_LINK_PATH]) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['content-type']), url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(VIEWER_HTML);
    }
    const plain = await get(`${SHARE_LINK_PATH}?token=x`);
    expect(plain.body).toBe(VIEWER_HTML);
    // Only the LMS page may be framed by other sites; the share link keeps the app's policy (an LTI launch's own
    // LMS is added by lti-framing.ts for its links).
    const lms = await get(`${LMS_VIEWER_PATH}?token=x`);
    expect(String(lms.headers['content-security-policy'])).toMatch(/frame-ancestors \*/);
    expect(lms.headers['x-frame-options']).toBeUndefined();
    const link = await get(`${SHARE_LINK_PATH}?token=x`);
    expect(String(link.headers['content-security-policy'])).toMatch(/frame-ancestors 'self'/);
    for (const url of ['/student/other', '/seller/store', '/student/link/extra']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(HTML);
    }
  });

  it('answers a missing asset 404, never the page in place of a script', async () => {
    const res = await get('/assets/index-0ld0ne.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });
});

describe("the server's log", () => {
  it('has no line for a static file served well, and the usual two for a page and an API call', async () => {
    logged.length = 0;
    expect((await get('/assets/index-AbC123xy.js', 'br')).statusCode).toBe(200);
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect(logged).toEqual([]);
    expect((await get('/dashboard/units')).statusCode).toBe(200);
    expect((await get('/api/health')).statusCode).toBe(200);
    expect(logged.map((l) => l.req?.url ?? l.msg)).toEqual(['/dashboard/units', 'request completed', '/api/health', 'request completed']);
  });
});
