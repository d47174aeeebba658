/**
 * Defects a new user met when trying the product, seen in the browser. The server half
 * of each defect is in apps/server/test/defects.test.ts.
 */
import { test, expect, type Locator } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { demoEmail, demoToken, ownClientAddress, signIn } from './helpers';

// This file's own client address (the e2e server trusts X-Forwarded-For from loopback, as behind a proxy).
test.use(ownClientAddress());

async function signInAs(page: Parameters<typeof signIn>[0], local: string) {
  await signIn(page, demoEmail(local));
  await expect(page).toHaveURL('/dashboard');
}

test("a seller opening a unit preview it may not see gets 'Acesso negado', with no retry", async ({ page, request }) => {
  const token = await demoToken(request, 'provider');
  const mine = (await (await request.get('/api/items/item/content/provider', { headers: { authorization: `Bearer ${token}` } })).json()) as {
    content: { id: number; status: string }[];
  };
  const draft = mine.content.find((u) => u.status === 'draft')!;
  await signInAs(page, 'seller');
  await page.goto(`/dashboard/units/item/${draft.id}`);
  const denied = page.getByRole('alert').filter({ hasText: 'Acesso negado' });
  await expect(denied).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expect(page.getByText('Ocorreu um erro')).toHaveCount(0);
});

test("Meu Time: a .txt file is named at once in Portuguese and never sent", async ({ page }) => {
  const previews: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/users/import/preview')) previews.push(r.url());
  });
  await signInAs(page, 'seller');
  await page.goto('/dashboard/my-team');
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar CSV' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Arquivo CSV' }).click();
  await (await chooser).setFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('name,email\nAna,ana@exemplo.com.br\n') });
  await expect(dialog.getByText(MSG.csvOnly('notas.txt'))).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Importar', exact: true })).toBeDisabled();
  expect(previews).toEqual([]);
});

test('Tutoriais without configured videos says so once, with what to set, instead of eight empty players', async ({ page }) => {
  await signInAs(page, 'seller');
  await page.goto('/dashboard/tutorials');
  const note = page.getByRole('status').filter({ hasText: MSG.tutorialsNotConfiguredTitle });
  await expect(note).toBeVisible();
  await expect(note).toContainText('TUTORIAL_VIDEO_IDS');
  await expect(page.getByRole('list', { name: 'Tutoriais previstos' }).getByRole('listitem')).toHaveCount(8);
  await expect(page.getByText(MSG.videoUnavailable)).toHaveCount(0);
});

test('the LMS key tutorial without a configured video says what to set, and keeps its steps', async ({ page }) => {
  await page.goto('/docs/lms/key_generator');
  const note = page.getByRole('status').filter({ hasText: MSG.lmsVideoNotConfiguredTitle });
  await expect(note).toBeVisible();
  await expect(note).toContainText('LMS_TUTORIAL_VIDEO_URL');
  await expect(page.getByText(MSG.videoUnavailable)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Gerar chave LMS' })).toBeVisible();
});

test('the AI screen, open to the demo institution without a model, says how to configure one', async ({ page }) => {
  // The e2e server has a (fake) model configured for the AI journey; this answers as a fresh `npm start`
  // does (server side: defects.test.ts, 'AI screens with the demo data and no allow-list').
  await page.route('**/api/ai/access', (route) => route.fulfill({ json: { configured: false, allowed: true } }));
  await signInAs(page, 'seller');
  await page.goto('/dashboard/ia-activities');
  const note = page.getByRole('status').filter({ hasText: MSG.aiNotConfiguredTitle });
  await expect(note).toBeVisible();
  for (const name of ['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL']) await expect(note).toContainText(name);
  await expect(page.getByText(MSG.aiRestrictedTitle)).toHaveCount(0);
});

test("the demo's published unit is in the staff's 'Publicadas' tab", async ({ page }) => {
  await signInAs(page, 'manager');
  await page.goto('/dashboard/units');
  await page.getByRole('tab', { name: 'Publicadas' }).click();
  await expect(page.getByRole('table', { name: 'Unidades publicadas' }).getByRole('row').filter({ hasText: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
});

/** Whether a button's label is cut (ellipsis or clipped). */
const isCut = (button: Locator) =>
  button.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label') ?? el;
    return label.scrollWidth > label.clientWidth + 1;
  });

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("Minhas Unidades shows every row button's whole label", async ({ page }) => {
    await signInAs(page, 'provider');
    await page.goto('/dashboard/my-units');
    const row = page.getByRole('row').filter({ hasText: 'Estatística descritiva' });
    await expect(row.getByRole('button', { name: /^Enviar para análise/ })).toBeVisible();
    const buttons = await page.getByRole('table').getByRole('button').filter({ hasText: /Editar|Enviar para/ }).all();
    expect(buttons.length).toBeGreaterThan(3);
    for (const button of buttons) expect(await isCut(button), await button.innerText()).toBe(false);
  });

  test("the studio's 'saved' toast leaves 'SALVAR' and 'Sair' uncovered", async ({ page }) => {
    await signInAs(page, 'provider');
    await page.goto('/studio');
    const save = page.getByRole('button', { name: 'SALVAR', exact: true });
    const exit = page.getByRole('button', { name: 'Sair', exact: true });
    await expect(save).toBeVisible();
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(`Unidade do aviso ${Date.now()}`);
    await save.click();
    const toast = page.locator('.mantine-Notifications-root').getByRole('alert').first();
    await expect(toast).toBeVisible();
    const t = (await toast.boundingBox())!;
    for (const button of [save, exit]) {
      const b = (await button.boundingBox())!;
      const overlaps = t.x < b.x + b.width && b.x < t.x + t.width && t.y < b.y + b.height && b.y < t.y + t.height;
      expect(overlaps, await button.innerText()).toBe(false);
    }
  });
});
