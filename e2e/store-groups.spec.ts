/**
 * The store's provider page at scale (spec 3 §2.4): units grouped by knowledge area, each area's first 4
 * with its count, and 'Mostrar mais' loading the rest of that area from the server ('Mostrar menos' folds it back).
 * A provider of this test alone publishes five units in one area, so the counts are its own.
 */
import { test, expect } from '@playwright/test';
import { STORE_MSG } from '../packages/shared/src/store';
import { approvedProviderApi, createActiveAccount, ownClientAddress, publishedUnitApi, signIn } from './helpers';

test.use(ownClientAddress());

const AREA = 'Ciências Exatas e da Terra';

test("a provider's area shows 4 units, and 'Mostrar mais' brings the rest of the area", async ({ page, request }) => {
  const provider = await approvedProviderApi(request, 'grupos-fornecedor');
  const stamp = Date.now();
  const titles = [1, 2, 3, 4, 5].map((n) => `Zoologia quantitativa ${stamp} parte ${n}`);
  for (const title of titles) await publishedUnitApi(request, provider.token, title);

  const { email, password } = await createActiveAccount(request, 'grupos');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Loja', exact: true }).click();
  await page.getByRole('complementary', { name: 'Filtros' }).getByRole('textbox', { name: 'Buscar' }).fill(provider.companyName);
  await page.getByRole('main').getByRole('article', { name: provider.companyName }).getByRole('link', { name: provider.companyName }).click();
  await expect(page.getByRole('heading', { name: STORE_MSG.unitsHeading })).toBeVisible();

  const area = page.getByRole('region', { name: AREA });
  const cards = area.getByRole('link', { name: /^Ver / });
  await expect(cards).toHaveCount(4);
  const last = area.getByRole('link', { name: `Ver ${titles[4]}` });
  await expect(last).toHaveCount(0);

  await area.getByRole('button', { name: STORE_MSG.showMore }).click();
  await expect(cards).toHaveCount(5);
  for (const title of titles) await expect(area.getByRole('link', { name: `Ver ${title}` })).toBeVisible();
  await expect(area.getByRole('button', { name: STORE_MSG.showMore })).toHaveCount(0);

  await area.getByRole('button', { name: STORE_MSG.showLess }).click();
  await expect(cards).toHaveCount(4);
  await expect(last).toHaveCount(0);

  // The title filter searches the server: one of the new units, in its area.
  await page.getByRole('complementary', { name: STORE_MSG.filterUnits }).getByRole('textbox', { name: 'Buscar' }).fill(`${stamp} parte 5`);
  await expect(cards).toHaveCount(1);
  await expect(last).toBeVisible();
});
