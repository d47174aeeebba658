import { test, expect } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { createActiveAccount, expectNotification, lastMail, linkIn, signIn, uniqueEmail } from './helpers';

test('forgot and reset password: unknown e-mail, reset link, validation, new password, single-use link', async ({ page, request }) => {
  const { email, password: oldPassword } = await createActiveAccount(request, 'recupera');

  await page.goto('/');
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { name: 'Esqueceu sua senha?' })).toBeVisible();
  const emailField = page.getByRole('textbox', { name: 'E-mail', exact: true });

  // Unknown address: said on the field and in a toast; nothing is sent.
  const unknown = uniqueEmail('ninguem');
  await emailField.fill(unknown);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expectNotification(page, MSG.forgotFail);
  await expect(emailField).toHaveAccessibleDescription(MSG.forgotFail);
  const outbox = (await (await request.get('/dev/mailbox.json')).json()) as { to: string }[];
  expect(outbox.some((m) => m.to === unknown)).toBe(false);

  await emailField.fill(email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expectNotification(page, MSG.forgotSuccess);
  await expect(page.getByRole('status').filter({ hasText: 'Verifique seu e-mail' })).toContainText(email);

  const mail = await lastMail(request, email, /Redefinição de senha/);
  expect(mail.text).toContain('vale por uma hora');
  const resetLink = linkIn(mail.text);
  await page.goto(resetLink);
  await expect(page).toHaveURL(/\/reset-password\?token=[^&]{20,}$/);
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  const newPassword = page.getByLabel(/^Nova senha/);
  const confirmPassword = page.getByLabel(/^Confirmar senha/);

  await newPassword.fill('senha-nova-9');
  await confirmPassword.fill('senha-outra-9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(confirmPassword).toHaveAccessibleDescription(MSG.passwordsDontMatch);

  await newPassword.fill('abc');
  await confirmPassword.fill('abc');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(newPassword).toHaveAccessibleDescription(MSG.passwordMin);
  await expect(confirmPassword).toHaveAccessibleDescription(MSG.passwordMin);
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  await newPassword.fill('senha-nova-9');
  await confirmPassword.fill('senha-nova-9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.resetSuccess);
  await expect(page).toHaveURL('/');

  // The old password is gone; the new one enters straight into the dashboard.
  expect((await request.post('/api/signin', { data: { email, password: oldPassword } })).status()).toBe(401);
  await signIn(page, email, 'senha-nova-9');
  await expectNotification(page, MSG.loginSuccess, MSG.loginSuccessTitle);
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');

  // The same link again: the server's invalid-link message, with a way to ask for a new one.
  await page.goto(resetLink);
  await newPassword.fill('mais-uma-9');
  await confirmPassword.fill('mais-uma-9');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.resetFail);
  const linkAlert = page.getByRole('main').getByRole('alert');
  await expect(linkAlert).toContainText(MSG.tokenInvalid);
  await expect(linkAlert.getByRole('link', { name: 'Solicitar um novo link' })).toHaveAttribute('href', '/forgot-password');
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  expect((await request.post('/api/signin', { data: { email, password: 'mais-uma-9' } })).status()).toBe(401);
});

test('reset page without a token shows the missing-token state', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('Link inválido');
  await expect(alert).toContainText(MSG.tokenMissing);
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await alert.getByRole('link', { name: 'Solicitar um novo link' }).click();
  await expect(page).toHaveURL('/forgot-password');
});
