import fs from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { cnpjMasked, dismissNotifications, expectNotification, lastMail, linkIn, passwordIn, signIn, TINY_PNG, uniqueEmail, validCnpj } from './helpers';

const field = (page: Page, name: string) => page.getByRole('main').getByRole('textbox', { name, exact: true });

test('the tabs switch between the two sign-ups', async ({ page }) => {
  await page.goto('/signup');
  const tabs = page.getByRole('tablist', { name: 'Tipo de cadastro' });
  await expect(tabs.getByRole('tab', { name: 'Fornecedor' })).toHaveAttribute('aria-selected', 'true');
  await tabs.getByRole('tab', { name: 'Instituição' }).click();
  await expect(page).toHaveURL('/signup/seller');
  await expect(tabs.getByRole('tab', { name: 'Instituição' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Cadastro de instituição' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Fornecedor' }).click();
  await expect(page).toHaveURL('/signup');
  await expect(page.getByRole('heading', { name: 'Cadastro de fornecedor' })).toBeVisible();
});

test('institution: sign-up with logo, plan, e-mail confirmation, temporary password, first password, dashboard', async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('instituicao');
  const cnpj = validCnpj();
  const logoPath = testInfo.outputPath('logo.png');
  fs.writeFileSync(logoPath, TINY_PNG);
  const uploadFailures: string[] = [];

  await page.goto('/signup/seller');
  // Step 1 empty: the step-2 marker validates it first.
  await page.getByRole('button', { name: /Plano/ }).click();
  await expectNotification(page, MSG.signupValidation, MSG.signupValidationTitle);
  for (const name of ['Nome', 'CNPJ', 'Nome da instituição', 'E-mail']) {
    await expect(field(page, name)).toHaveAccessibleDescription(MSG.required);
  }

  await field(page, 'Nome').fill('Helena Diretora');
  await field(page, 'CNPJ').pressSequentially(cnpj);
  await expect(field(page, 'CNPJ')).toHaveValue(cnpjMasked(cnpj));
  await field(page, 'Nome da instituição').fill('Colégio Horizonte');
  await field(page, 'E-mail').fill(email);
  await page.getByLabel('Logo da instituição', { exact: true }).setInputFiles(logoPath);
  await expect(page.getByRole('img', { name: 'Pré-visualização do logo' })).toBeVisible();
  await expect(page.getByText('logo.png', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Avançar' }).click();
  const plans = page.getByRole('radiogroup', { name: /Plano/ }).getByRole('radio');
  await expect(plans).toHaveCount(3);
  await expect(plans).toHaveText([/^De 1 a 500 alunos/, /^De 501 a 2\.000 alunos/, /^De 2\.001 a 10\.000 alunos/]);

  // No plan chosen.
  await dismissNotifications(page);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, MSG.signupValidation, MSG.signupValidationTitle);
  await expect(page.getByText(MSG.required, { exact: true })).toBeVisible();

  await plans.nth(1).click();
  page.on('response', (res) => {
    if (res.url().includes('/api/signup/logo/') && !res.ok()) uploadFailures.push(`${res.status()} ${res.url()}`);
  });
  const upload = page.waitForResponse((res) => res.url().includes('/api/signup/logo/'));
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  const uploaded = await upload;
  expect(uploaded.status()).toBe(200);
  const { logoUrl } = (await uploaded.json()) as { logoUrl: string };

  await expectNotification(
    page,
    `Enviamos um link de confirmação para ${email}. Confirme seu e-mail para receber os dados de acesso.`,
    MSG.institutionSignupSuccess,
  );
  await expect(page).toHaveURL('/');
  await expect(page.getByText(MSG.uploadFail)).toHaveCount(0);
  expect(uploadFailures).toEqual([]);

  // The logo is served with the bytes that were sent.
  const served = await request.get(logoUrl);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(TINY_PNG)).toBe(true);

  // Before confirming, the account cannot enter.
  const confirmMail = await lastMail(request, email, /Confirme seu e-mail/);
  expect(confirmMail.text).toContain('Recebemos o cadastro da instituição Colégio Horizonte.');
  const confirmLink = linkIn(confirmMail.text);
  const confirmUrl = new URL(confirmLink);
  expect(confirmUrl.pathname).toBe('/confirm-email');
  expect(confirmUrl.searchParams.get('email')).toBe(email);
  expect(confirmUrl.searchParams.get('token')).toMatch(/^\S{20,}$/);

  // The confirmation: a spinner while the call runs (held back a moment so it can be seen), then the success panel.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/confirm-email', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(confirmLink);
  await expect(page.getByRole('status').getByText('Confirmando seu e-mail...')).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: MSG.confirmEmailTitle })).toBeVisible();
  await expectNotification(page, MSG.confirmEmailSuccess);
  await expect(page.getByText(/Enviamos uma senha provisória para o seu e-mail/)).toBeVisible();
  await page.unroute('**/api/confirm-email');

  const accessMail = await lastMail(request, email, /Seus dados de acesso/);
  const temporary = passwordIn(accessMail.text);
  expect(temporary.length).toBeGreaterThanOrEqual(8);

  await page.getByRole('link', { name: 'Fazer Login' }).click();
  await expect(page).toHaveURL('/');

  // First sign-in with the temporary password: only the new-password screen, no menu.
  await signIn(page, email, temporary);
  await expect(page.getByRole('heading', { name: 'Defina sua nova senha' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  const newPassword = page.getByLabel(/^Nova senha/);
  const confirmPassword = page.getByLabel(/^Confirmar nova senha/);

  await newPassword.fill('nova-senha-1');
  await confirmPassword.fill('outra-senha-2');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.passwordsDontMatch, { exact: true })).toBeVisible();

  await newPassword.fill('12345');
  await confirmPassword.fill('12345');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText(MSG.passwordMin, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Defina sua nova senha' })).toBeVisible();

  await newPassword.fill('nova-senha-1');
  await confirmPassword.fill('nova-senha-1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.passwordChanged);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Olá, Helena')).toBeVisible();
  for (const tile of ['Meu Perfil', 'Loja de Fornecedores', 'Meu Catálogo', 'Gerenciar Disciplinas', 'Meus Aluguéis']) {
    await expect(page.getByRole('main').getByRole('link', { name: tile })).toBeVisible();
  }
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();

  // A new institution accepts the terms dialogs (spec 1 §2.13) before going on.
  for (const [title, checkbox] of [['Termos de uso e política de privacidade', /Li e compreendi/], ['Aviso importante', /termo de inadimplência/]] as const) {
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('checkbox', { name: checkbox }).check();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await expect(dialog).toBeHidden();
  }

  // The temporary password no longer works; the new one does.
  expect((await request.post('/api/signin', { data: { email, password: temporary } })).status()).toBe(401);
  expect((await request.post('/api/signin', { data: { email, password: 'nova-senha-1' } })).status()).toBe(200);

  // The confirmation link is single-use.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await page.goto(confirmLink);
  await expectNotification(page, MSG.confirmEmailFail);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: MSG.confirmEmailTitle })).toHaveCount(0);
});

test('a confirmation link without its token fails and returns to /', async ({ page }) => {
  await page.goto(`/confirm-email?email=${encodeURIComponent(uniqueEmail('sem-token'))}`);
  await expectNotification(page, MSG.confirmEmailFail);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
});
