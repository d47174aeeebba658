/**
 * The institution's Financeiro: the platform team accepts a rent request of a NEW institution (made for this test, so
 * parallel journeys never see its charges) and its first charge is issued; the institution's user opens Financeiro
 * from the Painel's tile, finds the charge with its Pix copia e cola (the demo's, with its warning), copies it and sees
 * its QR code; the team records the payment through the API; the institution sees PAGA and opens the printable
 * receipt. The demo institution's assistant reads its own Financeiro without any button that moves a charge. axe on
 * every screen; at 390 px nothing is cut.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { CHARGES_MSG } from '../packages/shared/src/charges';
import { formatCents, spToday } from '../packages/shared/src/format';
import { activeRentApi, approvedProviderApi, createActiveAccount, demoEmail, demoToken, expectNoSeriousAxe, ownClientAddress, signIn } from './helpers';

test.use(ownClientAddress());

const PHONE = { width: 390, height: 844 };

interface Charge {
  id: number;
  code: string;
  period: string;
  amountCents: number;
  status: string;
  pixCopiaECola: string | null;
  rents: { companyName: string; planName: string; amountCents: number }[];
}

/** 'novembro de 2026' for '2026-11-01', as the screen writes a charge's month. */
const monthOf = (period: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${period}T12:00:00Z`));


async function expectNothingCut(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** A new institution with a rent request the team accepted: its first charge (open), as the team lists it. */
async function institutionWithCharge(request: APIRequestContext) {
  const account = await createActiveAccount(request, 'financeiro');
  const provider = await approvedProviderApi(request, 'financeiro-fornecedor');
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  // A rent the admin opens is active at once; back to requested, then accepted (requested → waiting): the first charge.
  const rent = await activeRentApi(request, account.sellerId, provider.id);
  for (const status of ['requested', 'waiting']) {
    const moved = await request.put(`/api/sellers/rents/${rent.id}`, { headers: admin, data: { status } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  const list = await request.get('/api/charges', { headers: admin, params: { sellerId: account.sellerId } });
  expect(list.status(), await list.text()).toBe(200);
  const charges = ((await list.json()) as { data: Charge[] }).data;
  expect(charges).toHaveLength(1);
  const charge = charges[0]!;
  expect(charge.status).toBe('open');
  expect(charge.pixCopiaECola).toBeTruthy();
  return { account, provider, charge, admin, rent };
}

test('the institution pays with the Pix code and prints the receipt once the team records the payment', async ({ page, request, context }) => {
  test.setTimeout(150_000);
  const { account, provider, charge, admin, rent } = await institutionWithCharge(request);
  const month = monthOf(charge.period);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await signIn(page, account.email, account.password);
  await expect(page).toHaveURL('/dashboard');
  const tile = page.getByRole('link', { name: /^Financeiro: 1 cobrança em aberto\. Próximo vencimento: / });
  await expect(tile).toContainText(formatCents(charge.amountCents));
  // Keyboard: the tile is a link reached and followed with the keyboard.
  await tile.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/financeiro');
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Financeiro' })).toHaveAttribute('href', '/dashboard/financeiro');

  // The charge to pay: the demo's warning, the code in a read-only field, copied; its QR code named for it.
  await expect(page.getByText(CHARGES_MSG.pixDemo)).toBeVisible();
  const card = page.getByRole('article', { name: `Cobrança de ${month}` });
  await expect(card.getByText('ABERTA')).toBeVisible();
  await expect(card).toContainText(`${provider.companyName} — ${charge.rents[0]!.planName}: ${formatCents(charge.amountCents)}`);
  const field = card.getByRole('textbox', { name: 'Pix copia e cola' });
  await expect(field).toHaveValue(charge.pixCopiaECola!);
  await expect(field).toHaveAttribute('readonly', '');
  await card.getByRole('button', { name: 'Copiar código' }).click();
  await expect(card.getByRole('status')).toHaveText('Código copiado!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(charge.pixCopiaECola);
  await expect(card.getByRole('img', { name: `QR Code Pix da cobrança ${charge.code} (${month})` })).toBeVisible();
  await expect(page.getByRole('button', { name: /Marcar como paga|Cancelar/ })).toHaveCount(0);
  await expectNoSeriousAxe(page, 'financeiro');

  // The team records the payment.
  const paid = await request.post(`/api/charges/${charge.id}/pay`, { headers: admin, data: { paidOn: spToday(), reference: 'E2E-FIN-0001' } });
  expect(paid.status(), await paid.text()).toBe(200);
  // The rent's first charge paid: the rent is active.
  expect(((await paid.json()) as { activatedRentIds: number[] }).activatedRentIds).toEqual([rent.id]);

  await page.reload();
  await expect(page.getByText('Nenhuma cobrança a pagar.')).toBeVisible();
  const row = page.getByRole('table', { name: 'Cobranças' }).getByRole('row').filter({ hasText: month });
  await expect(row.getByText('PAGA')).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('paid');
  await expect(page).toHaveURL('/dashboard/financeiro?status=paid');
  await row.getByRole('link', { name: `Recibo da cobrança de ${month}` }).click();
  await expect(page).toHaveURL(`/dashboard/financeiro/recibo/${charge.id}`);

  const receipt = page.getByRole('article', { name: 'Recibo de pagamento' });
  for (const text of ['Saber Compartilhado', 'Escola E2E', charge.code, month, provider.companyName, charge.rents[0]!.planName, formatCents(charge.amountCents), 'E2E-FIN-0001']) {
    await expect(receipt).toContainText(text);
  }
  const [y, m, d] = spToday().split('-');
  await expect(receipt).toContainText(`Pago em${d}/${m}/${y}`);
  await expectNoSeriousAxe(page, 'recibo');

  // 'Imprimir' opens the print dialog; printed, only the receipt shows (no header, menu nor buttons).
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void ((window as unknown as { printed: number }).printed += 1);
  });
  await page.getByRole('button', { name: 'Imprimir' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(receipt).toBeVisible();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  await expect(page.locator('.mantine-AppShell-header')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // At 390 px nothing is cut, the receipt nor the list.
  await page.setViewportSize(PHONE);
  await expect(receipt).toBeVisible();
  await expectNothingCut(page);
  await page.goto('/dashboard/financeiro');
  await expect(page.getByRole('table', { name: 'Cobranças' })).toBeVisible();
  await expectNothingCut(page);
});

test("another institution type reads its institution's charges: no button moves one; at 390 px nothing is cut", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, demoEmail('seller.assistente'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('link', { name: /^Financeiro: / }).click();
  await expect(page).toHaveURL('/dashboard/financeiro');
  await expect(page.getByRole('heading', { level: 1, name: 'Financeiro' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Cobranças' })).toBeVisible();
  // The demo institution's active rent is charged at start: its charge, with the demo's code.
  await expect(page.getByText(CHARGES_MSG.pixDemo)).toBeVisible();
  const field = page.getByRole('textbox', { name: 'Pix copia e cola' }).first();
  await expect(field).toHaveAttribute('readonly', '');
  await expect(page.getByRole('img', { name: /^QR Code Pix da cobrança SC/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Marcar como paga|Cancelar|Importar/ })).toHaveCount(0);
  await expectNothingCut(page);
  await expectNoSeriousAxe(page, 'financeiro assistente 390');
});
