import { test, expect, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import {
  cnpjMasked,
  cpfMasked,
  dismissNotifications,
  expectNotification,
  lastMail,
  signIn,
  uniqueEmail,
  validCnpj,
  validCpf,
  withWrongCheckDigit,
} from './helpers';

const field = (page: Page, name: string) => page.getByRole('main').getByRole('textbox', { name, exact: true });

async function expectFieldError(page: Page, label: string, message: string) {
  const input = field(page, label);
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

async function chooseProfile(page: Page, type: string) {
  await page.goto('/signup');
  await page.getByRole('radio', { name: type, exact: true }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('form', { name: `Cadastro: ${type}` })).toBeVisible();
}

test('Profissional Liberal: two validated steps, approval e-mail, no access before approval', async ({ page, request }) => {
  const email = uniqueEmail('liberal');
  const cpf = validCpf();

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Cadastro de fornecedor' })).toBeVisible();
  const cards = page.getByRole('radio');
  await expect(cards).toHaveCount(4);
  for (const type of ['Profissional Liberal', 'Instituição de Ensino', 'Fornecedor', 'Fornecedor de Servico']) {
    await expect(page.getByRole('radio', { name: type, exact: true })).toBeVisible();
  }
  // No profile chosen yet.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText(MSG.required, { exact: true })).toBeVisible();

  await page.getByRole('radio', { name: 'Profissional Liberal', exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Profissional Liberal', exact: true })).toBeChecked();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('form', { name: 'Cadastro: Profissional Liberal' })).toBeVisible();

  // Step 1 empty: the step-2 marker validates step 1 first and stays on it.
  await page.getByRole('button', { name: /Perfil profissional/ }).click();
  await expectNotification(page, MSG.signupValidation, MSG.signupValidationTitle);
  for (const label of ['Nome', 'CPF', 'E-mail']) await expectFieldError(page, label, MSG.required);
  await expect(field(page, 'Link do currículo Lattes')).toBeHidden();

  // The CPF mask formats as the user types; wrong check digits and a bad e-mail are refused.
  await field(page, 'Nome').fill('Paula Professora');
  const wrong = withWrongCheckDigit(cpf);
  await field(page, 'CPF').pressSequentially(wrong);
  await expect(field(page, 'CPF')).toHaveValue(cpfMasked(wrong));
  await field(page, 'E-mail').fill('paula@');
  await page.getByRole('button', { name: 'Avançar' }).click();
  await expectFieldError(page, 'CPF', MSG.invalidCpf);
  await expectFieldError(page, 'E-mail', MSG.invalidEmail);
  await expect(field(page, 'Link do currículo Lattes')).toBeHidden();

  await field(page, 'CPF').fill('');
  await field(page, 'CPF').pressSequentially(cpf.slice(0, 5));
  await expect(field(page, 'CPF')).toHaveValue(`${cpf.slice(0, 3)}.${cpf.slice(3, 5)}`);
  await field(page, 'CPF').pressSequentially(cpf.slice(5));
  await expect(field(page, 'CPF')).toHaveValue(cpfMasked(cpf));
  await field(page, 'E-mail').fill(email);

  // Step 2 through its marker.
  await page.getByRole('button', { name: /Perfil profissional/ }).click();
  await expect(field(page, 'Link do currículo Lattes')).toBeVisible();
  const levels = page.getByRole('group', { name: /Nível de conhecimento/ }).getByRole('checkbox');
  await expect(levels).toHaveCount(6);
  for (const label of ['Técnico', 'Graduação', 'Pós-Graduação', 'Mestrado', 'Doutorado', 'Pós-Doutorado']) {
    await expect(page.getByRole('checkbox', { name: label, exact: true })).toBeVisible();
  }

  // Nothing filled on step 2, and a Lattes that is not a link.
  await dismissNotifications(page);
  await field(page, 'Link do currículo Lattes').fill('lattes da paula');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, MSG.signupValidation, MSG.signupValidationTitle);
  await expectFieldError(page, 'Link do currículo Lattes', MSG.mustBeLink);
  await expect(page.getByText(MSG.requiredLower, { exact: true })).toBeVisible(); // knowledge level
  await expectFieldError(page, 'Experiência profissional', MSG.required);
  await expect(page).toHaveURL('/signup');

  await field(page, 'Link do currículo Lattes').fill('http://lattes.cnpq.br/1234567890123456');
  await field(page, 'Link do LinkedIn').fill('https://www.linkedin.com/in/paula-professora');
  await page.getByRole('checkbox', { name: 'Graduação', exact: true }).check();
  await page.getByRole('checkbox', { name: 'Mestrado', exact: true }).check();
  await field(page, 'Experiência profissional').fill('Dez anos ensinando matemática no ensino médio.');
  await page.getByRole('button', { name: 'Cadastrar' }).click();

  await expectNotification(page, MSG.providerSignupSuccess);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();

  const mail = await lastMail(request, email, /Recebemos seu cadastro/);
  expect(mail.text).toContain('Olá, Paula Professora!');
  expect(mail.text).toContain('Recebemos o seu cadastro como Profissional Liberal');
  expect(mail.text).toContain('48 horas');

  // Awaiting approval: no password was given, so no password works.
  await signIn(page, email, 'qualquer-senha');
  await expectNotification(page, MSG.loginFail, MSG.loginFailTitle);
  await expect(page).toHaveURL('/');
});

test('Fornecedor: one step, CNPJ check digits, success, then the same e-mail is refused', async ({ page, request }) => {
  const email = uniqueEmail('fornecedor');
  const cnpj = validCnpj();

  await chooseProfile(page, 'Fornecedor');
  await expect(page.getByRole('button', { name: /Perfil profissional/ })).toHaveCount(0);
  await field(page, 'Nome').fill('Carlos Fornecedor');
  await field(page, 'CNPJ').pressSequentially(withWrongCheckDigit(cnpj));
  await expect(field(page, 'CNPJ')).toHaveValue(cnpjMasked(withWrongCheckDigit(cnpj)));
  await field(page, 'Nome da instituição').fill('Conteúdos Carlos Ltda');
  await field(page, 'E-mail').fill(email);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, MSG.signupValidation, MSG.signupValidationTitle);
  await expectFieldError(page, 'CNPJ', MSG.invalidCnpj);
  await expect(page).toHaveURL('/signup');

  await field(page, 'CNPJ').fill('');
  await field(page, 'CNPJ').pressSequentially(cnpj);
  await expect(field(page, 'CNPJ')).toHaveValue(cnpjMasked(cnpj));
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, MSG.providerSignupSuccess);
  await expect(page).toHaveURL('/');
  expect((await lastMail(request, email, /Recebemos seu cadastro/)).text).toContain('Recebemos o seu cadastro como Fornecedor.');

  // Same e-mail again (another CNPJ is fine): refused, the form stays.
  await chooseProfile(page, 'Fornecedor');
  await field(page, 'Nome').fill('Carlos de Novo');
  await field(page, 'CNPJ').pressSequentially(validCnpj());
  await field(page, 'Nome da instituição').fill('Outra Empresa Ltda');
  await field(page, 'E-mail').fill(email);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, MSG.emailInUse, MSG.signupValidationTitle);
  await expectFieldError(page, 'E-mail', MSG.emailInUse);
  await expect(page).toHaveURL('/signup');
});
