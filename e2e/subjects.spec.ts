/**
 * Subjects (spec 3 §2.14, §2.15): the demo institution creates a subject, puts three units of its active
 * rent of the demo provider in it, creates a category and colours the subject, reorders the units by drag and by
 * keyboard (a failed save reverts), opens a unit inside the subject and removes units; an assistant sees no controls;
 * the provider organises a subject of its own, which the institution imports with 'Importar Disciplina'.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { SUBJECT_MSG } from '../packages/shared/src/subjects';
import { MSG } from '../packages/shared/src/messages';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { demoEmail, demoToken, dismissNotifications, expectNotification, ownClientAddress, publishedUnitApi, signIn } from './helpers';

test.use(ownClientAddress());

test.describe.configure({ mode: 'serial' });

const DEMO_PROVIDER = 'Editora Horizonte Educacional';
const suffix = `${Date.now().toString(36)}${process.pid}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

interface Unit {
  itemId: number;
  itemContentId: number;
  title: string;
}

/** The demo provider's published unit and two more published for this run, with the ids the institution adds. */
async function rentedUnits(request: APIRequestContext, sellerToken: string, more = true): Promise<Unit[]> {
  const provider = await demoToken(request, 'provider');
  const extra = [];
  // Titles no demo unit has: the demo institution's catalogue journey counts its search results for 'derivadas'.
  if (more) for (const name of ['Integrais', 'Vetores']) extra.push(await publishedUnitApi(request, provider, `${name} ${suffix}`));
  const store = (await (await request.get('/api/providers/store', { headers: auth(sellerToken) })).json()) as { data: { id: number; companyName: string }[] };
  const providerId = store.data.find((p) => p.companyName === DEMO_PROVIDER)!.id;
  const res = await request.get('/api/items/item/find/provider', { headers: auth(sellerToken), params: { providerId, companyName: DEMO_PUBLISHED_UNIT_TITLE } });
  expect(res.status(), await res.text()).toBe(200);
  const groups = ((await res.json()) as { groups: { units: Unit[] }[] }).groups;
  const all = groups.flatMap((g) => g.units);
  const demo = all.find((u) => u.title === DEMO_PUBLISHED_UNIT_TITLE)!;
  expect(demo).toBeTruthy();
  return [
    { itemId: demo.itemId, itemContentId: demo.itemContentId, title: demo.title },
    ...extra.map((u) => ({ itemId: u.itemId, itemContentId: u.id, title: u.title })),
  ];
}

async function createSubjectApi(request: APIRequestContext, token: string, name: string): Promise<number> {
  const me = (await (await request.get('/api/me', { headers: auth(token) })).json()) as { seller: { id: number } };
  const res = await request.post('/api/sellers/subjects', { headers: auth(token), data: { name, sellerId: me.seller.id } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { subject_id: number }).subject_id;
}

async function addUnitApi(request: APIRequestContext, token: string, subjectId: number, u: Unit) {
  const res = await request.post('/api/sellers/subjects/item', { headers: auth(token), data: { subjectId, itemId: u.itemId, itemContentId: u.itemContentId } });
  expect(res.status(), await res.text()).toBe(200);
}

const rows = (page: Page) => page.getByTestId('subject-unit');

/**
 * dnd-kit's keyboard reordering of a list of `of` units: focus the handle, Space (picked up), ArrowDown (over the next
 * place), Space (dropped).
 */
async function moveByKeyboard(page: Page, title: string, { from, to, of }: { from: number; to: number; of: number }) {
  const name = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const live = page.getByRole('status').filter({ hasText: new RegExp(`^${name} `) });
  await page.getByRole('button', { name: `Mover ${title}`, exact: true }).focus();
  await page.keyboard.press('Space');
  // Picked up: announced as selected, and at once as over its own place (ui/sortable-list.tsx's pt-BR texts).
  await expect(live).toHaveText(new RegExp(`^${name} (selecionada, na|movida para a) posição ${from} de ${of}\\.$`));
  // One place at a time, each announced before the next key: an ArrowDown that arrives before dnd-kit has measured the
  // places moves nothing, so it is pressed again until the move is announced (never again once it is).
  for (let i = from; i < to; i++) {
    const there = new RegExp(`^${name} movida para a posição ${i + 1} de ${of}\\.$`);
    await expect(async () => {
      if (!there.test((await live.textContent()) ?? '')) await page.keyboard.press('ArrowDown');
      await expect(live).toHaveText(there, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
  }
  await page.keyboard.press('Space');
}
/**
 * 'Remover' in the confirmation, clicked again while the dialog stays open: a click that lands during the dialog's
 * opening transition on a busy machine does nothing (the confirmation closes at once when it takes the click).
 */
async function confirmRemoval(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Remover unidade' });
  await expect(dialog).toBeVisible();
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Remover' }).click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}
const expectOrder = (page: Page, titles: string[]) =>
  expect.poll(() => rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')))).toEqual(titles);

test('the institution organises a subject: create, category and colour, drag and keyboard reorder, view and remove units', async ({ page, request }) => {
  const sellerToken = await demoToken(request, 'seller');
  const units = await rentedUnits(request, sellerToken);
  const [a, b, c] = units.map((u) => u.title) as [string, string, string];
  const name = `Cálculo ${suffix}`;

  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Disciplinas', exact: true }).click();
  await expect(page.getByRole('heading', { name: SUBJECT_MSG.title })).toBeVisible();

  // Nova Disciplina: the name is required.
  await page.getByRole('button', { name: SUBJECT_MSG.newSubject }).click();
  const create = page.getByRole('dialog', { name: SUBJECT_MSG.newSubject });
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(create.getByText(MSG.required)).toBeVisible();
  await create.getByRole('textbox', { name: SUBJECT_MSG.nameLabel }).fill(name);
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, SUBJECT_MSG.created);
  const card = page.getByRole('main').getByRole('article', { name });
  await expect(card).toContainText(SUBJECT_MSG.unitsCount(0));
  const subjectId = Number((await card.getByRole('link', { name: SUBJECT_MSG.viewSubject }).getAttribute('href'))!.split('/').pop());

  // Three units of the active rent (the catalogue's 'Adicionar à disciplina' calls the same route).
  for (const u of units) await addUnitApi(request, sellerToken, subjectId, u);
  await page.reload();
  await expect(card).toContainText(SUBJECT_MSG.unitsCount(3));

  // The category modal: nothing picked, nothing to remove; create one (duplicate refused) and colour the subject.
  await dismissNotifications(page);
  await card.getByRole('button', { name: `${SUBJECT_MSG.category} de ${name}` }).click();
  const modal = page.getByRole('dialog', { name: `${SUBJECT_MSG.category}: ${name}` });
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expectNotification(page, SUBJECT_MSG.categoryNotFound, SUBJECT_MSG.categoryNotFoundTitle);
  await modal.getByRole('button', { name: 'Remover categoria' }).click();
  await expectNotification(page, SUBJECT_MSG.categoryPickToRemove);
  const category = `Exatas ${suffix}`;
  await modal.getByRole('textbox', { name: SUBJECT_MSG.nameLabel }).fill(category);
  await modal.getByRole('textbox', { name: SUBJECT_MSG.colorLabel }).fill('#1971C2');
  await modal.getByRole('button', { name: 'Criar categoria' }).click();
  await expectNotification(page, SUBJECT_MSG.categoryCreated);
  await expect(modal.getByRole('radio', { name: category })).toBeChecked();
  await modal.getByRole('textbox', { name: SUBJECT_MSG.nameLabel }).fill(category.toUpperCase());
  await modal.getByRole('button', { name: 'Criar categoria' }).click();
  await expectNotification(page, SUBJECT_MSG.categoryExists);
  await modal.getByRole('button', { name: 'Confirmar' }).click();
  await expectNotification(page, SUBJECT_MSG.categorySaved);
  await expect(modal).toHaveCount(0);
  await expect(card.getByRole('img', { name: `${SUBJECT_MSG.category}: ${category}` })).toBeVisible();
  await expect(card).toHaveAttribute('style', /border-left: 6px solid (#1971C2|rgb\(25, 113, 194\))/i);

  // The subject's units, in the order they were added.
  await card.getByRole('link', { name: SUBJECT_MSG.viewSubject }).click();
  await expect(page).toHaveURL(`/seller/subject/${subjectId}`);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: SUBJECT_MSG.newUnit })).toHaveAttribute('href', '/seller/rented-units');
  await expectOrder(page, [a, b, c]);

  // Drag: the third unit to the top.
  await dismissNotifications(page);
  const handle = (title: string) => page.getByRole('button', { name: `Mover ${title}`, exact: true });
  const from = (await handle(c).boundingBox())!;
  const to = (await rows(page).first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 5, { steps: 15 });
  await page.mouse.up();
  await expectNotification(page, SUBJECT_MSG.organized);
  await expectOrder(page, [c, a, b]);
  await page.reload();
  await expectOrder(page, [c, a, b]);

  // Keyboard: the (now second) first unit one place down — Space, ArrowDown, Space.
  await dismissNotifications(page);
  await moveByKeyboard(page, a, { from: 2, to: 3, of: 3 });
  await expectNotification(page, SUBJECT_MSG.organized);
  await expectOrder(page, [c, b, a]);
  await page.reload();
  await expectOrder(page, [c, b, a]);

  // A save the server never answers (the connection drops) reverts the list with an error toast.
  await dismissNotifications(page);
  await page.route('**/api/sellers/subjects/item', (route) => (route.request().method() === 'PUT' ? route.abort('failed') : route.fallback()));
  await moveByKeyboard(page, c, { from: 1, to: 2, of: 3 });
  await expectNotification(page, SUBJECT_MSG.reorderFail);
  await expectOrder(page, [c, b, a]);
  await page.unroute('**/api/sellers/subjects/item');

  // The unit inside the subject: its pinned version through the one renderer, then 'Remover'.
  await page.getByRole('link', { name: `${SUBJECT_MSG.viewUnit} ${b}` }).click();
  await expect(page).toHaveURL(new RegExp(`/seller/subject/${subjectId}/item/${units[1]!.itemContentId}/\\d+$`));
  await expect(page.getByRole('heading', { name: b, level: 1 })).toBeVisible();
  await expect(page.getByTestId('unit-content')).toBeVisible();
  await expect(page.getByText('Graduação').first()).toBeVisible();
  await dismissNotifications(page);
  await page.getByRole('main').getByRole('button', { name: SUBJECT_MSG.remove, exact: true }).click();
  await confirmRemoval(page);
  await expectNotification(page, SUBJECT_MSG.unitRemoved);
  await expect(page).toHaveURL(`/seller/subject/${subjectId}`);
  await expectOrder(page, [c, a]);

  // Remove from the list, with confirmation.
  await dismissNotifications(page);
  await page.getByRole('button', { name: `${SUBJECT_MSG.remove} ${a}`, exact: true }).click();
  await confirmRemoval(page);
  await expectNotification(page, SUBJECT_MSG.unitRemoved);
  await expectOrder(page, [c]);
});

test('an assistant reads subjects but sees no controls', async ({ page, request }) => {
  const sellerToken = await demoToken(request, 'seller');
  const units = await rentedUnits(request, sellerToken, false);
  const name = `Somente leitura ${suffix}`;
  const subjectId = await createSubjectApi(request, sellerToken, name);
  await addUnitApi(request, sellerToken, subjectId, units[0]!);

  await signIn(page, demoEmail('seller.assistente'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/seller/manage-subjects');
  const card = page.getByRole('main').getByRole('article', { name });
  await expect(card).toContainText(SUBJECT_MSG.unitsCount(1));
  await expect(page.getByRole('button', { name: SUBJECT_MSG.newSubject })).toHaveCount(0);
  await expect(page.getByRole('button', { name: SUBJECT_MSG.importSubject })).toHaveCount(0);
  await expect(card.getByRole('button')).toHaveCount(0);

  await card.getByRole('link', { name: SUBJECT_MSG.viewSubject }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('link', { name: `${SUBJECT_MSG.viewUnit} ${units[0]!.title}` })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Mover / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`^${SUBJECT_MSG.remove}`) })).toHaveCount(0);
  await expect(page.getByRole('link', { name: SUBJECT_MSG.newUnit })).toHaveCount(0);
});

test("a provider organises its own subject, and the institution imports it with 'Importar Disciplina'", async ({ page, request }) => {
  const providerToken = await demoToken(request, 'provider');
  const units = await rentedUnits(request, await demoToken(request, 'seller'), false);
  const name = `Trilha ${suffix}`;

  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/seller/manage-subjects');
  await expect(page.getByRole('heading', { name: SUBJECT_MSG.title })).toBeVisible();
  await expect(page.getByRole('button', { name: SUBJECT_MSG.importSubject })).toHaveCount(0);
  const filters = page.getByRole('complementary', { name: 'Filtros' });
  await expect(filters.getByText('Níveis de aprendizagem', { exact: true })).toBeVisible();
  await expect(filters.getByText('Categorias', { exact: true })).toHaveCount(0);
  await expect(filters.getByText('Áreas de conhecimento', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: SUBJECT_MSG.newSubject }).click();
  const create = page.getByRole('dialog', { name: SUBJECT_MSG.newSubject });
  await create.getByRole('textbox', { name: SUBJECT_MSG.nameLabel }).fill(name);
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, SUBJECT_MSG.created);
  const card = page.getByRole('main').getByRole('article', { name });
  await expect(card.getByRole('button', { name: `${SUBJECT_MSG.category} de ${name}` })).toHaveCount(0);
  const subjectId = Number((await card.getByRole('link', { name: SUBJECT_MSG.viewSubject }).getAttribute('href'))!.split('/').pop());

  // The provider's call: its own published unit, the spec's fixed order 2 (placed at the end).
  const inserted = await request.post('/api/providers/subjects/insert-items', {
    headers: auth(providerToken),
    data: { subjectId, subjectItems: [{ itemId: units[0]!.itemId, itemContentId: units[0]!.itemContentId, order: 2 }] },
  });
  expect(inserted.status(), await inserted.text()).toBe(200);
  await card.getByRole('link', { name: SUBJECT_MSG.viewSubject }).click();
  await expect(rows(page)).toHaveCount(1);
  // A provider opens its unit in the studio.
  await expect(page.getByRole('link', { name: `${SUBJECT_MSG.viewUnit} ${units[0]!.title}` })).toHaveAttribute('href', `/studio/${units[0]!.itemContentId}`);

  // The institution imports it.
  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/seller/manage-subjects');
  await page.getByRole('button', { name: SUBJECT_MSG.importSubject }).click();
  const dialog = page.getByRole('dialog', { name: SUBJECT_MSG.importSubject });
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expect(dialog.getByText(MSG.required)).toBeVisible();
  await dialog.getByRole('combobox').click();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await dialog.getByRole('button', { name: 'Importar' }).click();
  await expectNotification(page, SUBJECT_MSG.imported);
  await expect(page).toHaveURL(/\/seller\/subject\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole('link', { name: `${SUBJECT_MSG.viewUnit} ${units[0]!.title}` })).toHaveAttribute('href', new RegExp(`/seller/subject/\\d+/item/${units[0]!.itemContentId}/\\d+$`));
});
