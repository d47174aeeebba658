/**
 * The SCORM 1.2 dispatch package of a unit and the Common Cartridge 1.1 export of a subject or
 * a course. The files are read with an independent zip reader (yauzl) and a real XML parser (@xmldom/xmldom, namespace
 * aware): the SCORM manifest (ADL CP, one SCO), the cartridge (schema 'IMS Common Cartridge' 1.1.0, the CC 1.1
 * namespace where Moodle looks for it, one web-link resource per unit, the subject's and the course's order); every
 * link resolves through the student viewer's own verification (and records an access of source 'lms'); the dispatch
 * token stops with a new LMS key, a canceled rent or a suspended institution. Refusals: roles, another institution's
 * unit/subject/course (404), no grant, no LMS key, nothing to export.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build as esbuild } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import yauzl from 'yauzl';
import { DOMParser, type Document, type Element } from '@xmldom/xmldom';
import { CARTRIDGE_SKIPPED_HEADER, LMS_EXPORT_MSG, LMS_VIEWER_PATH, SCORM_BRIDGE, scormFileName } from '@edu/shared/lms-exports';
import { PACKAGE_MSG } from '@edu/shared/packages';
import { SHARE_MSG, type VerifiedLink } from '@edu/shared/share-links';
import { hashPassword } from '../src/platform/security';
import { auditLogs } from '../src/platform/platform.tables';
import { accessEvents, courses, courseSubjects, itemContents, items, providers, rents, sellers, subjectItems, subjects, users } from '../src/db/schema';
import { SCO_RUNTIME_FILE, scoRuntimeSource, scoScript } from '../src/modules/delivery/scorm-package';
import { DEMO_PASSWORD, call, createTestApp, signIn, type TestApp } from './harness';
import { studentHeaders } from './student-tokens';
import { runSco } from './sco-run';

const SCORM_NS = 'http://www.imsproject.org/xsd/imscp_rootv1p1p2';
const ADLCP_NS = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
const CC_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imscp_v1p1';
const LOM_NS = 'http://ltsc.ieee.org/xsd/imsccv1p1/LOM/manifest';
const WL_NS = 'http://www.imsglobal.org/xsd/imsccv1p1/imswl_v1p1';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { seller: 0, other: 0, provider: 0, rent: 0, subject: 0, course: 0, courseSubject: 0, foreignItem: 0, foreignContent: 0, otherSubject: 0, otherCourse: 0 };
/** The demo provider's published units (item id, published version, title), in a fixed order. */
let units: { itemId: number; contentId: number; title: string }[] = [];

/** The entries of a zip, by name (yauzl: independent of the writer). */
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

/** A well-formed XML document, or the parser's complaint (any warning or error fails). */
function parseXml(text: string): Document {
  const problems: string[] = [];
  const doc = new DOMParser({ onError: (level, message) => void problems.push(`${level}: ${message}`) }).parseFromString(text, 'text/xml');
  expect(problems).toEqual([]);
  return doc;
}

/** The element children of `el` in namespace `ns` named `name`, in document order. */
const children = (el: Element, ns: string, name: string): Element[] =>
  Array.from(el.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name);
const child = (el: Element, ns: string, name: string): Element => {
  const found = children(el, ns, name);
  expect(found, `<${name}> under <${el.localName}>`).toHaveLength(1);
  return found[0]!;
};
const text = (el: Element) => (el.textContent ?? '').trim();

const scorm = (token: string, itemId: number, payload: object = {}) => call(t.app, 'POST', `/api/sellers/scorm/unit/${itemId}`, { token, payload });
const subjectCartridge = (token: string, id: number) => call(t.app, 'POST', `/api/sellers/subjects/${id}/cartridge`, { token });
const courseCartridge = (token: string, id: number) => call(t.app, 'POST', `/api/sellers/courses/${id}/cartridge`, { token });
const verify = (token: string) => call(t.app, 'GET', '/api/student/link/verify', { query: { token } });
const open = async (token: string, contentId: number, student: string) =>
  call(t.app, 'GET', `/api/student/units/${contentId}`, { headers: await studentHeaders(t.app, token, student) });

/** The dispatch token inside a launch address of ours. */
function tokenOf(url: string): string {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(`http://localhost:3000${LMS_VIEWER_PATH}`);
  return parsed.searchParams.get('token')!;
}

/** The launch address written in a SCORM package's script. */
async function launchOf(res: { rawPayload: Buffer }): Promise<string> {
  const files = await unzip(res.rawPayload);
  const script = files.get('sco.js')!.toString('utf8');
  const match = /"launchUrl":"([^"]+)"/.exec(script);
  expect(match).not.toBeNull();
  return match![1]!;
}

async function newLmsKey(token: string, sellerId: number): Promise<void> {
  const res = await call(t.app, 'PUT', '/api/sellers/lms/key', { token, payload: { id: sellerId } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  ids.seller = seller!.id!;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.provider = provider!.id;
  units = (
    await db
      .select({ itemId: items.id, contentId: items.publishedContentId, title: itemContents.title })
      .from(items)
      .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
      .where(and(eq(items.providerId, ids.provider), isNotNull(items.publishedContentId)))
      .orderBy(asc(items.id))
  ).map((u) => ({ itemId: u.itemId, contentId: u.contentId!, title: u.title }));
  expect(units.length).toBeGreaterThanOrEqual(3);
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, ids.seller), eq(rents.providerId, ids.provider), eq(rents.status, 'active')));
  ids.rent = rent!.id;

  // A unit the demo institution does not rent (another provider's), kept in one of its subjects as a fixture.
  const [foreign] = await db.insert(providers).values({ companyName: 'Editora Fora', name: 'Editora Fora', email: 'fora@exemplo.com.br', typePerson: 'PJ', status: 'active' }).returning({ id: providers.id });
  const [foreignItem] = await db.insert(items).values({ providerId: foreign!.id }).returning({ id: items.id });
  const [foreignContent] = await db.insert(itemContents).values({ itemId: foreignItem!.id, title: 'Unidade não alugada', status: 'draft' }).returning({ id: itemContents.id });
  ids.foreignItem = foreignItem!.id;
  ids.foreignContent = foreignContent!.id;

  // Subject 'Física & Química <básica> "A"': units 0 and 1 of the rent, and the foreign one in the middle.
  const [subject] = await db.insert(subjects).values({ sellerId: ids.seller, name: 'Física & Química <básica> "A"' }).returning({ id: subjects.id });
  ids.subject = subject!.id;
  await db.insert(subjectItems).values([
    { subjectId: ids.subject, itemId: units[0]!.itemId, itemContentId: units[0]!.contentId, position: 0 },
    { subjectId: ids.subject, itemId: ids.foreignItem, itemContentId: ids.foreignContent, position: 1 },
    { subjectId: ids.subject, itemId: units[1]!.itemId, itemContentId: units[1]!.contentId, position: 2 },
  ]);
  // A course: 'Cálculo' (unit 2), then an empty-for-export subject (the foreign unit only), then the subject above.
  const [calculo] = await db.insert(subjects).values({ sellerId: ids.seller, name: 'Cálculo' }).returning({ id: subjects.id });
  ids.courseSubject = calculo!.id;
  await db.insert(subjectItems).values({ subjectId: calculo!.id, itemId: units[2]!.itemId, itemContentId: units[2]!.contentId, position: 0 });
  const [onlyForeign] = await db.insert(subjects).values({ sellerId: ids.seller, name: 'Só fora do aluguel' }).returning({ id: subjects.id });
  await db.insert(subjectItems).values({ subjectId: onlyForeign!.id, itemId: ids.foreignItem, itemContentId: ids.foreignContent, position: 0 });
  const [course] = await db.insert(courses).values({ sellerId: ids.seller, name: 'Engenharia — 1º semestre' }).returning({ id: courses.id });
  ids.course = course!.id;
  await db.insert(courseSubjects).values([
    { courseId: ids.course, subjectId: calculo!.id, position: 0 },
    { courseId: ids.course, subjectId: onlyForeign!.id, position: 1 },
    { courseId: ids.course, subjectId: ids.subject, position: 2 },
  ]);

  // Another institution, active, granted, with a key, renting nobody; its own subject and course.
  const [other] = await db
    .insert(sellers)
    .values({ name: 'Faculdade Outra', companyName: 'Faculdade Outra', cnpj: '11444777000161', status: 'active', grants: ['packages'], lmsKeyHash: 'x'.repeat(64), lmsKeyGeneratedAt: new Date() })
    .returning({ id: sellers.id });
  ids.other = other!.id;
  await db.insert(users).values({ name: 'Outra', email: 'outra@exemplo.com.br', passwordHash: await hashPassword(DEMO_PASSWORD), type: 'seller', status: 'active', sellerId: other!.id });
  const [otherSubject] = await db.insert(subjects).values({ sellerId: other!.id, name: 'Da outra' }).returning({ id: subjects.id });
  ids.otherSubject = otherSubject!.id;
  const [otherCourse] = await db.insert(courses).values({ sellerId: other!.id, name: 'Curso da outra' }).returning({ id: courses.id });
  ids.otherCourse = otherCourse!.id;

  for (const [key, login] of [
    ['seller', 'seller'], ['assistant', 'seller.assistente'], ['manager', 'seller.conteudo'], ['provider', 'provider'], ['admin', 'admin'], ['other', 'outra@exemplo.com.br'],
  ] as const) {
    tok[key] = await signIn(t.app, login);
  }
}, 120_000);
afterAll(() => t?.close());

describe('SCORM 1.2 package: before the grant and the key', () => {
  it('is refused by role, to another institution, for a unit outside the active rents, without the grant and without an LMS key', async () => {
    const unit = units[0]!;
    for (const key of ['assistant', 'provider', 'admin']) expect((await scorm(tok[key]!, unit.itemId)).statusCode, key).toBe(403);
    // Another institution (renting nobody): the unit is 404, as a missing one.
    expect((await scorm(tok.other!, unit.itemId)).statusCode).toBe(404);
    // A unit the demo institution does not rent, and a missing one: 404 before any grant or key question.
    expect((await scorm(tok.seller!, ids.foreignItem)).statusCode).toBe(404);
    expect((await scorm(tok.seller!, 999_999)).statusCode).toBe(404);
    // Its own unit, no `packages` grant: 403 with the reason.
    const noGrant = await scorm(tok.seller!, unit.itemId);
    expect(noGrant.statusCode).toBe(403);
    expect(noGrant.json().message).toBe(PACKAGE_MSG.noGrant);
    await t.deps.db.update(sellers).set({ grants: ['packages'], lmsKeyHash: null, lmsKeyGeneratedAt: null }).where(eq(sellers.id, ids.seller));
    // Granted, but no LMS key yet: 409 with what to do.
    const noKey = await scorm(tok.manager!, unit.itemId);
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().message).toBe(LMS_EXPORT_MSG.noLmsKey);
    // Bad input: 400, nothing written.
    expect((await scorm(tok.seller!, unit.itemId, { subjectId: 'x' })).statusCode).toBe(400);
    expect((await scorm(tok.seller!, unit.itemId, { days: 3 })).statusCode).toBe(400);
    const audits = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'downloaded_scorm_package'));
    expect(audits).toHaveLength(0);
  });
});

describe('SCORM 1.2 package', () => {
  beforeAll(async () => newLmsKey(tok.seller!, ids.seller));

  it('holds an ADL SCORM 1.2 manifest with one SCO, a launch page without inline script, and the launch address', async () => {
    const unit = units[0]!;
    const res = await scorm(tok.seller!, unit.itemId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${scormFileName(unit.itemId)}"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = await unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual(['imsmanifest.xml', 'index.html', 'sco.css', 'sco.js']);

    const manifest = parseXml(files.get('imsmanifest.xml')!.toString('utf8')).documentElement!;
    expect(manifest.namespaceURI).toBe(SCORM_NS);
    expect(manifest.localName).toBe('manifest');
    const metadata = child(manifest, SCORM_NS, 'metadata');
    expect(text(child(metadata, SCORM_NS, 'schema'))).toBe('ADL SCORM');
    expect(text(child(metadata, SCORM_NS, 'schemaversion'))).toBe('1.2');
    const organizations = child(manifest, SCORM_NS, 'organizations');
    const organization = child(organizations, SCORM_NS, 'organization');
    expect(organizations.getAttribute('default')).toBe(organization.getAttribute('identifier'));
    expect(text(child(organization, SCORM_NS, 'title'))).toBe(unit.title);
    const item = child(organization, SCORM_NS, 'item');
    expect(text(child(item, SCORM_NS, 'title'))).toBe(unit.title);
    const resource = child(child(manifest, SCORM_NS, 'resources'), SCORM_NS, 'resource');
    expect(resource.getAttribute('identifier')).toBe(item.getAttribute('identifierref'));
    expect(resource.getAttribute('type')).toBe('webcontent');
    expect(resource.getAttributeNS(ADLCP_NS, 'scormtype')).toBe('sco');
    expect(resource.getAttribute('href')).toBe('index.html');
    const listed = children(resource, SCORM_NS, 'file').map((f) => f.getAttribute('href'));
    expect(listed.sort()).toEqual(['index.html', 'sco.css', 'sco.js']);

    const page = files.get('index.html')!.toString('utf8');
    expect(page).toContain('<script src="sco.js"></script>');
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain(LMS_EXPORT_MSG.scoLoading);
    const script = files.get('sco.js')!.toString('utf8');
    expect(script).toContain('"origin":"http://localhost:3000"');
    expect(script).toContain('LMSInitialize');
    expect(script).toContain('cmi.core.lesson_status');
    // The key itself never travels: only the signed token.
    const [row] = await t.deps.db.select({ hash: sellers.lmsKeyHash }).from(sellers).where(eq(sellers.id, ids.seller));
    expect(script).not.toContain(row!.hash!);

    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'downloaded_scorm_package')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit).toMatchObject({ sellerId: ids.seller, data: { itemId: unit.itemId, itemContentId: unit.contentId } });
  });

  it("runs in the learner's browser: finds the SCORM API, opens the viewer as the LMS's student, reports progress, score and completion", async () => {
    const unit = units[0]!;
    const files = await unzip((await scorm(tok.seller!, unit.itemId)).rawPayload);
    const script = files.get('sco.js')!.toString('utf8');
    // The static runtime, byte for byte, whatever compiled the server.
    expect(script).toContain(scoRuntimeSource());
    const launchUrl = /"launchUrl":"([^"]+)"/.exec(script)![1]!;

    const sco = runSco(script, { lms: { 'cmi.core.student_id': 'aluno-scorm-7', 'cmi.core.lesson_location': '2' } });
    try {
      expect(sco.errors).toEqual([]);
      expect(sco.calls[0]).toEqual(['LMSInitialize', '']);
      expect(sco.values.get('cmi.core.lesson_status')).toBe('incomplete');
      const frame = sco.frame()!;
      expect(frame.title).toBe(LMS_EXPORT_MSG.scoFrameTitle(unit.title));
      const opened = new URL(frame.src);
      expect(`${opened.origin}${opened.pathname}`).toBe(`http://localhost:3000${LMS_VIEWER_PATH}`);
      expect(opened.searchParams.get('token')).toBe(new URL(launchUrl).searchParams.get('token'));
      expect(opened.searchParams.get('student')).toBe('aluno-scorm-7');
      expect(opened.searchParams.get('page')).toBe('2');

      // Only our origin is heard.
      const progress = { channel: SCORM_BRIDGE.channel, type: SCORM_BRIDGE.progress, page: 4, score: 66.7, answered: 2, completed: true };
      sco.message('https://outro-site.exemplo.com', progress);
      expect(sco.values.has('cmi.core.score.raw')).toBe(false);
      sco.message('http://localhost:3000', progress);
      expect(Object.fromEntries(sco.values)).toMatchObject({
        'cmi.core.lesson_location': '4',
        'cmi.core.score.min': '0',
        'cmi.core.score.max': '100',
        'cmi.core.score.raw': '67',
        'cmi.core.lesson_status': 'completed',
      });
      expect(sco.calls.at(-1)).toEqual(['LMSCommit', '']);
      sco.window.dispatchEvent(new sco.window.Event('pagehide'));
      expect(sco.values.get('cmi.core.session_time')).toMatch(/^\d{2,4}:\d{2}:\d{2}$/);
      expect(sco.values.get('cmi.core.exit')).toBe('');
      expect(sco.calls.at(-1)).toEqual(['LMSFinish', '']);
      expect(sco.errors).toEqual([]);
    } finally {
      await sco.close();
    }

    // Outside an LMS (no API): the unit still opens, with the notice, and the viewer asks who the student is.
    const alone = runSco(script, { lms: null });
    try {
      expect(alone.errors).toEqual([]);
      expect(alone.window.document.querySelector('[role="alert"]')?.textContent).toBe(LMS_EXPORT_MSG.scoNoLms);
      expect(new URL(alone.frame()!.src).searchParams.has('student')).toBe(false);
    } finally {
      await alone.close();
    }
  });

  it('is the same script when the server is compiled as `npm run dev` compiles it (esbuild keepNames), and it runs', async () => {
    // tsx (npm run dev) compiles with esbuild's keepNames, which wraps named functions in a `__name(…)` helper that only
    // the server has: a script serialized from compiled code failed in the browser with "__name is not defined".
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sco-keepnames-'));
    try {
      const source = fileURLToPath(new URL('../src/modules/delivery/scorm-package.ts', import.meta.url));
      await esbuild({ entryPoints: [source], outfile: path.join(dir, 'scorm-package.mjs'), bundle: true, platform: 'node', format: 'esm', keepNames: true, logLevel: 'silent' });
      // As build.mjs does: the runtime beside the bundle.
      fs.copyFileSync(path.join(path.dirname(source), SCO_RUNTIME_FILE), path.join(dir, SCO_RUNTIME_FILE));
      const compiled = (await import(pathToFileURL(path.join(dir, 'scorm-package.mjs')).href)) as { scoScript: typeof scoScript };
      const config = {
        launchUrl: 'http://localhost:3000/student/lms?token=abc.def',
        origin: 'http://localhost:3000',
        channel: SCORM_BRIDGE.channel,
        messages: { loaded: SCORM_BRIDGE.loaded, hello: SCORM_BRIDGE.hello, progress: SCORM_BRIDGE.progress },
        params: { student: 'student', page: 'page' },
        texts: { loading: LMS_EXPORT_MSG.scoLoading, noLms: LMS_EXPORT_MSG.scoNoLms, frameTitle: 'Unidade' },
      };
      const script = compiled.scoScript(config);
      expect(script).toBe(scoScript(config));
      expect(script).not.toContain('__name');
      const sco = runSco(script, { lms: { 'cmi.core.student_id': 'x' } });
      try {
        expect(sco.errors).toEqual([]);
        expect(sco.values.get('cmi.core.lesson_status')).toBe('incomplete');
        expect(sco.frame()).not.toBeNull();
      } finally {
        await sco.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('opens the unit through the viewer and records the opening as an LMS access of the LMS student', async () => {
    const unit = units[0]!;
    const token = tokenOf(await launchOf(await scorm(tok.manager!, unit.itemId)));
    const link = await verify(token);
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json<VerifiedLink>()).toMatchObject({ kind: 'unit', sellerId: ids.seller, studentId: null, expiresAt: null, units: [{ itemId: unit.itemId, itemContentId: unit.contentId }] });
    const opened = await open(token, unit.contentId, 'moodle-user-77');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().title).toBe(unit.title);
    const [event] = await t.deps.db.select().from(accessEvents).orderBy(desc(accessEvents.id)).limit(1);
    expect(event).toMatchObject({ sellerId: ids.seller, studentId: 'moodle-user-77', itemId: unit.itemId, itemContentId: unit.contentId, source: 'lms' });
    // The token opens that unit only.
    expect((await open(token, units[1]!.contentId, 'moodle-user-77')).statusCode).toBe(404);
  });

  it("stops with a canceled rent or a suspended institution, comes back when active, and is revoked by a new LMS key", async () => {
    const unit = units[0]!;
    const token = tokenOf(await launchOf(await scorm(tok.seller!, unit.itemId)));
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    try {
      const ended = await verify(token);
      expect(ended.statusCode).toBe(403);
      expect(ended.json().message).toBe(SHARE_MSG.unavailable);
      // No new package of a unit outside the active rents either.
      expect((await scorm(tok.seller!, unit.itemId)).statusCode).toBe(404);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    }
    expect((await verify(token)).statusCode).toBe(200);
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.seller));
    try {
      expect((await verify(token)).statusCode).toBe(403);
      expect((await scorm(tok.seller!, unit.itemId)).statusCode).toBe(403);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.seller));
    }
    expect((await verify(token)).statusCode).toBe(200);

    await newLmsKey(tok.seller!, ids.seller);
    const revoked = await verify(token);
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().message).toBe(SHARE_MSG.revoked);
    // A package made after the new key works.
    expect((await verify(tokenOf(await launchOf(await scorm(tok.seller!, unit.itemId))))).statusCode).toBe(200);
  });

  it("of a subject's unit opens the version the subject keeps at launch; refused for a subject without it or of another institution", async () => {
    const unit = units[1]!;
    const res = await scorm(tok.seller!, unit.itemId, { subjectId: ids.subject });
    expect(res.statusCode, res.body).toBe(200);
    const token = tokenOf(await launchOf(res));
    expect((await verify(token)).json<VerifiedLink>().units).toEqual([{ itemId: unit.itemId, itemContentId: unit.contentId, title: unit.title }]);
    const notIn = await scorm(tok.seller!, units[2]!.itemId, { subjectId: ids.subject });
    expect(notIn.statusCode).toBe(404);
    expect(notIn.json().message).toBe(LMS_EXPORT_MSG.notInSubject);
    expect((await scorm(tok.seller!, unit.itemId, { subjectId: ids.otherSubject })).statusCode).toBe(404);
    // Taken out of the subject, the unit no longer opens through that package.
    const [row] = await t.deps.db.select().from(subjectItems).where(and(eq(subjectItems.subjectId, ids.subject), eq(subjectItems.itemId, unit.itemId)));
    await t.deps.db.delete(subjectItems).where(eq(subjectItems.id, row!.id));
    try {
      expect((await verify(token)).statusCode).toBe(403);
    } finally {
      await t.deps.db.insert(subjectItems).values({ subjectId: row!.subjectId, itemId: row!.itemId, itemContentId: row!.itemContentId, position: row!.position });
    }
    expect((await verify(token)).statusCode).toBe(200);
  });
});

/** The cartridge's manifest and link files, checked against the CC 1.1 profile; answers the folders with their units. */
async function readCartridge(res: { rawPayload: Buffer }) {
  const files = await unzip(res.rawPayload);
  const raw = files.get('imsmanifest.xml')!.toString('utf8');
  // Moodle recognises a CC 1.1 cartridge by this namespace in the manifest's first 500 bytes (backup/converter/imscc11).
  expect(raw.slice(0, 500).toLowerCase().replace(/\s*/g, '').replace(/["']/g, '')).toContain(`xmlns=${CC_NS}`);
  const manifest = parseXml(raw).documentElement!;
  expect(manifest.namespaceURI).toBe(CC_NS);
  expect(manifest.localName).toBe('manifest');
  expect(manifest.hasAttribute('version')).toBe(false);
  const metadata = child(manifest, CC_NS, 'metadata');
  expect(text(child(metadata, CC_NS, 'schema'))).toBe('IMS Common Cartridge');
  expect(text(child(metadata, CC_NS, 'schemaversion'))).toBe('1.1.0');
  const lom = child(metadata, LOM_NS, 'lom');
  const title = text(child(child(child(lom, LOM_NS, 'general'), LOM_NS, 'title'), LOM_NS, 'string'));
  const organization = child(child(manifest, CC_NS, 'organizations'), CC_NS, 'organization');
  expect(organization.getAttribute('structure')).toBe('rooted-hierarchy');
  const root = child(organization, CC_NS, 'item');
  expect(children(root, CC_NS, 'title')).toHaveLength(0);
  const resources = children(child(manifest, CC_NS, 'resources'), CC_NS, 'resource');
  const byId = new Map(resources.map((r) => [r.getAttribute('identifier')!, r]));
  const used = new Set<string>();
  const folders = children(root, CC_NS, 'item').map((folder) => {
    expect(folder.hasAttribute('identifierref')).toBe(false);
    return {
      name: text(child(folder, CC_NS, 'title')),
      units: children(folder, CC_NS, 'item').map((item) => {
        expect(children(item, CC_NS, 'item')).toHaveLength(0);
        const resource = byId.get(item.getAttribute('identifierref')!)!;
        expect(resource, 'a resource for every unit item').toBeDefined();
        used.add(resource.getAttribute('identifier')!);
        // The CC 1.1 web link rules: the type, exactly one file, no href, no dependency.
        expect(resource.getAttribute('type')).toBe('imswl_xmlv1p1');
        expect(resource.hasAttribute('href')).toBe(false);
        expect(children(resource, CC_NS, 'dependency')).toHaveLength(0);
        const file = child(resource, CC_NS, 'file').getAttribute('href')!;
        const link = parseXml(files.get(file)!.toString('utf8')).documentElement!;
        expect(link.namespaceURI).toBe(WL_NS);
        expect(link.localName).toBe('webLink');
        const url = child(link, WL_NS, 'url');
        expect(url.getAttribute('target')).toBe('_blank');
        expect(text(child(link, WL_NS, 'title'))).toBe(text(child(item, CC_NS, 'title')));
        return { title: text(child(item, CC_NS, 'title')), url: url.getAttribute('href')! };
      }),
    };
  });
  // One resource per unit item, none left over; unique identifiers.
  expect(used.size).toBe(resources.length);
  expect(new Set(resources.map((r) => r.getAttribute('identifier'))).size).toBe(resources.length);
  return { title, folders, files };
}

describe('Common Cartridge 1.1 export', () => {
  it('of a subject: one web link per unit of an active rent, in the subject order, each opening its unit for the LMS', async () => {
    const res = await subjectCartridge(tok.manager!, ids.subject);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="disciplina-fisica-quimica-basica-a.imscc"');
    expect(res.headers[CARTRIDGE_SKIPPED_HEADER]).toBe('1');
    const { title, folders } = await readCartridge(res);
    expect(title).toBe('Física & Química <básica> "A"');
    expect(folders.map((f) => f.name)).toEqual(['Física & Química <básica> "A"']);
    expect(folders[0]!.units.map((u) => u.title)).toEqual([units[0]!.title, units[1]!.title]);
    for (const [i, u] of folders[0]!.units.entries()) {
      const token = tokenOf(u.url);
      const link = await verify(token);
      expect(link.statusCode, link.body).toBe(200);
      expect(link.json<VerifiedLink>().units).toEqual([{ itemId: units[i]!.itemId, itemContentId: units[i]!.contentId, title: units[i]!.title }]);
      expect((await open(token, units[i]!.contentId, 'aluno.cc@escola.br')).statusCode).toBe(200);
    }
    const [event] = await t.deps.db.select().from(accessEvents).orderBy(desc(accessEvents.id)).limit(1);
    expect(event).toMatchObject({ studentId: 'aluno.cc@escola.br', source: 'lms', itemId: units[1]!.itemId });
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'exported_cartridge')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit).toMatchObject({ sellerId: ids.seller, data: { subjectId: ids.subject, units: 2, skipped: 1 } });
  });

  it("follows the subject's order after a reorder", async () => {
    const current = await t.deps.db.select().from(subjectItems).where(eq(subjectItems.subjectId, ids.subject)).orderBy(asc(subjectItems.position));
    const reversed = [...current].reverse();
    const res = await call(t.app, 'PUT', '/api/sellers/subjects/item', { token: tok.seller!, payload: { subjectItems: reversed.map((r, order) => ({ subjectItemId: r.id, order })) } });
    expect(res.statusCode, res.body).toBe(200);
    const { folders } = await readCartridge(await subjectCartridge(tok.seller!, ids.subject));
    expect(folders[0]!.units.map((u) => u.title)).toEqual([units[1]!.title, units[0]!.title]);
  });

  it('of a course: one folder per subject in the course order, its units in order; a subject with nothing to export left out', async () => {
    const res = await courseCartridge(tok.seller!, ids.course);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="curso-engenharia-1o-semestre.imscc"');
    expect(res.headers[CARTRIDGE_SKIPPED_HEADER]).toBe('2');
    const { title, folders } = await readCartridge(res);
    expect(title).toBe('Engenharia — 1º semestre');
    expect(folders.map((f) => [f.name, f.units.map((u) => u.title)])).toEqual([
      ['Cálculo', [units[2]!.title]],
      ['Física & Química <básica> "A"', [units[1]!.title, units[0]!.title]],
    ]);
    for (const u of folders.flatMap((f) => f.units)) expect((await verify(tokenOf(u.url))).statusCode).toBe(200);
  });

  it('is refused by role, for another institution, without an LMS key, and when nothing can be exported', async () => {
    for (const key of ['assistant', 'provider', 'admin']) {
      expect((await subjectCartridge(tok[key]!, ids.subject)).statusCode, key).toBe(403);
      expect((await courseCartridge(tok[key]!, ids.course)).statusCode, key).toBe(403);
    }
    expect((await subjectCartridge(tok.other!, ids.subject)).statusCode).toBe(404);
    expect((await courseCartridge(tok.other!, ids.course)).statusCode).toBe(404);
    expect((await subjectCartridge(tok.seller!, ids.otherSubject)).statusCode).toBe(404);
    expect((await courseCartridge(tok.seller!, ids.otherCourse)).statusCode).toBe(404);
    expect((await subjectCartridge(tok.seller!, 999_999)).statusCode).toBe(404);
    // The other institution's own subject has no unit: 409 with the reason; its empty course too.
    const empty = await subjectCartridge(tok.other!, ids.otherSubject);
    expect(empty.statusCode).toBe(409);
    expect(empty.json().message).toBe(LMS_EXPORT_MSG.emptySubject);
    expect((await courseCartridge(tok.other!, ids.otherCourse)).json().message).toBe(LMS_EXPORT_MSG.emptyCourse);
    // The rent ended: nothing of the subject can be exported.
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    try {
      expect((await subjectCartridge(tok.seller!, ids.subject)).statusCode).toBe(409);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    }
    // Without an LMS key: 409.
    const [kept] = await t.deps.db.select({ hash: sellers.lmsKeyHash, at: sellers.lmsKeyGeneratedAt }).from(sellers).where(eq(sellers.id, ids.seller));
    await t.deps.db.update(sellers).set({ lmsKeyHash: null, lmsKeyGeneratedAt: null }).where(eq(sellers.id, ids.seller));
    try {
      const noKey = await courseCartridge(tok.seller!, ids.course);
      expect(noKey.statusCode).toBe(409);
      expect(noKey.json().message).toBe(LMS_EXPORT_MSG.noLmsKey);
    } finally {
      await t.deps.db.update(sellers).set({ lmsKeyHash: kept!.hash, lmsKeyGeneratedAt: kept!.at }).where(eq(sellers.id, ids.seller));
    }
  });

  it('links stop with a new LMS key', async () => {
    const { folders } = await readCartridge(await subjectCartridge(tok.seller!, ids.subject));
    const token = tokenOf(folders[0]!.units[0]!.url);
    expect((await verify(token)).statusCode).toBe(200);
    await newLmsKey(tok.seller!, ids.seller);
    expect((await verify(token)).json().message).toBe(SHARE_MSG.revoked);
  });
});
