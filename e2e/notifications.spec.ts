/**
 * Notifications (spec 1 §2.14): an admin writes a template in the rich-text editor (with an uploaded
 * image), sends a notice to a selected institution, and the institution's seller — signed in in
 * another browser — sees it arrive in the bell without a reload, reads it, and it is gone.
 * A fresh institution is used (not the demo one) so other journeys' terms dialogs are not affected.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { TINY_PNG, expectNotification, lastMail, linkIn, passwordIn, signIn, uniqueEmail, validCnpj, demoEmail } from './helpers';

async function activeInstitution(request: APIRequestContext, sellerName: string) {
  const email = uniqueEmail('avisos');
  const password = 'senha-avisos-1';
  const plans = (await (await request.get('/api/plans/signup')).json()) as { id: number }[];
  const signup = await request.post('/api/signup', {
    data: { nameUser: 'Gestora Avisos', email, sellerName, cnpj: validCnpj(), planId: plans[0]!.id, status: 'inative' },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const { sellerId } = (await signup.json()) as { sellerId: number };
  const token = new URL(linkIn((await lastMail(request, email, /Confirme seu e-mail/)).text)).searchParams.get('token');
  expect((await request.post('/api/confirm-email', { data: { email, token } })).status()).toBe(200);
  const temporary = passwordIn((await lastMail(request, email, /Seus dados de acesso/)).text);
  const first = (await (await request.post('/api/signin', { data: { email, password: temporary } })).json()) as { token: string };
  const auth = { authorization: `Bearer ${first.token}` };
  expect((await request.post('/api/update-password', { headers: auth, data: { password, password_confirmation: password } })).status()).toBe(200);
  // The terms dialogs are another journey: accepted here so they do not cover the bell.
  expect((await request.post('/api/sellers/accepted-terms', { headers: auth, data: { seller_id: sellerId } })).status()).toBe(200);
  expect((await request.post('/api/sellers/accepted-late-payment-terms', { headers: auth, data: { seller_id: sellerId } })).status()).toBe(200);
  await request.post('/api/signout', { headers: auth });
  return { email, password };
}

const bellButton = (page: Page) => page.getByRole('button', { name: /^Notificações/ });

test('a notice for a selected institution arrives live in its seller\'s bell', async ({ browser, request }) => {
  const stamp = `${Date.now()}`;
  const sellerName = `Escola Avisos ${stamp}`;
  const title = `Manutenção ${stamp}`;
  const institution = await activeInstitution(request, sellerName);

  // The seller is signed in first, in a browser of its own, with an empty bell.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await signIn(seller, institution.email, institution.password);
  await expect(seller).toHaveURL('/dashboard');
  await expect(bellButton(seller)).toHaveAccessibleName('Notificações');
  await seller.evaluate(() => ((window as unknown as { marker: string }).marker = 'sem-recarregar'));

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, demoEmail('admin'));
  await expect(admin).toHaveURL('/dashboard');
  await admin.getByRole('link', { name: 'Notificações' }).click();
  await expect(admin).toHaveURL('/dashboard/notifications');
  await admin.getByRole('tab', { name: 'Templates' }).click();

  // A template: title required, rich text with an uploaded image.
  await admin.getByRole('button', { name: 'Novo Template' }).click();
  const templateDialog = admin.getByRole('dialog', { name: 'Novo Template' });
  await templateDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(templateDialog.getByText(MSG.required)).toBeVisible();
  await templateDialog.getByRole('textbox', { name: 'Título' }).fill(title);
  const editor = templateDialog.locator('.ProseMirror');
  await editor.click();
  await admin.keyboard.type('A plataforma ficará fora do ar no sábado. ');
  await templateDialog.getByRole('button', { name: 'Negrito' }).click();
  await admin.keyboard.type('Salve seu trabalho.');
  const chooser = admin.waitForEvent('filechooser');
  await templateDialog.getByRole('button', { name: 'Inserir imagem' }).click();
  await (await chooser).setFiles({ name: 'aviso.png', mimeType: 'image/png', buffer: TINY_PNG });
  const image = editor.locator('img[src^="/uploads/notices/"]');
  await expect(image).toBeVisible();
  await image.click();
  await templateDialog.getByRole('combobox', { name: 'Estilo da imagem' }).click();
  await admin.getByRole('option', { name: 'Arredondada' }).click();
  await expect(image).toHaveClass(/img-rounded/);
  await templateDialog.getByRole('checkbox', { name: 'Requer confirmação de leitura' }).check();
  await templateDialog.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(admin, MSG.templateCreated);
  const templateRow = admin.getByRole('row', { name: new RegExp(title) });
  await expect(templateRow).toContainText('A plataforma ficará fora do ar no sábado. Salve seu trabalho.');
  await expect(templateRow).toContainText('Sim');

  // The notice: selecting clients is required when the target is SELECTED.
  await admin.getByRole('tab', { name: 'Notificações' }).click();
  await admin.getByRole('button', { name: 'Nova Notificação' }).click();
  const noticeDialog = admin.getByRole('dialog', { name: 'Nova Notificação' });
  await noticeDialog.getByRole('combobox', { name: 'Template' }).click();
  await admin.getByRole('option', { name: title }).click();
  await noticeDialog.getByRole('radio', { name: 'Selecionar Clientes' }).check();
  await noticeDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(noticeDialog.getByText(MSG.noticeSellersRequired)).toBeVisible();
  await noticeDialog.getByRole('combobox', { name: 'Clientes' }).click();
  await admin.getByRole('option', { name: sellerName }).click();
  await admin.keyboard.press('Escape');
  await noticeDialog.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(admin, MSG.noticeCreated);
  const noticeRow = admin.getByRole('row', { name: new RegExp(title) });
  await expect(noticeRow).toContainText(sellerName);
  await expect(noticeRow).toContainText('Selecionados');

  // The seller's bell changes without a reload.
  await expect(bellButton(seller)).toHaveAccessibleName('Notificações (1 não lidas)');
  expect(await seller.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('sem-recarregar');
  await bellButton(seller).click();
  await seller.getByTestId('bell-notice').filter({ hasText: title }).click();
  const read = seller.getByRole('dialog', { name: title });
  await expect(read.getByText('Salve seu trabalho.')).toBeVisible();
  await expect(read.locator('strong')).toHaveText('Salve seu trabalho.');
  await expect(read.locator('img.img-rounded')).toHaveAttribute('src', /^\/uploads\/notices\//);
  await read.getByRole('button', { name: 'Confirmar leitura' }).click();
  await expect(read).toBeHidden();
  await expect(bellButton(seller)).toHaveAccessibleName('Notificações');
  await seller.reload();
  await expect(bellButton(seller)).toHaveAccessibleName('Notificações');

  // Detail and deletion on the admin side.
  await noticeRow.click();
  const detail = admin.getByRole('dialog', { name: 'Detalhes da Notificação' });
  await expect(detail).toContainText(sellerName);
  await expect(detail.locator('strong')).toHaveText('Salve seu trabalho.');
  await admin.keyboard.press('Escape');
  await noticeRow.getByRole('button', { name: `Excluir notificação ${title}` }).click();
  const confirmNotice = admin.getByRole('dialog', { name: 'Excluir notificação' });
  await expect(confirmNotice).toContainText(MSG.noticeDeleteConfirm);
  await confirmNotice.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expectNotification(admin, MSG.noticeDeleted);
  await expect(noticeRow).toHaveCount(0);

  // No longer in use, the template can go too.
  await admin.getByRole('tab', { name: 'Templates' }).click();
  await templateRow.getByRole('button', { name: `Excluir template ${title}` }).click();
  const confirmTemplate = admin.getByRole('dialog', { name: 'Excluir template' });
  await expect(confirmTemplate).toContainText(MSG.templateDeleteConfirm);
  await confirmTemplate.getByRole('button', { name: 'Excluir', exact: true }).click();
  await expectNotification(admin, MSG.templateDeleted);
  await expect(templateRow).toHaveCount(0);

  await sellerContext.close();
  await adminContext.close();
});

test('only admin and director reach the notifications screen', async ({ page }) => {
  await signIn(page, demoEmail('manager'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('link', { name: 'Notificações' })).toHaveCount(0);
  await page.goto('/dashboard/notifications');
  await expect(page).toHaveURL('/dashboard');
});
