import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { cnpjMasked, demoEmail, dismissNotifications, expectNotification, lastMail, ownClientAddress, passwordIn, signIn, uniqueEmail, validCnpj } from './helpers';

/**
 * This file's own client address (the server trusts X-Forwarded-For, as behind its proxy): its
 * sign-ups and sign-ins do not use up the per-address limits other journeys share.
 */
test.use(ownClientAddress());

/** A provider signed up through the public API: awaiting approval. */
async function signUpProvider(request: APIRequestContext, companyName: string) {
  const email = uniqueEmail('fornecedor-adm');
  const cnpj = validCnpj();
  const res = await request.post('/api/providers/signup', {
    data: { nameUser: 'Responsável E2E', email, typePerson: 'Fornecedor', cnpj, companyName },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { email, cnpj, companyName };
}

const table = (page: Page) => page.getByRole('table', { name: 'Fornecedores' });
const rowOf = (page: Page, companyName: string) => table(page).getByRole('row').filter({ hasText: companyName });
const statusFilter = (page: Page, label: string) => page.getByRole('radio', { name: new RegExp(`^${label}`) });
/** The visible face of a status filter (the radio itself is visually hidden by the segmented control). */
const statusOption = (page: Page, label: string) => page.getByRole('radiogroup', { name: 'Status' }).locator('label').filter({ hasText: label });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
}

async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MSG.canBeUndone, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
}

test('admin approves a new provider, who signs in with the e-mailed access data and replaces the password', async ({ page, request }) => {
  const tag = `Aprovação ${Date.now()}`;
  const provider = await signUpProvider(request, `Editora ${tag}`);

  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  // Not in the admin menu (spec 1 §6), but reachable by its address.
  await page.goto('/dashboard/providers');
  await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Mais Recentes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Tipos de Provider' })).toBeVisible();
  for (const label of ['Todos', 'Em análise', 'Aprovados', 'Reprovados']) await expect(statusOption(page, label)).toBeVisible();

  // The search waits for the typing to stop, ignores accents and case, and the counts follow it.
  await search(page, tag.toUpperCase().replace('Ç', 'C').replace('Ã', 'A'));
  await expect(table(page).getByRole('row')).toHaveCount(2); // header + the provider
  const row = rowOf(page, provider.companyName);
  await expect(row.getByText('Análise', { exact: true })).toBeVisible();
  await expect(row.getByText('Fornecedor', { exact: true })).toBeVisible();
  await expect(row.getByText(provider.email)).toBeVisible();
  await expect(statusFilter(page, 'Em análise')).toHaveAccessibleName('Em análise 1');
  await expect(statusFilter(page, 'Aprovados')).toHaveAccessibleName('Aprovados 0');
  // No plan editing while in review.
  await expect(row.getByRole('link', { name: /Editar plano/ })).toHaveCount(0);

  await row.getByRole('button', { name: 'Expandir' }).click();
  const details = table(page).getByRole('row').nth(2);
  await expect(details.getByText('Responsável E2E')).toBeVisible();
  await expect(details.getByText('CNPJ', { exact: true })).toBeVisible();
  await expect(details.getByText(cnpjMasked(provider.cnpj))).toBeVisible();

  // Cancelling the confirmation changes nothing.
  await row.getByRole('button', { name: `Aprovar ${provider.companyName}` }).click();
  await page.getByRole('dialog', { name: MSG.providerConfirmActive }).getByRole('button', { name: 'Cancelar' }).click();
  await expect(row.getByText('Análise', { exact: true })).toBeVisible();

  await row.getByRole('button', { name: `Aprovar ${provider.companyName}` }).click();
  await confirmDialog(page, MSG.providerConfirmActive, 'Aprovar');
  await expectNotification(page, MSG.providerStatusChanged);
  // The list reloads with the filters reset.
  await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
  await expect(statusFilter(page, 'Todos')).toBeChecked();

  await search(page, tag);
  await expect(rowOf(page, provider.companyName).getByText('Aprovado', { exact: true })).toBeVisible();
  await expect(rowOf(page, provider.companyName).getByRole('link', { name: `Editar plano de ${provider.companyName}` })).toHaveAttribute(
    'href',
    /^\/dashboard\/providers\/plan\/\d+$/,
  );

  // Premium switch.
  const premium = page.getByRole('switch', { name: `Premium: ${provider.companyName}` });
  await expect(premium).not.toBeChecked();
  await premium.click({ force: true });
  await expectNotification(page, MSG.providerConditionChanged);
  await expect(premium).toBeChecked();
  await page.reload();
  await search(page, tag);
  await expect(page.getByRole('switch', { name: `Premium: ${provider.companyName}` })).toBeChecked();

  // The access e-mail, then the first sign-in and the forced password change.
  const mail = await lastMail(request, provider.email, /Cadastro aprovado/);
  expect(mail.text).toContain(provider.companyName);
  const temporary = passwordIn(mail.text);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await signIn(page, provider.email, temporary);
  await expect(page.getByRole('heading', { name: 'Defina sua nova senha' })).toBeVisible();
  await page.getByLabel(/^Nova senha/).fill('minha-senha-nova');
  await page.getByLabel(/^Confirmar nova senha/).fill('minha-senha-nova');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, MSG.passwordChanged);
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Minhas Unidades' })).toBeVisible();
  await expect(page.getByText('Seu perfil está em análise')).toHaveCount(0);
});

test('director rejects and then approves providers in bulk', async ({ page, request }) => {
  const tag = `Lote ${Date.now()}`;
  const a = await signUpProvider(request, `Alfa ${tag}`);
  const b = await signUpProvider(request, `Beta ${tag}`);

  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Fornecedores' }).click();
  await expect(page.getByRole('heading', { name: 'Providers' })).toBeVisible();
  await page.getByRole('tab', { name: 'A-Z' }).click();
  await search(page, tag);
  await expect(table(page).getByRole('row')).toHaveCount(3);
  await expect(table(page).getByRole('row').nth(1)).toContainText(a.companyName);
  await expect(table(page).getByRole('row').nth(2)).toContainText(b.companyName);

  // Bulk buttons appear with a selection.
  await expect(page.getByRole('button', { name: 'Reprovar', exact: true })).toHaveCount(0);
  await table(page).getByRole('checkbox', { name: 'Selecionar todos' }).check();
  await expect(page.getByText('2 selecionados')).toBeVisible();
  await page.getByRole('button', { name: 'Reprovar', exact: true }).click();
  await confirmDialog(page, MSG.providerConfirmRejected, 'Reprovar');
  await expectNotification(page, MSG.providerStatusChanged);
  await expect(page.getByRole('tab', { name: 'Mais Recentes' })).toHaveAttribute('aria-selected', 'true');

  await search(page, tag);
  await statusOption(page, 'Reprovados').click();
  await expect(statusFilter(page, 'Reprovados')).toBeChecked();
  await expect(statusFilter(page, 'Reprovados')).toHaveAccessibleName('Reprovados 2');
  await expect(table(page).getByText('Reprovado', { exact: true })).toHaveCount(2);
  for (const p of [a, b]) expect((await lastMail(request, p.email, /Resultado da análise/)).text).toContain(p.companyName);

  await dismissNotifications(page);
  await table(page).getByRole('checkbox', { name: 'Selecionar todos' }).check();
  await page.getByRole('button', { name: 'Aprovar', exact: true }).click();
  await confirmDialog(page, MSG.providerConfirmActive, 'Aprovar');
  await expectNotification(page, MSG.providerStatusChanged);
  await search(page, tag);
  await expect(table(page).getByText('Aprovado', { exact: true })).toHaveCount(2);
  await expect(statusFilter(page, 'Reprovados')).toHaveAccessibleName('Reprovados 0');
  for (const p of [a, b]) expect(passwordIn((await lastMail(request, p.email, /Cadastro aprovado/)).text)).toMatch(/^\S{12}$/);
});

test('other user types are refused on the providers screen', async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/providers');
  await expect(page.getByText(MSG.forbidden)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Fornecedores' })).toHaveCount(0);
});
