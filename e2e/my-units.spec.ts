import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { UNIT_MSG } from '../packages/shared/src/content/unit-content';
import { LIFECYCLE_MSG } from '../packages/shared/src/unit-lifecycle';
import { completeUnitFields, demoEmail, demoToken, dismissNotifications, expectNotification, ownClientAddress, publishedUnitApi, signIn } from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
test.use(ownClientAddress());

async function createUnit(request: APIRequestContext, token: string, data: Record<string, unknown>) {
  const res = await request.post('/api/items/item/content/create', { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { id: number };
}

const table = (page: Page) => page.getByRole('table', { name: 'Minhas unidades' });
/** The visible face of a status chip (its radio input is visually hidden). */
const chip = (page: Page, label: string) => page.getByRole('group', { name: 'Filtrar por status' }).locator('label').filter({ hasText: label });
const rowOf = (page: Page, title: string) => table(page).getByRole('row').filter({ hasText: title });

async function confirmDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MSG.canBeUndone, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
}

test('an editor sends a complete draft for analysis, is stopped on an incomplete one, trashes and recovers a draft', async ({ page, request }) => {
  const tag = `E2E ${Date.now()}`;
  const token = await demoToken(request, 'editor');
  await createUnit(request, token, { title: `${tag} Incompleta` });
  await createUnit(request, token, { ...(await completeUnitFields(request, token, `${tag} Completa`)), authors: ['Eduardo Editor'] });

  await signIn(page, demoEmail('editor'));
  await page.getByRole('link', { name: 'Minhas Unidades' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/my-units$/);
  await expect(page.getByRole('heading', { name: 'Minhas Unidades' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Nova Unidade' })).toHaveAttribute('href', '/studio');

  // The search waits for the typing to stop, then narrows the list.
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(table(page).getByRole('row')).toHaveCount(3); // header + 2
  await expect(rowOf(page, `${tag} Completa`)).toContainText('Rascunho');

  // Expanding a row shows its knowledge areas and level.
  await rowOf(page, `${tag} Completa`).getByRole('button', { name: /expandir/i }).click();
  await expect(table(page).getByText('Ciências Exatas e da Terra')).toBeVisible();
  await expect(table(page).getByText('Graduação')).toBeVisible();

  // An incomplete draft cannot be sent.
  await rowOf(page, `${tag} Incompleta`).getByRole('button', { name: /Enviar para aprovação/ }).click();
  await expectNotification(page, UNIT_MSG.incomplete);
  await dismissNotifications(page);

  // A complete one goes to analysis after the confirmation.
  await rowOf(page, `${tag} Completa`).getByRole('button', { name: /Enviar para aprovação/ }).click();
  await confirmDialog(page, 'Tem certeza que deseja mudar o status deste item para Enviado', 'Enviar');
  await expectNotification(page, 'Status da unidade foi alterado para Enviado', 'Sucesso!');
  await expect(rowOf(page, `${tag} Completa`)).toContainText('Enviado');
  await expect(rowOf(page, `${tag} Completa`).getByRole('button', { name: /Enviar para aprovação/ })).toHaveCount(0);
  await dismissNotifications(page);

  // The 'Análise' chip lists units sent and under analysis.
  await chip(page, 'Análise').click();
  await expect(page.getByRole('radio', { name: /^Análise/ })).toBeChecked();
  await expect(rowOf(page, `${tag} Completa`)).toBeVisible();
  await expect(rowOf(page, `${tag} Incompleta`)).toHaveCount(0);
  await chip(page, 'Todas').click();

  // Trash the incomplete draft, find it in Lixeira and recover it.
  await rowOf(page, `${tag} Incompleta`).getByRole('button', { name: /Mover para a lixeira/ }).click();
  await confirmDialog(page, 'Tem certeza que deseja mudar o status deste item para Excluído', 'Mover para a lixeira');
  await expectNotification(page, 'Status da unidade foi alterado para Excluído', 'Sucesso!');
  await expect(rowOf(page, `${tag} Incompleta`)).toHaveCount(0);
  await dismissNotifications(page);

  await page.getByRole('tab', { name: 'Lixeira' }).click();
  await expect(rowOf(page, `${tag} Incompleta`)).toContainText('Excluído');
  await rowOf(page, `${tag} Incompleta`).getByRole('button', { name: 'Recuperar' }).click();
  await confirmDialog(page, 'Tem certeza que deseja recuperar este item?', 'Recuperar');
  await expectNotification(page, 'A unidade foi recuperada com sucesso', 'Sucesso!');
  await expect(table(page).getByText('Nenhum item encontrado')).toBeVisible();

  await page.getByRole('tab', { name: 'A-Z' }).click();
  await expect(rowOf(page, `${tag} Incompleta`)).toContainText('Rascunho');
});

test('a published unit opens its update page with the versions; an institution is refused the page', async ({ page, request }) => {
  const title = `E2E Publicada ${Date.now()}`;
  const unit = await publishedUnitApi(request, await demoToken(request, 'editor'), title);

  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/my-units');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
  const row = rowOf(page, title);
  await expect(row).toContainText('Aprovado');
  await row.getByRole('button', { name: /^Editar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/my-units/update/${unit.id}$`));
  await expect(page.getByRole('table', { name: 'Versões da unidade' })).toContainText('Publicada');
  // The unit itself is shown by the one renderer; the update starts in the studio.
  await expect(page.getByText('Texto de introdução publicado.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Atualizar unidade' })).toHaveAttribute('href', `/studio/${unit.id}`);

  await page.evaluate(() => localStorage.clear());
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/my-units');
  await expect(page.getByText('Acesso negado')).toBeVisible();
});

test('the demo provider under analysis is told before trying that its units cannot be sent yet, and the server refuses', async ({ page, request }) => {
  const title = `E2E Em análise ${Date.now()}`;
  const token = await demoToken(request, 'provider.analise');
  const unit = await createUnit(request, token, await completeUnitFields(request, token, title));

  await signIn(page, demoEmail('provider.analise'));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/my-units');
  const notice = page.getByTestId('provider-not-approved');
  await expect(notice).toContainText('Cadastro em análise');
  await expect(notice).toContainText(LIFECYCLE_MSG.providerNotApproved);
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(title);
  const send = rowOf(page, title).getByRole('button', { name: /Enviar para aprovação/ });
  await expect(send).toHaveAttribute('aria-disabled', 'true');
  await send.hover();
  await expect(page.getByRole('tooltip')).toContainText('depois que o cadastro do fornecedor for aprovado');
  // A click (forced: the button says it is disabled) asks nothing and changes nothing.
  await send.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rowOf(page, title)).toContainText('Rascunho');

  // Authoring stays open: the studio opens the draft, with the same notice.
  await rowOf(page, title).getByRole('button', { name: /^Editar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/${unit.id}$`));
  await expect(page.getByTestId('provider-not-approved')).toContainText(LIFECYCLE_MSG.providerNotApproved);

  // Around the page, the server says the same.
  const refused = await request.put('/api/items/item/content/status/', { headers: { authorization: `Bearer ${token}` }, data: { ids: [unit.id], status: 'send' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(LIFECYCLE_MSG.providerNotApproved);
});
