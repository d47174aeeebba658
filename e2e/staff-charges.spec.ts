import { test, expect, type APIRequestContext } from '@playwright/test';
import { approvedProviderApi, activeRentApi, createActiveAccount, demoEmail, demoToken, expectNoSeriousAxe, expectToast, ownClientAddress, signIn, spDate } from './helpers';

/**
 * The platform team's 'Cobranças': the admin finds it in the menu, opens it filtered on overdue charges from the
 * address (as the Painel links there), pays an institution's first charge by hand through 'Marcar como paga', and
 * imports a bank CSV whose credit names the other charge's code: the preview says it will be paid, the import pays
 * it. axe finds nothing serious on the page and in the dialogs; at 390 px nothing overflows the page.
 */
test.use(ownClientAddress());

const PHONE = { width: 390, height: 844 };

interface Charge {
  id: number;
  code: string;
  amountCents: number;
  status: string;
}


/** An institution with two first charges (two rents accepted by the team: requested → waiting), at 900,00 and 450,00. */
async function institutionWithCharges(request: APIRequestContext) {
  const account = await createActiveAccount(request, 'cobrancas');
  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  for (const price of [90_000, 45_000]) {
    const provider = await approvedProviderApi(request, `cobranca${price}`, { priceCents: price });
    const rent = await activeRentApi(request, account.sellerId, provider.id);
    for (const status of ['requested', 'waiting']) {
      const moved = await request.put(`/api/sellers/rents/${rent.id}`, { headers: admin, data: { status } });
      expect(moved.status(), await moved.text()).toBe(200);
    }
  }
  const list = await request.get('/api/charges', { headers: admin, params: { sellerId: String(account.sellerId) } });
  expect(list.status(), await list.text()).toBe(200);
  const charges = ((await list.json()) as { data: Charge[] }).data;
  expect(charges.map((c) => [c.amountCents, c.status]).sort()).toEqual([
    [45_000, 'open'],
    [90_000, 'open'],
  ]);
  return { sellerId: account.sellerId, byHand: charges.find((c) => c.amountCents === 90_000)!, byStatement: charges.find((c) => c.amountCents === 45_000)! };
}

test('admin: Cobranças from the menu, overdue from the address, a payment by hand and a statement import', async ({ page, request }) => {
  const seeded = await institutionWithCharges(request);

  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('link', { name: 'Cobranças' }).click();
  await expect(page).toHaveURL('/dashboard/charges');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranças' })).toBeVisible();

  // ?status=overdue (the Painel's link): the filter shows it and every row listed is overdue.
  await page.goto('/dashboard/charges?status=overdue');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('VENCIDA');
  const table = page.getByRole('table', { name: 'Cobranças das instituições' });
  await expect(table).toBeVisible();
  const rows = table.locator('tbody tr');
  await expect(async () => {
    const texts = await rows.allInnerTexts();
    expect(texts.every((t) => t.includes('VENCIDA') || t.includes('Nenhuma cobrança encontrada.'))).toBe(true);
  }).toPass();

  // The institution's charges.
  await page.goto(`/dashboard/charges?sellerId=${seeded.sellerId}`);
  const handRow = table.getByRole('row').filter({ hasText: /900,00/ });
  const statementRow = table.getByRole('row').filter({ hasText: /450,00/ });
  await expect(handRow).toContainText('ABERTA');
  await expect(statementRow).toContainText('ABERTA');
  await expectNoSeriousAxe(page, 'list');

  // 'Marcar como paga': the reference is required (pt-BR), then the payment is recorded.
  await handRow.getByRole('button', { name: /^Marcar como paga/ }).click();
  const payDialog = page.getByRole('dialog', { name: 'Marcar como paga' });
  await expect(payDialog.getByLabel('Data do pagamento')).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expectNoSeriousAxe(page, 'pay dialog');
  await payDialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expect(payDialog.getByText('Campo Obrigatório')).toBeVisible();
  // The error's text is the theme's darker red (4.6:1), as in every form.
  await expectNoSeriousAxe(page, 'pay dialog with its error');
  await payDialog.getByLabel('Referência').fill('E2E-PAGAMENTO-MAO');
  await payDialog.getByRole('button', { name: 'Confirmar pagamento' }).click();
  await expectToast(page, 'Pagamento registrado!');
  await expect(payDialog).toBeHidden();
  await expect(handRow).toContainText('PAGA');
  await expect(handRow.getByRole('button', { name: /^Marcar como paga/ })).toHaveCount(0);

  // 'Importar extrato': a bank CSV (';' and a decimal comma) naming the other charge's code.
  await page.getByRole('button', { name: 'Importar extrato' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Importar extrato' });
  const csv = ['Data;Histórico;Valor;Identificador', `${spDate(new Date())};PIX RECEBIDO ESCOLA ${seeded.byStatement.code};450,00;E2E-EXTRATO-1`, `${spDate(new Date())};TARIFA;-9,90;E2E-EXTRATO-2`].join('\r\n');
  await importDialog.locator('input[type="file"]').setInputFiles({ name: 'extrato.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await expect(importDialog.getByTestId('statement-summary')).toContainText('1 crédito no extrato; 1 cobrança será paga. 1 débito ignorado.');
  const preview = importDialog.getByRole('table', { name: 'Pré-visualização do extrato' });
  await expect(preview.getByRole('row').filter({ hasText: 'E2E' }).or(preview.getByRole('row').filter({ hasText: /450,00/ }))).toContainText('Será paga');
  await expectNoSeriousAxe(page, 'import dialog');
  await importDialog.getByRole('button', { name: 'Confirmar importação' }).click();
  await expectToast(page, '1 cobrança paga.');
  await expect(importDialog).toBeHidden();
  await expect(statementRow).toContainText('PAGA');

  const admin = { authorization: `Bearer ${await demoToken(request, 'admin')}` };
  const after = ((await (await request.get('/api/charges', { headers: admin, params: { sellerId: String(seeded.sellerId) } })).json()) as { data: (Charge & { paidReference: string })[] }).data;
  expect(after.map((c) => [c.amountCents, c.status, c.paidReference]).sort()).toEqual([
    [45_000, 'paid', 'E2E-EXTRATO-1'],
    [90_000, 'paid', 'E2E-PAGAMENTO-MAO'],
  ]);
});

test('director at 390 px: the list and its filters fit the screen', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/charges?status=open');
  await expect(page.getByRole('heading', { level: 1, name: 'Cobranças' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('ABERTA');
  await expect(page.getByRole('table', { name: 'Cobranças das instituições' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousAxe(page, 'phone');
});
