/**
 * The student viewer: the demo institution's seller shares a catalogue unit ('Copiar link para
 * alunos'); a student opens the link on a phone-sized page (390×844), says who they are once, answers the unit's
 * question, votes, sends feedback and a problem report and asks the AI (the fake chat API of e2e/fake-ai.ts); a
 * subject link moves between its units; a forged or missing link shows the refusal page and no content.
 */
import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CATALOGUE_MSG, type CatalogueResponse, type CatalogueUnit } from '../packages/shared/src/catalogue';
import { FEEDBACK_MSG, STUDENT_FEEDBACK_TYPE, type FeedbackRow } from '../packages/shared/src/feedback';
import { SHARE_MSG } from '../packages/shared/src/share-links';
import { STUDENT_MSG, STUDENT_QUESTIONS_PER_HOUR, STUDENT_TOKEN_HEADER } from '../packages/shared/src/student';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { demoEmail, demoToken, ownClientAddress, signIn } from './helpers';
import { startFakeAi, type FakeAi } from './fake-ai';

test.use(ownClientAddress());
// One fake chat API on a fixed port for the whole file.
test.describe.configure({ mode: 'serial' });

const ANSWER = 'Pelo texto da unidade, o coeficiente angular é o número a de f(x) = ax + b: ele indica a inclinação da reta.';
let fake: FakeAi;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await startFakeAi(ANSWER);
});
test.afterAll(async () => {
  await fake?.stop();
});

const PHONE = { width: 390, height: 844 };

/** A student's phone: a browser context of its own (no session), 390 px wide. */
async function phoneOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  return context.newPage();
}

/** The institution's catalogue units (each once), as the API answers them. */
async function catalogueUnits(request: APIRequestContext, token: string): Promise<CatalogueUnit[]> {
  const res = await request.get('/api/items/item/catalogue', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(200);
  const units = ((await res.json()) as CatalogueResponse).groups.flatMap((g) => g.units);
  return units.filter((u, i) => units.findIndex((v) => v.itemId === u.itemId) === i);
}

/** Nothing is wider than the phone: no sideways scrolling. */
async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('a student opens a shared unit on a phone, answers its question, votes, sends feedback and a problem report and asks the AI', async ({ page, context, browser, request }) => {
  test.setTimeout(120_000);
  const tag = `E2E ${Date.now()}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // The institution shares a unit of its catalogue.
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Catálogo', exact: true }).click();
  await expect(page).toHaveURL('/seller/rented-units');
  const filters = page.getByRole('complementary', { name: CATALOGUE_MSG.filters });
  await filters.getByRole('textbox', { name: CATALOGUE_MSG.searchLabel }).fill('Funções do');
  await page.getByRole('main').getByRole('link', { name: `Ver ${DEMO_PUBLISHED_UNIT_TITLE}` }).click();
  await expect(page.getByTestId('unit-content').getByRole('heading', { name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  await page.getByRole('button', { name: SHARE_MSG.copy }).click();
  await page.getByRole('menuitem', { name: SHARE_MSG.copy }).click();
  // Copied, and shown: a field to copy it again and what it is valid for.
  const made = page.getByRole('dialog', { name: SHARE_MSG.linkLabel });
  await expect(made.getByRole('status')).toHaveText(SHARE_MSG.copied);
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/\/student\/link\?token=[\w-]+\.[\w-]+$/);
  await expect(made.getByRole('textbox', { name: SHARE_MSG.linkLabel })).toHaveValue(url);
  await expect(made).toContainText(SHARE_MSG.permanent);
  await made.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(made).toBeHidden();

  // The student opens it on a phone; the link names nobody, so the page asks once who they are.
  const phone = await phoneOf(browser);
  await phone.goto(url);
  await expect(phone.getByRole('heading', { name: STUDENT_MSG.identityTitle })).toBeVisible();
  await phone.getByRole('button', { name: STUDENT_MSG.identityContinue }).click();
  await expect(phone.getByText(STUDENT_MSG.identityRequired)).toBeVisible();
  await phone.getByRole('textbox', { name: STUDENT_MSG.identityLabel }).fill('Aluna.E2E@Escola.br');
  await phone.getByRole('button', { name: STUDENT_MSG.identityContinue }).click();
  const reader = phone.getByTestId('unit-content');
  await expect(reader.getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  await expect(phone.getByText(STUDENT_MSG.identityAs('aluna.e2e@escola.br'))).toBeVisible();
  await expectFitsPhone(phone);
  await phone.screenshot({ path: 'test-results/student-phone.png', fullPage: true });

  // Kept: a reload does not ask again.
  await phone.reload();
  await expect(reader.getByRole('heading', { level: 2, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  await expect(phone.getByRole('heading', { name: STUDENT_MSG.identityTitle })).toHaveCount(0);

  // The question of topic 1, answered in the page; the share of right answers shows.
  await reader.getByRole('button', { name: 'Próximo' }).click();
  await expect(reader.getByRole('heading', { level: 3 })).toHaveText('1. O que é uma função afim');
  const question = reader.locator('[data-resource-kind="question"]');
  await question.getByText('3', { exact: true }).click();
  await question.getByRole('button', { name: 'Responder' }).click();
  await expect(question.getByText('Resposta correta!')).toBeVisible();
  await expect(phone.getByTestId('student-score')).toHaveText(STUDENT_MSG.score(1, 1));
  await expectFitsPhone(phone);

  // The star vote: 4 stars, then changed to 5.
  const vote = phone.getByRole('region', { name: STUDENT_MSG.voteTitle });
  await expect(vote.getByRole('button', { name: STUDENT_MSG.voteSend })).toBeDisabled();
  // By keyboard (the stars are radios): focus the fourth, Space picks it.
  await vote.getByRole('radio', { name: STUDENT_MSG.starLabel(4) }).focus();
  await phone.keyboard.press('Space');
  const voted = phone.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/student/units/'));
  await vote.getByRole('button', { name: STUDENT_MSG.voteSend }).click();
  // Said in place (the viewer has no toasts): the card's polite status line.
  await expect(vote.getByRole('status')).toHaveText(STUDENT_MSG.voteSaved);
  // The vote is the identified student's: it carries the student token the server issued, not a bare identifier.
  const votedHeaders = (await voted).headers();
  expect(votedHeaders[STUDENT_TOKEN_HEADER]).toMatch(/^[\w-]+\.[\w-]{43}$/);
  expect(votedHeaders['x-student-id']).toBeUndefined();
  await expect(vote.getByText(STUDENT_MSG.voteCurrent(4))).toBeVisible();
  // Arrow right moves to five stars, Space picks them.
  await vote.getByRole('radio', { name: STUDENT_MSG.starLabel(4) }).focus();
  await phone.keyboard.press('ArrowRight');
  await phone.keyboard.press('Space');
  await vote.getByRole('button', { name: STUDENT_MSG.voteSend }).click();
  await expect(vote.getByRole('status')).toHaveText(STUDENT_MSG.voteChanged);
  await expect(vote.getByText(STUDENT_MSG.voteCurrent(5))).toBeVisible();

  // The free-text feedback.
  const feedback = phone.getByRole('region', { name: STUDENT_MSG.feedbackTitle });
  const feedbackText = `${tag}: gostei dos exemplos de táxi e temperatura.`;
  await expect(feedback.getByRole('button', { name: STUDENT_MSG.feedbackSend })).toBeDisabled();
  await feedback.getByRole('textbox', { name: STUDENT_MSG.feedbackLabel }).fill(feedbackText);
  await feedback.getByRole('button', { name: STUDENT_MSG.feedbackSend }).click();
  await expect(feedback.getByRole('status')).toHaveText(FEEDBACK_MSG.sent);
  await expect(feedback.getByRole('textbox', { name: STUDENT_MSG.feedbackLabel })).toHaveValue('');

  // 'Relatar Problema' (spec 2 §2.11): 'Enviar' only with a category and a description.
  await reader.getByRole('button', { name: 'Relatar Problema' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Relatar Problema' });
  const send = dialog.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Erros de ortografia' }).check();
  await expect(send).toBeDisabled();
  const problem = `${tag}: "inclinassão" no tópico 1.`;
  await dialog.getByLabel('Descrição').fill(problem);
  await send.click();
  await expect(dialog).toBeHidden();
  await expect(reader.getByRole('status').filter({ hasText: FEEDBACK_MSG.reported })).toBeVisible();
  // Focus returns to the button that opened the dialog.
  await expect(reader.getByRole('button', { name: 'Relatar Problema' })).toBeFocused();

  // The AI question, answered from the unit's text.
  const ai = phone.getByRole('region', { name: STUDENT_MSG.aiTitle });
  await ai.getByRole('textbox', { name: STUDENT_MSG.aiLabel }).fill('O que é o coeficiente angular?');
  await ai.getByRole('button', { name: STUDENT_MSG.aiAsk }).click();
  await expect(ai.getByTestId('ai-answer')).toContainText(ANSWER);
  await expect(ai.getByText(STUDENT_MSG.aiRemaining(STUDENT_QUESTIONS_PER_HOUR - 1))).toBeVisible();
  expect(fake.prompts.at(-1)).toContain('O que é o coeficiente angular?');
  expect(fake.prompts.at(-1)).toContain(`Título: ${DEMO_PUBLISHED_UNIT_TITLE}`);
  await expectFitsPhone(phone);

  // The same link on a desktop (the seller's browser: the page needs no account and ignores the session).
  await page.goto(url);
  await page.getByRole('textbox', { name: STUDENT_MSG.identityLabel }).fill('professora-teste');
  await page.getByRole('button', { name: STUDENT_MSG.identityContinue }).click();
  await expect(page.getByTestId('unit-content').getByRole('navigation', { name: 'Sumário da unidade' })).toBeVisible();
  await expect(page.getByRole('region', { name: STUDENT_MSG.aiTitle })).toBeVisible();
  await page.screenshot({ path: 'test-results/student-desktop.png', fullPage: true });

  // The feedback report lists the student's feedback and problem report.
  const admin = await demoToken(request, 'admin');
  const report = await request.get('/api/items/item/feedback?limit=50', { headers: { authorization: `Bearer ${admin}` } });
  const rows = ((await report.json()) as { data: FeedbackRow[] }).data;
  expect(rows.find((r) => r.error_description === feedbackText)).toMatchObject({ error_type: STUDENT_FEEDBACK_TYPE, unit_name: DEMO_PUBLISHED_UNIT_TITLE });
  expect(rows.find((r) => r.error_description === problem)).toMatchObject({ error_type: 'Erros de ortografia', unit_name: DEMO_PUBLISHED_UNIT_TITLE });
  await phone.context().close();
});

test('a subject link moves between its units; a link naming the student asks nothing', async ({ browser, request }) => {
  const seller = await demoToken(request, 'seller');
  const headers = { authorization: `Bearer ${seller}` };
  const me = (await (await request.get('/api/me', { headers })).json()) as { seller: { id: number } };
  const subjectName = `Disciplina E2E ${Date.now()}`;
  const created = await request.post('/api/sellers/subjects', { headers, data: { name: subjectName, sellerId: me.seller.id } });
  expect(created.status(), await created.text()).toBe(200);
  const subjectId = ((await created.json()) as { subject_id: number }).subject_id;
  // Two units of the catalogue, added in order.
  const parsed = (await catalogueUnits(request, seller)).slice(0, 2);
  expect(parsed).toHaveLength(2);
  for (const u of parsed) {
    const added = await request.post('/api/sellers/subjects/item', { headers, data: { subjectId, itemId: u.itemId, itemContentId: u.itemContentId } });
    expect(added.status(), await added.text()).toBe(200);
  }
  const link = await request.post(`/api/sellers/share-links/subject/${subjectId}`, { headers, data: { studentId: 'matricula-2024-001' } });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };

  const phone = await phoneOf(browser);
  await phone.goto(url);
  await expect(phone.getByRole('heading', { level: 1, name: subjectName })).toBeVisible();
  await expect(phone.getByRole('heading', { name: STUDENT_MSG.identityTitle })).toHaveCount(0);
  const reader = phone.getByTestId('unit-content');
  await expect(phone.getByText(STUDENT_MSG.unitPosition(1, 2))).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2, name: parsed[0]!.title })).toBeVisible();
  await expect(phone.getByRole('button', { name: STUDENT_MSG.previousUnit })).toBeDisabled();
  await phone.getByRole('button', { name: STUDENT_MSG.nextUnit }).click();
  await expect(phone.getByText(STUDENT_MSG.unitPosition(2, 2))).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2, name: parsed[1]!.title })).toBeVisible();
  await expect(phone.getByRole('button', { name: STUDENT_MSG.nextUnit })).toBeDisabled();
  await expectFitsPhone(phone);
  // The browser's back button returns to the first unit.
  await phone.goBack();
  await expect(reader.getByRole('heading', { level: 2, name: parsed[0]!.title })).toBeVisible();
  // The list of the subject's units, by keyboard.
  await phone.getByRole('combobox', { name: STUDENT_MSG.subjectUnits }).focus();
  await phone.keyboard.press('ArrowDown');
  await expect(reader.getByRole('heading', { level: 2, name: parsed[1]!.title })).toBeVisible();
  await phone.context().close();
});

test('a token the server refuses in the middle of a visit is exchanged again for the identifier typed on that visit, without asking', async ({ browser, request }) => {
  const seller = await demoToken(request, 'seller');
  const headers = { authorization: `Bearer ${seller}` };
  const me = (await (await request.get('/api/me', { headers })).json()) as { seller: { id: number } };
  const created = await request.post('/api/sellers/subjects', { headers, data: { name: `Disciplina Token ${Date.now()}`, sellerId: me.seller.id } });
  const subjectId = ((await created.json()) as { subject_id: number }).subject_id;
  const parsed = (await catalogueUnits(request, seller)).slice(0, 2);
  for (const u of parsed) {
    const added = await request.post('/api/sellers/subjects/item', { headers, data: { subjectId, itemId: u.itemId, itemContentId: u.itemContentId } });
    expect(added.status(), await added.text()).toBe(200);
  }
  const link = await request.post(`/api/sellers/share-links/subject/${subjectId}`, { headers, data: {} });
  const { url } = (await link.json()) as { url: string };

  const phone = await phoneOf(browser);
  await phone.goto(url);
  await phone.getByRole('textbox', { name: STUDENT_MSG.identityLabel }).fill('aluno.renovado@escola.br');
  await phone.getByRole('button', { name: STUDENT_MSG.identityContinue }).click();
  const reader = phone.getByTestId('unit-content');
  await expect(reader.getByRole('heading', { level: 2, name: parsed[0]!.title })).toBeVisible();
  // The next unit is asked for with a token the server does not accept (as after a change of secret): refused once.
  let spoiled = 0;
  await phone.route('**/api/student/units/**', (route) => {
    if (spoiled++ > 0) return route.continue();
    return route.continue({ headers: { ...route.request().headers(), [STUDENT_TOKEN_HEADER]: 'estragado.abc' } });
  });
  await phone.getByRole('button', { name: STUDENT_MSG.nextUnit }).click();
  await expect(reader.getByRole('heading', { level: 2, name: parsed[1]!.title })).toBeVisible();
  await expect(phone.getByRole('heading', { name: STUDENT_MSG.identityTitle })).toHaveCount(0);
  await expect(phone.getByText(STUDENT_MSG.identityAs('aluno.renovado@escola.br'))).toBeVisible();
  expect(spoiled).toBeGreaterThan(1);
  await phone.context().close();
});

test('a student kept in the browser before student tokens is identified again without being asked, and votes; a bare identifier votes nothing', async ({ browser, request }) => {
  const seller = await demoToken(request, 'seller');
  const itemId = (await catalogueUnits(request, seller))[0]!.itemId;
  const made = await request.post(`/api/sellers/share-links/unit/${itemId}`, { headers: { authorization: `Bearer ${seller}` }, data: {} });
  const { url, token } = (await made.json()) as { url: string; token: string };
  const link = (await (await request.get('/api/student/link/verify', { params: { token } })).json()) as { sellerId: number; units: { itemContentId: number }[] };
  const contentId = link.units[0]!.itemContentId;

  // What the viewer kept before: the identifier alone, per institution.
  const phone = await phoneOf(browser);
  await phone.context().addInitScript(([key, id]) => {
    if (!window.localStorage.getItem('e2e.kept')) {
      window.localStorage.setItem(key!, id!);
      window.localStorage.setItem('e2e.kept', '1');
    }
  }, [`edu.student.${link.sellerId}`, 'aluno-de-antes']);
  await phone.goto(url);
  await expect(phone.getByText(STUDENT_MSG.identityAs('aluno-de-antes'))).toBeVisible();
  await expect(phone.getByRole('heading', { name: STUDENT_MSG.identityTitle })).toHaveCount(0);
  const vote = phone.getByRole('region', { name: STUDENT_MSG.voteTitle });
  await vote.getByRole('radio', { name: STUDENT_MSG.starLabel(3) }).focus();
  await phone.keyboard.press('Space');
  await vote.getByRole('button', { name: STUDENT_MSG.voteSend }).click();
  await expect(vote.getByRole('status')).toHaveText(STUDENT_MSG.voteSaved);
  const kept = await phone.evaluate((sig) => window.localStorage.getItem(`edu.student.token.${sig}`), token.split('.')[1]!);
  expect(JSON.parse(kept ?? '{}')).toMatchObject({ studentId: 'aluno-de-antes' });

  // The old way, a bare identifier with the link, no longer votes.
  const bare = await request.put(`/api/student/units/${contentId}/vote`, { headers: { 'x-student-link': token, 'x-student-id': 'aluno-inventado' }, data: { stars: 5 } });
  expect(bare.status()).toBe(400);
  expect(((await bare.json()) as { message: string }).message).toBe(STUDENT_MSG.tokenRequired);
  await phone.context().close();
});

test('a forged, altered or missing link shows the refusal page and no content', async ({ browser, request }) => {
  const seller = await demoToken(request, 'seller');
  const itemId = (await catalogueUnits(request, seller))[0]!.itemId;
  const made = await request.post(`/api/sellers/share-links/unit/${itemId}`, { headers: { authorization: `Bearer ${seller}` }, data: {} });
  const { token } = (await made.json()) as { token: string };
  const [body, signature] = token.split('.') as [string, string];
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  const altered = `${Buffer.from(JSON.stringify({ ...payload, i: itemId + 1 })).toString('base64url')}.${signature}`;

  const phone = await phoneOf(browser);
  for (const bad of [`${body}.${'A'.repeat(signature.length)}`, altered, 'nao-e-um-link']) {
    await phone.goto(`/student/link?token=${encodeURIComponent(bad)}`);
    const refusal = phone.getByTestId('student-refusal');
    await expect(refusal.getByRole('heading', { name: STUDENT_MSG.refusedTitle })).toBeVisible();
    await expect(refusal.getByRole('alert')).toHaveText(SHARE_MSG.invalid);
    await expect(phone.getByTestId('unit-content')).toHaveCount(0);
    await expect(phone.getByRole('textbox', { name: STUDENT_MSG.identityLabel })).toHaveCount(0);
  }
  await expectFitsPhone(phone);
  await phone.goto('/student/link');
  await expect(phone.getByTestId('student-refusal').getByRole('alert')).toHaveText(STUDENT_MSG.noToken);
  await phone.context().close();
});
