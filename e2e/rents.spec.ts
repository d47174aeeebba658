/**
 * Rentals, institution and platform sides: an admin opens the rentals control of a NEW
 * institution (made for this test, so parallel journeys never see its rents), creates a rental with 'Novo
 * Aluguel', moves its status, changes its plan; the institution's user sees ATIVO in 'Meus alugueis' (and
 * 'Alugado' in the store) and asks to cancel it; the provider's income has not moved: it counts what was paid, and a rent
 * the team activates by hand is charged by the month's issuing, not before. The provider is the test's own too, so
 * nothing else moves its income.
 */
import { test, expect, type Page } from '@playwright/test';
import { formatCents } from '../packages/shared/src/format';
import { INCOME_TEXT } from '../packages/shared/src/provider-income';
import { RENTS_MSG } from '../packages/shared/src/rents';
import { STORE_MSG } from '../packages/shared/src/store';
import {
  approvedProviderApi, chartData, createActiveAccount, demoEmail, demoToken, dismissNotifications, expectNotification, ownClientAddress, publishedUnitApi, signIn,
} from './helpers';

test.use(ownClientAddress());

/** The provider's prices on the plans an institution signs up with (Essencial, Ampliado, ...), in centavos. */
const PRICES_CENTS = [91_000, 252_000, 795_000];

/** The provider's dashboard: the current month's row of the income chart's data table, in centavos. */
async function currentMonthIncome(page: Page): Promise<{ label: string; cents: number }> {
  await expect(page.getByRole('heading', { name: INCOME_TEXT.income })).toBeVisible();
  const months = (await chartData(page, `${INCOME_TEXT.income} (últimos 6 meses)`)).locator('tbody tr');
  await expect(months).toHaveCount(6);
  const [label, value] = await months.last().locator('th, td').allTextContents();
  return { label: label!, cents: Number(value!.replace(/\D/g, '')) };
}

async function chooseOption(page: Page, label: string, option: RegExp, scope = page.getByRole('dialog')) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test('rentals control and Meus alugueis: create, activate, change plan, then the institution asks to cancel', async ({ page, request }) => {
  // Three users sign in one after the other (the provider twice: its income before and after).
  test.setTimeout(120_000);
  const provider = await approvedProviderApi(request, 'alugueis-fornecedor', { priceCents: PRICES_CENTS });
  const PROVIDER = provider.companyName;
  await publishedUnitApi(request, provider.token, `Aluguel E2E ${Date.now()}`);
  const account = await createActiveAccount(request, 'alugueis');
  const signin = await request.post('/api/signin', { data: { email: account.email, password: account.password } });
  const { token: sellerToken, seller } = (await signin.json()) as { token: string; seller: { id: number } };
  await request.post('/api/signout', { headers: { authorization: `Bearer ${sellerToken}` } });

  // The provider's price on the second plan, as the server has it.
  const admin = await demoToken(request, 'admin');
  const auth = { headers: { authorization: `Bearer ${admin}` } };
  const plans = (await (await request.get(`/api/sellers/plans-seller/${seller.id}?providerId=${provider.id}`, auth)).json()) as {
    plans: { name: string; valueCents: number | null }[];
  };
  const ampliado = plans.plans.find((p) => p.name === 'Plano Ampliado')!;
  expect(ampliado.valueCents).toBe(PRICES_CENTS[1]);

  // The provider's income this month before the rental: nothing yet.
  await signIn(page, provider.email, provider.password);
  const incomeBefore = await currentMonthIncome(page);
  expect(incomeBefore.cents).toBe(0);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');

  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto(`/seller/rents-control/${seller.id}`);
  await expect(page.getByRole('heading', { name: 'Alugueis' })).toBeVisible();
  await expect(page.getByText('Escola E2E').first()).toBeVisible();
  const table = page.getByRole('table', { name: 'Aluguéis da instituição' });
  // Spec 3 §2.12 writes this empty state with the period (§2.8, 'Meus alugueis', without).
  await expect(table.getByText(RENTS_MSG.emptyPanel, { exact: true })).toBeVisible();

  // Novo Aluguel: nothing chosen → 'Verifique todos os campos!'.
  await page.getByRole('button', { name: 'Novo Aluguel' }).click();
  const panel = page.getByRole('dialog', { name: 'Loja de Fornecedores' });
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, RENTS_MSG.checkFields);
  await expect(panel.getByText('Campo Obrigatório')).toBeVisible();

  await chooseOption(page, 'Plano', /^Plano Essencial/, panel);
  await panel.getByRole('searchbox', { name: 'Buscar fornecedor' }).fill(PROVIDER);
  const card = panel.getByRole('radio', { name: PROVIDER });
  await expect(card).toBeVisible();
  await card.click();
  await dismissNotifications(page);
  await panel.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, RENTS_MSG.created);
  await expect(panel).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: PROVIDER });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('ATIVO', { exact: true })).toBeVisible();
  await expect(row.getByText('Plano Essencial')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Ativos/ })).toHaveAccessibleName(/^Ativos\s*1$/);

  // The same provider again: already associated (the card says so and cannot be chosen).
  await page.getByRole('button', { name: 'Novo Aluguel' }).click();
  await chooseOption(page, 'Plano', /^Plano Essencial/, panel);
  await expect(panel.getByRole('radio', { name: PROVIDER })).toBeDisabled();
  await panel.getByRole('button', { name: 'Cancelar' }).click();
  await expect(panel).toBeHidden();

  // Manage status: to Aguardando, then back to Ativo.
  const edit = page.getByRole('dialog', { name: `Editar assinatura: ${PROVIDER}` });
  for (const [choice, label] of [['Aguardando', 'AGUARDANDO'], ['Ativo', 'ATIVO']] as const) {
    await dismissNotifications(page);
    await row.getByRole('button', { name: `Gerenciar status de ${PROVIDER}` }).click();
    const modal = page.getByRole('dialog', { name: 'Gerenciar status' });
    await chooseOption(page, 'Status', new RegExp(`^${choice}$`), modal);
    await modal.getByRole('button', { name: 'Salvar' }).click();
    await expectNotification(page, RENTS_MSG.statusChanged);
    await expect(modal).toBeHidden();
    await expect(row.getByText(label, { exact: true })).toBeVisible();
    // Waiting but once active, or active: a plan change splits it (rent-machine changePlanSplits); the editor says so.
    await row.getByRole('button', { name: `Editar assinatura de ${PROVIDER}` }).click();
    await expect(edit.getByTestId('plan-change-note')).toHaveText(RENTS_MSG.planChangeSplits(label));
    await edit.getByRole('button', { name: 'Cancelar' }).click();
    await expect(edit).toBeHidden();
  }

  // Edit subscription: the Ampliado plan at the provider's price on it.
  await dismissNotifications(page);
  await row.getByRole('button', { name: `Editar assinatura de ${PROVIDER}` }).click();
  await chooseOption(page, 'Plano', /^Plano Ampliado/, edit);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, RENTS_MSG.planChanged);
  await expect(row.getByText('Plano Ampliado')).toBeVisible();
  await expect(row.getByText(`${formatCents(ampliado.valueCents!)}/mês`)).toBeVisible();
  await expect(row.getByText('ATIVO', { exact: true })).toBeVisible();

  // The institution's user: 'Meus Aluguéis' from the dashboard shows ATIVO; cancelling asks, then requests.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await signIn(page, account.email, account.password);
  await page.getByRole('main').getByRole('link', { name: 'Meus Aluguéis' }).click();
  await expect(page).toHaveURL('/seller/rents');
  await expect(page.getByRole('heading', { name: 'Meus alugueis' })).toBeVisible();
  const mine = page.getByRole('table', { name: 'Aluguéis' }).getByRole('row').filter({ hasText: PROVIDER });
  await expect(mine.getByText('ATIVO', { exact: true })).toBeVisible();
  await expect(mine.getByText(`${formatCents(ampliado.valueCents!)}/mês`)).toBeVisible();
  await expect(mine.getByText(/^\d{2} de [a-zç]+ de \d{4}$/)).toBeVisible();

  await mine.getByRole('button', { name: `Cancelar o aluguel de ${PROVIDER}` }).click();
  const ask = page.getByRole('dialog', { name: RENTS_MSG.cancelConfirm(PROVIDER) });
  await expect(ask.getByText(RENTS_MSG.cancelNote)).toBeVisible();
  await ask.getByRole('button', { name: 'Sim' }).click();
  await expectNotification(page, RENTS_MSG.cancelNote, RENTS_MSG.cancelRequestedTitle);
  await expect(mine.getByText(RENTS_MSG.cancellationPending)).toBeVisible();
  await expect(mine.getByText('ATIVO', { exact: true })).toBeVisible();
  await expect(mine.getByRole('button', { name: `Cancelar o aluguel de ${PROVIDER}` })).toHaveCount(0);

  // The store: the active rent says 'Alugado' (the catalogue), not 'Aluguel solicitado'.
  await page.goto('/seller/store');
  await page.getByRole('complementary', { name: 'Filtros' }).getByRole('textbox', { name: 'Buscar' }).fill(PROVIDER);
  const storeCard = page.getByRole('main').getByRole('article', { name: PROVIDER });
  await expect(storeCard.getByRole('link', { name: STORE_MSG.rented })).toHaveAttribute('href', '/seller/rented-units');
  await expect(storeCard.getByRole('link', { name: STORE_MSG.pending })).toHaveCount(0);

  // The platform team sees the request in the rentals control.
  const control = (await (await request.get(`/api/sellers/rents-control/${seller.id}`, auth)).json()) as {
    data: { companyName: string; cancelRequestedAt: string | null }[];
  };
  expect(control.data.find((r) => r.companyName === PROVIDER)!.cancelRequestedAt).not.toBeNull();

  // The provider's income did not move: nothing was paid for the rent (income counts paid charges only), and nothing is
  // to receive yet (the rent made active by hand is charged by the month's issuing run).
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await signIn(page, provider.email, provider.password);
  const months = (await chartData(page, `${INCOME_TEXT.income} (últimos 6 meses)`)).locator('tbody tr');
  await expect(months.last().locator('th, td')).toHaveText([incomeBefore.label, formatCents(0), formatCents(0)]);
  // 'Meus alugueis': the rent with its new value, and nothing received for it.
  await page.getByRole('link', { name: 'Aluguéis' }).click();
  const rentRow = page.getByRole('table', { name: INCOME_TEXT.myRents }).locator('tbody tr').filter({ hasText: 'Escola E2E' });
  await expect(rentRow).toContainText(`${formatCents(PRICES_CENTS[1]!)}/mês`);
  await expect(rentRow.locator('td').last()).toHaveText(formatCents(0));
});
