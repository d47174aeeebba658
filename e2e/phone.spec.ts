/**
 * Phones (390×844): nothing cut, hidden or covered. The header's 'Sair' after sign-in, with the sign-in toast
 * beside it, not over it; the institution's pages (store, catalogue, subjects, cart, access report) without
 * sideways scrolling, the report's charts giving their numbers in a table, a wide table scrolling by keyboard; the studio's top bar with its three
 * buttons whole; a subject link's 'Unidade anterior' / 'Próxima unidade' whole and working; the staff units list's
 * 'Atualização' badge whole. The real server throughout.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { ACCESS_REPORT_MSG, CHARTS_MSG } from '../packages/shared/src/access-reports';
import { CATALOGUE_MSG } from '../packages/shared/src/catalogue';
import { formatCents } from '../packages/shared/src/format';
import { INCOME_TEXT } from '../packages/shared/src/provider-income';
import { STORE_MSG } from '../packages/shared/src/store';
import { STUDENT_MSG } from '../packages/shared/src/student';
import { SUBJECT_MSG } from '../packages/shared/src/subjects-messages';
import { chartData, completeUnitFields, demoEmail, demoToken, ownClientAddress, publishedUnitApi, signIn } from './helpers';

const PHONE = { width: 390, height: 844 };
test.use({ ...ownClientAddress(), viewport: PHONE });

/** Nothing is wider than the phone: the page does not scroll sideways. */
async function expectFitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Visible, whole (not cut by the screen's edge) and its text not cut by an ellipsis. */
async function expectWhole(target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  expect(await target.evaluate((el) => [...el.querySelectorAll('*'), el].every((e) => e.scrollWidth <= e.clientWidth + 1))).toBe(true);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("the header's 'Sair' is whole and the sign-in toast does not cover the header; the institution's pages fit the phone", async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  const header = page.getByRole('banner');
  const signOut = header.getByRole('button', { name: 'Sair' });
  await expectWhole(signOut);
  await expectWhole(header.getByRole('link', { name: 'Abrir meu perfil' }));
  // The toast is on screen at the same time, below the header and away from 'Sair'.
  const toast = page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: 'Login realizado com sucesso!' });
  await expect(toast).toBeVisible();
  const toastBox = (await toast.boundingBox())!;
  const headerBox = (await header.boundingBox())!;
  expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  expect(overlaps(toastBox, (await signOut.boundingBox())!)).toBe(false);
  expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(PHONE.width);
  await expectFitsPhone(page);

  for (const [path, heading] of [
    ['/seller/store', STORE_MSG.title],
    ['/seller/rented-units', CATALOGUE_MSG.title],
    ['/seller/manage-subjects', SUBJECT_MSG.title],
    ['/seller/cart', STORE_MSG.cartTitle],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectFitsPhone(page);
    await expectWhole(signOut);
  }

  // The access report: the charts' numbers in tables.
  await page.goto('/dashboard/access-report');
  await expect(page.getByRole('heading', { name: ACCESS_REPORT_MSG.title, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectFitsPhone(page);
  const trend = await chartData(page, `${CHARTS_MSG.trend} (só os dias com acessos)`);
  await expect(trend.getByRole('columnheader')).toHaveText(['Dia', 'Acessos']);
  await expectFitsPhone(page);

  // The logs report (this very sign-in among its rows): its table scrolls sideways inside its card, as a named
  // keyboard stop that the arrow keys scroll.
  await page.goto('/dashboard/logs-report');
  const scroller = page.getByRole('region', { name: 'Registros de log (rolagem lateral)' });
  await expect(scroller).toHaveAttribute('tabindex', '0');
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectFitsPhone(page);
});

test("the provider's income chart: its numbers in a table that adds up to the total, nothing focusable in the drawing", async ({ page }) => {
  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: INCOME_TEXT.income })).toBeVisible();
  await expect(page.getByTestId('income-chart')).toBeVisible();
  // The drawing is hidden from screen readers and holds no keyboard stop (axe aria-hidden-focus).
  const stops = page.locator('[aria-hidden="true"] :is(a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]))');
  await expect(stops).toHaveCount(0);
  const table = await chartData(page, `${INCOME_TEXT.income} (últimos 6 meses)`);
  await expect(table.getByRole('columnheader')).toHaveText(['Mês', INCOME_TEXT.received, INCOME_TEXT.pending]);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(6);
  // The total is what was received (the first column of money).
  const values = await rows.locator('td:nth-of-type(1)').allTextContents();
  const cents = values.reduce((sum, v) => sum + Number(v.replace(/\D/g, '')), 0);
  await expect(page.getByTestId('income-total')).toHaveText(formatCents(cents));
  await expectFitsPhone(page);
});

test("the studio's top bar keeps 'Pré-visualizar', 'SALVAR' and 'Sair' whole; 'Sair' leaves", async ({ page }) => {
  await signIn(page, demoEmail('editor'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/studio');
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(`Uma unidade de título bem comprido para o celular ${Date.now()}`);
  for (const name of ['Pré-visualizar', 'SALVAR', 'Sair']) await expectWhole(page.getByRole('button', { name, exact: true }));
  await expectFitsPhone(page);
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sair do estúdio' }).getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/dashboard/my-units');
  await expectFitsPhone(page);
});

test("a subject link on a phone: 'Unidade anterior' and 'Próxima unidade' whole and working", async ({ page, request }) => {
  const seller = await demoToken(request, 'seller');
  const headers = { authorization: `Bearer ${seller}` };
  const me = (await (await request.get('/api/me', { headers })).json()) as { seller: { id: number } };
  const subjectName = `Disciplina Celular ${Date.now()}`;
  const created = await request.post('/api/sellers/subjects', { headers, data: { name: subjectName, sellerId: me.seller.id } });
  expect(created.status(), await created.text()).toBe(200);
  const subjectId = ((await created.json()) as { subject_id: number }).subject_id;
  const catalogue = (await (await request.get('/api/items/item/catalogue', { headers })).json()) as { groups: { units: { itemId: number; itemContentId: number; title: string }[] }[] };
  const units = catalogue.groups.flatMap((g) => g.units).filter((u, i, all) => all.findIndex((v) => v.itemId === u.itemId) === i).slice(0, 2);
  expect(units).toHaveLength(2);
  for (const u of units) {
    const added = await request.post('/api/sellers/subjects/item', { headers, data: { subjectId, itemId: u.itemId, itemContentId: u.itemContentId } });
    expect(added.status(), await added.text()).toBe(200);
  }
  const link = await request.post(`/api/sellers/share-links/subject/${subjectId}`, { headers, data: { studentId: 'matricula-celular-1' } });
  expect(link.status(), await link.text()).toBe(200);
  const { url } = (await link.json()) as { url: string };

  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: subjectName })).toBeVisible();
  const reader = page.getByTestId('unit-content');
  const previous = page.getByRole('button', { name: STUDENT_MSG.previousUnit });
  const next = page.getByRole('button', { name: STUDENT_MSG.nextUnit });
  await expectWhole(previous);
  await expectWhole(next);
  await expect(previous).toBeDisabled();
  await expectFitsPhone(page);
  await next.click();
  await expect(page.getByText(STUDENT_MSG.unitPosition(2, 2))).toBeVisible();
  await expect(reader.getByRole('heading', { level: 2, name: units[1]!.title })).toBeVisible();
  await expectWhole(previous);
  await expect(next).toBeDisabled();
  await previous.click();
  await expect(reader.getByRole('heading', { level: 2, name: units[0]!.title })).toBeVisible();
  await expectFitsPhone(page);
});

test("the staff units list shows a new version's 'Atualização' badge whole", async ({ page, request }) => {
  const editor = await demoToken(request, 'editor');
  const headers = { authorization: `Bearer ${editor}` };
  const title = `Celular Atualização ${Date.now()}`;
  const unit = await publishedUnitApi(request, editor, title);
  const current = (await (await request.get(`/api/items/item/content/find/${unit.id}`, { headers })).json()) as { revision: number };
  const fields = await completeUnitFields(request, editor, title);
  const v2 = await request.put('/api/items/item/content/update', { headers, data: { ...fields, id: unit.id, revision: current.revision, updateMessage: 'Versão para o celular' } });
  expect(v2.status(), await v2.text()).toBe(200);

  await signIn(page, demoEmail('manager'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/units');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
  const row = page.getByRole('table', { name: 'Unidades novas' }).getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expectWhole(row.getByText('Atualização', { exact: true }));
  await expectFitsPhone(page);
});
