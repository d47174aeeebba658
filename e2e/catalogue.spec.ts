/**
 * The catalogue (spec 3 §2.13): the demo institution (it rents the demo provider) browses its catalogue by
 * knowledge area ('Mostrar mais' past 4), filters by area, searches by unit title and by tag (from 4 characters),
 * opens a unit (breadcrumb Catálogo > title, content); the demo provider sees its own catalogue with the students'
 * rating and no area/level filters; a unit goes into a new subject from the 'Adicionar à disciplina' modal and, when the
 * provider publishes a new version, shows under 'Unidades que foram atualizadas' until 'Atualizar'; the assistant sees
 * no controls.
 */
import { test, expect } from '@playwright/test';
import { CATALOGUE_MSG } from '../packages/shared/src/catalogue';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { SUBJECT_MSG } from '../packages/shared/src/subjects';
import { activeRentApi, approvedProviderApi, completeUnitFields, createActiveAccount, demoToken, ownClientAddress, publishedUnitApi, signIn } from './helpers';

test.use(ownClientAddress());

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
  // The fifth unit of the area (title order) comes from the server (the exact count: the next test, with units of its own).
  await expect(exatas.getByRole('link', { name: 'Ver Probabilidade: eventos e espaço amostral' })).toBeVisible();
  await expect(main.getByRole('region', { name: HUMANAS })).toBeVisible();
  await page.screenshot({ path: 'test-results/catalogue-seller.png', fullPage: true });

  // Area filter, a checkbox per area (spec 3 §2.13): only Ciências Humanas; 'Limpar Filtros' unchecks it.
  const filters = page.getByRole('complementary', { name: CATALOGUE_MSG.filters });
  const areaBoxes = filters.getByRole('group', { name: 'Áreas de conhecimento' });
  await areaBoxes.getByRole('checkbox', { name: HUMANAS }).first().check();
  await expect(main.getByRole('region', { name: EXATAS })).toHaveCount(0);
  await expect(cards(main.getByRole('region', { name: HUMANAS }))).toHaveCount(2);
  await expect(filters.getByRole('group', { name: 'Níveis de aprendizagem' }).getByRole('checkbox').first()).toBeVisible();
  await filters.getByRole('button', { name: CATALOGUE_MSG.clearFilters }).click();
  await expect(main.getByRole('region', { name: EXATAS })).toBeVisible();
  await expect(areaBoxes.getByRole('checkbox', { name: HUMANAS }).first()).not.toBeChecked();

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

test("an area shows its first 4 units, and 'Mostrar mais' brings exactly the rest of it", async ({ page, request }) => {
  // An institution and a provider of this test alone: the catalogue holds the five units published here.
  const provider = await approvedProviderApi(request, 'catalogo-fornecedor');
  const stamp = Date.now();
  const titles = [1, 2, 3, 4, 5].map((n) => `Mecânica clássica ${stamp} parte ${n}`);
  for (const title of titles) await publishedUnitApi(request, provider.token, title);
  const institution = await createActiveAccount(request, 'catalogo');
  await activeRentApi(request, institution.sellerId, provider.id);

  await signIn(page, institution.email, institution.password);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Catálogo', exact: true }).click();
  const main = page.getByRole('main');
  const exatas = main.getByRole('region', { name: EXATAS });
  const cards = exatas.getByRole('link', { name: /^Ver / });
  await expect(cards).toHaveCount(4);
  await expect(exatas.getByRole('link', { name: `Ver ${titles[4]}` })).toHaveCount(0);
  await exatas.getByRole('button', { name: CATALOGUE_MSG.showMore }).click();
  await expect(cards).toHaveCount(5);
  for (const title of titles) await expect(exatas.getByRole('link', { name: `Ver ${title}` })).toBeVisible();
  await expect(main.getByRole('region')).toHaveCount(1);
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
  await expect(filters.getByRole('group', { name: 'Áreas de conhecimento' })).toHaveCount(0);
  await expect(filters.getByRole('group', { name: 'Níveis de aprendizagem' })).toHaveCount(0);
  await expect(filters.getByRole('textbox', { name: CATALOGUE_MSG.searchLabel })).toBeVisible();
  await page.screenshot({ path: 'test-results/catalogue-provider.png', fullPage: true });
});

test("a unit goes into a new subject from the catalogue; a new version shows under 'Unidades que foram atualizadas' until 'Atualizar'", async ({ page, request }) => {
  const author = await demoToken(request, 'provider');
  const stamp = Date.now();
  const title = `Óptica geométrica ${stamp}`;
  const unit = await publishedUnitApi(request, author, title);

  await signIn(page, 'seller@demo.sabercompartilhado.com.br');
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Catálogo', exact: true }).click();
  const filters = page.getByRole('complementary', { name: CATALOGUE_MSG.filters });
  await filters.getByRole('textbox', { name: CATALOGUE_MSG.searchLabel }).fill(String(stamp));
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^Ver / })).toHaveCount(1);

  // Add → 'Adicionar à disciplina': type a new name, 'Criar nova' appears after 1 s, then add.
  await main.getByRole('button', { name: `${CATALOGUE_MSG.add} ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: SUBJECT_MSG.addToSubject });
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog.getByText(SUBJECT_MSG.required)).toBeVisible();
  const subjectName = `Física ${stamp}`;
  await dialog.getByRole('combobox', { name: SUBJECT_MSG.chooseSubject }).fill(subjectName);
  await page.getByRole('option', { name: SUBJECT_MSG.createOption(subjectName) }).click();
  await expect(dialog.getByRole('combobox', { name: SUBJECT_MSG.chooseSubject })).toHaveValue(subjectName);
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();

  // The provider publishes version 2 with a reason (the studio's update message), the manager approves it.
  const headers = { authorization: `Bearer ${author}` };
  const current = await (await request.get(`/api/items/item/content/find/${unit.id}`, { headers })).json();
  const fields = await completeUnitFields(request, author, `${title} (2ª edição)`);
  const v2 = await request.put('/api/items/item/content/update', { headers, data: { ...fields, id: unit.id, revision: current.revision, updateMessage: 'Exercícios resolvidos novos' } });
  expect(v2.status(), await v2.text()).toBe(200);
  const v2id = ((await v2.json()) as { id: number }).id;
  const manager = await demoToken(request, 'manager');
  const published = await request.put(`/api/items/item/update-item-version/${v2id}`, { headers: { authorization: `Bearer ${manager}` } });
  expect(published.status(), await published.text()).toBe(200);

  await page.reload();
  const updates = page.getByRole('region', { name: CATALOGUE_MSG.updatesTitle });
  const row = updates.getByRole('article', { name: title });
  await expect(row).toContainText(CATALOGUE_MSG.versionChange(1, 2));
  await expect(row).toContainText('Exercícios resolvidos novos');
  await page.screenshot({ path: 'test-results/catalogue-updates.png', fullPage: true });
  await row.getByRole('button', { name: `${CATALOGUE_MSG.update} ${title}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: CATALOGUE_MSG.update }).click();
  await expect(page.getByText(CATALOGUE_MSG.updated).first()).toBeVisible();
  await expect(updates.getByRole('article', { name: title })).toHaveCount(0);
});

test('the assistant reads the catalogue without the Add and Atualizar controls', async ({ page }) => {
  await signIn(page, 'seller.assistente@demo.sabercompartilhado.com.br');
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Catálogo', exact: true }).click();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: `Ver ${DEMO_PUBLISHED_UNIT_TITLE}` })).toBeVisible();
  await expect(main.getByRole('button', { name: new RegExp(`^${CATALOGUE_MSG.add} `) })).toHaveCount(0);
  await expect(main.getByRole('button', { name: new RegExp(`^${CATALOGUE_MSG.update} `) })).toHaveCount(0);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("the area and level checkboxes wait behind 'Áreas e níveis', so the units come first", async ({ page }) => {
    await signIn(page, 'seller@demo.sabercompartilhado.com.br');
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/seller/rented-units');
    const filters = page.getByRole('complementary', { name: CATALOGUE_MSG.filters });
    const toggle = filters.getByRole('button', { name: 'Áreas e níveis' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(filters.getByRole('checkbox', { name: HUMANAS }).first()).toBeHidden();
    await toggle.click();
    await filters.getByRole('group', { name: 'Áreas de conhecimento' }).getByRole('checkbox', { name: HUMANAS }).first().check();
    await expect(filters.getByRole('button', { name: 'Áreas e níveis (1)' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('region', { name: EXATAS })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
