import { test, expect } from '@playwright/test';
import { demoEmail, downloadCsv, ownClientAddress, pickDay, signIn, spDate } from './helpers';

test.use(ownClientAddress());

const TITLE = 'Relatório de Unidades Publicadas';

test('the provider reads its published units by area and level, exports the CSV, and an empty period says so', async ({ page }) => {
  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText('Emitido por Marina Albuquerque')).toBeVisible();

  // The demo units were published when the server started: this month, the default period. Other journeys publish
  // units of the demo provider meanwhile (in 'Ciências Exatas e da Terra'), so the unfiltered count is at least 7.
  const table = page.getByRole('table', { name: 'Unidades publicadas' });
  const count = page.getByText(/^\d+ unidades publicadas encontradas$/);
  await expect(count).toBeVisible();
  expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(7);
  await expect(table.getByRole('columnheader')).toHaveText(['Unidade', 'Área de Conhecimento', 'Nível de Aprendizado', 'Publicada em']);

  await page.getByRole('combobox', { name: 'Área de Conhecimento' }).click();
  // 'Ciências Humanas' is a university area and a basic one: the first group is the university's.
  await page.getByRole('option', { name: 'Ciências Humanas' }).first().click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('2 unidades publicadas encontradas')).toBeVisible();
  const today = spDate(new Date());
  for (const title of ['Introdução à Sociologia', 'História do Brasil República']) {
    await expect(table.getByRole('row').filter({ hasText: title })).toContainText(`Ciências HumanasGraduação${today}`);
  }

  await page.getByRole('combobox', { name: 'Nível de Aprendizado' }).click();
  await page.getByRole('option', { name: 'Licenciatura' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('1 unidade publicada encontrada')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText('História do Brasil República');

  const { name, lines } = await downloadCsv(page, 'Exportar Relatório');
  expect(name).toBe('Relatório-de-postagem.csv');
  expect(lines[0]).toBe('UNIDADE;ÁREA_DE_CONHECIMENTO;NÍVEL_DE_APRENDIZADO;PUBLICADA_EM');
  expect(lines.slice(1, -1)).toEqual([`História do Brasil República;Ciências Humanas;Graduação;${today}`]);

  // A period of last month, before the demo units were published: nothing, and nothing to export.
  await pickDay(page, 'Data Inicial', 1, 1);
  await pickDay(page, 'Data Final', 15, 1);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(table).toContainText('Nenhum item encontrado');
  await expect(page.getByRole('button', { name: 'Exportar Relatório' })).toBeDisabled();
});

test('the report checks the period before asking the server', async ({ page }) => {
  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  // The end before the start.
  await pickDay(page, 'Data Final', 1, 1);
  await pickDay(page, 'Data Inicial', 15, 1);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à data inicial.')).toBeVisible();
});

test('institution users do not have the report', async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('navigation').getByRole('link', { name: TITLE })).toHaveCount(0);
  await page.goto('/dashboard/units-report');
  await expect(page.getByRole('alert').filter({ hasText: 'Você não tem permissão para realizar esta operação.' })).toBeVisible();
});
