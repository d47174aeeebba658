/**
 * 'Relatório Financeiro': the admin opens it from the menu, filters one provider of this test (rented by a new
 * institution whose charge of the month the team marked paid), reads the month's billed and paid figures in the table
 * and the period's totals, downloads the CSV; axe finds nothing serious; at 390 px nothing is cut (the table scrolls
 * inside its own region). The director opens it too; a curator gets 'Acesso negado'.
 */
import { test, expect } from '@playwright/test';
import { FINANCIAL_REPORT_CSV_HEADER, FINANCIAL_REPORT_FILE_NAME, FINANCIAL_REPORT_MSG as M, csvReais } from '../packages/shared/src/financial-report';
import { formatCents } from '../packages/shared/src/format';
import { shortMonthLabel } from '../packages/shared/src/provider-income';
import { approvedProviderApi, createActiveAccount, demoEmail, demoToken, downloadCsv, expectNoSeriousAxe, ownClientAddress, paidRentApi, signIn } from './helpers';

test.use(ownClientAddress());

const PHONE = { width: 390, height: 844 };
const PRICE_CENTS = 98_765;
const thisMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date()).slice(0, 7);

test('admin: the month billed and paid for a provider, the totals, the CSV; axe; 390 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const provider = await approvedProviderApi(request, 'financeiro', { priceCents: PRICE_CENTS });
  const institution = await createActiveAccount(request, 'financeiro-escola');
  await paidRentApi(request, institution.sellerId, provider.id);
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const { name: sellerName } = (await (await request.get(`/api/sellers/institution/${institution.sellerId}`, { headers: admin })).json()) as { name: string };
  const month = shortMonthLabel(thisMonth());

  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: M.title }).click();
  await expect(page).toHaveURL('/dashboard/financial-report');
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();
  // The last six months by default, the current one last.
  const table = page.getByTestId('financial-table');
  await expect(table.locator('tbody')).toHaveCount(6);
  await expect(table.locator('tbody').last().getByRole('rowheader').first()).toHaveText(month);

  // One provider: its rent's charge of the month, billed and paid.
  await page.getByRole('combobox', { name: M.provider }).fill(provider.companyName);
  await page.getByRole('option', { name: provider.companyName }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  const current = table.locator('tbody').last();
  const row = current.getByRole('row').filter({ hasText: sellerName });
  await expect(row.locator('th, td')).toHaveText([sellerName, formatCents(PRICE_CENTS), formatCents(PRICE_CENTS), formatCents(0), formatCents(0)]);
  await expect(page.getByTestId('financial-total-billedCents')).toHaveText(formatCents(PRICE_CENTS));
  await expect(page.getByTestId('financial-total-paidCents')).toHaveText(formatCents(PRICE_CENTS));
  await expect(page.getByTestId('financial-total-overdueCents')).toHaveText(formatCents(0));
  // The earlier months of the range: no charge of this provider.
  await expect(table.locator('tbody').first()).toContainText(M.noCharges);

  // Per provider: the same month, the provider's row.
  await page.getByRole('combobox', { name: M.breakdown }).click();
  await page.getByRole('option', { name: M.byProvider }).click();
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(current.getByRole('row').filter({ hasText: provider.companyName }).locator('td').first()).toHaveText(formatCents(PRICE_CENTS));

  // 'Exportar CSV': the header and the line of the month, institution and provider.
  const csv = await downloadCsv(page, M.export);
  expect(csv.name).toBe(FINANCIAL_REPORT_FILE_NAME);
  expect(csv.lines[0]).toBe(FINANCIAL_REPORT_CSV_HEADER.join(';'));
  expect(csv.lines.slice(1, -1)).toEqual([[month, sellerName, provider.companyName, csvReais(PRICE_CENTS), csvReais(PRICE_CENTS), '0,00', '0,00'].join(';')]);

  // axe: nothing serious or critical on the filled report.
  await expectNoSeriousAxe(page, 'relatório financeiro');

  // 390 px: the page does not scroll sideways; the table scrolls inside its own region, reachable by keyboard.
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const scroller = page.getByRole('region', { name: /rolagem lateral/ });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoSeriousAxe(page, 'relatório financeiro, 390 px');
});

test('the director opens it; a curator is refused', async ({ page }) => {
  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/financial-report');
  await expect(page.getByRole('heading', { level: 1, name: M.title })).toBeVisible();
  // The demo's paid months: the period's paid total is not zero.
  await expect(page.getByTestId('financial-total-paidCents')).not.toHaveText(formatCents(0));
  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, demoEmail('curator'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: M.title })).toHaveCount(0);
  await page.goto('/dashboard/financial-report');
  await expect(page.getByRole('alert').filter({ hasText: 'Acesso negado' })).toBeVisible();
});
