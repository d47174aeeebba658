/**
 * Unit packages and the grants: an admin grants an institution `packages` (only admin/director; a seller cannot
 * grant itself; audited), and the unit package — a zip built by the pg-boss job (HTML, media, question bank), cached
 * per version — for the units of ACTIVE rentals of a GRANTED, ACTIVE institution only; staff and the unit's provider
 * always. Refusals: no grant (403), another institution (404), a canceled rent (404), a suspended institution (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import yauzl from 'yauzl';
import { blockHtml } from '@edu/shared/content/unit-content';
import { SAMPLE_RESOURCES } from '@edu/shared/content/unit-content.fixtures';
import { PACKAGE_LIMITS, PACKAGE_MSG, type PackageState } from '@edu/shared/packages';
import type { SessionUser } from '@edu/shared/auth';
import { QUEUES } from '../src/platform/jobs';
import { auditLogs } from '../src/platform/platform.tables';
import { itemContents, providers, rents, sellers, unitPackages, users } from '../src/db/schema';
import { unitPackagesService } from '../src/modules/delivery/packages.service';
import { DEMO_PASSWORD, PNG_1PX, call, createTestApp, signIn, type TestApp } from './harness';
import { uploadUrl } from '../src/platform/storage';
import { waitUntil } from './wait';
import { buildInstitution, buildUnit, buildUser, buildVersion } from './factories';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { demoSeller: 0, otherSeller: 0, demoProvider: 0, unit: 0, unitItem: 0, draft: 0, rent: 0, cover: '', image: '', bank: '' };
const QUESTION_BANK = Buffer.from('%PDF-1.4 banco de questões de teste');
const TITLE = 'Frações no cotidiano (pacote)';

/** The entries of a zip, by name. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const pkg = (method: 'GET' | 'POST', contentId: number, token: string, suffix = '') =>
  call(t.app, method, `/api/items/item/content/${contentId}/package${suffix}`, { token });
const setGrants = (sellerId: number, grants: string[]) => t.deps.db.update(sellers).set({ grants }).where(eq(sellers.id, sellerId));
const jobsFor = async (contentId: number) => {
  const rows = await t.deps.db.execute(sql`select id from pgboss.job where name = ${QUEUES.unitPackages} and (data->>'itemContentId')::int = ${contentId}`);
  return (rows as unknown as { rows?: unknown[] }).rows?.length ?? (rows as unknown as unknown[]).length;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  ids.demoSeller = seller!.id!;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.demoProvider = provider!.id;
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, ids.demoSeller), eq(rents.providerId, ids.demoProvider), eq(rents.status, 'active')));
  ids.rent = rent!.id;

  // A published unit of the demo provider with a cover, an image in the text, a question block and a question bank.
  // Content keeps addresses: the unit refers to its files by uploadUrl(key).
  ids.cover = uploadUrl(await t.deps.storage.save('images', PNG_1PX, 'png'));
  ids.image = uploadUrl(await t.deps.storage.save('images', Buffer.concat([PNG_1PX, Buffer.from('segunda')]), 'png'));
  ids.bank = uploadUrl(await t.deps.storage.save('questions', QUESTION_BANK, 'pdf'));
  const unit = await buildUnit(db, ids.demoProvider, {
    version: 1,
    status: 'publish',
    title: TITLE,
    authors: ['Ana Autora'],
    mediaUrl: ids.cover,
    questions: ids.bank,
    introduction: `<p>Introdução sobre frações.</p><p><img src="${ids.image}" alt="pizza"></p>`,
    learningObjectives: ['Somar frações'],
    topics: [{ title: 'Somando', content: `<p>Texto do tópico.</p>${blockHtml('question', '', SAMPLE_RESOURCES.question)}` }],
    synthesis: '<p>Síntese final.</p>',
    bibliographicReference: ['Livro de frações'],
    levelOfLearning: ['Graduação'],
  });
  ids.unitItem = unit.itemId;
  ids.unit = unit.contentId;
  ids.draft = await buildVersion(db, unit.itemId, { version: 2, status: 'draft', title: `${TITLE} v2` });

  // Another active institution, granted packages, renting nothing.
  ids.otherSeller = await buildInstitution(db, { name: 'Faculdade Outra', cnpj: '11444777000161', status: 'active', grants: ['packages'] });
  await buildUser(db, { name: 'Outra', email: 'outra@exemplo.com.br', password: DEMO_PASSWORD, type: 'seller', sellerId: ids.otherSeller });

  for (const [key, login] of [
    ['seller', 'seller'], ['assistant', 'seller.assistente'], ['manager', 'seller.conteudo'], ['provider', 'provider'],
    ['admin', 'admin'], ['director', 'director'], ['curator', 'curator'], ['client', 'client'], ['other', 'outra@exemplo.com.br'],
  ] as const) {
    tok[key] = await signIn(t.app, login);
  }
  await unitPackagesService(t.deps).start();
}, 120_000);
afterAll(() => t?.close());

describe('grants (admin and director only, audited)', () => {
  const update = (token: string, grants: unknown) =>
    call(t.app, 'GET', `/api/sellers/institution/${ids.demoSeller}`, { token: tok.admin }).then((one) => {
      const row = one.json<{ name: string; cnpj: string; planId: number; user: { name: string; email: string } }>();
      return call(t.app, 'PUT', `/api/sellers/update/${ids.demoSeller}`, {
        token,
        payload: { nameUser: row.user.name, cnpj: row.cnpj, name: row.name, email: row.user.email, planId: row.planId, grants },
      });
    });
  const grantsOf = async () => (await t.deps.db.select({ grants: sellers.grants }).from(sellers).where(eq(sellers.id, ids.demoSeller)))[0]!.grants;

  it('a seller (of any kind) cannot grant itself: 403 and nothing changes', async () => {
    for (const key of ['seller', 'manager', 'assistant', 'provider', 'curator']) {
      expect((await update(tok[key]!, ['packages'])).statusCode).toBe(403);
    }
    expect(await grantsOf()).toEqual([]);
  });

  it('refuses an unknown grant with 400 and changes nothing', async () => {
    const res = await update(tok.admin!, ['packages', 'everything']);
    expect(res.statusCode).toBe(400);
    expect(await grantsOf()).toEqual([]);
  });

  it('the admin grants (deduplicated, in order), audited; the institution list shows it; the session carries it', async () => {
    const res = await update(tok.admin!, ['tempLinks', 'packages', 'packages']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().institution.grants).toEqual(['packages', 'tempLinks']);
    expect(await grantsOf()).toEqual(['packages', 'tempLinks']);
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'updated_institution')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit!.data).toMatchObject({ sellerId: ids.demoSeller, fields: ['grants'], grants: { before: [], after: ['packages', 'tempLinks'] } });
    const me = await call(t.app, 'GET', '/api/me', { token: tok.seller });
    expect(me.json<SessionUser>().seller?.grants).toEqual(['packages', 'tempLinks']);
    // Omitting grants keeps them; the director may change them too.
    expect((await update(tok.admin!, undefined)).statusCode).toBe(200);
    expect(await grantsOf()).toEqual(['packages', 'tempLinks']);
    expect((await update(tok.director!, [])).statusCode).toBe(200);
    expect(await grantsOf()).toEqual([]);
  });
});

describe('unit packages', () => {
  it('refuses an institution without the packages grant (403) and queues nothing', async () => {
    await setGrants(ids.demoSeller, ['tempLinks', 'reviewFiles']);
    for (const [method, suffix] of [['POST', ''], ['GET', ''], ['GET', '/file']] as const) {
      const res = await pkg(method, ids.unit, tok.seller!, suffix);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(PACKAGE_MSG.noGrant);
    }
    expect(await t.deps.db.select().from(unitPackages).where(eq(unitPackages.itemContentId, ids.unit))).toEqual([]);
    expect((await pkg('POST', ids.unit, tok.client!)).statusCode).toBe(403);
  });

  it('builds the zip in the job (HTML, media, question bank) and serves it', async () => {
    await setGrants(ids.demoSeller, ['packages']);
    const asked = await pkg('POST', ids.unit, tok.seller!);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<PackageState>()).toMatchObject({ itemContentId: ids.unit, fileName: `unidade_${ids.unit}.zip` });
    expect(['queued', 'building', 'ready']).toContain(asked.json<PackageState>().status);
    const ready = await waitUntil(
      async () => (await pkg('GET', ids.unit, tok.seller!)).json<PackageState>(),
      (s) => s.status === 'ready' || s.status === 'failed',
      { timeout: 20_000 },
    );
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    const file = await pkg('GET', ids.unit, tok.seller!, '/file');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/zip');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="unidade_${ids.unit}.zip"`);
    expect(file.rawPayload.length).toBe(ready.size);
    const entries = await unzip(file.rawPayload);
    const coverPath = `media/${ids.cover.slice('/uploads/'.length).replace('/', '-')}`;
    const imagePath = `media/${ids.image.slice('/uploads/'.length).replace('/', '-')}`;
    expect([...entries.keys()].sort()).toEqual(['banco-de-questoes.pdf', 'index.html', coverPath, imagePath, 'unidade.json'].sort());
    expect(entries.get(coverPath)).toEqual(PNG_1PX);
    expect(entries.get('banco-de-questoes.pdf')).toEqual(QUESTION_BANK);
    const html = entries.get('index.html')!.toString('utf8');
    expect(html).toContain(`<h1>${TITLE}</h1>`);
    expect(html).toContain('Introdução sobre frações.');
    expect(html).toContain(`src="${imagePath}"`);
    expect(html).not.toContain('/uploads/');
    // The question block: kept with its data, and readable.
    expect(html).toContain('data-type="question"');
    expect(html).toContain('Atividade 1');
    expect(html).toContain('Isso! 1/2 = 2/4, e 2/4 + 1/4 = 3/4.');
    expect(html).toContain('href="banco-de-questoes.pdf"');
    const json = JSON.parse(entries.get('unidade.json')!.toString('utf8'));
    expect(json).toMatchObject({ title: TITLE, version: 1, mediaUrl: coverPath, learningObjectives: ['Somar frações'] });
    expect(json.introduction).toContain(`src="${imagePath}"`);
  });

  it('is cached per version: asking again answers ready at once and queues no new job', async () => {
    const [before] = await t.deps.db.select().from(unitPackages).where(eq(unitPackages.itemContentId, ids.unit));
    expect(await jobsFor(ids.unit)).toBe(1);
    const again = await pkg('POST', ids.unit, tok.manager!);
    expect(again.json<PackageState>()).toMatchObject({ status: 'ready', progress: 100 });
    expect(await jobsFor(ids.unit)).toBe(1);
    const [after] = await t.deps.db.select().from(unitPackages).where(eq(unitPackages.itemContentId, ids.unit));
    expect(after!.storageKey).toBe(before!.storageKey);
  });

  it('the assistant may download (it reads the catalogue); the unit\'s provider and staff may without a grant', async () => {
    expect((await pkg('GET', ids.unit, tok.assistant!, '/file')).statusCode).toBe(200);
    await setGrants(ids.demoSeller, []);
    expect((await pkg('GET', ids.unit, tok.assistant!, '/file')).statusCode).toBe(403);
    expect((await pkg('GET', ids.unit, tok.provider!, '/file')).statusCode).toBe(200);
    expect((await pkg('GET', ids.unit, tok.curator!, '/file')).statusCode).toBe(200);
    // The provider may package its own draft; a granted institution may not (not published, not pinned).
    expect((await pkg('POST', ids.draft, tok.provider!)).statusCode).toBe(200);
    await setGrants(ids.demoSeller, ['packages']);
    expect((await pkg('POST', ids.draft, tok.seller!)).statusCode).toBe(404);
  });

  it("another institution's users get 404 (they do not rent the provider), even granted", async () => {
    for (const [method, suffix] of [['POST', ''], ['GET', ''], ['GET', '/file']] as const) {
      expect((await pkg(method, ids.unit, tok.other!, suffix)).statusCode).toBe(404);
    }
  });

  it('a canceled rent removes the package at once (404); a suspended institution is refused (403)', async () => {
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    try {
      expect((await pkg('GET', ids.unit, tok.seller!, '/file')).statusCode).toBe(404);
      expect((await pkg('POST', ids.unit, tok.seller!)).statusCode).toBe(404);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    }
    expect((await pkg('GET', ids.unit, tok.seller!, '/file')).statusCode).toBe(200);
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.demoSeller));
    try {
      expect((await pkg('GET', ids.unit, tok.seller!, '/file')).statusCode).toBe(403);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.demoSeller));
    }
  });

  it('a unit referencing more files than a package may hold fails its build with the pt-BR reason (nothing is read)', async () => {
    const db = t.deps.db;
    const images = Array.from({ length: PACKAGE_LIMITS.maxFiles + 1 }, (_, i) => `<img src="/uploads/galleries/muitos-${i}.png" alt="">`).join('');
    await db.update(itemContents).set({ introduction: `<p>Muitas imagens</p>${images}` }).where(eq(itemContents.id, ids.draft));
    expect((await pkg('POST', ids.draft, tok.provider!)).statusCode).toBe(200);
    const failed = await waitUntil(
      async () => (await db.select().from(unitPackages).where(eq(unitPackages.itemContentId, ids.draft)))[0],
      (row) => row?.status === 'failed' || row?.status === 'ready',
      { timeout: 20_000 },
    );
    expect(failed).toMatchObject({ status: 'failed', error: PACKAGE_MSG.tooLarge });
  });

  it('a failed build is asked again; a missing file is rebuilt', async () => {
    await t.deps.db.update(unitPackages).set({ status: 'failed' }).where(eq(unitPackages.itemContentId, ids.unit));
    expect((await pkg('GET', ids.unit, tok.seller!, '/file')).statusCode).toBe(404);
    const asked = await pkg('POST', ids.unit, tok.seller!);
    expect(['queued', 'building', 'ready']).toContain(asked.json<PackageState>().status);
    const ready = await waitUntil(
      async () => (await pkg('GET', ids.unit, tok.seller!)).json<PackageState>(),
      (s) => s.status === 'ready' || s.status === 'failed',
      { timeout: 20_000 },
    );
    expect(ready.status).toBe('ready');
    expect(await jobsFor(ids.unit)).toBe(2);
  });
});
