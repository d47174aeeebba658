/**
 * Issue 12 — the catalogue (spec 3 §2.13): the demo institution (it rents the demo provider) browses its catalogue by
 * knowledge area ('Mostrar mais' past 4), filters by area, searches by unit title and by tag (from 4 characters),
 * opens a unit (breadcrumb Catálogo > title, content); the demo provider sees its own catalogue with the students'
 * rating and no area/level filters.
 */
import { test, expect } from '@playwright/test';
import { CATALOGUE_MSG } from '../packages/shared/src/catalogue';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { signIn } from './helpers';

const EXATAS = 'Ciências Exatas e da Terra';
const HUMANAS = 'Ciências Humanas';

test('the demo institution browses, filters and searches its catalogue and opens a unit', async ({ page }) => {
  await signIn(page, 'seller@demo.sabercompartilhado.com.br');
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Catálogo', exact: true }).click();
  await expect(page).toHaveURL('/seller/rented-units');
  await expect(page.getByRole('heading', { name: CATALOGUE_MSG.title })).toBeVisible();

  const main = page.getByRole('main');
  const exatas = main.getByRole('region', { name: EXATAS });
  const cards = (region: typeof exatas) => region.getByRole('link', { name: /^Ver / });
  await expect(cards(exatas)).toHaveCount(4);
  await exatas.getByRole('button', { name: CATALOGUE_MSG.showMore }).click();
  // The fifth unit of the area (title order) comes from the server; other journeys may publish more.
  await expect(exatas.getByRole('link', { name: 'Ver Probabilidade: eventos e espaço amostral' })).toBeVisible();
  expect(await cards(exatas).count()).toBeGreaterThanOrEqual(5);
  await expect(main.getByRole('region', { name: HUMANAS })).toBeVisible();
  await page.screenshot({ path: 'test-results/catalogue-seller.png', fullPage: true });

  // Area filter: only Ciências Humanas.
  const filters = page.getByRole('complementary', { name: CATALOGUE_MSG.filters });
  await filters.getByLabel('Áreas de conhecimento').click();
  await page.getByRole('option', { name: HUMANAS }).first().click();
  await page.keyboard.press('Escape');
  await expect(main.getByRole('region', { name: EXATAS })).toHaveCount(0);
  await expect(cards(main.getByRole('region', { name: HUMANAS }))).toHaveCount(2);
  await filters.getByRole('button', { name: CATALOGUE_MSG.clearFilters }).click();
  await expect(main.getByRole('region', { name: EXATAS })).toBeVisible();

  // Search by title from 4 characters (accents ignored); by tag.
  const search = filters.getByRole('textbox', { name: CATALOGUE_MSG.searchLabel });
  await search.fill('der');
  await expect(filters.getByText(CATALOGUE_MSG.searchHint)).toBeVisible();
  await search.fill('DERIVADAS');
  await expect(cards(main)).toHaveCount(1);
  await expect(main.getByRole('link', { name: 'Ver Derivadas: taxa de variação instantânea' })).toBeVisible();
  await filters.getByText(CATALOGUE_MSG.byTags, { exact: true }).click();
  await expect(filters.getByRole('radio', { name: CATALOGUE_MSG.byTags })).toBeChecked();
  await search.fill('calculo');
  await expect(cards(main)).toHaveCount(2);
  await search.fill('nenhuma tag assim');
  await expect(main.getByText(CATALOGUE_MSG.empty)).toBeVisible();
  await filters.getByRole('button', { name: CATALOGUE_MSG.clearFilters }).click();

  // A unit: breadcrumb, levels, content.
  await main.getByRole('region', { name: HUMANAS }).getByRole('link', { name: 'Ver Introdução à Sociologia' }).click();
  await expect(page).toHaveURL(/\/seller\/rented-unit\/item\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveText(`${CATALOGUE_MSG.crumb}/Introdução à Sociologia`);
  await expect(page.getByTestId('unit-content').getByRole('heading', { name: 'Introdução à Sociologia' })).toBeVisible();
  await expect(main.getByText('Os clássicos').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/catalogue-unit.png', fullPage: true });
  await page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: CATALOGUE_MSG.crumb }).click();
  await expect(page).toHaveURL('/seller/rented-units');
});

test("the demo provider sees its own catalogue with the students' rating, without area and level filters", async ({ page }) => {
  await signIn(page, 'provider@demo.sabercompartilhado.com.br');
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Catálogo', exact: true }).click();
  await expect(page.getByRole('heading', { name: CATALOGUE_MSG.title })).toBeVisible();
  const main = page.getByRole('main');
  await main.getByRole('region', { name: EXATAS }).getByRole('button', { name: CATALOGUE_MSG.showMore }).click();
  const card = main.getByRole('link', { name: `Ver ${DEMO_PUBLISHED_UNIT_TITLE}` }).locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")][1]');
  await expect(card.getByLabel(/de 5 · \d+ avaliaç(ão|ões)/)).toBeVisible();
  await expect(card).toContainText('(5 avaliações)');
  const filters = page.getByRole('complementary', { name: CATALOGUE_MSG.filters });
  await expect(filters.getByLabel('Áreas de conhecimento')).toHaveCount(0);
  await expect(filters.getByRole('textbox', { name: CATALOGUE_MSG.searchLabel })).toBeVisible();
  await page.screenshot({ path: 'test-results/catalogue-provider.png', fullPage: true });
});
