import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { INSTITUTION_MSG } from '../packages/shared/src/institutions';
import { LTI_MSG } from '../packages/shared/src/lti';
import { demoEmail, dismissNotifications, expectNotification, lastMail, ownClientAddress, passwordIn, signIn, TINY_PNG, uniqueEmail, validCnpj, withWrongCheckDigit } from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
test.use(ownClientAddress());

const table = (page: Page) => page.getByRole('table', { name: 'Instituições' });
const rowOf = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

async function moreAction(page: Page, name: string, item: string) {
  await rowOf(page, name).getByRole('button', { name: `Mais ações de ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The new institution's first sign-in through the API: the e-mailed password replaced, the terms accepted. */
async function firstSignIn(request: APIRequestContext, email: string, password: string) {
  const temporary = passwordIn((await lastMail(request, email, /dados de acesso/)).text);
  const signin = await request.post('/api/signin', { data: { email, password: temporary } });
  expect(signin.status(), await signin.text()).toBe(200);
  const { token, seller, mustChangePassword } = (await signin.json()) as { token: string; seller: { id: number }; mustChangePassword: boolean };
  expect(mustChangePassword).toBe(true);
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.post('/api/update-password', { headers, data: { password, password_confirmation: password } })).status()).toBe(200);
  for (const path of ['/api/sellers/accepted-terms', '/api/sellers/accepted-late-payment-terms']) {
    expect((await request.post(path, { headers, data: { seller_id: seller.id } })).status()).toBe(200);
  }
  await request.post('/api/signout', { headers });
}

test('admin creates an institution with a logo and an LTI connection, suspends it (its user sees the notice) and reactivates it', async ({ page, browser, request }) => {
  // A long journey of two users (admin and the institution's): more than the default minute on a loaded machine.
  test.setTimeout(150_000);
  const stamp = Date.now();
  const name = `Colégio Jacarandá ${stamp}`;
  const email = uniqueEmail('instituicao-adm');
  const cnpj = validCnpj();

  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Instituições' }).click();
  await expect(page).toHaveURL('/seller/control');
  await expect(page.getByRole('heading', { name: 'Instituições' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mais Recentes' })).toHaveAttribute('aria-selected', 'true');

  // The access modal: everything required, the CNPJ's check digits checked before sending.
  await page.getByRole('button', { name: 'Nova Instituição' }).click();
  const modal = page.getByRole('dialog', { name: INSTITUTION_MSG.createTitle });
  await expect(modal).toBeVisible();
  await expect(modal.getByText('Imagem jpg, jpeg, png ou gif de até 10 MB.')).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.signupValidation);
  await expect(modal.getByText(MSG.required).first()).toBeVisible();
  await modal.getByLabel('Nome do usuário').fill('Júlia Responsável');
  await modal.getByLabel('CNPJ da instituição').fill(withWrongCheckDigit(cnpj));
  await modal.getByLabel('Nome da instituição').fill(name);
  await modal.getByLabel('E-mail do usuário').fill(email);
  await modal.getByRole('combobox', { name: 'Plano' }).click();
  await page.getByRole('option', { name: /Essencial/ }).click();
  await dismissNotifications(page);
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expect(modal.getByText(MSG.invalidCnpj)).toBeVisible();
  await modal.getByLabel('CNPJ da instituição').fill(cnpj);
  await modal.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(modal.getByText('logo.png')).toBeVisible();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, INSTITUTION_MSG.created);
  await expect(modal).toBeHidden();

  // The row: logo, name linking to the rentals control, ATIVO.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(`jacaranda ${stamp}`);
  await expect(table(page).getByRole('row')).toHaveCount(2);
  const row = rowOf(page, name);
  await expect(row.getByText('ATIVO', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute('href', /\/seller\/rents-control\/\d+$/);
  await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/logos\//);
  await expect(row.getByText(email)).toBeVisible();

  // Conexão LTI: add (required fields first), check the derived endpoints, then delete by ClientId and URL.
  await moreAction(page, name, 'Conexão LTI');
  const lti = page.getByRole('dialog', { name: 'Gerenciar Conexão LTI' });
  await expect(lti.getByText('Nenhuma conexão cadastrada.')).toBeVisible();
  const addForm = lti.getByRole('form', { name: 'Adicionar Conexão' });
  await dismissNotifications(page);
  await addForm.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.signupValidation);
  await expect(addForm.getByText(MSG.required)).toHaveCount(2);
  await addForm.getByRole('combobox', { name: 'Plataforma' }).click();
  await page.getByRole('option', { name: 'Moodle' }).click();
  await addForm.getByLabel('Nome').fill('Moodle da graduação');
  await addForm.getByLabel('ClientId').fill(`client-${stamp}`);
  await addForm.getByLabel('URL da plataforma').fill(`https://moodle${stamp}.escola.edu.br/`);
  await addForm.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, LTI_MSG.created);
  const card = lti.getByRole('listitem', { name: 'Moodle da graduação' });
  await expect(card.getByText(`https://moodle${stamp}.escola.edu.br/mod/lti/auth.php`)).toBeVisible();
  await expect(card.getByText(`https://moodle${stamp}.escola.edu.br/mod/lti/token.php`)).toBeVisible();
  await expect(card.getByText(`https://moodle${stamp}.escola.edu.br/mod/lti/certs.php`)).toBeVisible();

  await lti.getByText('Deletar Conexão', { exact: true }).click();
  const deleteForm = lti.getByRole('form', { name: 'Deletar Conexão' });
  await deleteForm.getByLabel('ClientId').fill(`client-${stamp}`);
  await deleteForm.getByLabel('URL da plataforma').fill(`https://moodle${stamp}.escola.edu.br`);
  // The form asks first, as the card's 'Deletar' does: 'Cancelar' deletes nothing.
  await deleteForm.getByRole('button', { name: 'Deletar' }).click();
  const sureDelete = page.getByRole('dialog', { name: 'Deletar esta conexão LTI?' });
  await expect(sureDelete).toContainText(`ClientId client-${stamp} em https://moodle${stamp}.escola.edu.br`);
  await sureDelete.getByRole('button', { name: 'Cancelar' }).click();
  await expect(sureDelete).toBeHidden();
  await expect(card).toBeVisible();
  await deleteForm.getByRole('button', { name: 'Deletar' }).click();
  await sureDelete.getByRole('button', { name: 'Deletar' }).click();
  await expectNotification(page, LTI_MSG.deleted);
  await expect(lti.getByText('Nenhuma conexão cadastrada.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lti).toBeHidden();

  // The institution's user replaces the e-mailed password (through the API here).
  const password = 'senha-jacaranda-1';
  await firstSignIn(request, email, password);

  // Suspender, with its yes/no confirmation.
  await dismissNotifications(page);
  await row.getByRole('button', { name: `Suspender ${name}` }).click();
  const sure = page.getByRole('dialog', { name: INSTITUTION_MSG.suspendConfirm(name) });
  await sure.getByRole('button', { name: 'Sim' }).click();
  await expectNotification(page, INSTITUTION_MSG.statusChanged);
  await expect(row.getByText('SUSPENSO', { exact: true })).toBeVisible();

  // The suspended institution's user still signs in, sees the notice on every page and no store.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signIn(userPage, email, password);
  await expect(userPage).toHaveURL('/dashboard');
  const notice = userPage.getByTestId('seller-status-notice');
  await expect(notice).toContainText(INSTITUTION_MSG.suspendedNoticeTitle);
  await expect(userPage.getByRole('navigation').getByRole('link', { name: 'Loja' })).toHaveCount(0);
  // The dashboard hides the same screens as the menu: no store nor catalogue tile.
  await expect(userPage.getByRole('main').getByRole('link', { name: 'Meus Aluguéis' })).toBeVisible();
  await expect(userPage.getByRole('main').getByRole('link', { name: 'Loja de Fornecedores' })).toHaveCount(0);
  await expect(userPage.getByRole('main').getByRole('link', { name: 'Meu Catálogo' })).toHaveCount(0);
  await userPage.getByRole('navigation').getByRole('link', { name: 'Meu Perfil' }).click();
  await expect(notice).toBeVisible();

  // Gerenciar Status → Ativo restores the access.
  await dismissNotifications(page);
  await moreAction(page, name, 'Gerenciar Status');
  const statusModal = page.getByRole('dialog', { name: 'Gerenciar Status' });
  await statusModal.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Ativo', exact: true }).click();
  await statusModal.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, INSTITUTION_MSG.statusChanged);
  await expect(row.getByText('ATIVO', { exact: true })).toBeVisible();

  await userPage.reload();
  await expect(userPage.getByRole('navigation').getByRole('link', { name: 'Loja' })).toBeVisible();
  await expect(userPage.getByTestId('seller-status-notice')).toHaveCount(0);
  await userContext.close();
});
