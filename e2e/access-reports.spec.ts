/**
 * The access reports: a provider publishes a unit; an institution (which rents the
 * provider; both are this test's own) shares it with a student, who opens it five times on a phone (390 px). The
 * institution's 'Relatório de Acessos' shows the student's visits with the figures and the charts and exports
 * 'relatorio-de-acessos.csv'; the provider's 'Relatório de Acessos por Unidades' shows the unit with its five accesses and the charts, exports
 * 'relatorio.csv', and an empty period says so; the provider's dashboard lists the unit among the most popular; staff's
 * report over every unit (three months) lists it in its CSV with the same five accesses.
 */
import { test, expect } from '@playwright/test';
import { ACCESS_REPORT_MSG, CHARTS_MSG, formatUsagePercent, UNIT_ACCESS_MSG, usagePercent } from '../packages/shared/src/access-reports';
import { INCOME_TEXT } from '../packages/shared/src/provider-income';
import {
  activeRentApi, approvedProviderApi, chartData, createActiveAccount, demoEmail, downloadCsv, expectNotification, ownClientAddress, pickDay, publishedUnitApi, signIn, spDate,
} from './helpers';

test.use(ownClientAddress());

const PHONE = { width: 390, height: 844 };
const OPENINGS = 5;

test("a student's visits show in the institution's access report, the provider's unit-access report and its dashboard", async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const title = `Relatório E2E ${stamp}`;
  const student = `aluna.relatorio.${stamp}@escola.br`;
  const today = spDate(new Date());

  // A provider of this test alone publishes a unit; an institution of its own rents the provider and shares the unit with a
  // student: every figure of both reports is this student's.
  const provider = await approvedProviderApi(request, 'acessos-fornecedor');
  const unit = await publishedUnitApi(request, provider.token, title);
  const institution = await createActiveAccount(request, 'acessos');
  await activeRentApi(request, institution.sellerId, provider.id);
  const plan = ((await (await request.get('/api/plans/signup')).json()) as { maxRent: number }[])[0]!;
  const signin = await request.post('/api/signin', { data: { email: institution.email, password: institution.password } });
  const seller = ((await signin.json()) as { token: string }).token;
  const shared = await request.post(`/api/sellers/share-links/unit/${unit.itemId}`, { headers: { authorization: `Bearer ${seller}` }, data: { studentId: student } });
  expect(shared.status(), await shared.text()).toBe(200);
  const { url } = (await shared.json()) as { url: string };

  // The student opens it on a phone, then comes back to it four times.
  const phone = await (await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' })).newPage();
  await phone.goto(url);
  const reader = phone.getByTestId('unit-content');
  for (let i = 1; i <= OPENINGS; i++) {
    if (i > 1) await phone.reload();
    await expect(reader.getByRole('heading', { level: 2, name: title })).toBeVisible();
  }
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await phone.context().close();

  // The institution's access report (this month by default): the student's row, the figures and the charts.
  await signIn(page, institution.email, institution.password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Relatório de Acessos', exact: true }).click();
  await expect(page).toHaveURL('/dashboard/access-report');
  await expect(page.getByRole('heading', { name: ACCESS_REPORT_MSG.title })).toBeVisible();
  await expect(page.getByText('Emitido por Gestora E2E')).toBeVisible();
  const table = page.getByRole('table', { name: 'Acessos por aluno' });
  await expect(table.getByRole('columnheader')).toHaveText(['Instituição', 'Aluno', 'Total de acessos', 'Último acesso']);
  await expect(table.locator('tbody tr')).toHaveCount(1);
  const row = table.getByRole('row').filter({ hasText: student });
  await expect(row.getByRole('cell')).toHaveText(['Escola E2E', student, String(OPENINGS), new RegExp(`^${today} \\d\\d:\\d\\d$`)]);
  await expect(page.getByTestId('total-access')).toHaveText(String(OPENINGS));
  await expect(page.getByTestId('unique-students')).toHaveText('1');
  await expect(page.getByTestId('usage-percent')).toHaveText(formatUsagePercent(usagePercent(1, plan.maxRent)));
  await expect(page.getByText(`1 de ${plan.maxRent.toLocaleString('pt-BR')} alunos do plano`, { exact: true })).toBeVisible();
  // The charts, and their numbers under 'Ver dados em tabela' (today among the days with accesses).
  await expect(page.getByTestId('access-charts').locator('svg').first()).toBeVisible();
  const charts = page.getByTestId('access-charts');
  await expect(charts.getByText(CHARTS_MSG.trend, { exact: true })).toBeVisible();
  await expect(charts.getByText(CHARTS_MSG.topUnits, { exact: true })).toBeVisible();
  await expect((await chartData(page, CHARTS_MSG.topUnits)).getByRole('row').filter({ hasText: title })).toHaveCount(1);
  await expect((await chartData(page, `${CHARTS_MSG.trend} (só os dias com acessos)`)).getByRole('row').filter({ hasText: today })).toHaveCount(1);
  await expect(page.getByTestId('charts-summary')).toContainText('dia de mais acessos');

  const access = await downloadCsv(page, ACCESS_REPORT_MSG.export);
  expect(access.name).toBe('relatorio-de-acessos.csv');
  expect(access.lines[0]).toBe('Instituição;Aluno;Total de acessos;Último acesso');
  expect(access.lines.slice(1)).toEqual([
    expect.stringMatching(new RegExp(`^Escola E2E;${student.replace(/\./g, '\\.')};${OPENINGS};${today} \\d\\d:\\d\\d$`)),
    '',
  ]);
  await page.getByRole('button', { name: 'Sair' }).click();

  // The provider's unit-access report: the unit with its accesses (every institution together), the charts, the CSV.
  await signIn(page, provider.email, provider.password);
  await expect(page).toHaveURL('/dashboard');
  // 'Mais populares' on the dashboard: the students' accesses.
  const popular = page.getByRole('region', { name: INCOME_TEXT.popular });
  await expect(popular.getByRole('listitem')).toHaveCount(1);
  await expect(popular.getByText(title)).toBeVisible();

  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Relatório de Acesso às Unidades' }).click();
  await expect(page).toHaveURL('/dashboard/unit-access-report');
  await expect(page.getByRole('heading', { name: UNIT_ACCESS_MSG.title })).toBeVisible();
  await expect(page.getByText(`Emitido por ${provider.nameUser}`)).toBeVisible();
  const units = page.getByRole('table', { name: 'Acessos por unidade' });
  await expect(units.getByRole('columnheader')).toHaveText(['Unidades', 'Área de conhecimento', 'Acessos']);
  await expect(units.locator('tbody tr')).toHaveCount(1);
  await expect(units.getByRole('row').filter({ hasText: title }).getByRole('cell')).toHaveText([title, 'Ciências Exatas e da Terra', String(OPENINGS)]);
  await expect(page.getByTestId('access-charts').locator('svg').first()).toBeVisible();
  await expect((await chartData(page, `${CHARTS_MSG.trend} (só os dias com acessos)`)).getByRole('row').filter({ hasText: today })).toHaveCount(1);
  await expect((await chartData(page, CHARTS_MSG.topUnits)).getByRole('row').filter({ hasText: title })).toHaveCount(1);

  const unitsCsv = await downloadCsv(page, UNIT_ACCESS_MSG.export);
  expect(unitsCsv.name).toBe('relatorio.csv');
  expect(unitsCsv.lines[0]).toBe('Unidades;Área de conhecimento;Acessos');
  expect(unitsCsv.lines.slice(1)).toEqual([`${title};Ciências Exatas e da Terra;${OPENINGS}`, '']);

  // The knowledge-area filter keeps the unit under its area.
  await page.getByRole('combobox', { name: 'Área de conhecimento' }).click();
  await page.getByRole('option', { name: 'Ciências Exatas e da Terra' }).first().click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(units.getByRole('row').filter({ hasText: title })).toHaveCount(1);

  // Last month (before the unit existed), in every area: nothing to show and nothing to export.
  await page.getByRole('combobox', { name: 'Área de conhecimento' }).click();
  await page.getByRole('option', { name: 'Todas as áreas' }).click();
  await pickDay(page, 'Data Inicial', 1, 1);
  await pickDay(page, 'Data Final', 2, 1);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expectNotification(page, UNIT_ACCESS_MSG.noUnits);
  await expect(units.getByText(UNIT_ACCESS_MSG.empty)).toBeVisible();
  await expect(page.getByRole('button', { name: UNIT_ACCESS_MSG.export })).toBeDisabled();
  await expect(units.getByRole('row').filter({ hasText: title })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sair' }).click();

  // Staff's report over every unit, from three months back (whole months inside: the month snapshots): the units of
  // every provider with their figures, the charts, and this unit's five accesses among them.
  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/unit-access-report');
  await expect(page.getByRole('heading', { name: UNIT_ACCESS_MSG.title })).toBeVisible();
  await pickDay(page, 'Data Inicial', 1, 3);
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText(/^[\d.]+ unidades? · [\d.]+ acessos?$/)).toBeVisible();
  await expect(units.getByRole('row').nth(1).getByRole('cell').nth(2)).toHaveText(/^[\d.]+$/);
  await expect(page.getByTestId('access-charts').locator('svg').first()).toBeVisible();
  const everyUnitCsv = await downloadCsv(page, UNIT_ACCESS_MSG.export);
  expect(everyUnitCsv.lines).toContain(`${title};Ciências Exatas e da Terra;${OPENINGS}`);
});
