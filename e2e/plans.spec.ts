import { test, expect, type Page } from '@playwright/test';
import { PLAN_MSG } from '../packages/shared/src/plans';
import { INCOME_TEXT } from '../packages/shared/src/provider-income';
import { formatCents, formatLongDate } from '../packages/shared/src/format';
import {
  approvedProviderApi, chartData, createActiveAccount, demoEmail, dismissNotifications, expectNotification, ownClientAddress, paidRentApi, publishedUnitApi, signIn,
} from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
test.use(ownClientAddress());

const DEMO_PROVIDER = 'Editora Horizonte Educacional';
/** The demo provider's prices on Essencial, Ampliado and Completo (apps/server/src/demo/marketplace.ts DEMO_PRICES_CENTS). */
const DEMO_PRICES_CENTS = [89_000, 249_000, 790_000];
/** The monthly price of the provider the income journey creates. */
const PRICE_CENTS = 123_400;

const planRow = (page: Page, name: string) => page.getByRole('table', { name: PLAN_MSG.title }).getByRole('row').filter({ hasText: name });

async function searchPlan(page: Page, name: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(name);
  await expect(page.getByRole('table', { name: PLAN_MSG.title }).getByRole('row')).toHaveCount(2);
  await expect(planRow(page, name)).toBeVisible();
}

test('admin creates a plan and sets the demo provider’s monthly value on it', async ({ page }) => {
  // A student range above the demo tiers: the sign-up (three lowest tiers) stays as it is for other journeys.
  const name = `Plano Rede E2E ${Date.now()}`;
  await signIn(page, demoEmail('admin'));
  await page.getByRole('link', { name: 'Planos' }).click();
  await expect(page.getByRole('heading', { name: PLAN_MSG.title })).toBeVisible();
  await expect(planRow(page, 'Plano Essencial')).toContainText('De 1 a 500 alunos');

  // The plan editor refuses an empty form and an inverted range, in Portuguese, on the fields.
  await page.getByRole('button', { name: PLAN_MSG.newPlan }).click();
  const dialog = page.getByRole('dialog', { name: PLAN_MSG.newPlan });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText(PLAN_MSG.required)).toHaveCount(4);
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Descrição').fill('Para redes com muitas unidades de ensino.');
  await dialog.getByLabel('Mínimo de alunos').fill('60000');
  await dialog.getByLabel('Máximo de alunos').fill('50000');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText(PLAN_MSG.minAboveMax)).toBeVisible();
  await dialog.getByLabel('Mínimo de alunos').fill('50001');
  await dialog.getByLabel('Máximo de alunos').fill('90000');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, PLAN_MSG.created);
  await expect(dialog).toBeHidden();
  await searchPlan(page, name);
  await expect(planRow(page, name)).toContainText('De 50.001 a 90.000 alunos');

  // Editing the plan: the spec's success message.
  await dismissNotifications(page);
  await planRow(page, name).getByRole('button', { name: `Editar ${name}` }).click();
  const edit = page.getByRole('dialog', { name: PLAN_MSG.editPlan });
  await expect(edit.getByLabel('Nome')).toHaveValue(name);
  await edit.getByLabel('Máximo de alunos').fill('95000');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, PLAN_MSG.saved);
  await expect(planRow(page, name)).toContainText('De 50.001 a 95.000 alunos');

  // The providers screen's 'Editar plano' opens the same screen for the demo provider, with its values.
  await page.goto('/dashboard/providers');
  await page.getByRole('link', { name: `Editar plano de ${DEMO_PROVIDER}` }).click();
  await expect(page).toHaveURL(/\/dashboard\/providers\/plan\/\d+$/);
  await expect(page.getByTestId('plans-company')).toHaveText(DEMO_PROVIDER);
  await expect(planRow(page, 'Plano Essencial')).toContainText(`${formatCents(DEMO_PRICES_CENTS[0]!)}/mês`);
  await searchPlan(page, name);
  await expect(planRow(page, name)).toContainText(PLAN_MSG.noPrice);

  // The price editor: required, then a value in reais stored as centavos.
  await dismissNotifications(page);
  await planRow(page, name).getByRole('button', { name: `Editar ${name}` }).click();
  const price = page.getByRole('dialog', { name: PLAN_MSG.editPrice });
  await price.getByRole('button', { name: 'Salvar' }).click();
  await expect(price.getByText(PLAN_MSG.priceRequired)).toBeVisible();
  await price.getByLabel('Valor mensal (R$)').fill('12345,67');
  await price.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, PLAN_MSG.saved);
  await expect(planRow(page, name)).toContainText('R$ 12.345,67/mês');

  // Changing it again updates the same price.
  await dismissNotifications(page);
  await planRow(page, name).getByRole('button', { name: `Editar ${name}` }).click();
  await expect(price.getByLabel('Valor mensal (R$)')).toHaveValue('R$ 12.345,67');
  await price.getByLabel('Valor mensal (R$)').fill('15000');
  await price.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, PLAN_MSG.saved);
  await expect(planRow(page, name)).toContainText('R$ 15.000,00/mês');
});

test('the provider sees its rents and its income chart', async ({ page, request }) => {
  // A provider of this test alone, with one published unit, rented by one new institution this month, whose first
  // charge the team has marked paid.
  const provider = await approvedProviderApi(request, 'rendimento', { priceCents: PRICE_CENTS });
  await publishedUnitApi(request, provider.token, `Rendimento E2E ${Date.now()}`);
  const institution = await createActiveAccount(request, 'rendimento-escola');
  await paidRentApi(request, institution.sellerId, provider.id);
  const plans = (await (await request.get('/api/plans/signup')).json()) as { id: number; name: string }[];
  const today = formatLongDate(new Date());

  await signIn(page, provider.email, provider.password);
  // The income dashboard on /dashboard: six months by default, the month's paid charge in the current month only.
  await expect(page.getByRole('heading', { name: INCOME_TEXT.income })).toBeVisible();
  // The chart's numbers, under 'Ver dados em tabela': a row per month, the month, what was received and what is to receive.
  await chartData(page, `${INCOME_TEXT.income} (últimos 6 meses)`);
  const months = page.getByTestId('income-months').locator('tbody tr');
  const escape = (cents: number) => formatCents(cents).replace(/[.$]/g, '\\$&');
  const worth = (cents: number) => new RegExp(`\\d{4}${escape(cents)}${escape(0)}$`);
  await expect(months).toHaveText([...Array<RegExp>(5).fill(worth(0)), worth(PRICE_CENTS)]);
  await expect(page.getByText(`${INCOME_TEXT.received} nos últimos 6 meses:`)).toBeVisible();
  await expect(page.getByTestId('income-pending')).toHaveText(formatCents(0));
  await expect(page.getByTestId('income-total')).toHaveText(formatCents(PRICE_CENTS));
  // The bars: this month's holds the rent, at the top of the axis.
  await expect(page.getByTestId('income-chart').locator('[data-value]').last()).toHaveAttribute('data-value', String(PRICE_CENTS));
  await expect(page.getByTestId('income-chart').locator('[data-value]').last()).toBeVisible();

  // The slider chooses 1 to 6 months (keyboard).
  const slider = page.getByRole('slider');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(months).toHaveCount(4);
  await expect(page.getByText(`${INCOME_TEXT.received} nos últimos 4 meses:`)).toBeVisible();
  await page.keyboard.press('Home');
  await expect(months).toHaveText([worth(PRICE_CENTS)]);
  await expect(page.getByText(`${INCOME_TEXT.received} no último mês:`)).toBeVisible();
  await expect(page.getByTestId('income-total')).toHaveText(formatCents(PRICE_CENTS));

  await expect(page.getByRole('heading', { name: INCOME_TEXT.approved })).toBeVisible();
  await expect(page.getByTestId('approved-count')).toHaveText('1');
  await expect(page.getByText(INCOME_TEXT.approvedLabel, { exact: true })).toHaveCount(1);
  // The provider's rents: the one institution, its plan and the date.
  const recent = page.getByTestId('recent-rents').getByRole('listitem');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Escola E2E');
  await expect(recent).toContainText(`${plans[0]!.name} · ${today}`);

  // 'Meus alugueis' from the menu: institution, status, value a month, date in full, and what it brought.
  await page.getByRole('link', { name: 'Aluguéis' }).click();
  await expect(page.getByRole('heading', { name: INCOME_TEXT.myRents })).toBeVisible();
  const rows = page.getByRole('table', { name: INCOME_TEXT.myRents }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Escola E2E');
  await expect(rows).toContainText('ATIVO');
  await expect(rows).toContainText(`${formatCents(PRICE_CENTS)}/mês`);
  await expect(rows).toContainText(today);
  await expect(rows.locator('td').last()).toHaveText(formatCents(PRICE_CENTS));
});

test('plans and rents screens refuse the wrong users', async ({ page }) => {
  await signIn(page, demoEmail('provider'));
  await expect(page.getByRole('heading', { name: INCOME_TEXT.income })).toBeVisible();
  await page.goto('/dashboard/plans');
  await expect(page.getByRole('alert').filter({ hasText: 'Acesso negado' })).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, demoEmail('director'));
  await expect(page.getByRole('link', { name: 'Planos' })).toBeVisible();
  await page.goto('/dashboard/providers-rents');
  await expect(page.getByRole('alert').filter({ hasText: 'Acesso negado' })).toBeVisible();
});
