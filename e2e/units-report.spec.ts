import { test, expect } from '@playwright/test';
import { approvedProviderApi, demoEmail, downloadCsv, ownClientAddress, pickDay, publishedUnitApi, signIn, spDate } from './helpers';

test.use(ownClientAddress());

const TITLE = 'Relatório de Unidades Publicadas';

test('the provider reads its published units by area and level, exports the CSV, and an empty period says so', async ({ page, request }) => {
  // A provider of this test alone, with three units published now (this month, the default period).
  const provider = await approvedProviderApi(request, 'relatorio-unidades');
  const stamp = Date.now();
  const [calculus, sociology, history] = ['Cálculo', 'Sociologia', 'História'].map((name) => `${name} ${stamp}`);
  await publishedUnitApi(request, provider.token, calculus!);
  await publishedUnitApi(request, provider.token, sociology!, { area: 'Ciências Humanas' });
  await publishedUnitApi(request, provider.token, history!, { area: 'Ciências Humanas', levels: ['Graduação', 'Licenciatura'] });

  await signIn(page, provider.email, provider.password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: TITLE }).click();
  await expect(page.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(page.getByText(`Emitido por ${provider.nameUser}`)).toBeVisible();

  const table = page.getByRole('table', { name: 'Unidades publicadas' });
  await expect(page.getByText('3 unidades publicadas encontradas')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(3);
  await expect(table.getByRole('row').filter({ hasText: calculus })).toContainText(`Ciências Exatas e da TerraGraduação${spDate(new Date())}`);
  await expect(table.getByRole('columnheader')).toHaveText(['Unidade', 'Área de Conhecimento', 'Nível de Aprendizado', 'Publicada em']);

  await page.getByRole('combobox', { name: 'Área de Conhecimento' }).click();
  // 'Ciências Humanas' is a university area and a basic one: the first group is the university's.
  await page.getByRole('option', { name: 'Ciências Humanas' }).first().click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('2 unidades publicadas encontradas')).toBeVisible();
  const today = spDate(new Date());
  await expect(table.locator('tbody tr')).toHaveCount(2);
  for (const title of [sociology!, history!]) {
    await expect(table.getByRole('row').filter({ hasText: title })).toContainText(`Ciências HumanasGraduação${today}`);
  }

  await page.getByRole('combobox', { name: 'Nível de Aprendizado' }).click();
  await page.getByRole('option', { name: 'Licenciatura' }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('1 unidade publicada encontrada')).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(history!);

  const { name, lines } = await downloadCsv(page, 'Exportar Relatório');
  expect(name).toBe('Relatório-de-postagem.csv');
  expect(lines[0]).toBe('UNIDADE;ÁREA_DE_CONHECIMENTO;NÍVEL_DE_APRENDIZADO;PUBLICADA_EM');
  expect(lines.slice(1, -1)).toEqual([`${history};Ciências Humanas;Graduação;${today}`]);

  // A period of last month, before the units were published: nothing, and nothing to export.
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
