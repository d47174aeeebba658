import { test, expect } from '@playwright/test';
import { demoEmail, signIn, spDate } from './helpers';

test('the institution filters its logs report by "Efetuou Login"', async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Relatório de Logs' }).click();
  await expect(page.getByRole('heading', { name: 'Relatório de Logs' })).toBeVisible();
  await expect(page.getByText('Emitido por Sílvia Coordenadora')).toBeVisible();

  // Default range: the first day of the current month through today (São Paulo).
  const today = spDate(new Date());
  await expect(page.getByRole('button', { name: 'Data Inicial' })).toHaveText(`01/${today.slice(3)}`);
  await expect(page.getByRole('button', { name: 'Data Final' })).toHaveText(today);

  await page.getByRole('combobox', { name: 'Tipo de log' }).click();
  await page.getByRole('option', { name: 'Efetuou Login' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();

  const table = page.getByRole('table', { name: 'Registros de log' });
  const rows = table.locator('tbody tr');
  // This sign-in is in the report; other journeys sign in the institution's team at the same time, so it need
  // not be the newest row.
  const mine = rows.filter({ hasText: 'Sílvia Coordenadora' }).first();
  await expect(mine).toContainText('Efetuou Login');
  await expect(mine).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Efetuou Login');

  // Another type with no entries this month: the empty state.
  await page.getByRole('combobox', { name: 'Tipo de log' }).click();
  // (a platform-team action: never in an institution's log)
  await page.getByRole('option', { name: 'Alterou a condição de um fornecedor' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(table).toContainText('Nenhum registro encontrado para os filtros informados.');
});
