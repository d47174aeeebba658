/**
 * Embeds and images from trusted places only: a unit's frames (Iframe Externo, Videoaula, Podcast, PDF) must be on an
 * allowed site (the defaults plus EMBED_ALLOWED_HOSTS) or it is not saved; an external image of unit content (or of a
 * notice template) is fetched once on save and stored, and the content keeps our /uploads/ address; the pages' CSP
 * loads frames from the allowed sites only and images from nowhere else.
 *
 * The images are served by a real HTTP server on 127.0.0.1, which the image import refuses like any non-public
 * address: this app exempts exactly 127.0.0.1/32 (IMAGE_IMPORT_ALLOWED_NETWORKS, the operator's setting for an
 * intranet image server), and the tests show that loopback otherwise, private ranges and the metadata service stay
 * refused.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockHtml } from '@edu/shared/content/unit-content';
import { DEFAULT_EMBED_HOSTS, EMBED_MSG } from '@edu/shared/content/embed-hosts';
import { LIMITS } from '@edu/shared/limits';
import type { NoticeTemplate } from '@edu/shared/notifications';
import type { UnitContent } from '@edu/shared/units';
import { loadConfig } from '../src/config';
import { indexHtml, unitJson } from '../src/modules/delivery/package-content';
import { importStoredImages } from '../src/modules/units/stored-images';
import { itemContents } from '../src/db/schema';
import { call, createTestApp, PNG_1PX, signIn, type TestApp } from './harness';

const GIF_1PX = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let t: TestApp;
let server: http.Server;
let images: string;
let port: number;
const hits = new Map<string, number>();
/** `/lenta.png` answers once this settles (a slow image host). */
let slowHost: Promise<void> = Promise.resolve();
let provider: string;
let exatas: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    hits.set(url, (hits.get(url) ?? 0) + 1);
    if (url === '/foto.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX);
    if (url === '/lenta.png') return void slowHost.then(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG_1PX));
    if (url === '/capa.gif') return void res.writeHead(200, { 'content-type': 'image/gif' }).end(GIF_1PX);
    if (url === '/pagina.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end('<html><script>alert(1)</script></html>');
    if (url === '/desenho.svg') return void res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>');
    if (url === '/enorme.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG_1PX);
      const chunk = Buffer.alloc(1024 * 1024);
      for (let i = 0; i <= LIMITS.imageUploadBytes / chunk.length; i++) res.write(chunk);
      return void res.end();
    }
    if (url === '/ocupado.png') return void res.writeHead(503, { 'retry-after': '60' }).end();
    if (url === '/para-metadados.png') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/iam.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  images = `http://127.0.0.1:${port}`;
  t = await createTestApp({ env: { IMAGE_IMPORT_ALLOWED_NETWORKS: '127.0.0.1/32', EMBED_ALLOWED_HOSTS: 'simuladores.escola.edu.br, *.labvirtual.org.br' } });
  provider = await signIn(t.app, 'provider');
  const areas = (await call(t.app, 'GET', '/api/items/knowledge/find', { token: provider })).json() as { id: number; title: string }[];
  exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
});
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const unit = (over: Record<string, unknown> = {}) => ({
  title: 'Frações com simuladores',
  authors: ['Ana Souza'],
  introduction: '<p>Introdução</p>',
  learningObjectives: ['Somar frações'],
  synthesis: '<p>Síntese</p>',
  bibliographicReference: ['SOUZA, A. Frações. 2026.'],
  knowledges: [exatas],
  levelOfLearning: ['Graduação'],
  topics: [{ title: 'Tópico', content: '<p>Texto</p>' }],
  ...over,
});
const iframe = (url: string) => blockHtml('iframe', '', { url, width: '100%', height: '450px' });
const create = (over: Record<string, unknown> = {}) => call(t.app, 'POST', '/api/items/item/content/create', { token: provider, payload: unit(over) });
const find = async (id: number) => (await call(t.app, 'GET', `/api/items/item/content/find/${id}`, { token: provider })).json<UnitContent>();
const update = (current: UnitContent, over: Record<string, unknown>) =>
  call(t.app, 'PUT', '/api/items/item/content/update', { token: provider, payload: { ...unit(), id: current.id, revision: current.revision, ...over } });

describe('frames of unit content come from allowed sites only', () => {
  it('saves a frame of an allowed site (a default, a subdomain, one the operator added) and refuses any other, naming it', async () => {
    const ok = await create({
      topics: [
        {
          title: 'Simulações',
          content:
            iframe('https://phet.colorado.edu/sims/html/fractions-intro/latest/fractions-intro_all.html?locale=pt_BR') +
            iframe('https://www.geogebra.org/material/iframe/id/abc') +
            iframe('https://simuladores.escola.edu.br/fracoes') +
            iframe('https://quimica.labvirtual.org.br/titulacao') +
            blockHtml('media', 'podcast', { url: 'https://open.spotify.com/embed/episode/4rOoJ6Egrf8K2IrywzwOMk' }) +
            blockHtml('media', 'podcast', { url: 'https://www.podbean.com/player-v2/?i=abc' }) +
            blockHtml('media', 'videoaula', { url: 'https://www.youtube.com/embed/dQw4w9WgXcQ' }),
        },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const saved = ok.json<UnitContent>();
    for (const host of ['phet.colorado.edu', 'www.geogebra.org', 'simuladores.escola.edu.br', 'quimica.labvirtual.org.br', 'open.spotify.com', 'www.podbean.com', 'www.youtube.com']) {
      expect(saved.topics[0]!.content).toContain(host);
    }

    for (const [html, host] of [
      [iframe('https://evil.example/phish'), 'evil.example'],
      // A look-alike is not a subdomain.
      [iframe('https://phet.colorado.edu.evil.example/sim'), 'phet.colorado.edu.evil.example'],
      [iframe('https://notphet.colorado.edu/sim'), 'notphet.colorado.edu'],
      // Hosts that serve anyone's pages: the Wayback Machine's replays, a Podbean user's site, an H5P tenant not added.
      [iframe('https://web.archive.org/web/2026id_/https://evil.example/phish'), 'web.archive.org'],
      [iframe('https://golpe.podbean.com/'), 'golpe.podbean.com'],
      [iframe('https://golpe.h5p.com/content/1/embed'), 'golpe.h5p.com'],
      [blockHtml('media', 'podcast', { url: 'https://podcasts.evil.example/player' }), 'podcasts.evil.example'],
      [blockHtml('media', 'videoaula', { url: 'https://videos.evil.example/aula.mp4' }), 'videos.evil.example'],
      [blockHtml('media', 'pdf', { url: 'https://arquivos.evil.example/apostila.pdf' }), 'arquivos.evil.example'],
    ] as const) {
      const refused = await update(saved, { topics: [{ title: 'Simulações', content: `<p>Antes</p>${html}` }] });
      expect(refused.statusCode, html).toBe(400);
      expect(refused.json().message).toBe(EMBED_MSG.hostRefused(host));
      expect(refused.json().message).toContain('EMBED_ALLOWED_HOSTS');
    }
    // Nothing changed.
    const after = await find(saved.id);
    expect(after.revision).toBe(saved.revision);
    expect(after.topics[0]!.content).toBe(saved.topics[0]!.content);

    // The introduction and the synthesis are checked too, and on creation.
    const intro = await create({ introduction: iframe('https://evil.example/phish') });
    expect(intro.statusCode).toBe(400);
    expect(intro.json().message).toBe(EMBED_MSG.hostRefused('evil.example'));
  });

  it('publishes the list (defaults and the operator\'s hosts) in the public configuration', async () => {
    const config = await call(t.app, 'GET', '/api/public-config');
    expect(config.statusCode).toBe(200);
    const hosts = config.json<{ embedHosts: string[] }>().embedHosts;
    expect(hosts).toEqual([...DEFAULT_EMBED_HOSTS, 'simuladores.escola.edu.br', 'labvirtual.org.br']);
  });

  it('refuses a configuration whose EMBED_ALLOWED_HOSTS is not a list of site names', () => {
    expect(loadConfig({ EMBED_ALLOWED_HOSTS: 'a.com.br b.org' }).embedHosts.slice(-2)).toEqual(['a.com.br', 'b.org']);
    for (const bad of ['*', 'https://x.com.br/pagina', '10.0.0.1', 'exemplo']) {
      expect(() => loadConfig({ EMBED_ALLOWED_HOSTS: bad }), bad).toThrow(/EMBED_ALLOWED_HOSTS/);
    }
  });

  it('loads frames and media from the allowed sites only, and images from this server (and data:/blob:) only', async () => {
    for (const url of ['/api/public-config', '/student/link?token=x']) {
      const res = await call(t.app, 'GET', url);
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) => (csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '').split(/\s+/).slice(1);
      expect(directive('frame-src')).toEqual(expect.arrayContaining(["'self'", 'youtube.com', '*.youtube.com', 'phet.colorado.edu', 'simuladores.escola.edu.br', '*.labvirtual.org.br']));
      expect(directive('frame-src')).not.toContain('https:');
      expect(directive('media-src')).toEqual(expect.arrayContaining(["'self'", 'open.spotify.com', '*.soundcloud.com']));
      expect(directive('media-src')).not.toContain('https:');
      expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    }
    // With the stock photo search on, its previews (the API's host and subdomains, a CDN) too.
    const stock = await createTestApp({ demo: false, env: { PIXABAY_API_KEY: 'chave', PIXABAY_API_URL: 'https://pixabay.com/api/' } });
    try {
      const csp = String((await call(stock.app, 'GET', '/api/public-config')).headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: pixabay.com *.pixabay.com;");
    } finally {
      await stock.close();
    }
    // A local API (an address): with its port, and no `*.` source (invalid for an address).
    const local = await createTestApp({ demo: false, env: { PIXABAY_API_KEY: 'chave', PIXABAY_API_URL: 'http://127.0.0.1:5199/api/' } });
    try {
      const csp = String((await call(local.app, 'GET', '/api/public-config')).headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: 127.0.0.1:5199;");
    } finally {
      await local.close();
    }
  });
});

const key = (data: Buffer, ext: string) => `/uploads/content-images/${crypto.createHash('sha256').update(data).digest('hex')}.${ext}`;

describe('external images are imported on save', () => {

  it('fetches each external image once, stores it and rewrites the content (text, resources, the Figura, the cover)', async () => {
    hits.clear();
    const foto = `${images}/foto.png`;
    const res = await create({
      mediaUrl: `${images}/capa.gif`,
      introduction: `<p>Veja <img src="${foto}" alt="Foto" class="img-responsive"></p>`,
      synthesis: `<p>Síntese <img src="${foto}"></p>`,
      topics: [
        {
          title: 'Imagens',
          content:
            blockHtml('picture', '', { name: 'Foto', resource: 'Acervo', descripiton: 'Uma foto', url: foto }) +
            blockHtml('warning', '', { content: `<p>Atenção <img src="${foto}"></p>` }),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<UnitContent>();
    const stored = key(PNG_1PX, 'png');
    expect(saved.introduction).toBe(`<p>Veja <img src="${stored}" alt="Foto" class="img-responsive" /></p>`);
    expect(saved.synthesis).toContain(`<img src="${stored}" />`);
    expect(saved.topics[0]!.content).toContain(`&quot;url&quot;:&quot;${stored}&quot;`);
    expect(saved.topics[0]!.content).toContain(`src=\\&quot;${stored}\\&quot;`);
    expect(saved.mediaUrl).toBe(key(GIF_1PX, 'gif'));
    const everything = JSON.stringify(saved);
    expect(everything).not.toContain('127.0.0.1');
    // Four uses of one address: one fetch; the cover: one more.
    expect(hits.get('/foto.png')).toBe(1);
    expect(hits.get('/capa.gif')).toBe(1);
    // Served from our storage.
    const file = await t.app.inject({ method: 'GET', url: stored });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG_1PX)).toBe(true);

    // Saved again unchanged: nothing is fetched (the content holds only our addresses now).
    const again = await update(saved, {
      mediaUrl: saved.mediaUrl,
      introduction: saved.introduction,
      synthesis: saved.synthesis,
      topics: saved.topics,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<UnitContent>().introduction).toBe(saved.introduction);
    expect(hits.get('/foto.png')).toBe(1);
  });

  it('a keyed save waits for a slow image host without holding a pooled database connection, then stores the image', async () => {
    let release!: () => void;
    slowHost = new Promise<void>((resolve) => (release = resolve));
    const saving = call(t.app, 'POST', '/api/items/item/content/create', {
      token: provider,
      payload: unit({ introduction: `<p>Lenta <img src="${images}/lenta.png"></p>` }),
      headers: { 'idempotency-key': 'imagem-lenta' },
    });
    await expect.poll(() => hits.get('/lenta.png') ?? 0).toBe(1);
    // The image is being fetched: no connection of the pool is checked out (none idle in a transaction waiting on it).
    const pool = t.deps.database.poolStats();
    if (pool) expect(pool.total - pool.idle).toBe(0);
    release();
    const res = await saving;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UnitContent>().introduction).toMatch(/<img src="\/uploads\/content-images\/[0-9a-f]{64}\.png" \/>/);
  });

  it('refuses the save, naming the image, when it is too large, not a JPG/PNG/GIF, missing or on a non-public address', async () => {
    const created = await create();
    expect(created.statusCode).toBe(200);
    const current = created.json<UnitContent>();
    const cases: [string, string][] = [
      [`${images}/enorme.png`, `passa de ${LIMITS.imageUploadBytes / (1024 * 1024)} MB`],
      [`${images}/pagina.png`, 'não é uma imagem JPG, PNG ou GIF'],
      [`${images}/desenho.svg`, 'não é uma imagem JPG, PNG ou GIF'],
      [`${images}/sumiu.png`, 'o site não entregou a imagem'],
      [`${images}/para-metadados.png`, 'não é de um site público'],
      ['http://169.254.169.254/latest/meta-data/iam.png', 'não é de um site público'],
      ['http://10.0.0.8/foto.png', 'não é de um site público'],
      ['http://192.168.0.1/foto.png', 'não é de um site público'],
      [`http://127.0.0.2:${port}/foto.png`, 'não é de um site público'],
      [`http://[::1]:${port}/foto.png`, 'não é de um site público'],
      ['http://[::ffff:a9fe:a9fe]/foto.png', 'não é de um site público'],
      ['http://[fd00:ec2::254]/foto.png', 'não é de um site público'],
    ];
    for (const [src, reason] of cases) {
      const res = await update(current, { introduction: `<p>Nova <img src="${src}"></p>` });
      expect(res.statusCode, src).toBe(400);
      const message = res.json().message as string;
      expect(message, src).toContain('Não foi possível importar a imagem');
      expect(message, src).toContain(src);
      expect(message, src).toContain(reason);
      expect(message, src).toContain('nada foi salvo');
    }
    // The cover is an image too.
    const cover = await update(current, { mediaUrl: 'http://169.254.169.254/capa.png' });
    expect(cover.statusCode).toBe(400);
    // Nothing was saved.
    const after = await find(current.id);
    expect(after.revision).toBe(current.revision);
    expect(after.introduction).toBe(current.introduction);
  });

  it('imports the external images of a notice template too', async () => {
    hits.clear();
    const admin = await signIn(t.app, 'admin');
    const res = await call(t.app, 'POST', '/api/sellers/notices/templates', {
      token: admin,
      payload: { title: 'Aviso com imagem', htmlContent: `<p>Olá <img src="${images}/foto.png"></p>`, requiresReadConfirmation: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NoticeTemplate>().htmlContent).toBe(`<p>Olá <img src="${key(PNG_1PX, 'png')}" /></p>`);
    expect(hits.get('/foto.png')).toBe(1);
    const refused = await call(t.app, 'POST', '/api/sellers/notices/templates', {
      token: admin,
      payload: { title: 'Aviso com pixel', htmlContent: '<p>Olá <img src="http://169.254.169.254/pixel.gif"></p>', requiresReadConfirmation: false },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ htmlContent: refused.json().message });
  });
});

describe('a service\'s image (shown to institutions in the store) is imported too', () => {
  it('stores an external image on create and on edit, refuses one it cannot import, and fetches nothing for someone who may not edit it', async () => {
    hits.clear();
    const sp = await signIn(t.app, 'serviceprovider');
    const created = await call(t.app, 'POST', '/api/providers/services', {
      token: sp,
      payload: { title: 'Mentoria', description: 'Acompanhamento.', price: 'R$ 200', image: `${images}/foto.png` },
    });
    expect(created.statusCode, created.body).toBe(200);
    const service = created.json<{ id: number; image: string }>();
    expect(service.image).toBe(`/uploads/content-images/${crypto.createHash('sha256').update(PNG_1PX).digest('hex')}.png`);
    const edited = await call(t.app, 'PUT', `/api/providers/services/${service.id}`, { token: sp, payload: { image: `${images}/capa.gif` } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ image: string }>().image).toMatch(/^\/uploads\/content-images\/[0-9a-f]{64}\.gif$/);
    const refused = await call(t.app, 'PUT', `/api/providers/services/${service.id}`, { token: sp, payload: { image: 'http://169.254.169.254/pixel.gif' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('não é de um site público');
    // Said under the image field of the form.
    expect(refused.json().fields).toEqual({ image: refused.json().message });
    // Someone who may not edit it is refused, and the address is never fetched.
    const other = await call(t.app, 'PUT', `/api/providers/services/${service.id}`, { token: provider, payload: { image: `${images}/foto.png?de-outro` } });
    expect(other.statusCode).toBe(403);
    expect(hits.get('/foto.png?de-outro')).toBeUndefined();
  });
});

describe('content saved before images were imported', () => {
  it('the start-up pass imports its external images, removes the ones that cannot be, keeps for later the ones whose host did not answer', async () => {
    hits.clear();
    const created = await create();
    expect(created.statusCode).toBe(200);
    const unitId = created.json<UnitContent>().id;
    const old = {
      introduction: `<p>Antiga <img src="${images}/foto.png"> <img src="http://169.254.169.254/pixel.gif"> <img src="http://127.0.0.1:1/fora-do-ar.png"> <img src="${images}/ocupado.png"></p>`,
      synthesis: '<p>Síntese com <a href="https://exemplo.com.br">link</a></p>',
      topics: [{ title: 'T', content: blockHtml('picture', '', { name: 'F', resource: 'R', descripiton: 'D', url: `${images}/foto.png` }) + iframe('https://evil.example/phish') }],
      mediaUrl: `${images}/capa.gif`,
    };
    // As an older version of the code stored it (no import then).
    await t.deps.db.update(itemContents).set(old).where(eq(itemContents.id, unitId));
    const { revision } = await find(unitId);

    const silent = pino({ level: 'silent' });
    const report = await importStoredImages(t.deps, silent);
    // The host that did not answer and the one busy for now (503) are kept for the next start.
    expect(report).toMatchObject({ rows: 1, imported: 2, dropped: 1, retried: 2 });
    const after = await find(unitId);
    const png = key(PNG_1PX, 'png');
    expect(after.introduction).toBe(`<p>Antiga <img src="${png}" />  <img src="http://127.0.0.1:1/fora-do-ar.png" /> <img src="${images}/ocupado.png" /></p>`);
    expect(after.topics[0]!.content).toContain(`&quot;url&quot;:&quot;${png}&quot;`);
    // Frames are left for the author (the CSP refuses them meanwhile).
    expect(after.topics[0]!.content).toContain('evil.example/phish');
    expect(after.mediaUrl).toBe(key(GIF_1PX, 'gif'));
    expect(after.synthesis).toBe(old.synthesis);
    expect(after.revision).toBe(revision);
    expect(hits.get('/foto.png')).toBe(1);

    // Again: only the image to retry is tried; nothing else changes.
    const again = await importStoredImages(t.deps, silent);
    expect(again).toMatchObject({ rows: 0, imported: 0, dropped: 0, retried: 2 });
    expect((await find(unitId)).introduction).toBe(after.introduction);
  });

  it('a unit package leaves an external image out (its own images are packed)', () => {
    const version = {
      id: 1,
      version: 1,
      title: 'Antiga',
      authors: ['Ana'],
      mediaUrl: 'https://evil.example/capa.png',
      introduction: '<p>Intro <img src="https://evil.example/pixel.png"><img src="/uploads/images/a.png" alt="a"></p>',
      learningObjectives: [],
      topics: [{ title: 'T', content: '<p>Texto <img src="http://evil.example/p.gif"></p>' }],
      synthesis: '<p>Síntese</p>',
      bibliographicReference: [],
      questions: null,
      levelOfLearning: [],
    };
    const packed = new Set(['/uploads/images/a.png']);
    for (const file of [indexHtml(version, packed, null), unitJson(version, packed)]) {
      expect(file).not.toContain('evil.example/pixel.png');
      expect(file).not.toContain('evil.example/p.gif');
      expect(file).not.toContain('evil.example/capa.png');
      expect(file).toContain('media/images-a.png');
    }
  });
});
