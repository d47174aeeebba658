/**
 * Galleries and uploads (spec 2 §2.10, §5 "Files", §7.4): every gallery route, the 30 MB limit, types by
 * content, infographic zips (extracted safely, refused with nothing stored) and the stock-photo proxy
 * against a local fake Pixabay server.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_MSG, GALLERY_PAGE_SIZE, STOCK_PAGE_SIZE, ZIP_LIMITS } from '@edu/shared/galleries';
import { MSG } from '@edu/shared/messages';
import { call, createTestApp, PNG_1PX, signIn, type TestApp } from './harness';
import { galleries, galleryFiles, providers } from '../src/db/schema';
import { demoEmail } from '../src/demo/seed';
import { zip } from './zip-writer';
import { checkEntryKind, checkEntryName, ZipRefused } from '../src/modules/galleries/zip';

const INDEX = Buffer.from('<!doctype html><html><head><link rel="stylesheet" href="css/style.css"></head><body><h1>Infográfico</h1><script src="app.js"></script></body></html>');

// ---------------------------------------------------------------- files by content

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const CFB = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const DOCX = zip([
  { name: '[Content_Types].xml', data: Buffer.from(CONTENT_TYPES) },
  { name: 'word/document.xml', data: Buffer.from('<w:document/>') },
]);
const DOCX_WITHOUT_TYPES = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
const MB = 1024 * 1024;

/** A multipart body with optional text fields before the file. */
function multipart(data: Buffer, opts: { field: string; filename?: string; contentType?: string; fields?: Record<string, string> }) {
  const boundary = `----gallery-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(opts.fields ?? {})) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field}"; filename="${opts.filename ?? 'file.bin'}"\r\n` +
        `Content-Type: ${opts.contentType ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

// ---------------------------------------------------------------- fake Pixabay

interface FakeStock {
  port: number;
  requests: URL[];
  close(): Promise<void>;
}

async function startFakeStock(): Promise<FakeStock> {
  const requests: URL[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/img/photo.png') {
      res.setHeader('content-type', 'image/png');
      return res.end(PNG_1PX);
    }
    if (url.pathname === '/redirect') {
      res.statusCode = 302;
      res.setHeader('location', '/img/photo.png');
      return res.end();
    }
    if (url.pathname === '/img/not-an-image.png') {
      res.setHeader('content-type', 'image/png');
      return res.end(PDF);
    }
    if (url.pathname !== '/api/') {
      res.statusCode = 404;
      return res.end();
    }
    const q = url.searchParams.get('q');
    if (q === 'falha') {
      res.statusCode = 500;
      return res.end('[ERROR 500]');
    }
    if (q === 'lento') {
      setTimeout(() => res.end('{}'), 2000);
      return;
    }
    const hit = (id: number) => ({
      id,
      previewURL: `${base}/img/photo.png?preview=${id}`,
      largeImageURL:
        id === 777
          ? `${base}/img/not-an-image.png`
          : id === 666
            ? // Another host than the API's (same machine under another name): never fetched.
              `${base.replace('127.0.0.1', 'localhost')}/img/photo.png?large=${id}`
            : id === 555
              ? `${base}/redirect`
              : `${base}/img/photo.png?large=${id}`,
      webformatURL: 'ignored',
      tags: `natureza, foto ${id}`,
    });
    const id = url.searchParams.get('id');
    res.setHeader('content-type', 'application/json');
    if (id) {
      const n = Number(id);
      return res.end(JSON.stringify(n === 404 ? { total: 0, totalHits: 0, hits: [] } : { total: 1, totalHits: 1, hits: [hit(n)] }));
    }
    const page = Number(url.searchParams.get('page') ?? '1');
    res.end(JSON.stringify({ total: 5000, totalHits: 500, hits: [hit(page * 100 + 1), hit(page * 100 + 2), { id: 'bad' }] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------- setup

let t: TestApp;
let fake: FakeStock;
const ACCOUNTS = ['provider', 'editor', 'serviceprovider', 'admin', 'curator', 'seller', 'client'] as const;
const tok = {} as Record<(typeof ACCOUNTS)[number], string>;
let providerId = 0;
let serviceProviderId = 0;

async function providerIdOf(local: string) {
  const [row] = await t.deps.db.select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail(local)));
  return row!.id;
}

beforeAll(async () => {
  fake = await startFakeStock();
  t = await createTestApp({
    env: {
      PIXABAY_API_KEY: 'chave-de-teste',
      PIXABAY_API_URL: `http://127.0.0.1:${fake.port}/api/`,
      PIXABAY_TIMEOUT_MS: '500',
      RATE_LIMIT_UPLOAD: '1000',
    },
  });
  for (const local of ACCOUNTS) tok[local] = await signIn(t.app, local);
  providerId = await providerIdOf('provider');
  serviceProviderId = await providerIdOf('serviceprovider');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const upload = (kind: string, id: number, token: string, body: { payload: Buffer; headers: Record<string, string> }) =>
  call(t.app, 'POST', `/api/galleries/upload/${kind}/${id}`, { token, payload: body.payload, headers: body.headers });

const fileCount = async () => (await t.deps.db.select({ n: count() }).from(galleryFiles))[0]!.n;
/** Everything under DATA_DIR/uploads/<folder> and DATA_DIR/tmp, to prove nothing was left behind. */
function stored(folder: string): string[] {
  const list = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String) : []);
  return [...list(path.join(t.deps.config.uploadsDir, folder)), ...list(path.join(t.deps.config.dataDir, 'tmp')).map((f) => `tmp/${f}`)];
}

async function galleryOf(id: number, name: string) {
  const res = await call(t.app, 'GET', `/api/galleries/provider/${id}`, { token: tok.provider });
  return res.json<{ id: number; name: string }[]>().find((g) => g.name === name);
}

// ---------------------------------------------------------------- images and other kinds

describe('uploads', () => {
  it('stores an image in the provider gallery (created on demand) and serves it', async () => {
    expect((await call(t.app, 'GET', `/api/galleries/provider/${providerId}`, { token: tok.provider })).json()).toEqual([]);
    const res = await upload(
      'images',
      providerId,
      tok.provider,
      multipart(PNG_1PX, { field: 'images', filename: 'C:\\fakepath\\  minha \u0007 foto.png', contentType: 'image/png', fields: { provider_id: String(providerId), type: 'images' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json<{ id: number; filename: string; url: string }[]>();
    expect(file).toMatchObject({ filename: 'minha foto.png' });
    expect(file!.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: file!.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    expect(served.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['access-control-allow-origin']).toBeUndefined();
    // The app frames its own files and the sites of the embed allow-list only (embeds.test.ts).
    const appCsp = (await call(t.app, 'GET', '/api/health')).headers['content-security-policy'];
    expect(appCsp).toContain("frame-src 'self' youtube.com *.youtube.com");
    expect(appCsp).not.toContain('https:');
    expect(appCsp).toContain("frame-ancestors 'self'");

    const list = (await call(t.app, 'GET', `/api/galleries/provider/${providerId}`, { token: tok.provider })).json();
    expect(list).toEqual([{ id: expect.any(Number), name: 'images' }]);
  });

  it('lets the editor of the same provider upload into the same gallery, with a GIF', async () => {
    const res = await upload('images', providerId, tok.editor, multipart(GIF, { field: 'images', filename: 'anima.gif' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()[0].url).toMatch(/\.gif$/);
    const rows = await t.deps.db.select().from(galleries).where(eq(galleries.providerId, providerId));
    expect(rows.filter((g) => g.name === 'images')).toHaveLength(1);
  });

  it('lists a gallery 15 files per page, newest first, with the total', async () => {
    const images = await galleryOf(providerId, 'images');
    for (let i = 0; i < 15; i++) {
      const res = await upload('images', providerId, tok.provider, multipart(PNG_1PX, { field: 'images', filename: `img-${i}.png` }));
      expect(res.statusCode).toBe(200);
    }
    const page1 = await call(t.app, 'GET', `/api/galleries/details/${images!.id}`, { token: tok.provider });
    expect(page1.statusCode).toBe(200);
    const body = page1.json<{ id: number; name: string; files: { filename: string; createdAt: string }[]; total: number }>();
    expect(body).toMatchObject({ id: images!.id, name: 'images', total: 17 });
    expect(body.files).toHaveLength(GALLERY_PAGE_SIZE);
    expect(body.files[0]!.filename).toBe('img-14.png');
    expect(Number.isNaN(Date.parse(body.files[0]!.createdAt))).toBe(false);
    const page2 = (await call(t.app, 'GET', `/api/galleries/details/${images!.id}?page=2`, { token: tok.provider })).json<{ files: { filename: string }[] }>();
    expect(page2.files.map((f) => f.filename)).toEqual(['anima.gif', 'minha foto.png']);
    expect((await call(t.app, 'GET', `/api/galleries/details/${images!.id}?page=0`, { token: tok.provider })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/galleries/details/999999`, { token: tok.provider })).statusCode).toBe(404);
  });

  it('checks the type by content, not by name or content type; nothing is stored on refusal', async () => {
    const before = await fileCount();
    const storedBefore = stored('images');
    const cases: [string, Buffer, string][] = [
      ['images', PDF, 'foto.png'],
      ['images', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'), 'desenho.png'],
      ['images', Buffer.alloc(0), 'vazio.png'],
      ['pdfs', PNG_1PX, 'documento.pdf'],
      ['questions', PNG_1PX, 'banco.pdf'],
      ['questions', zip([{ name: 'index.html', data: INDEX }]), 'banco.docx'],
      ['infographics', PDF, 'info.zip'],
    ];
    for (const [kind, data, filename] of cases) {
      const res = await upload(kind, providerId, tok.provider, multipart(data, { field: kind, filename, contentType: 'image/png' }));
      expect(res.statusCode, `${kind} ${filename}`).toBe(400);
      expect(res.json()).toMatchObject({ message: GALLERY_MSG.notSupported });
    }
    expect(await fileCount()).toBe(before);
    expect(stored('images')).toEqual(storedBefore);
    expect(stored('pdfs')).toEqual([]);
    expect(stored('questions')).toEqual([]);
  });

  it('needs the field named after the gallery and a multipart body', async () => {
    const wrong = await upload('pdfs', providerId, tok.provider, multipart(PDF, { field: 'images', filename: 'a.pdf' }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: GALLERY_MSG.uploadFail });
    const json = await call(t.app, 'POST', `/api/galleries/upload/pdfs/${providerId}`, { token: tok.provider, payload: {} });
    expect(json.statusCode).toBe(400);
  });

  it('accepts up to 30 MB (above the 10 MB default of the plugin) and refuses more with the pt-BR message', async () => {
    const twelve = Buffer.concat([PDF, Buffer.alloc(12 * MB, 0x20)]);
    const ok = await upload('pdfs', providerId, tok.provider, multipart(twelve, { field: 'pdfs', filename: 'apostila.pdf' }));
    expect(ok.statusCode, ok.body).toBe(200);
    const [file] = ok.json<{ url: string; filename: string }[]>();
    expect(file).toMatchObject({ filename: 'apostila.pdf' });
    expect(fs.statSync(path.join(t.deps.config.uploadsDir, file!.url.slice('/uploads/'.length))).size).toBe(twelve.length);
    const served = await t.app.inject({ method: 'GET', url: file!.url });
    expect(served.headers['content-type']).toBe('application/pdf');
    // Chrome's PDF viewer refuses sandboxed documents: no sandbox, but nothing else may load.
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; object-src 'self'; frame-ancestors 'self'");

    const before = await fileCount();
    const storedBefore = stored('pdfs');
    const big = Buffer.concat([PDF, Buffer.alloc(30 * MB + 1 - PDF.length, 0x20)]);
    const refused = await upload('pdfs', providerId, tok.provider, multipart(big, { field: 'pdfs', filename: 'grande.pdf' }));
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ message: GALLERY_MSG.tooLarge });
    expect(await fileCount()).toBe(before);
    expect(stored('pdfs')).toEqual(storedBefore);
  });

  it('takes doc, docx and pdf question banks', async () => {
    for (const [data, filename, ext] of [
      [PDF, 'banco.pdf', 'pdf'],
      [CFB, 'banco.doc', 'doc'],
      [DOCX, 'banco.docx', 'docx'],
      [DOCX_WITHOUT_TYPES, 'banco2.docx', 'docx'],
    ] as const) {
      const res = await upload('questions', providerId, tok.provider, multipart(data, { field: 'questions', filename }));
      expect(res.statusCode, `${filename} ${res.body}`).toBe(200);
      expect(res.json()[0]).toMatchObject({ filename });
      expect(res.json()[0].url).toMatch(new RegExp(`^/uploads/questions/[0-9a-f]{32}\\.${ext}$`));
    }
    const questions = await galleryOf(providerId, 'questions');
    expect((await call(t.app, 'GET', `/api/galleries/details/${questions!.id}`, { token: tok.provider })).json()).toMatchObject({ total: 4 });
  });
});

// ---------------------------------------------------------------- who may do what

describe('access', () => {
  it('refuses seller and client types on every gallery route', async () => {
    const images = await galleryOf(providerId, 'images');
    for (const who of ['seller', 'client'] as const) {
      const token = tok[who];
      for (const res of [
        await upload('images', providerId, token, multipart(PNG_1PX, { field: 'images' })),
        await call(t.app, 'GET', `/api/galleries/provider/${providerId}`, { token }),
        await call(t.app, 'GET', `/api/galleries/details/${images!.id}`, { token }),
        await call(t.app, 'POST', '/api/gallery/create', { token, payload: { provider_id: providerId, name: 'pdfs' } }),
        await call(t.app, 'GET', '/api/galleries/stock/status', { token }),
        await call(t.app, 'GET', '/api/galleries/stock?term=flor', { token }),
        await call(t.app, 'POST', `/api/galleries/stock/import/${providerId}`, { token, payload: { stockId: 101 } }),
      ]) {
        expect(res.statusCode, `${who} ${res.body}`).toBe(403);
        expect(res.json()).toMatchObject({ message: MSG.forbidden });
      }
    }
  });

  it("answers another provider's galleries to provider users as missing (404), including an editor of provider A on provider B", async () => {
    const images = await galleryOf(providerId, 'images');
    const before = await fileCount();
    const cases = [
      await upload('images', serviceProviderId, tok.provider, multipart(PNG_1PX, { field: 'images' })),
      await upload('images', serviceProviderId, tok.editor, multipart(PNG_1PX, { field: 'images' })),
      await upload('infographics', providerId, tok.serviceprovider, multipart(zip([{ name: 'index.html', data: INDEX }]), { field: 'infographics' })),
      await call(t.app, 'GET', `/api/galleries/provider/${providerId}`, { token: tok.serviceprovider }),
      await call(t.app, 'GET', `/api/galleries/details/${images!.id}`, { token: tok.serviceprovider }),
      await call(t.app, 'POST', '/api/gallery/create', { token: tok.editor, payload: { provider_id: serviceProviderId, name: 'images' } }),
      await call(t.app, 'POST', `/api/galleries/stock/import/${providerId}`, { token: tok.serviceprovider, payload: { stockId: 101 } }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect(await fileCount()).toBe(before);
    expect((await t.deps.db.select().from(galleries).where(eq(galleries.providerId, serviceProviderId))).length).toBe(0);
    // A provider id that does not exist: 404 too (the role is not refused: the object is not there for it).
    expect((await upload('images', 999999, tok.provider, multipart(PNG_1PX, { field: 'images' }))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/galleries/provider/999999', { token: tok.provider })).statusCode).toBe(404);
  });

  it('lets staff read any provider galleries but not upload', async () => {
    const images = await galleryOf(providerId, 'images');
    for (const who of ['admin', 'curator'] as const) {
      const token = tok[who];
      const list = await call(t.app, 'GET', `/api/galleries/provider/${providerId}`, { token });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ name: string }[]>().map((g) => g.name)).toContain('images');
      expect((await call(t.app, 'GET', `/api/galleries/details/${images!.id}`, { token })).json()).toMatchObject({ total: 17 });
      expect((await upload('images', providerId, token, multipart(PNG_1PX, { field: 'images' }))).statusCode).toBe(403);
      expect((await call(t.app, 'POST', '/api/gallery/create', { token, payload: { provider_id: providerId, name: 'pdfs' } })).statusCode).toBe(403);
    }
  });

  it('creates a gallery once per provider and name', async () => {
    const first = await call(t.app, 'POST', '/api/gallery/create', { token: tok.serviceprovider, payload: { provider_id: serviceProviderId, name: 'images' } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ name: 'images' });
    const again = await call(t.app, 'POST', '/api/gallery/create', { token: tok.serviceprovider, payload: { provider_id: serviceProviderId, name: 'images' } });
    expect(again.json()).toEqual(first.json());
    const bad = await call(t.app, 'POST', '/api/gallery/create', { token: tok.serviceprovider, payload: { provider_id: serviceProviderId, name: 'videos' } });
    expect(bad.statusCode).toBe(400);
    const list = (await call(t.app, 'GET', `/api/galleries/provider/${serviceProviderId}`, { token: tok.serviceprovider })).json();
    expect(list).toEqual([first.json()]);
  });
});

// ---------------------------------------------------------------- infographics

describe('infographic zips', () => {
  const send = (data: Buffer, filename = 'infografico.zip') => upload('infographics', providerId, tok.provider, multipart(data, { field: 'infographics', filename, contentType: 'application/zip' }));

  it('extracts a zip with index.html at the root and serves it sandboxed', async () => {
    const res = await send(
      zip([
        { name: 'index.html', data: INDEX },
        { name: 'css/', method: 0, external: 0o40755 << 16 },
        { name: 'css/style.css', data: Buffer.from('h1 { color: teal; }') },
        { name: 'app.js', data: Buffer.from('document.title = "ok";') },
        { name: 'img/foto.png', data: PNG_1PX, method: 0 },
      ]),
      'Meu infográfico.zip',
    );
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json<{ url: string; filename: string }[]>();
    expect(file!.filename).toBe('Meu infográfico.zip');
    expect(file!.url).toMatch(/^\/uploads\/infographics\/[0-9a-f]{32}\/index\.html$/);
    const page = await t.app.inject({ method: 'GET', url: file!.url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Infográfico');
    expect(page.headers['content-security-policy']).toBe("sandbox allow-scripts; default-src 'self' 'unsafe-inline' data: blob:; frame-ancestors 'self'");
    // Its own files are cross-origin requests from the opaque origin: allowed (public files, no credentials).
    expect(page.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(page.headers['access-control-allow-origin']).toBe('*');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const css = await t.app.inject({ method: 'GET', url: file!.url.replace('index.html', 'css/style.css') });
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('teal');
    const img = await t.app.inject({ method: 'GET', url: file!.url.replace('index.html', 'img/foto.png') });
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(stored('tmp')).toEqual([]);
  });

  it('accepts a single top-level folder (removed) and skips __MACOSX files', async () => {
    const res = await send(
      zip([
        { name: 'projeto/index.html', data: INDEX },
        { name: 'projeto/app.js', data: Buffer.from('1') },
        { name: '__MACOSX/projeto/._index.html', data: Buffer.from('x') },
        { name: 'projeto/.DS_Store', data: Buffer.from('x') },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const dir = path.join(t.deps.config.uploadsDir, path.dirname(res.json()[0].url.slice('/uploads/'.length)));
    expect(fs.readdirSync(dir).sort()).toEqual(['app.js', 'index.html']);
  });

  const refusals: [string, () => Buffer, string][] = [
    ['path traversal (..)', () => zip([{ name: 'index.html', data: INDEX }, { name: '../fora.html', data: INDEX }]), GALLERY_MSG.zipUnsafe],
    ['a traversal inside a folder', () => zip([{ name: 'index.html', data: INDEX }, { name: 'a/../../fora.html', data: INDEX }]), GALLERY_MSG.zipUnsafe],
    ['an absolute path', () => zip([{ name: 'index.html', data: INDEX }, { name: '/etc/cron.d/x', data: INDEX }]), GALLERY_MSG.zipUnsafe],
    ['a drive letter', () => zip([{ name: 'index.html', data: INDEX }, { name: 'C:/x.html', data: INDEX }]), GALLERY_MSG.zipUnsafe],
    ['a backslash', () => zip([{ name: 'index.html', data: INDEX }, { name: '..\\fora.html', data: INDEX }]), GALLERY_MSG.zipUnsafe],
    [
      'a symlink',
      () => zip([{ name: 'index.html', data: INDEX }, { name: 'link', data: Buffer.from('/etc/passwd'), method: 0, external: (0o120777 << 16) >>> 0 }]),
      GALLERY_MSG.zipUnsafe,
    ],
    [
      'too many entries',
      () => zip([{ name: 'index.html', data: INDEX }, ...Array.from({ length: ZIP_LIMITS.maxEntries }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x'), method: 0 as const }))]),
      GALLERY_MSG.zipUnsafe,
    ],
    ['a zip bomb (expansion ratio)', () => zip([{ name: 'index.html', data: INDEX }, { name: 'zeros.bin', data: Buffer.alloc(20 * MB) }]), GALLERY_MSG.zipUnsafe],
    [
      'a declared size above the total limit',
      () => zip([{ name: 'index.html', data: INDEX }, { name: 'big.bin', data: Buffer.from('x'.repeat(1000)), declaredSize: ZIP_LIMITS.maxTotalBytes + 1 }]),
      GALLERY_MSG.zipUnsafe,
    ],
    ['an entry larger than it declares', () => zip([{ name: 'index.html', data: INDEX }, { name: 'lie.txt', data: Buffer.from('y'.repeat(5000)), declaredSize: 10 }]), GALLERY_MSG.zipUnsafe],
    ['duplicate names', () => zip([{ name: 'index.html', data: INDEX }, { name: 'INDEX.html', data: INDEX }]), GALLERY_MSG.zipUnsafe],
    ['a corrupt archive', () => zip([{ name: 'index.html', data: INDEX }]).subarray(0, 60), GALLERY_MSG.zipUnsafe],
    ['no index.html', () => zip([{ name: 'pagina.html', data: INDEX }, { name: 'app.js', data: Buffer.from('1') }]), GALLERY_MSG.zipNoIndex],
    ['index.html only in a sub-folder', () => zip([{ name: 'a/b/index.html', data: INDEX }]), GALLERY_MSG.zipNoIndex],
    ['two top-level folders', () => zip([{ name: 'a/index.html', data: INDEX }, { name: 'b/app.js', data: Buffer.from('1') }]), GALLERY_MSG.zipNoIndex],
  ];

  it('checks names and kinds itself too (yauzl already refuses some of these)', () => {
    for (const name of ['../a', 'a/../../b', '/abs', 'C:/x', 'a\\b', 'a//b', './a', 'a/./b', 'a\u0000b', '']) {
      expect(() => checkEntryName(name), JSON.stringify(name)).toThrow(ZipRefused);
    }
    expect(checkEntryName('css/style.css')).toEqual({ segments: ['css', 'style.css'], dir: false });
    expect(checkEntryName('img/')).toEqual({ segments: ['img'], dir: true });
    expect(() => checkEntryKind({ externalFileAttributes: (0o120777 << 16) >>> 0 })).toThrow(ZipRefused);
    expect(() => checkEntryKind({ externalFileAttributes: (0o020666 << 16) >>> 0 })).toThrow(ZipRefused);
    expect(() => checkEntryKind({ externalFileAttributes: 0x400 })).toThrow(ZipRefused);
    expect(() => checkEntryKind({ externalFileAttributes: (0o100644 << 16) >>> 0 })).not.toThrow();
    expect(() => checkEntryKind({ externalFileAttributes: 0x20 })).not.toThrow();
  });

  it.each(refusals)('refuses %s with a pt-BR message and stores nothing', async (_label, build, message) => {
    const before = await fileCount();
    const storedBefore = stored('infographics');
    const res = await send(build());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message });
    expect(await fileCount()).toBe(before);
    expect(stored('infographics')).toEqual(storedBefore);
    expect(stored('tmp')).toEqual([]);
    expect(fs.existsSync(path.join(t.deps.config.dataDir, 'fora.html'))).toBe(false);
    expect(fs.existsSync(path.join(t.deps.config.uploadsDir, 'fora.html'))).toBe(false);
  });
});

// ---------------------------------------------------------------- stock photos

describe('stock photos', () => {
  it('says whether the search is configured', async () => {
    expect((await call(t.app, 'GET', '/api/galleries/stock/status', { token: tok.provider })).json()).toEqual({ enabled: true });
    const key = t.deps.config.PIXABAY_API_KEY;
    t.deps.config.PIXABAY_API_KEY = '';
    try {
      expect((await call(t.app, 'GET', '/api/galleries/stock/status', { token: tok.editor })).json()).toEqual({ enabled: false });
      const off = await call(t.app, 'GET', '/api/galleries/stock?term=flor', { token: tok.provider });
      expect(off.statusCode).toBe(503);
      expect(off.json()).toMatchObject({ message: GALLERY_MSG.stockDisabled });
    } finally {
      t.deps.config.PIXABAY_API_KEY = key;
    }
  });

  it('proxies the search (21 per page, photos, pt) and maps the hits', async () => {
    fake.requests.length = 0;
    const res = await call(t.app, 'GET', '/api/galleries/stock?term=%20flor%20amarela%20&page=2', { token: tok.serviceprovider });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ hits: { id: number; previewURL: string; largeImageURL: string; tags?: string }[]; total: number }>();
    expect(body.total).toBe(500);
    expect(body.hits).toHaveLength(2);
    expect(body.hits[0]).toEqual({
      id: 201,
      previewURL: `http://127.0.0.1:${fake.port}/img/photo.png?preview=201`,
      largeImageURL: `http://127.0.0.1:${fake.port}/img/photo.png?large=201`,
      tags: 'natureza, foto 201',
    });
    const sent = fake.requests[0]!;
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      key: 'chave-de-teste',
      q: 'flor amarela',
      page: '2',
      per_page: String(STOCK_PAGE_SIZE),
      image_type: 'photo',
      safesearch: 'true',
      lang: 'pt',
    });
  });

  it('answers 502 with the pt-BR message when the service fails or is too slow, and validates the query', async () => {
    for (const term of ['falha', 'lento']) {
      const res = await call(t.app, 'GET', `/api/galleries/stock?term=${term}`, { token: tok.provider });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ message: GALLERY_MSG.stockFail });
    }
    expect((await call(t.app, 'GET', '/api/galleries/stock?term=%20%20', { token: tok.provider })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/galleries/stock?term=flor&page=26', { token: tok.provider })).statusCode).toBe(400);
  });

  it('copies a chosen photo into the provider image gallery', async () => {
    const before = await fileCount();
    fake.requests.length = 0;
    const res = await call(t.app, 'POST', `/api/galleries/stock/import/${serviceProviderId}`, { token: tok.serviceprovider, payload: { stockId: 301 } });
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json<{ url: string; filename: string }[]>();
    expect(file).toMatchObject({ filename: 'banco-de-imagens-301.png' });
    expect(file!.url).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url: file!.url })).rawPayload.equals(PNG_1PX)).toBe(true);
    expect(fake.requests.map((u) => `${u.pathname}?${u.searchParams.get('id') ?? u.searchParams.get('large')}`)).toEqual(['/api/?301', '/img/photo.png?301']);
    expect(await fileCount()).toBe(before + 1);

    const missing = await call(t.app, 'POST', `/api/galleries/stock/import/${serviceProviderId}`, { token: tok.serviceprovider, payload: { stockId: 404 } });
    expect(missing.statusCode).toBe(404);
    const notImage = await call(t.app, 'POST', `/api/galleries/stock/import/${serviceProviderId}`, { token: tok.serviceprovider, payload: { stockId: 777 } });
    expect(notImage.statusCode).toBe(502);
    expect(notImage.json()).toMatchObject({ message: GALLERY_MSG.stockFail });
    // An image address outside the API's host, or a redirect, is refused without fetching it.
    fake.requests.length = 0;
    const otherHost = await call(t.app, 'POST', `/api/galleries/stock/import/${serviceProviderId}`, { token: tok.serviceprovider, payload: { stockId: 666 } });
    expect(otherHost.statusCode).toBe(502);
    expect(fake.requests.map((u) => u.pathname)).toEqual(['/api/']);
    const redirected = await call(t.app, 'POST', `/api/galleries/stock/import/${serviceProviderId}`, { token: tok.serviceprovider, payload: { stockId: 555 } });
    expect(redirected.statusCode).toBe(502);
    expect(await fileCount()).toBe(before + 1);
  });
});
