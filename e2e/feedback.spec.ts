import { test, expect, type Page } from '@playwright/test';
import { FEEDBACK_MSG, PROBLEM_CATEGORIES } from '../packages/shared/src/feedback';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../apps/server/src/demo/units';
import { approvedProviderApi, demoEmail, demoToken, dismissNotifications, expectNotification, ownClientAddress, publishedUnitApi, signIn } from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
test.use(ownClientAddress());

// On the preview page the unit's cover is the page's h1, so each page of the unit is an h2 (the first: the author's own
// headings below it are tagged as written and re-levelled with aria-level).
const pageHeading = (page: Page) => page.getByTestId('unit-content').getByRole('heading', { level: 2 }).first();

test('a reader previews a unit, answers its activity and reports a problem; the admin resolves and closes it', async ({ page, request }) => {
  const tag = `E2E ${Date.now()}`;
  const description = `${tag}: a fórmula do tópico 1 aparece cortada.`;

  // The demo provider's published unit, found through the API.
  const token = await demoToken(request, 'provider');
  const mine = await request.get('/api/items/item/content/provider?title=FUNCOES', { headers: { authorization: `Bearer ${token}` } });
  expect(mine.status(), await mine.text()).toBe(200);
  const unit = ((await mine.json()) as { content: { id: number; title: string; status: string }[] }).content.find(
    (u) => u.title === DEMO_PUBLISHED_UNIT_TITLE && u.status === 'publish',
  )!;

  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto(`/dashboard/units/item/${unit.id}`);
  const reader = page.getByTestId('unit-content');
  await expect(reader.getByRole('heading', { level: 1, name: DEMO_PUBLISHED_UNIT_TITLE })).toBeVisible();
  await expect(reader.getByText('Marina Albuquerque e Paulo Resende')).toBeVisible();

  // Page 0: the introduction with the learning objectives; the menu lists 'Introdução' and the numbered topics.
  const menu = reader.getByRole('navigation', { name: 'Sumário da unidade' });
  await expect(menu.getByRole('button', { name: 'Introdução' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('button', { name: /1\. O que é uma função afim/ })).toBeVisible();
  await expect(pageHeading(page)).toHaveText('Introdução');
  await expect(reader.getByText('Objetivos de aprendizagem')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Anterior' })).toBeDisabled();

  // 'Próximo' opens topic 1 with its activity; 'Anterior' goes back.
  await reader.getByRole('button', { name: 'Próximo' }).click();
  await expect(pageHeading(page)).toHaveText('1. O que é uma função afim');
  await reader.getByRole('button', { name: 'Anterior' }).click();
  await expect(pageHeading(page)).toHaveText('Introdução');
  await reader.getByRole('button', { name: 'Próximo' }).click();
  await expect(pageHeading(page)).toHaveText('1. O que é uma função afim');

  const question = reader.locator('[data-resource-kind="question"]');
  await expect(question.getByRole('button', { name: 'Responder' })).toBeDisabled();
  await question.getByText('3', { exact: true }).click();
  await question.getByRole('button', { name: 'Responder' }).click();
  await expect(question.getByText('Resposta correta!')).toBeVisible();
  await expect(question.getByText(/O coeficiente angular multiplica x/)).toBeVisible();

  // To the last page: the synthesis with the references.
  await reader.getByRole('button', { name: 'Próximo' }).click();
  await reader.getByRole('button', { name: 'Próximo' }).click();
  await expect(pageHeading(page)).toHaveText('Síntese');
  await expect(reader.getByText('Referências')).toBeVisible();
  await expect(reader.getByRole('button', { name: 'Próximo' })).toBeDisabled();

  // 'Relatar Problema': 'Enviar' only with a category and a description.
  await reader.getByRole('button', { name: 'Relatar Problema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Relatar Problema' });
  await expect(dialog).toBeVisible();
  for (const category of PROBLEM_CATEGORIES) await expect(dialog.getByRole('radio', { name: category })).toBeVisible();
  const send = dialog.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await dialog.getByRole('radio', { name: 'Erros em fórmulas ou códigos' }).check();
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Descrição').fill('   ');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Descrição').fill(description);
  await expect(send).toBeEnabled();
  await send.click();
  await expectNotification(page, FEEDBACK_MSG.reported, 'Sucesso!');
  await expect(dialog).toBeHidden();
  await dismissNotifications(page);

  // The admin finds it in the feedback report, resolves it and then closes it.
  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('link', { name: 'Relatório de Feedbacks' }).first().click();
  await expect(page).toHaveURL('/dashboard/feedback-report');
  await expect(page.getByRole('heading', { name: 'Relatório de Feedbacks' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Feedbacks' });
  for (const header of ['Unidade', 'Erro', 'Descrição', 'Data']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: description });
  await expect(row).toContainText(DEMO_PUBLISHED_UNIT_TITLE);
  await expect(row).toContainText('Erros em fórmulas ou códigos');
  await expect(row).toContainText('Criado');
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(row).toContainText(today);

  const toggle = row.getByTestId('feedback-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(toggle).toHaveAccessibleName(/^Marcar como resolvido/);
  await toggle.click();
  await expectNotification(page, FEEDBACK_MSG.resolved, 'Sucesso!');
  await expect(row).toContainText('Resolvido');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).toHaveAccessibleName(/^Fechar feedback/);
  await dismissNotifications(page);

  await toggle.click();
  await expectNotification(page, FEEDBACK_MSG.closed, 'Sucesso!');
  await expect(row).toContainText('Fechado');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  // Still closed after a reload: the server kept it.
  await page.reload();
  await expect(page.getByRole('table', { name: 'Feedbacks' }).getByRole('row').filter({ hasText: description })).toContainText('Fechado');
});

test("the feedback report is not for other types, and a unit the reader may not read shows 'Acesso negado'", async ({ page }) => {
  await signIn(page, demoEmail('serviceprovider'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/dashboard/feedback-report');
  await expect(page.getByText('Acesso negado')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Feedbacks' })).toHaveCount(0);
  await page.goto('/dashboard/units/item/999999');
  // The server's 404 (absent or not this reader's) is the 'Acesso negado' state, with no retry.
  await expect(page.getByRole('alert').filter({ hasText: 'Acesso negado' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Relatar Problema' })).toHaveCount(0);
});

test('the dashboard lists published units (title, providers, date) for the types of spec 1 §2.10, not for the provider', async ({ page, request }) => {
  const title = `E2E Publicada ${Date.now()}`;
  // More published units than a page holds, whatever else runs: the 7 of the demo, this one and three of a provider of its own.
  const filler = await approvedProviderApi(request, 'painel-fornecedor');
  for (const n of [1, 2, 3]) await publishedUnitApi(request, filler.token, `E2E Publicada ${Date.now()} ${n}`);
  await publishedUnitApi(request, await demoToken(request, 'editor'), title);

  await signIn(page, demoEmail('client'));
  await expect(page).toHaveURL('/dashboard');
  const table = page.getByRole('table', { name: 'Unidades publicadas' });
  for (const header of ['Título', 'Fornecedores', 'Data']) await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Editora Horizonte Educacional');
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(row).toContainText(today);
  await expect(table.locator('tbody tr')).toHaveCount(10);

  await page.getByRole('button', { name: 'Sair' }).click();
  await signIn(page, demoEmail('provider'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Painel' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Unidades publicadas' })).toHaveCount(0);
});
