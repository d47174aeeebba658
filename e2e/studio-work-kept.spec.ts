/**
 * The studio keeps the author's work: a draft saves itself while the author writes (and says when), Ctrl+S saves,
 * leaving with unsaved changes asks first (closing the tab, 'Sair'), and an upload shows its percentage and can be
 * cancelled, leaving nothing behind; a file over 30 MB is refused in pt-BR and nothing is stored.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { UNIT_MSG } from '../packages/shared/src/content/unit-content';
import { GALLERY_MSG } from '../packages/shared/src/galleries';
import { completeUnitFields, demoEmail, demoToken, dismissNotifications, expectNotification, signIn, TINY_PNG } from './helpers';

const SAVED = 'Item foi Salvo com sucesso';
const MB = 1024 * 1024;

async function openStudio(page: Page, local: string, path: string) {
  await signIn(page, demoEmail(local));
  await expect(page).toHaveURL('/dashboard');
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'SALVAR', exact: true })).toBeVisible();
}

/** A draft of the account's provider, complete (so an edit of it may be saved), through the API. */
async function draftApi(request: APIRequestContext, token: string, title: string): Promise<{ id: number; title: string }> {
  const res = await request.post('/api/items/item/content/create', { headers: { authorization: `Bearer ${token}` }, data: await completeUnitFields(request, token, title) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: number; title: string };
}

const unitApi = async (request: APIRequestContext, token: string, id: number) =>
  (await (await request.get(`/api/items/item/content/find/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { title: string; revision: number };

const status = (page: Page) => page.getByRole('banner').getByRole('status');
const titleInput = (page: Page) => page.getByRole('region', { name: 'Nova unidade' }).getByRole('textbox', { name: 'Título', exact: true });

/** A PNG of `bytes` bytes: a real PNG's first bytes (the server judges the type by them), then padding. */
const bigPng = (bytes: number) => Buffer.concat([TINY_PNG, Buffer.alloc(bytes - TINY_PNG.length)]);

/** The names of the newest files of the provider's image gallery (the files a test just added are among them). */
async function newestImages(request: APIRequestContext, token: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await request.get('/api/me', { headers })).json()) as { provider?: { id: number } | null; user?: { provider?: { id: number } | null } };
  const providerId = (me.provider ?? me.user?.provider)!.id;
  const galleries = (await (await request.get(`/api/galleries/provider/${providerId}`, { headers })).json()) as { id: number; name: string }[];
  const images = galleries.find((g) => g.name === 'images');
  if (!images) return [];
  const page = (await (await request.get(`/api/galleries/details/${images.id}?page=1`, { headers })).json()) as { files: { filename: string }[] };
  return page.files.map((f) => f.filename);
}

test('a draft saves itself a moment after the author stops typing, says when, and is there after a reload', async ({ page, request }) => {
  const token = await demoToken(request, 'editor');
  const unit = await draftApi(request, token, `Autosalvamento ${Date.now()}`);
  await openStudio(page, 'editor', `/studio/${unit.id}`);
  await expect(status(page)).toHaveText(/^Salvo às \d\d:\d\d$/);

  const edited = `${unit.title} — escrito sem clicar em salvar`;
  await titleInput(page).fill(edited);
  // Unsaved, then saving, then saved: no button pressed, no toast.
  await expect(status(page)).toHaveText(/^(Alterações não salvas|Salvando…)$/);
  await expect(status(page)).toHaveText(/^Salvo às \d\d:\d\d$/);
  await expect(page.locator('.mantine-Notifications-root').getByText(SAVED)).toHaveCount(0);
  expect((await unitApi(request, token, unit.id)).title).toBe(edited);

  // Nothing unsaved: the reload asks nothing and shows the saved text.
  await page.reload();
  await expect(titleInput(page)).toHaveValue(edited);
  await expect(status(page)).toHaveText(/^Salvo às \d\d:\d\d$/);
});

test('a new unit saves itself only after its first save; Ctrl+S saves, in a field and in an editor, instead of the browser', async ({ page, request }) => {
  // Whether the page kept Ctrl+S from the browser ('Salvar página').
  await page.addInitScript(() => {
    const seen: boolean[] = [];
    (window as unknown as { ctrlS: boolean[] }).ctrlS = seen;
    window.addEventListener('keydown', (e) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') setTimeout(() => seen.push(e.defaultPrevented));
    });
  });
  await openStudio(page, 'editor', '/studio');
  const title = `Atalho de salvar ${Date.now()}`;
  await titleInput(page).fill(title);
  // A new unit is created by the author's first save, never by the autosave.
  await expect(status(page)).toHaveText('Alterações não salvas');
  await page.keyboard.press('Control+s');
  await expectNotification(page, SAVED);
  await expect(page).toHaveURL(/\/studio\/\d+$/);
  await expect(status(page)).toHaveText(/^Salvo às \d\d:\d\d$/);
  const id = Number(/\/studio\/(\d+)$/.exec(page.url())![1]);
  await dismissNotifications(page);

  // In the synthesis editor: Ctrl+S saves what was just typed.
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Avançar' }).click();
  const synthesis = page.getByRole('region', { name: 'Síntese' }).getByRole('textbox', { name: 'Síntese', exact: true });
  await synthesis.click();
  await page.keyboard.type('Síntese salva pelo atalho.');
  await page.keyboard.press('Control+s');
  await expectNotification(page, SAVED);
  const token = await demoToken(request, 'editor');
  await expect.poll(async () => ((await unitApi(request, token, id)) as unknown as { synthesis: string }).synthesis).toContain('Síntese salva pelo atalho.');
  expect(await page.evaluate(() => (window as unknown as { ctrlS: boolean[] }).ctrlS)).toEqual([true, true]);
});

test('leaving with unsaved changes asks first: closing the tab and leaving the studio; with none, it does not', async ({ page, request }) => {
  const token = await demoToken(request, 'editor');
  const unit = await draftApi(request, token, `Sair sem salvar ${Date.now()}`);
  await openStudio(page, 'editor', `/studio/${unit.id}`);

  // An empty title cannot be saved: the change stays unsaved, and the top bar says why.
  await titleInput(page).fill('');
  await expect(status(page)).toHaveText(`Alterações não salvas — ${UNIT_MSG.titleRequired}`);

  // Closing the tab: the browser asks; staying keeps the page as it was.
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(titleInput(page)).toHaveValue('');

  // Leaving inside the app ('Sair'; links and the back button go through the same router guard): the studio asks in Portuguese.
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  const leave = page.getByRole('dialog', { name: 'Sair do estúdio' });
  await expect(leave.getByText('Tem certeza que deseja sair? As alterações não salvas serão perdidas.')).toBeVisible();
  await leave.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(`/studio/${unit.id}`);
  await expect(titleInput(page)).toHaveValue('');

  // Saved (the title back, the autosave done): 'Sair' leaves at once, and the tab closes without a question.
  await titleInput(page).fill(`${unit.title} (revisto)`);
  await expect(status(page)).toHaveText(/^Salvo às \d\d:\d\d$/);
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/my-units');
  expect((await unitApi(request, token, unit.id)).title).toBe(`${unit.title} (revisto)`);
});

test('an upload shows its percentage and can be cancelled, leaving nothing behind; over 30 MB is refused and nothing is stored', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await demoToken(request, 'editor');
  await openStudio(page, 'editor', '/studio');
  await titleInput(page).fill(`Envio com progresso ${Date.now()}`);
  await page.getByRole('region', { name: 'Nova unidade' }).getByRole('button', { name: 'Escolher imagem' }).click();
  const cover = page.getByRole('dialog', { name: 'Imagem de capa' });
  await cover.getByRole('tab', { name: 'Enviar' }).click();
  const input = cover.getByLabel('Enviar imagem para a galeria');

  // A slow connection, so the upload takes a while.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 1 * MB });

  // A 3 MB image: the percentage rises, then the image is chosen.
  const done = `progresso-${Date.now()}.png`;
  await input.setInputFiles({ name: done, mimeType: 'image/png', buffer: bigPng(3 * MB) });
  const progress = cover.getByTestId('upload-progress');
  await expect(progress.getByText(`Enviando ${done}`)).toBeVisible();
  await expect(progress.getByText(/^([1-9]|[1-9]\d)%$/)).toBeVisible();
  await expect(progress.getByRole('progressbar', { name: `Envio de ${done}` })).toBeVisible();
  await expect(cover).toBeHidden({ timeout: 60_000 });
  await expect(page.getByRole('region', { name: 'Nova unidade' }).getByRole('textbox', { name: 'Link da imagem de capa' })).toHaveValue(/^\/uploads\//);
  expect(await newestImages(request, token)).toContain(done);

  // A 6 MB image cancelled midway: 'Envio cancelado', and the gallery does not have it.
  await page.getByRole('region', { name: 'Nova unidade' }).getByRole('button', { name: /imagem/i }).first().click();
  await cover.getByRole('tab', { name: 'Enviar' }).click();
  const cancelled = `cancelado-${Date.now()}.png`;
  await cover.getByLabel('Enviar imagem para a galeria').setInputFiles({ name: cancelled, mimeType: 'image/png', buffer: bigPng(6 * MB) });
  await expect(progress.getByText(/^([1-9]|[1-9]\d)%$/)).toBeVisible();
  await progress.getByRole('button', { name: 'Cancelar envio' }).click();
  await expectNotification(page, GALLERY_MSG.uploadCancelled(cancelled), GALLERY_MSG.uploadCancelledTitle);
  await expect(progress).toBeHidden();
  // The picker is ready for another file.
  await expect(cover.getByLabel('Enviar imagem para a galeria')).toBeAttached();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  expect(await newestImages(request, token)).not.toContain(cancelled);

  // Over 30 MB: refused in Portuguese before anything is sent…
  await dismissNotifications(page);
  const huge = bigPng(30 * MB + 1);
  await cover.getByLabel('Enviar imagem para a galeria').setInputFiles({ name: 'grande-demais.png', mimeType: 'image/png', buffer: huge });
  await expectNotification(page, GALLERY_MSG.tooLarge);
  await expect(progress).toBeHidden();
  // …and by the server, whatever the client: 413 with the same words, nothing stored.
  const me = (await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { provider?: { id: number }; user?: { provider?: { id: number } } };
  const providerId = (me.provider ?? me.user?.provider)!.id;
  const res = await request.post(`/api/galleries/upload/images/${providerId}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { images: { name: 'grande-demais-api.png', mimeType: 'image/png', buffer: huge } },
  });
  expect(res.status()).toBe(413);
  expect(((await res.json()) as { message: string }).message).toBe(GALLERY_MSG.tooLarge);
  const newest = await newestImages(request, token);
  expect(newest).not.toContain('grande-demais.png');
  expect(newest).not.toContain('grande-demais-api.png');
});
