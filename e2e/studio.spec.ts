/**
 * The studio (spec 2 §2.8, §4.5, §5, §8): a provider writes a unit through the four steps with one
 * resource of every kind from the 'Recursos' panel, sees it in the live preview (and answers its
 * question there) and registers it; the editor's validation; saving a published unit asks what is being
 * updated and creates a new version; two tabs saving the same unit.
 */
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { UNIT_MSG } from '../packages/shared/src/content/unit-content';
import { EMBED_MSG } from '../packages/shared/src/content/embed-hosts';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { demoEmail, demoToken, dismissNotifications, expectNotification, publishedUnitApi, signIn, TINY_PNG } from './helpers';
import { zip } from '../apps/server/test/zip-writer';
import { fakeStockImage, startFakeStock } from './fake-stock';

const SAVED = 'Item foi Salvo com sucesso';
const CREATED = 'Item cadastrado com sucesso!';

// --- tiny files built here: a PDF and an infographic zip (stored entries, no compression) ---

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');

const INFOGRAPHIC = zip([{ name: 'index.html', data: Buffer.from('<!doctype html><html><body><h1>Infográfico E2E</h1></body></html>') }]);

// --- helpers ---

async function openStudio(page: Page, local: string, path = '/studio') {
  await signIn(page, demoEmail(local));
  await expect(page).toHaveURL('/dashboard');
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'SALVAR', exact: true })).toBeVisible();
}

interface UnitReply {
  id: number;
  itemId: number;
  version: number;
  status: string;
  title: string;
}

async function createUnitApi(request: APIRequestContext, token: string, title: string): Promise<UnitReply> {
  const res = await request.post('/api/items/item/content/create', {
    headers: { authorization: `Bearer ${token}` },
    data: { title, authors: ['Autora API'], introduction: '<p>Introdução API</p>', synthesis: '<p>Síntese API</p>', topics: [{ title: 'Tópico API', content: '<p>Texto API</p>' }] },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as UnitReply;
}

const step = (page: Page, name: string) => page.getByRole('region', { name });
const preview = (page: Page) => page.getByRole('complementary', { name: 'Pré-visualização da unidade' });
const panel = (page: Page) => page.getByRole('dialog');

/** Type into a rich-text editor (the ProseMirror area labelled `label`). */
async function typeRich(scope: Page | Locator, page: Page, label: string, text: string) {
  const area = scope.getByRole('textbox', { name: label, exact: true });
  await area.click();
  await page.keyboard.type(text);
}

/** Open the 'Recursos' panel and the form of one resource. */
async function openResource(page: Page, label: string) {
  await page.getByRole('button', { name: 'Recursos', exact: true }).click();
  await expect(panel(page).getByRole('list', { name: 'Recursos disponíveis' })).toBeVisible();
  await panel(page).getByRole('button', { name: label, exact: true }).click();
}

async function addResource(page: Page) {
  await panel(page).getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(panel(page)).toBeHidden();
}

test('provider writes a unit with every resource, sees it in the preview and registers it', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Unidade do estúdio ${Date.now()}`;
  // The page's CSP refusals, as the browser reports them.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const violations = () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
  await openStudio(page, 'provider');
  await expect(page.getByRole('button', { name: 'Voltar', exact: true })).toBeDisabled();

  // Step 1: title, cover upload, authors (one empty input always kept), levels and knowledge area.
  const s1 = step(page, 'Nova unidade');
  await s1.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  await s1.getByRole('button', { name: 'Escolher imagem' }).click();
  const cover = page.getByRole('dialog', { name: 'Imagem de capa' });
  await cover.getByRole('tab', { name: 'Enviar' }).click();
  await cover.getByLabel('Enviar imagem para a galeria').setInputFiles({ name: 'capa.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(cover).toBeHidden();
  await expect(s1.getByRole('img', { name: 'Prévia da imagem de capa' })).toBeVisible();
  await expect(s1.getByRole('textbox', { name: 'Link da imagem de capa' })).toHaveValue(/^\/uploads\//);

  await s1.getByRole('textbox', { name: 'Autor 1' }).fill('Ana Souza');
  await s1.getByRole('textbox', { name: 'Autor 2' }).fill('Bruno Lima');
  await expect(s1.getByRole('textbox', { name: /^Autor \d$/ })).toHaveCount(3);
  // An author emptied is dropped when focus leaves the list; one empty input stays.
  await s1.getByRole('textbox', { name: 'Autor 2' }).fill('');
  await s1.getByRole('textbox', { name: 'Título', exact: true }).click();
  await expect(s1.getByRole('textbox', { name: /^Autor \d$/ })).toHaveCount(2);
  await expect(s1.getByRole('textbox', { name: 'Autor 2' })).toHaveValue('');

  // Learning type: university by default; switching shows the other levels and areas.
  await expect(s1.getByText('Área de conhecimento (ensino superior)')).toBeVisible();
  await s1.getByText('Educação básica', { exact: true }).click();
  await expect(s1.getByText('Área de conhecimento (educação básica)')).toBeVisible();
  await expect(s1.getByRole('checkbox', { name: 'Ensino Médio' })).toBeVisible();
  await s1.getByText('Ensino superior', { exact: true }).click();
  await s1.getByRole('checkbox', { name: 'Graduação', exact: true }).check();
  await s1.getByRole('combobox', { name: 'Área de conhecimento (ensino superior)' }).click();
  await page.getByRole('option', { name: 'Ciências Exatas e da Terra' }).click();
  await page.keyboard.press('Escape');

  // The preview's cover follows the title and authors.
  await expect(preview(page).getByText(title).first()).toBeVisible();
  await expect(preview(page).getByText('Ana Souza').first()).toBeVisible();

  // Step 2: introduction and objectives.
  await page.getByRole('button', { name: 'Avançar' }).click();
  const s2 = step(page, 'Introdução');
  await typeRich(s2, page, 'Introdução', 'Introdução escrita no estúdio.');
  await s2.getByRole('textbox', { name: 'Objetivo 1' }).fill('Compreender o estúdio');
  await expect(preview(page).getByText('Introdução escrita no estúdio.')).toBeVisible();
  await expect(preview(page).getByText('Compreender o estúdio')).toBeVisible();

  // Step 3: a topic with a Latex block and one resource of each kind.
  await page.getByRole('button', { name: 'Avançar' }).click();
  const s3 = step(page, 'Conteúdo');
  await s3.getByRole('textbox', { name: 'Título do tópico 1' }).fill('Tópico com recursos');
  await typeRich(s3, page, 'Conteúdo do tópico 1', 'Texto do tópico.');
  await page.keyboard.press('Enter');
  await s3.getByRole('combobox', { name: 'Formato do bloco' }).click();
  await page.getByRole('option', { name: 'Latex' }).click();
  await s3.getByRole('textbox', { name: 'Conteúdo do tópico 1', exact: true }).locator('pre.latex').click();
  await page.keyboard.type('x^2 + 1');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(preview(page).locator('.katex').first()).toBeVisible();
  // Typeset with KaTeX's stylesheet and fonts: the formula in KaTeX's own faces, loaded; the MathML copy for screen
  // readers present but not drawn a second time.
  const formula = preview(page).locator('.katex').first();
  expect(await formula.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('KaTeX_Main');
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'KaTeX_Math' && f.status === 'loaded')))
    .toBe(true);
  const mathml = formula.locator('.katex-mathml');
  await expect(mathml).toHaveCount(1);
  expect(await mathml.evaluate((el) => el.getBoundingClientRect().width * el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);

  await openResource(page, 'Videoaula');
  await panel(page).getByRole('textbox', { name: 'Link do vídeo' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await addResource(page);

  await openResource(page, 'Podcast');
  await panel(page).getByRole('textbox', { name: 'Link do podcast' }).fill('https://open.spotify.com/embed/episode/7makk4oTQel546B0PZlDM5');
  await addResource(page);

  await openResource(page, 'Figura');
  await panel(page).getByRole('textbox', { name: 'Nome' }).fill('Figura E2E');
  await panel(page).getByRole('textbox', { name: 'Fonte' }).fill('Acervo próprio');
  await panel(page).getByRole('textbox', { name: 'Descrição para acessibilidade' }).fill('Um ponto colorido');
  await panel(page).getByRole('tab', { name: 'Enviar' }).click();
  await panel(page).getByLabel('Enviar imagem para a galeria').setInputFiles({ name: 'figura.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(panel(page).getByText('Imagem escolhida')).toBeVisible();
  await addResource(page);

  await openResource(page, 'PDF');
  await panel(page).locator('input[type=file]').setInputFiles({ name: 'apostila.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(panel(page).getByText('apostila.pdf').first()).toBeVisible();
  await addResource(page);

  await openResource(page, 'Infográfico');
  await panel(page).locator('input[type=file]').setInputFiles({ name: 'infografico.zip', mimeType: 'application/zip', buffer: INFOGRAPHIC });
  await expect(panel(page).getByRole('button', { name: /^Remover / })).toBeVisible();
  await addResource(page);

  for (const [label, text] of [
    ['Saiba Mais', 'Conteúdo do saiba mais.'],
    ['Atenção', 'Conteúdo de atenção.'],
    ['Destaque', 'Conteúdo em destaque.'],
  ] as const) {
    await openResource(page, label);
    await typeRich(panel(page), page, 'Conteúdo', text);
    await addResource(page);
  }

  await openResource(page, 'Lista');
  await panel(page).getByRole('textbox', { name: 'Título' }).first().fill('Item da lista');
  await panel(page).getByRole('textbox', { name: 'Descrição' }).first().fill('Descrição do item');
  await addResource(page);

  await openResource(page, 'Citação');
  await typeRich(panel(page), page, 'Citação', 'Uma citação memorável.');
  await addResource(page);

  // Only the allowed sites: another one is refused in the form, naming the site and the operator's setting.
  await openResource(page, 'Iframe Externo');
  await expect(panel(page).getByTestId('embed-hosts')).toContainText('phet.colorado.edu');
  await panel(page).getByRole('textbox', { name: 'Endereço (URL)' }).fill('https://evil.example/phish');
  await panel(page).getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(panel(page).getByText(EMBED_MSG.hostRefused('evil.example'))).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Endereço (URL)' }).fill('https://phet.colorado.edu/sims/html/fractions-intro/latest/fractions-intro_all.html?locale=pt_BR');
  await panel(page).getByRole('textbox', { name: 'Largura' }).fill('100%');
  await panel(page).getByRole('textbox', { name: 'Altura' }).fill('400px');
  await addResource(page);

  await openResource(page, 'Questão');
  await typeRich(panel(page), page, 'Enunciado', 'Quanto é 2 + 2?');
  const options = panel(page).getByRole('textbox', { name: 'Alternativa' });
  const feedbacks = panel(page).getByRole('textbox', { name: 'Feedback' });
  while ((await options.count()) < 2) await panel(page).getByRole('button', { name: 'Adicionar alternativa' }).click();
  await options.nth(0).fill('3');
  await feedbacks.nth(0).fill('Não: 2 + 2 = 4.');
  await options.nth(1).fill('4');
  await feedbacks.nth(1).fill('Isso mesmo!');
  await panel(page).getByRole('radio', { name: /^Marcar a alternativa b\)? como correta$/ }).check();
  await addResource(page);

  // Every resource is in the preview of the topic being edited.
  const shown = preview(page);
  for (const kind of ['videoaula', 'podcast', 'picture', 'pdf', 'infographic', 'learnMore', 'attention', 'emphasis', 'list', 'quote', 'iframe', 'question']) {
    await expect(shown.locator(`[data-resource-kind="${kind}"]`), kind).toHaveCount(1);
  }
  await expect(shown.getByText('Figura E2E').first()).toBeVisible();
  await expect(shown.getByText('Uma citação memorável.')).toBeVisible();

  // The allowed sites' frames load under the page's CSP; a frame of another site is refused by it (the control).
  for (const kind of ['videoaula', 'podcast', 'iframe']) await shown.locator(`[data-resource-kind="${kind}"] iframe`).scrollIntoViewIfNeeded();
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = 'https://evil.example/phish';
    document.body.appendChild(frame);
  });
  await expect.poll(violations).toContainEqual(expect.stringContaining('evil.example'));
  expect((await violations()).filter((v) => /^(frame|media|img)-src/.test(v) && !v.includes('evil.example'))).toEqual([]);

  // The question answers in the preview.
  const question = shown.locator('[data-resource-kind="question"]');
  await question.getByText('4', { exact: true }).click();
  await question.getByRole('button', { name: 'Responder' }).click();
  await expect(question.getByText('Resposta correta!')).toBeVisible();
  await expect(question.getByText('Isso mesmo!')).toBeVisible();

  // Step 4: synthesis and references pasted as one text separated by asterisks.
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expect(page.getByRole('button', { name: 'Avançar' })).toHaveCount(0);
  const s4 = step(page, 'Síntese');
  await typeRich(s4, page, 'Síntese', 'Síntese da unidade.');
  await s4.getByRole('textbox', { name: 'Referência 1' }).focus();
  await page.evaluate(() => {
    const input = document.activeElement as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text', 'AUTOR, A. Livro um. 2020. * AUTOR, B. Livro dois. 2021.');
    input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(s4.getByRole('textbox', { name: 'Referência 1' })).toHaveValue('AUTOR, A. Livro um. 2020.');
  await expect(s4.getByRole('textbox', { name: 'Referência 2' })).toHaveValue('AUTOR, B. Livro dois. 2021.');
  await expect(s4.getByRole('textbox', { name: 'Referência 3' })).toHaveValue('');
  await expect(preview(page).getByText('Síntese da unidade.')).toBeVisible();
  await expect(preview(page).getByText('AUTOR, B. Livro dois. 2021.')).toBeVisible();

  // 'Cadastrar' registers the unit and goes to Minhas Unidades.
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  await expectNotification(page, CREATED);
  await expect(page).toHaveURL('/dashboard/my-units');

  // Stored as written: every resource block survived the server's sanitizing.
  const token = await page.evaluate(() => localStorage.getItem('sc.token'));
  const list = await page.request.get(`/api/items/item/content/provider?title=${encodeURIComponent(title)}`, { headers: { authorization: `Bearer ${token}` } });
  const row = ((await list.json()) as { content: { id: number; title: string }[] }).content.find((u) => u.title === title)!;
  const unit = await (await page.request.get(`/api/items/item/content/find/${row.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(unit.authors).toEqual(['Ana Souza']);
  expect(unit.learningObjectives).toEqual(['Compreender o estúdio']);
  expect(unit.bibliographicReference).toEqual(['AUTOR, A. Livro um. 2020.', 'AUTOR, B. Livro dois. 2021.']);
  expect(unit.levelOfLearning).toEqual(['Graduação']);
  expect(unit.knowledges.map((k: { title: string }) => k.title)).toEqual(['Ciências Exatas e da Terra']);
  expect(unit.topics).toHaveLength(1);
  expect(unit.topics[0].content).toContain('<pre class="latex">x^2 + 1</pre>');
  expect((unit.topics[0].content as string).match(/data-resource=/g)).toHaveLength(12);
});

test('the title is required; leaving asks about unsaved changes; SALVAR keeps the studio on the new unit', async ({ page }) => {
  await openStudio(page, 'editor');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'Avançar' }).click();
  await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
  // Back on step 1 with the message under the title.
  const s1 = step(page, 'Nova unidade');
  await expect(s1.getByText(UNIT_MSG.titleRequired)).toBeVisible();

  const title = `Rascunho do estúdio ${Date.now()}`;
  await s1.getByRole('textbox', { name: 'Título', exact: true }).fill(title);
  // Unsaved changes (a new unit is not saved by itself): 'Sair' asks first.
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Sair do estúdio' });
  await expect(leave.getByText('Tem certeza que deseja sair? As alterações não salvas serão perdidas.')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
  await expectNotification(page, SAVED);
  await expect(page).toHaveURL(/\/studio\/\d+$/);
  await expect(s1.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(title);
  await expect(page.getByText('Rascunho', { exact: true })).toBeVisible();

  // Now editing: the synthesis is required, and the last button reads 'Salvar'.
  await dismissNotifications(page);
  await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
  const s4 = step(page, 'Síntese');
  await expect(s4.getByText(UNIT_MSG.synthesisRequired)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeVisible();
  await typeRich(s4, page, 'Síntese', 'Uma síntese.');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expectNotification(page, 'Item atualizado com sucesso!');
  await expect(page).toHaveURL('/dashboard/my-units');
});

test('a cover image of another site is copied to the platform on save, and the studio then holds the copy', async ({ page }) => {
  const stock = await startFakeStock();
  try {
    await openStudio(page, 'editor');
    const s1 = step(page, 'Nova unidade');
    await s1.getByRole('textbox', { name: 'Título', exact: true }).fill(`Capa de outro site ${Date.now()}`);
    await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
    await expectNotification(page, SAVED);
    await expect(page).toHaveURL(/\/studio\/\d+$/);
    await dismissNotifications(page);
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Avançar' }).click();
    await typeRich(step(page, 'Síntese'), page, 'Síntese', 'Uma síntese.');
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Voltar', exact: true }).click();

    const link = step(page, 'Nova unidade').getByRole('textbox', { name: 'Link da imagem de capa' });
    await link.fill(fakeStockImage('capa-de-outro-site.png'));
    await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
    await expectNotification(page, SAVED);
    // Our copy, shown from /uploads (the CSP loads no image of another site).
    await expect(link).toHaveValue(/^\/uploads\/content-images\/[0-9a-f]{64}\.png$/);
    const preview = step(page, 'Nova unidade').getByRole('img', { name: 'Prévia da imagem de capa' });
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  } finally {
    await stock.stop();
  }
});

test('saving a published unit asks what is being updated and creates a new version', async ({ page, request }) => {
  const token = await demoToken(request, 'provider');
  const headers = { authorization: `Bearer ${token}` };

  // The demo published unit: the question opens first (and is required); cancelled here.
  const mine = await request.get('/api/items/item/content/provider?statusItemContent=publish', { headers });
  const demo = ((await mine.json()) as { content: { id: number; title: string }[] }).content.find((u) => u.title === DEMO_PUBLISHED_UNIT_TITLE)!;
  await openStudio(page, 'provider', `/studio/${demo.id}`);
  await expect(step(page, 'Nova unidade').getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(DEMO_PUBLISHED_UNIT_TITLE);
  await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
  let ask = page.getByRole('dialog', { name: 'O que está sendo atualizado?' });
  await expect(ask.getByText(/até 48 horas/)).toBeVisible();
  await ask.getByRole('button', { name: 'Enviar atualização' }).click();
  await expect(ask.getByText(UNIT_MSG.updateMessageRequired)).toBeVisible();
  await ask.getByRole('button', { name: 'Cancelar' }).click();
  await expect(ask).toBeHidden();

  // A unit of our own, published by an admin, then updated in the studio.
  const own = await publishedUnitApi(request, token, `Publicada E2E ${Date.now()}`);

  await page.goto(`/studio/${own.id}`);
  const titleInput = step(page, 'Nova unidade').getByRole('textbox', { name: 'Título', exact: true });
  await expect(titleInput).toHaveValue(own.title);
  await titleInput.fill(`${own.title} (v2)`);
  await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
  ask = page.getByRole('dialog', { name: 'O que está sendo atualizado?' });
  await ask.getByRole('textbox', { name: 'Descrição da atualização' }).fill('Título revisto');
  await ask.getByRole('button', { name: 'Enviar atualização' }).click();
  await expectNotification(page, SAVED);
  await expect(page).toHaveURL('/dashboard/my-units');

  // The published version stays; the new one is in analysis with the reason given.
  const versions = (await (await request.get(`/api/items/item/find/versions?itemId=${own.itemId}`, { headers })).json()) as {
    id: number;
    version: number;
    status: string;
    title: string;
    updateMessage: string | null;
    published: boolean;
  }[];
  expect(versions.map((v) => [v.version, v.status, v.published])).toEqual([
    [2, 'send', false],
    [1, 'publish', true],
  ]);
  expect(versions[0]!.title).toBe(`${own.title} (v2)`);
  expect(versions[0]!.updateMessage).toBe('Título revisto');
});

test('two tabs saving the same unit: the stale one is told and can reload', async ({ page, context, request }) => {
  const token = await demoToken(request, 'editor');
  const own = await createUnitApi(request, token, `Duas abas ${Date.now()}`);
  await openStudio(page, 'editor', `/studio/${own.id}`);
  const other = await context.newPage();
  await other.goto(`/studio/${own.id}`);
  const titleOf = (p: Page) => step(p, 'Nova unidade').getByRole('textbox', { name: 'Título', exact: true });
  await expect(titleOf(other)).toHaveValue(own.title);

  await titleOf(page).fill(`${own.title} — aba 1`);
  await page.getByRole('button', { name: 'SALVAR', exact: true }).click();
  await expectNotification(page, SAVED);

  await titleOf(other).fill(`${own.title} — aba 2`);
  await other.getByRole('button', { name: 'SALVAR', exact: true }).click();
  const stale = other.getByRole('alert').filter({ hasText: 'Unidade desatualizada' });
  await expect(stale).toContainText('Esta unidade foi alterada em outra aba');
  await stale.getByRole('button', { name: 'Recarregar unidade' }).click();
  await expect(titleOf(other)).toHaveValue(`${own.title} — aba 1`);
  await expect(stale).toBeHidden();
});

test('only authors use the studio', async ({ page }) => {
  await signIn(page, demoEmail('curator'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/studio');
  await expect(page.getByText('Somente fornecedores e editores podem criar e editar unidades.')).toBeVisible();
});
