import { test, expect } from '@playwright/test';
import { createActiveAccount, ownClientAddress, signIn, spDate } from './helpers';

test.use(ownClientAddress());

test('the institution filters its logs report by "Efetuou Login"', async ({ page, request }) => {
  // An institution of this test alone: its log holds its manager's own sign-ins only.
  const { email, password } = await createActiveAccount(request, 'logs');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Relatório de Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Relatório de Logs' })).toBeVisible();
  await expect(page.getByText('Emitido por Gestora E2E')).toBeVisible();

  // Default range: the first day of the current month through today (São Paulo).
  const today = spDate(new Date());
  await expect(page.getByRole('button', { name: 'Data Inicial' })).toHaveText(`01/${today.slice(3)}`);
  await expect(page.getByRole('button', { name: 'Data Final' })).toHaveText(today);

  await page.getByRole('combobox', { name: 'Tipo de log' }).click();
  await page.getByRole('option', { name: 'Efetuou Login' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();

  const table = page.getByRole('table', { name: 'Registros de log' });
  const rows = table.locator('tbody tr');
  // The first sign-in (with the e-mailed temporary password, through the API) and this one.
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row).toContainText('Gestora E2E');
    await expect(row).toContainText('Efetuou Login');
    await expect(row).toContainText(new RegExp(`${today.replace(/\//g, '\\/')} \\d{2}:\\d{2}`));
  }

  // Another type with no entries this month: the empty state.
  await page.getByRole('combobox', { name: 'Tipo de log' }).click();
  // (a platform-team action: never in an institution's log)
  await page.getByRole('option', { name: 'Alterou a condição de um fornecedor' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(table).toContainText('Nenhum registro encontrado para os filtros informados.');
});
