/**
 * The LMS exports (SCORM 1.2 package, Common Cartridge) in a real browser.
 *
 * SCORM 1.2: an institution made for this test (granted packages, an LMS key, an active rent of the demo provider)
 * downloads 'Pacote SCORM 1.2' from the catalogue's unit page. The package, unzipped, is served by a stand-in LMS on
 * another origin (a small web server of the test) whose player page gives the SCO the SCORM 1.2
 * API of `scorm-again` (the npm runtime, not ours). The learner reads the unit to the end inside the SCO's frame and
 * answers its question; the RUNTIME's data model then holds lesson_status 'completed' and score.raw 100. After the
 * admin cancels the rent, the same package shows the licence message and nothing of the unit.
 *
 * Common Cartridge: the institution exports a subject ('Exportar para o LMS'); the cartridge's web link opens the
 * unit in the viewer's LMS page.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { LMS_EXPORT_MSG, LMS_VIEWER_PATH } from '../packages/shared/src/lms-exports';
import { SHARE_MSG } from '../packages/shared/src/share-links';
import { STUDENT_MSG } from '../packages/shared/src/student';
import type { CatalogueResponse } from '../packages/shared/src/catalogue';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { demoToken, expectNotification, institutionRentingApi, ownClientAddress, signIn } from './helpers';

test.use(ownClientAddress());

const DEMO_PROVIDER = 'Editora Horizonte Educacional';
const LEARNER = 'aluno-scorm-42';
/** scorm-again's SCORM 1.2 build (its classic script defines `Scorm12API`). */
const runtime = fs.readFileSync(createRequire(import.meta.url).resolve('scorm-again/scorm12'), 'utf8');

/** The stand-in LMS's player: the SCORM 1.2 API adapter of scorm-again on `window.API`, the SCO in a frame. */
const PLAYER = `<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>LMS de teste</title>
<script src="/scorm-again/scorm12.js"></script>
<script>
  window.API = new Scorm12API({ logLevel: 5 });
  window.API.cmi.core.student_id = ${JSON.stringify(LEARNER)};
  window.API.cmi.core.student_name = 'Aluno, SCORM';
  // A resumed attempt: the LMS hands back the location the SCO stored (?location=).
  var resume = new URLSearchParams(location.search).get('location');
  if (resume) window.API.cmi.core.lesson_location = resume;
  window.commits = 0;
  window.API.on('LMSCommit', function () { window.commits += 1; });
</script></head>
<body style="margin:0"><iframe id="sco" title="SCO" src="/sco/index.html" style="width:100%;height:1000px;border:0"></iframe></body></html>`;

interface Institution {
  sellerId: number;
  email: string;
  password: string;
  token: string;
  rentId: number;
}

/** A fresh institution: granted packages, an active rent of the demo provider, an LMS key. */
async function institutionForLms(request: APIRequestContext): Promise<Institution> {
  const { email, password, sellerId, institution, rent } = await institutionRentingApi(request, 'scorm', DEMO_PROVIDER);
  const signin = await request.post('/api/signin', { data: { email, password } });
  const { token } = (await signin.json()) as { token: string };
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const granted = await request.put(`/api/sellers/update/${sellerId}`, {
    headers: admin,
    data: { nameUser: institution.user.name, cnpj: institution.cnpj, name: institution.name, email: institution.user.email, planId: institution.planId, grants: ['packages'] },
  });
  expect(granted.status(), await granted.text()).toBe(200);
  const key = await request.put('/api/sellers/lms/key', { headers: { authorization: `Bearer ${token}` }, data: { id: sellerId } });
  expect(key.status(), await key.text()).toBe(200);
  return { sellerId, email, password, token, rentId: rent.id };
}

/** The demo unit in the institution's catalogue. */
async function demoUnit(request: APIRequestContext, token: string) {
  const res = await request.get('/api/items/item/catalogue', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as CatalogueResponse).groups.flatMap((g) => g.units).find((u) => u.title === DEMO_PUBLISHED_UNIT_TITLE)!;
}

/** A new subject of the institution holding the demo unit of its catalogue. */
async function subjectWithDemoUnit(request: APIRequestContext, inst: Institution, name: string) {
  const unit = await demoUnit(request, inst.token);
  const auth = { authorization: `Bearer ${inst.token}` };
  const created = await request.post('/api/sellers/subjects', { headers: auth, data: { name, sellerId: inst.sellerId } });
  expect(created.status(), await created.text()).toBe(200);
  const subjectId = ((await created.json()) as { subject_id: number }).subject_id;
  const added = await request.post('/api/sellers/subjects/item', { headers: auth, data: { subjectId, itemId: unit.itemId, itemContentId: unit.itemContentId } });
  expect(added.status(), await added.text()).toBe(200);
  return { auth, subjectId };
}

/**
 * The stand-in LMS: a web server of its own on loopback (another origin than the app's: another port), serving the
 * player page, scorm-again and the unzipped package under /sco/. A real server, not Playwright's router: Chromium's
 * Local Network Access checks treat a routed page as public, and a public page may not frame a loopback one (a real
 * LMS and the real server are both public).
 */
async function startLms(files: Record<string, Uint8Array>): Promise<{ origin: string; stop: () => Promise<void> }> {
  const types: Record<string, string> = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css', xml: 'application/xml' };
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://lms').pathname;
    const body =
      pathname === '/player.html' ? PLAYER : pathname === '/scorm-again/scorm12.js' ? runtime : pathname.startsWith('/sco/') ? files[pathname.slice('/sco/'.length)] : undefined;
    if (body === undefined) {
      res.writeHead(404).end('não encontrado');
      return;
    }
    res.writeHead(200, { 'content-type': types[pathname.split('.').pop() ?? ''] ?? 'application/octet-stream' }).end(typeof body === 'string' ? body : Buffer.from(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A value of the runtime's data model (scorm-again's CMI object), as the LMS would store it. */
const cmi = (page: Page, read: string) =>
  page.evaluate((expr) => {
    const core = (window as unknown as { API: { cmi: { core: Record<string, unknown> & { score: Record<string, string> } } } }).API.cmi.core;
    return expr === 'commits' ? String((window as unknown as { commits: number }).commits) : expr.startsWith('score.') ? core.score[expr.slice(6)] : String(core[expr]);
  }, read);

test('a SCORM 1.2 package runs in an LMS on scorm-again: completed with score 100 at the end, then refused when the rent ends', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const inst = await institutionForLms(request);
  const unit = await demoUnit(request, inst.token);

  // The institution downloads the package from the catalogue's unit page.
  await signIn(page, inst.email, inst.password);
  await expect(page).toHaveURL('/dashboard');
  await page.goto(`/seller/rented-unit/item/${unit.itemContentId}`);
  const button = page.getByRole('button', { name: LMS_EXPORT_MSG.scormDownload });
  const download = page.waitForEvent('download');
  await button.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`scorm12_unidade_${unit.itemId}.zip`);
  await expectNotification(page, LMS_EXPORT_MSG.scormDownloaded);
  await expect(page.getByRole('button', { name: 'Aguarde 30s' })).toBeDisabled();
  const files = unzipSync(fs.readFileSync((await file.path())!));
  expect(Object.keys(files).sort()).toEqual(['imsmanifest.xml', 'index.html', 'sco.css', 'sco.js']);
  expect(strFromU8(files['imsmanifest.xml']!)).toContain('adlcp:scormtype="sco"');

  // The learner launches it in the LMS (another origin); the SCO opens the unit from our server in its frame.
  const lmsContext = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', extraHTTPHeaders: { 'x-forwarded-for': '10.252.3.4' } });
  const lms = await lmsContext.newPage();
  const lmsServer = await startLms(files);
  try {
    await lms.goto(`${lmsServer.origin}/player.html`);
    const viewer = lms.frameLocator('#sco').frameLocator('iframe.unit');
    const reader = viewer.getByTestId('unit-content');
    await expect(reader.getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible({ timeout: 20_000 });
    // The LMS named the learner: no identity question, and no way to swap it.
    await expect(viewer.getByText(STUDENT_MSG.identityAs(LEARNER))).toBeVisible();
    await expect(viewer.getByRole('button', { name: STUDENT_MSG.identityChange })).toHaveCount(0);
    await expect.poll(() => cmi(lms, 'lesson_status')).toBe('incomplete');

    // Topic 1 holds the unit's question: answered right.
    await reader.getByRole('button', { name: 'Próximo' }).click();
    await expect(reader.getByRole('heading', { level: 3 })).toHaveText('1. O que é uma função afim');
    const question = reader.locator('[data-resource-kind="question"]');
    await question.getByText('3', { exact: true }).click();
    await question.getByRole('button', { name: 'Responder' }).click();
    await expect(question.getByText('Resposta correta!')).toBeVisible();
    await expect.poll(() => cmi(lms, 'score.raw')).toBe('100');
    expect(await cmi(lms, 'score.min')).toBe('0');
    expect(await cmi(lms, 'score.max')).toBe('100');
    // Not at the end yet.
    expect(await cmi(lms, 'lesson_status')).toBe('incomplete');
    expect(await cmi(lms, 'lesson_location')).toBe('1');

    // To the last page (the synthesis): completed.
    await reader.getByRole('button', { name: 'Próximo' }).click();
    await reader.getByRole('button', { name: 'Próximo' }).click();
    await expect(reader.getByRole('heading', { level: 3 })).toHaveText('Síntese');
    await expect.poll(() => cmi(lms, 'lesson_status')).toBe('completed');
    expect(await cmi(lms, 'score.raw')).toBe('100');
    expect(await cmi(lms, 'lesson_location')).toBe('3');
    expect(Number(await cmi(lms, 'commits'))).toBeGreaterThan(0);

    // Going back does not undo the completion.
    await reader.getByRole('button', { name: 'Anterior' }).click();
    await expect.poll(() => cmi(lms, 'lesson_location')).toBe('2');
    expect(await cmi(lms, 'lesson_status')).toBe('completed');

    // A new attempt that resumes where the learner left (cmi.core.lesson_location 2): the unit opens on that page.
    await lms.goto(`${lmsServer.origin}/player.html?location=2`);
    await expect(reader.getByRole('heading', { level: 3 })).toHaveText('2. Aplicações no cotidiano', { timeout: 20_000 });
    await expect.poll(() => cmi(lms, 'lesson_location')).toBe('2');

    // The admin ends the rent: the same package now shows the licence message, and no content.
    const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
    const canceled = await request.delete(`/api/sellers/rents/${inst.rentId}`, { headers: admin });
    expect(canceled.status(), await canceled.text()).toBe(200);
    await lms.reload();
    const refused = lms.frameLocator('#sco').frameLocator('iframe.unit').getByTestId('student-refusal');
    await expect(refused).toBeVisible({ timeout: 20_000 });
    await expect(refused).toContainText(SHARE_MSG.unavailable);
    await expect(lms.frameLocator('#sco').frameLocator('iframe.unit').getByTestId('unit-content')).toHaveCount(0);
  } finally {
    await lmsContext.close();
    await lmsServer.stop();
  }
});

test('only the LMS page may be framed by other sites', async ({ request }) => {
  const lmsPage = await request.get(`${LMS_VIEWER_PATH}?token=x`);
  expect(lmsPage.status()).toBe(200);
  expect(lmsPage.headers()['content-security-policy']).toContain('frame-ancestors *');
  expect(lmsPage.headers()['x-frame-options']).toBeUndefined();
  for (const other of ['/student/link?token=x', '/dashboard', '/']) {
    const res = await request.get(other);
    expect(res.headers()['content-security-policy'], other).toContain("frame-ancestors 'self'");
    expect(res.headers()['x-frame-options'], other).toBe('SAMEORIGIN');
  }
});

test("a subject exported as a Common Cartridge: its web link opens the unit in the viewer's LMS page", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const inst = await institutionForLms(request);
  const { subjectId } = await subjectWithDemoUnit(request, inst, 'Funções — turma A');

  await signIn(page, inst.email, inst.password);
  await expect(page).toHaveURL('/dashboard');
  await page.goto(`/seller/subject/${subjectId}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: LMS_EXPORT_MSG.cartridgeDownload }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('disciplina-funcoes-turma-a.imscc');
  await expectNotification(page, LMS_EXPORT_MSG.cartridgeDownloaded);
  const files = unzipSync(fs.readFileSync((await file.path())!));
  expect(strFromU8(files['imsmanifest.xml']!)).toContain('<schemaversion>1.1.0</schemaversion>');
  const links = Object.keys(files).filter((name) => name.startsWith('links/'));
  expect(links).toHaveLength(1);
  const url = /<url href="([^"]+)"/.exec(strFromU8(files[links[0]!]!))![1]!;
  expect(new URL(url).pathname).toBe(LMS_VIEWER_PATH);

  // A student follows the link (the LMS names nobody: the viewer asks once).
  const student = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const viewer = await student.newPage();
  await viewer.goto(url);
  await viewer.getByRole('textbox', { name: STUDENT_MSG.identityLabel }).fill('aluna.cc@escola.br');
  await viewer.getByRole('button', { name: STUDENT_MSG.identityContinue }).click();
  await expect(viewer.getByTestId('unit-content').getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  await student.close();
});

test("a subject link whose provider is no longer rented says why, as a unit link does, not 'ainda não tem unidades'", async ({ browser, request }) => {
  const inst = await institutionForLms(request);
  const { auth, subjectId } = await subjectWithDemoUnit(request, inst, 'Funções — turma B');
  const link = await request.post(`/api/sellers/share-links/subject/${subjectId}`, { headers: auth, data: {} });
  expect(link.status(), await link.text()).toBe(200);
  const { token } = (await link.json()) as { token: string };

  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const canceled = await request.delete(`/api/sellers/rents/${inst.rentId}`, { headers: admin });
  expect(canceled.status(), await canceled.text()).toBe(200);

  const student = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const page = await student.newPage();
    await page.goto(`/student/link?token=${encodeURIComponent(token)}`);
    const refused = page.getByTestId('student-refusal');
    await expect(refused).toContainText(SHARE_MSG.unavailable);
    await expect(page.getByText(STUDENT_MSG.emptySubject)).toHaveCount(0);
  } finally {
    await student.close();
  }
});
