/**
 * Money that moves by itself, end to end in the browser: a NEW institution rents a NEW provider in the store (both
 * made for this test, so parallel journeys never see their rents, charges or income); the platform team accepts the
 * request in the rentals control, which issues the first charge; the institution finds it in Financeiro with its
 * Pix copia e cola and QR code; the team marks it paid in Cobranças; the rent is active in 'Meus alugueis'; the
 * provider's dashboard counts the payment as this month's income. At 390 px for the institution's screens.
 */
import { test, expect, type Page } from '@playwright/test';
import { formatCents } from '../packages/shared/src/format';
import { INCOME_TEXT } from '../packages/shared/src/provider-income';
import { RENTS_MSG } from '../packages/shared/src/rents';
import { STORE_MSG } from '../packages/shared/src/store';
import {
  approvedProviderApi, chartData, createActiveAccount, demoEmail, dismissNotifications, expectNotification, expectToast, ownClientAddress,
  publishedUnitApi, signIn,
} from './helpers';

test.use(ownClientAddress());

const PRICE_CENTS = 93_700;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Signs in and waits for the Painel: a navigation before the session is stored would land on the sign-in page. */
async function signInAs(page: Page, email: string, password?: string) {
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
}

/** The provider's dashboard: the current month's row of the income table (label, received, to receive), in centavos. */
async function currentMonthIncome(page: Page) {
  await expect(page.getByRole('heading', { name: INCOME_TEXT.income })).toBeVisible();
  const months = (await chartData(page, `${INCOME_TEXT.income} (últimos 6 meses)`)).locator('tbody tr');
  await expect(months).toHaveCount(6);
  const cells = await months.last().locator('th, td').allTextContents();
  const cents = (text: string | undefined) => Number((text ?? '').replace(/\D/g, ''));
  return { received: cents(cells[1]), pending: cents(cells[2]) };
}

test('an institution rents, the team accepts, the institution sees its Pix charge, the team marks it paid, the rent is active and the provider earns it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const provider = await approvedProviderApi(request, 'jornada-fornecedor', { priceCents: PRICE_CENTS });
  const PROVIDER = provider.companyName;
  await publishedUnitApi(request, provider.token, `Jornada das cobranças ${Date.now()}`);
  const account = await createActiveAccount(request, 'jornada');
  const price = formatCents(PRICE_CENTS);

  // The institution rents the provider in the store and requests payment by Pix.
  await signInAs(page, account.email, account.password);
  await page.goto('/seller/store');
  await page.getByRole('complementary', { name: 'Filtros' }).getByRole('textbox', { name: 'Buscar' }).fill(PROVIDER);
  const card = page.getByRole('main').getByRole('article', { name: PROVIDER });
  await expect(card).toContainText(`${price}/mês`);
  await card.getByRole('button', { name: `Alugar ${PROVIDER}` }).click();
  await expect(page).toHaveURL('/seller/cart');
  await page.getByRole('radio', { name: 'Pix' }).check();
  await page.getByRole('button', { name: STORE_MSG.requestPayment }).click();
  await expectNotification(page, STORE_MSG.requested);
  await expect(page).toHaveURL('/seller/rents');
  const mine = page.getByRole('table', { name: 'Aluguéis' }).getByRole('row').filter({ hasText: PROVIDER });
  await expect(mine.getByText('SOLICITADO', { exact: true })).toBeVisible();
  // Nothing is owed before the team accepts.
  await page.goto('/dashboard/financeiro');
  await expect(page.getByText('Nenhuma cobrança a pagar.')).toBeVisible();
  await signOut(page);

  // The team accepts the request in the rentals control (requested → AGUARDANDO): the first charge is issued.
  await signInAs(page, demoEmail('admin'));
  await page.goto(`/seller/rents-control/${account.sellerId}`);
  const row = page.getByRole('table', { name: 'Aluguéis da instituição' }).getByRole('row').filter({ hasText: PROVIDER });
  await expect(row.getByText('SOLICITADO', { exact: true })).toBeVisible();
  await dismissNotifications(page);
  await row.getByRole('button', { name: `Gerenciar status de ${PROVIDER}` }).click();
  const modal = page.getByRole('dialog', { name: 'Gerenciar status' });
  await modal.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: /^Aguardando$/ }).click();
  await modal.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, RENTS_MSG.statusChanged);
  await expect(row.getByText('AGUARDANDO', { exact: true })).toBeVisible();
  await signOut(page);

  // The institution sees the charge in Financeiro, from the Painel's tile: the amount, the Pix code and its QR code.
  await page.setViewportSize(PHONE);
  await signInAs(page, account.email, account.password);
  await page.getByRole('link', { name: /^Financeiro: 1 cobrança em aberto/ }).click();
  await expect(page).toHaveURL('/dashboard/financeiro');
  const charge = page.getByRole('article', { name: /^Cobrança de / });
  await expect(charge).toContainText(price);
  await expect(charge).toContainText(PROVIDER);
  await expect(charge.getByText('ABERTA')).toBeVisible();
  const pix = charge.getByRole('textbox', { name: 'Pix copia e cola' });
  await expect(pix).toHaveValue(/^000201.*6304[0-9A-F]{4}$/);
  const code = (await pix.inputValue()).match(/05\d\d(SC[A-Z0-9]{14})/)![1]!;
  await expect(charge.getByRole('img', { name: new RegExp(`^QR Code Pix da cobrança ${code} `) })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await signOut(page);

  // The team marks it paid in Cobranças.
  await page.setViewportSize(DESKTOP);
  await signInAs(page, demoEmail('admin'));
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cobranças' }).click();
  await page.goto(`/dashboard/charges?sellerId=${account.sellerId}`);
  const line = page.getByRole('table', { name: 'Cobranças das instituições' }).getByRole('row').filter({ hasText: price });
  await expect(line).toContainText('ABERTA');
  await line.getByRole('button', { name: /^Marcar como paga/ }).click();
  const pay = page.getByRole('dialog', { name: 'Marcar como paga' });
  await pay.getByLabel('Referência').fill(`E2E-JORNADA-${code}`);
  await pay.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expectToast(page, 'Pagamento registrado!');
  await expect(line).toContainText('PAGA');
  await signOut(page);

  // The institution: the rent is active, the charge paid with its receipt.
  await page.setViewportSize(PHONE);
  await signInAs(page, account.email, account.password);
  await page.goto('/seller/rents');
  await expect(mine.getByText('ATIVO', { exact: true })).toBeVisible();
  await page.goto('/dashboard/financeiro');
  await expect(page.getByText('Nenhuma cobrança a pagar.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cobranças' }).getByRole('row').filter({ hasText: price }).getByText('PAGA')).toBeVisible();
  await signOut(page);

  // The provider's dashboard: this month's income is the payment, nothing left to receive.
  await page.setViewportSize(DESKTOP);
  await signInAs(page, provider.email, provider.password);
  expect(await currentMonthIncome(page)).toEqual({ received: PRICE_CENTS, pending: 0 });
});
