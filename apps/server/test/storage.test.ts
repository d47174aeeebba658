/**
 * File storage: THE same cases against both implementations — the local folder and an S3 bucket
 * (s3rver on loopback) — and, through the API with the bucket configured, an upload served back with the headers the
 * local folder was served with.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { loadConfig } from '../src/config';
import { galleryFiles, unitPackages, users } from '../src/db/schema';
import { isStorageKey, keyOfUpload, localStorage, s3Client, s3Storage, StorageKeyError, uploadUrl, type Storage } from '../src/platform/storage';
import { PNG_1PX, call, createTestApp, demoEmail, multipartFile, signIn, type TestApp } from './harness';
import { copyToStorage, filesToCopy } from '../src/platform/storage-copy';
import { startS3rver, type TestS3 } from './s3rver';
import { zip } from './zip-writer';
import { migrationsDir } from '../src/platform/db';
import { createDatabaseFromTemplate, dropDatabase, randomSuffix, urlForDatabase } from './test-database';

let s3: TestS3;
let localDir: string;

beforeAll(async () => {
  s3 = await startS3rver();
  localDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-storage-'));
});

afterAll(async () => {
  await s3?.close();
  if (localDir) fs.rmSync(localDir, { recursive: true, force: true });
});

const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** `total` deterministic bytes in 1 MiB chunks, produced as they are read; `hash` is their SHA-256 once read. */
function generated(total: number) {
  const hash = crypto.createHash('sha256');
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(1024 * 1024, total - sent);
      const chunk = Buffer.alloc(size, sent / (1024 * 1024));
      chunk.writeUInt32LE(sent, 0);
      sent += size;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** A stream that sends some bytes and then fails. */
const failing = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024, 1));
      this.destroy(new Error('a conexão caiu'));
    },
  });

const implementations: [string, () => Storage][] = [
  ['local folder', () => localStorage(localDir)],
  ['S3 (s3rver)', () => s3Storage(s3.settings)],
];

describe.each(implementations)('%s', (_name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('saves under a server-chosen name and reads, streams, ranges and removes it', async () => {
    const data = Buffer.from('conteúdo do arquivo');
    const key = await storage.save('avatars', data, 'png');
    expect(key).toMatch(/^avatars\/[0-9a-f]{32}\.png$/);
    expect(await storage.read(key)).toEqual(data);
    expect(await storage.size(key)).toBe(data.length);
    const whole = await storage.stream(key);
    expect(whole).toMatchObject({ size: data.length, totalSize: data.length });
    expect(await bytesOf(whole!.body)).toEqual(data);
    const part = await storage.stream(key, { start: 2, end: 5 });
    expect(part).toMatchObject({ size: 4, totalSize: data.length });
    expect(await bytesOf(part!.body)).toEqual(data.subarray(2, 6));
    // Folder and extension are cleaned: nothing but letters, digits and '-'.
    expect(await storage.save('../lo gos', data, 'p/n g')).toMatch(/^logos\/[0-9a-f]{32}\.png$/);
    await storage.remove(key);
    expect(await storage.read(key)).toBeNull();
    await storage.remove(key); // nothing there: no error
  });

  it('puts at an exact key (replacing), and removes a whole folder only', async () => {
    await storage.put('infographics/abc/index.html', Buffer.from('<h1>um</h1>'));
    await storage.put('infographics/abc/css/estilo da página.css', Readable.from([Buffer.from('h1{}')]));
    await storage.put('infographics/abc/index.html', Buffer.from('<h1>dois</h1>'));
    await storage.put('infographics/abcd/index.html', Buffer.from('outro'));
    expect((await storage.read('infographics/abc/index.html'))!.toString()).toBe('<h1>dois</h1>');
    expect((await storage.read('infographics/abc/css/estilo da página.css'))!.toString()).toBe('h1{}');
    await storage.removeAll('infographics/abc');
    expect(await storage.read('infographics/abc/index.html')).toBeNull();
    expect(await storage.read('infographics/abc/css/estilo da página.css')).toBeNull();
    expect((await storage.read('infographics/abcd/index.html'))!.toString()).toBe('outro');
  });

  it('missing objects answer null', async () => {
    expect(await storage.read('avatars/nada.png')).toBeNull();
    expect(await storage.stream('avatars/nada.png')).toBeNull();
    expect(await storage.size('avatars/nada.png')).toBeNull();
    expect(await storage.read('pasta-que-nao-existe/x/y.png')).toBeNull();
  });

  it('keys never escape: traversal and malformed keys are refused, nothing is written outside', async () => {
    const bad = ['../fora.txt', 'a/../../fora.txt', 'a/./b.txt', '/abs/fora.txt', 'a\\..\\fora.txt', 'a//b.txt', 'sem-pasta.txt', 'a/b\u0000.txt', ''];
    for (const key of bad) {
      expect(isStorageKey(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(StorageKeyError);
      expect(await storage.read(key)).toBeNull();
      expect(await storage.stream(key)).toBeNull();
      expect(await storage.size(key)).toBeNull();
      await storage.remove(key);
    }
    // A real file next to the local folder cannot be read through a key.
    fs.writeFileSync(path.join(path.dirname(localDir), 'edu-storage-segredo.txt'), 'segredo');
    try {
      expect(await storage.read(`../${path.basename(localDir)}/../edu-storage-segredo.txt`)).toBeNull();
    } finally {
      fs.rmSync(path.join(path.dirname(localDir), 'edu-storage-segredo.txt'), { force: true });
    }
    expect(fs.existsSync(path.join(path.dirname(localDir), 'fora.txt'))).toBe(false);
  });

  it('a large stream is saved as it arrives (40 MiB, several multipart parts) and read back intact', async () => {
    const source = generated(40 * 1024 * 1024);
    const key = await storage.save('packages', source.stream, 'zip');
    expect(await storage.size(key)).toBe(40 * 1024 * 1024);
    const object = await storage.stream(key);
    const hash = crypto.createHash('sha256');
    for await (const chunk of object!.body) hash.update(chunk as Uint8Array);
    expect(hash.digest('hex')).toBe(source.digest());
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
  }, 60_000);

  it('a stream that fails midway leaves nothing behind', async () => {
    await expect(storage.put('packages/interrompido.zip', failing())).rejects.toThrow();
    expect(await storage.size('packages/interrompido.zip')).toBeNull();
    if (storage.kind === 'local') expect(fs.readdirSync(path.join(localDir, 'packages')).filter((f) => f.includes('interrompido'))).toEqual([]);
  });
});

describe('addresses', () => {
  it('uploadUrl and keyOfUpload are inverse; anything else is not ours', () => {
    expect(uploadUrl('avatars/a1.png')).toBe('/uploads/avatars/a1.png');
    expect(uploadUrl(null)).toBeNull();
    expect(keyOfUpload('/uploads/avatars/a1.png')).toBe('avatars/a1.png');
    for (const url of ['https://exemplo.com/uploads/a/b.png', '/uploads/../segredo', '/uploads/a//b', '/api/x', null]) expect(keyOfUpload(url)).toBeNull();
  });
});

describe('configuration', () => {
  it('chooses the bucket when S3_BUCKET is set, and refuses half a configuration with a pt-BR message', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig(s3.env).s3).toMatchObject({ bucket: 'saber-teste', forcePathStyle: true, endpoint: s3.settings.endpoint });
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/informe também S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'x' })).toThrow(/informe os dois ou nenhum/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT: informe um endereço http/);
  });
});

describe('the API with the bucket configured', () => {
  let t: TestApp;
  const listBucket = async () =>
    ((await s3Client(s3.settings).send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }))).Contents ?? []).map((o) => o.Key!);

  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('an avatar uploaded through the server is stored in the bucket (the row keeps its key) and served with the same headers', async () => {
    const token = await signIn(t.app, 'client');
    const [me] = await t.deps.db.select().from(users).where(eq(users.email, demoEmail('client')));
    const file = multipartFile(PNG_1PX);
    const res = await t.app.inject({ method: 'PUT', url: `/api/user/avatar/${me!.id}`, payload: file.payload, headers: { ...file.headers, authorization: `Bearer ${token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ avatar_url: string }>().avatar_url;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f]{32}\.png$/);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, me!.id));
    expect(row!.avatarKey).toBe(url.slice('/uploads/'.length));
    expect(await listBucket()).toContain(row!.avatarKey);
    // Nothing went to the local folder.
    expect(fs.existsSync(path.join(t.deps.config.uploadsDir, 'avatars'))).toBe(false);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox; frame-ancestors 'self'");
    expect(served.headers['content-disposition']).toBeUndefined();
    expect(served.headers['content-length']).toBe(String(PNG_1PX.length));
    // Conditional GET and ranges, as the local folder answered them.
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(served.headers.etag) } })).statusCode).toBe(304);
    const range = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-3' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-3/${PNG_1PX.length}`);
    expect(range.rawPayload.equals(PNG_1PX.subarray(0, 4))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=9999-' } })).statusCode).toBe(416);
    expect((await t.app.inject({ method: 'HEAD', url })).headers['content-length']).toBe(String(PNG_1PX.length));

    expect((await t.app.inject({ method: 'GET', url: '/uploads/avatars/nada.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/avatars/..%2F..%2Fsegredo' })).statusCode).toBe(404);
  });

  it('an infographic zip is extracted into the bucket and served sandboxed; a Word file is an attachment', async () => {
    const token = await signIn(t.app, 'provider');
    const providerId = (await call(t.app, 'GET', '/api/me', { token })).json<{ provider: { id: number } }>().provider.id;
    const send = (field: string, data: Buffer, filename: string, contentType: string) => {
      const body = multipartFile(data, { field, filename, contentType });
      return call(t.app, 'POST', `/api/galleries/upload/${field}/${providerId}`, { token, payload: body.payload, headers: body.headers });
    };
    const files = [
      { name: 'index.html', data: Buffer.from('<h1>Infográfico</h1><script src="js/app.js"></script>') },
      { name: 'img/foto.png', data: PNG_1PX, method: 0 as const },
      { name: 'js/app.js', data: Buffer.from('document.title = "Infográfico";') },
    ];
    const res = await send('infographics', zip(files), 'info.zip', 'application/zip');
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json<{ url: string }[]>()[0]!.url;
    expect(url).toMatch(/^\/uploads\/infographics\/[0-9a-f]{32}\/index\.html$/);
    const [row] = await t.deps.db.select().from(galleryFiles).where(eq(galleryFiles.storageKey, url.slice('/uploads/'.length)));
    expect(row).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toBe("sandbox allow-scripts; default-src 'self' 'unsafe-inline' data: blob:; frame-ancestors 'self'");
    expect(page.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(page.headers['access-control-allow-origin']).toBe('*');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const img = await t.app.inject({ method: 'GET', url: url.replace('index.html', 'img/foto.png') });
    expect(img.rawPayload.equals(PNG_1PX)).toBe(true);
    // Its script runs under nosniff only with a JavaScript type: text/javascript (RFC 9239), in UTF-8.
    const script = await t.app.inject({ method: 'GET', url: url.replace('index.html', 'js/app.js') });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.body).toBe('document.title = "Infográfico";');

    // A docx (a zip with word/document.xml) is a download, never rendered.
    const docx = zip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    const bank = await send('questions', docx, 'banco.docx', 'application/octet-stream');
    expect(bank.statusCode, bank.body).toBe(200);
    const doc = await t.app.inject({ method: 'GET', url: bank.json<{ url: string }[]>()[0]!.url });
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-disposition']).toBe('attachment');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
  });

  it('unit packages stay private: never served under /uploads', async () => {
    const key = await t.deps.storage.save('packages', Buffer.from('PK'), 'zip');
    expect(await t.deps.storage.size(key)).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: uploadUrl(key) })).statusCode).toBe(404);
    expect(await t.deps.db.select().from(unitPackages).where(eq(unitPackages.storageKey, key))).toEqual([]);
  });
});

describe('copying an uploads folder into the bucket (npm run storage:migrate)', () => {
  it('copies every file to the key of its path, skips what is already there with the same size, and resumes', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-uploads-'));
    try {
      const local = localStorage(dir);
      const avatar = await local.save('avatars', PNG_1PX, 'png');
      await local.put('infographics/f9/index.html', Buffer.from('<h1>oi</h1>'));
      await local.put('infographics/f9/img/foto 1.png', PNG_1PX);
      fs.writeFileSync(path.join(dir, 'avatars', 'meio.png.abc.part'), 'x');
      const bucket = s3Storage({ ...s3.settings });
      const { files, ignored } = await filesToCopy(dir);
      expect(files.map((f) => f.key)).toEqual([avatar, 'infographics/f9/img/foto 1.png', 'infographics/f9/index.html'].sort((a, b) => a.localeCompare(b)));
      expect(ignored).toEqual(['avatars/meio.png.abc.part']);
      // One file already copied (as by an interrupted run), another present with a different size.
      await bucket.put('infographics/f9/index.html', Buffer.from('<h1>oi</h1>'));
      await bucket.put(avatar, Buffer.from('antigo'));
      const seen: number[] = [];
      const first = await copyToStorage(files, localStorage(dir), bucket, { onProgress: (p) => seen.push(p.doneFiles) });
      expect(first).toMatchObject({ files: 3, copied: 2, skipped: 1, failed: [] });
      expect(seen.sort()).toEqual([1, 2, 3]);
      expect(await bucket.read(avatar)).toEqual(PNG_1PX);
      expect(await bucket.read('infographics/f9/img/foto 1.png')).toEqual(PNG_1PX);
      expect(await copyToStorage(files, localStorage(dir), bucket)).toMatchObject({ copied: 0, skipped: 3, failed: [] });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/**
 * Migration storage_keys on a database holding the demo data (the run's template) put back in the state before it:
 * its columns renamed back and holding addresses. The migration's statements (the file, whatever its number) run
 * forward, turn every address into a key, and keep every row.
 */
describe('migration storage_keys', () => {
  const info = inject('testDatabase');
  it.skipIf(!info)('turns /uploads addresses into keys and keeps the demo data', async () => {
    const name = `${info!.prefix}_${randomSuffix()}`;
    await createDatabaseFromTemplate(info!.adminUrl, name, info!.template);
    const client = new pg.Client({ connectionString: urlForDatabase(info!.adminUrl, name) });
    await client.connect();
    try {
      const q = async (text: string) => (await client.query(text)).rows;
      const counts = async () => q(`select (select count(*) from users) u, (select count(*) from providers) p, (select count(*) from sellers) s,
        (select count(*) from item_contents) c, (select count(*) from gallery_files) g, (select count(*) from unit_packages) k`);
      // The state before: the old columns, holding addresses.
      await q(`alter table users rename column avatar_key to avatar_url; alter table providers rename column img_logo_key to img_logo_url;
        alter table providers rename column img_cover_key to img_cover_url; alter table sellers rename column logo_key to logo_url;
        alter table gallery_files rename column storage_key to url`);
      const [user] = await q(`update users set avatar_url = '/uploads/avatars/a1.png' where id = (select min(id) from users) returning id`);
      const [provider] = await q(`update providers set img_logo_url = '/uploads/logos/l1.png', img_cover_url = '/uploads/covers/c1.jpg' where id = (select min(id) from providers) returning id`);
      const [seller] = await q(`update sellers set logo_url = '/uploads/logos/s1.gif' where id = (select min(id) from sellers) returning id`);
      const [gallery] = await q(`insert into galleries (provider_id, name) values (${provider.id}, 'infographics') on conflict do nothing returning id`);
      const galleryId = gallery?.id ?? (await q(`select id from galleries where provider_id = ${provider.id} and name = 'infographics'`))[0].id;
      await q(`insert into gallery_files (gallery_id, filename, url) values (${galleryId}, 'info.zip', '/uploads/infographics/f1/index.html')`);
      const [content] = await q(`select min(id) id from item_contents`);
      await q(`insert into unit_packages (item_content_id, status, storage_key, size) values (${content.id}, 'ready', '/uploads/packages/p1.zip', 2)`);
      const before = await counts();

      const dir = migrationsDir();
      const file = fs.readdirSync(dir).find((f) => /^\d+_storage_keys\.sql$/.test(f))!;
      const statements = fs.readFileSync(path.join(dir, file), 'utf8').split('--> statement-breakpoint');
      await q('begin');
      for (const statement of statements) await q(statement);
      await q('commit');

      expect(await counts()).toEqual(before);
      expect((await q(`select avatar_key from users where id = ${user.id}`))[0]).toEqual({ avatar_key: 'avatars/a1.png' });
      expect((await q(`select img_logo_key, img_cover_key from providers where id = ${provider.id}`))[0]).toEqual({ img_logo_key: 'logos/l1.png', img_cover_key: 'covers/c1.jpg' });
      expect((await q(`select logo_key from sellers where id = ${seller.id}`))[0]).toEqual({ logo_key: 'logos/s1.gif' });
      expect(await q(`select storage_key from gallery_files where filename = 'info.zip'`)).toEqual([{ storage_key: 'infographics/f1/index.html' }]);
      expect(await q(`select storage_key from unit_packages where item_content_id = ${content.id}`)).toEqual([{ storage_key: 'packages/p1.zip' }]);
      expect(await q(`select count(*)::int n from users where avatar_key like '/uploads/%'`)).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
      await dropDatabase(info!.adminUrl, name);
    }
  });
});
