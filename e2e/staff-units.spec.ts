import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { REVIEW_MSG } from '../packages/shared/src/reviews';
import { completeUnitFields, demoEmail, demoToken, dismissNotifications, expectNotification, ownClientAddress, signIn } from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
test.use(ownClientAddress());

/** A complete unit of the demo editor, sent for analysis (status send): it waits in Novas. */
async function sentUnit(request: APIRequestContext, token: string, title: string) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/items/item/content/create', { headers, data: await completeUnitFields(request, token, title) });
  expect(created.status(), await created.text()).toBe(200);
  const unit = (await created.json()) as { id: number };
  const sent = await request.put('/api/items/item/content/status/', { headers, data: { ids: [unit.id], status: 'send' } });
  expect(sent.status(), await sent.text()).toBe(200);
  return unit;
}

const rowOf = (page: Page, table: string, title: string) => page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: title });

async function pick(page: Page, dialog: string, field: string, option: RegExp) {
  await page.getByRole('dialog', { name: dialog }).getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option }).click();
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
}

test('a manager delegates new units to a curator and a reviewer, edits the delegation; the curator works on Ativas', async ({ page, request }) => {
  const tag = `E2E Staff ${Date.now()}`;
  const editor = await demoToken(request, 'editor');
  const first = `${tag} Primeira`;
  const second = `${tag} Segunda`;
  const unit = await sentUnit(request, editor, first);
  await sentUnit(request, editor, second);

  await signIn(page, demoEmail('manager'));
  await page.getByRole('link', { name: 'Unidades', exact: true }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/units/);
  await expect(page.getByRole('heading', { name: 'Unidades' })).toBeVisible();

  // Publishing roles: four tabs, starting on Novas.
  await expect(page.getByRole('tab')).toHaveText(['Novas', 'Ativas', 'Publicadas', 'Reprovadas']);
  await expect(page.getByRole('tab', { name: 'Novas' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Status')).toHaveCount(0); // the status filter is for Ativas only

  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  await expect(page.getByRole('table', { name: 'Unidades novas' }).getByRole('row')).toHaveCount(3); // header + 2
  await expect(rowOf(page, 'Unidades novas', first)).toContainText(REVIEW_MSG.awaiting);
  await expect(rowOf(page, 'Unidades novas', first).getByText('Atualização')).toHaveCount(0);
  await expect(rowOf(page, 'Unidades novas', first).getByRole('link', { name: `Ver unidade ${first}` })).toHaveAttribute('href', `/dashboard/units/item/${unit.id}`);

  // The sort menu.
  await page.getByRole('button', { name: /^Ordenar/ }).click();
  await page.getByRole('menuitem', { name: 'De A-Z' }).click();
  await expect(page.getByRole('button', { name: 'Ordenar: De A-Z' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unidades novas' }).getByRole('row').nth(1)).toContainText(first);

  // A row expands to its knowledge areas, learning levels and provider.
  await rowOf(page, 'Unidades novas', first).getByRole('button', { name: 'Expandir' }).click();
  await expect(page.getByRole('table', { name: 'Unidades novas' }).getByText('Ciências Exatas e da Terra')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unidades novas' }).getByText('Graduação')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unidades novas' }).getByText('Fornecedor')).toBeVisible();

  // Delegating one unit: both people are required.
  await rowOf(page, 'Unidades novas', first).getByRole('button', { name: 'Delegar' }).click();
  const single = page.getByRole('dialog', { name: 'Criar nova delegação' });
  await expect(single).toBeVisible();
  await single.getByRole('button', { name: 'Delegar' }).click();
  await expect(single.getByText(REVIEW_MSG.fillAll)).toHaveCount(2);
  await single.getByRole('button', { name: 'Cancelar' }).click();
  await expect(single).toHaveCount(0);

  // The bulk 'Delegar' on both selected rows.
  await rowOf(page, 'Unidades novas', first).getByRole('checkbox', { name: 'Selecionar linha' }).check();
  await rowOf(page, 'Unidades novas', second).getByRole('checkbox', { name: 'Selecionar linha' }).check();
  await page.getByRole('group', { name: 'Ações em lote' }).getByRole('button', { name: 'Delegar' }).click();
  const bulk = page.getByRole('dialog', { name: 'Delegar usuários' });
  await expect(bulk).toBeVisible();
  await bulk.getByRole('button', { name: 'Delegar' }).click();
  await expect(bulk.getByText(REVIEW_MSG.fillAll)).toHaveCount(2);
  await pick(page, 'Delegar usuários', 'Curador', /^Carlos Curador \(\d+\)$/);
  await expect(bulk.getByText(REVIEW_MSG.fillAll)).toHaveCount(1);
  await pick(page, 'Delegar usuários', 'Revisor', /^Renata Revisora \(\d+\)$/);
  await bulk.getByRole('button', { name: 'Delegar' }).click();
  await expectNotification(page, REVIEW_MSG.delegated, 'Sucesso!');
  await expect(bulk).toHaveCount(0);
  await expect(rowOf(page, 'Unidades novas', tag)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Ações em lote' })).toHaveCount(0);
  await dismissNotifications(page);

  // Both are now active reviews, with their curator and reviewer.
  await page.getByRole('tab', { name: 'Ativas' }).click();
  await expect(page.getByLabel('Status')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unidades ativas' }).getByRole('row')).toHaveCount(3);
  const active = rowOf(page, 'Unidades ativas', first);
  await expect(active).toContainText('Carlos Curador');
  await expect(active).toContainText('Renata Revisora');
  await expect(active).toContainText('Análise');
  await expect(active.getByRole('link', { name: `Ver unidade ${first}` })).toHaveAttribute('href', `/dashboard/units/item/${unit.id}`);
  await expect(active.getByRole('link', { name: `Ver avaliação ${first}` })).toHaveAttribute('href', /\/dashboard\/units\/review\/\d+$/);
  await expect(active.getByRole('button', { name: 'Reprovar' })).toBeVisible();

  // The status filter: nothing of ours is in correction.
  await page.getByLabel('Status').selectOption({ label: 'Correção' });
  await expect(rowOf(page, 'Unidades ativas', tag)).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'Análise' });
  await expect(rowOf(page, 'Unidades ativas', first)).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Status...' });

  // Editar Delegação opens with the current people and saves.
  await active.getByRole('button', { name: 'Editar Delegação' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Delegação' });
  await expect(edit.getByRole('combobox', { name: 'Curador' })).toHaveValue(/^Carlos Curador \(\d+\)$/);
  await expect(edit.getByRole('combobox', { name: 'Revisor' })).toHaveValue(/^Renata Revisora \(\d+\)$/);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, REVIEW_MSG.delegationEdited, 'Sucesso!');
  await expect(edit).toHaveCount(0);
  await dismissNotifications(page);

  // The curator: no Novas tab, starts on Ativas, no delegation buttons; approves the curation of one unit.
  await signOut(page);
  await signIn(page, demoEmail('curator'));
  await page.getByRole('link', { name: 'Unidades', exact: true }).first().click();
  await expect(page.getByRole('tab')).toHaveText(['Ativas', 'Publicadas', 'Reprovadas']);
  await expect(page.getByRole('tab', { name: 'Ativas' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(tag);
  const mine = rowOf(page, 'Unidades ativas', second);
  await expect(mine).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar Delegação' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delegar' })).toHaveCount(0);

  // Reproving needs a comment.
  await mine.getByRole('button', { name: 'Reprovar' }).click();
  const reprove = page.getByRole('dialog', { name: 'Tem certeza que deseja mudar o status deste item para Reprovado' });
  await expect(reprove.getByText(MSG.canBeUndone, { exact: true })).toBeVisible();
  await reprove.getByRole('button', { name: 'Reprovar' }).click();
  await expect(reprove.getByText(REVIEW_MSG.commentRequired)).toBeVisible();
  await reprove.getByRole('button', { name: 'Cancelar' }).click();
  await expect(reprove).toHaveCount(0);

  // Approving the curation: the row stays active, the curator's buttons are gone (revision is next).
  await mine.getByRole('button', { name: 'Aprovar' }).click();
  const approve = page.getByRole('dialog', { name: 'Tem certeza que deseja mudar o status deste item para Aprovado' });
  await expect(approve.getByText(MSG.canBeUndone, { exact: true })).toBeVisible();
  await approve.getByRole('button', { name: 'Aprovar' }).click();
  await expectNotification(page, REVIEW_MSG.statusDone('Aprovado'), 'Sucesso!');
  await expect(mine).toContainText('Curadoria: Aprovado');
  await expect(mine.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await expect(mine.getByRole('button', { name: 'Reprovar' })).toHaveCount(0);
});

test('a seller is refused the staff units list', async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/dashboard/units');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
