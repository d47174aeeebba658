/**
 * The review's main journey (spec 2 §2.5, §2.7, §4.2): a provider's complete unit is sent and delegated
 * (API); the curator opens 'Avaliação', comments and sends it to correction with a comment; the author
 * finds it in Minhas Unidades (Correção), reads the comment on the status screen and sends it back for
 * analysis; the curator approves, the reviewer approves (API) and the director publishes: the unit is
 * then 'Aprovado' in Minhas Unidades.
 */
import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { REVIEW_MSG } from '../packages/shared/src/reviews';
import { completeUnitFields, DEMO_PASSWORD, demoEmail, dismissNotifications, expectNotification, signIn } from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
const forwardedFor = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
test.use({ extraHTTPHeaders: { 'x-forwarded-for': forwardedFor } });

async function apiSignIn(request: APIRequestContext, local: string) {
  const res = await request.post('/api/signin', { data: { email: demoEmail(local), password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  const user = (await res.json()) as { id: number; token: string };
  return { id: user.id, headers: { authorization: `Bearer ${user.token}` } };
}

async function ok(res: Awaited<ReturnType<APIRequestContext['get']>>) {
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

/** A complete unit of the demo provider, sent for analysis and delegated by the manager to the demo curator and reviewer (API). */
async function delegatedUnit(request: APIRequestContext, title: string) {
  const provider = await apiSignIn(request, 'provider');
  const unit = (await ok(await request.post('/api/items/item/content/create', { headers: provider.headers, data: await completeUnitFields(request, provider.headers.authorization.slice(7), title) }))) as { id: number };
  await ok(await request.put('/api/items/item/content/status/', { headers: provider.headers, data: { ids: [unit.id], status: 'send' } }));
  const manager = await apiSignIn(request, 'manager');
  const curatorUser = await apiSignIn(request, 'curator');
  const reviewerUser = await apiSignIn(request, 'review');
  const { ids } = (await ok(
    await request.post('/api/items/review/create', { headers: manager.headers, data: { curatorId: curatorUser.id, reviewerId: reviewerUser.id, contentIds: [unit.id] } }),
  )) as { ids: number[] };
  return { provider, manager, curatorUser, reviewerUser, unit, reviewId: ids[0]! };
}

/** A page of its own (own session) signed in as a demo account. */
async function pageAs(browser: Browser, local: string): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': forwardedFor } });
  const page = await context.newPage();
  await signIn(page, demoEmail(local));
  await expect(page).toHaveURL(/\/dashboard/);
  return page;
}

async function confirmMove(page: Page, label: string, button: string, comment?: string) {
  const dialog = page.getByRole('dialog', { name: REVIEW_MSG.confirmStatus(label) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(MSG.canBeUndone, { exact: true })).toBeVisible();
  if (comment !== undefined) await dialog.getByRole('textbox', { name: 'Comentário' }).fill(comment);
  await dialog.getByRole('button', { name: button }).click();
}

const rowOf = (page: Page, title: string) => page.getByRole('table', { name: 'Minhas unidades' }).getByRole('row').filter({ hasText: title });

test('curation sends a unit to correction, the author re-sends it, curator and reviewer approve and the director publishes', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const title = `E2E Avaliação ${Date.now()}`;

  // Not under test: the provider's complete unit is sent and a manager delegates it.
  const { reviewerUser, unit, reviewId } = await delegatedUnit(request, title);

  // The curator opens the review, comments and sends the unit to correction with a justification.
  const curator = await pageAs(browser, 'curator');
  await curator.goto(`/dashboard/units/review/${reviewId}`);
  await expect(curator.getByRole('heading', { name: 'Avaliação', exact: true, level: 1 })).toBeVisible();
  await expect(curator.getByText('Revisão Vigente')).toBeVisible();
  await expect(curator.getByText('Texto de introdução publicado.')).toBeVisible();
  await expect(curator.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
  const input = curator.getByRole('textbox', { name: 'Escreva um comentário' });
  await input.fill('Primeira leitura feita.');
  await input.press('Enter');
  await expect(curator.getByRole('list', { name: 'Comentários' })).toContainText('Primeira leitura feita.');
  await expect(curator.getByRole('list', { name: 'Comentários' })).toContainText('hoje');
  await expect(input).toHaveValue('');

  // The curator edits the unit from the review (CAPA) and saves, and tags it with a new tag.
  await curator.locator('label').filter({ hasText: /^Editar$/ }).click();
  await expect(curator.getByRole('radio', { name: 'Editar' })).toBeChecked();
  await expect(curator.getByRole('tab', { name: 'CAPA' })).toBeVisible();
  await curator.getByRole('textbox', { name: 'Título' }).fill(`${title} revista`);
  await curator.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(curator, REVIEW_MSG.saved, 'Sucesso!');
  await expect(curator.getByRole('heading', { name: `${title} revista` })).toBeVisible();
  await dismissNotifications(curator);
  const tagName = `e2e-${Date.now()}`;
  const tags = curator.getByRole('combobox', { name: 'Tags' });
  await tags.fill(tagName);
  await tags.press('Enter');
  await expect(curator.getByText(tagName, { exact: true })).toBeVisible();

  await curator.getByRole('button', { name: 'Enviar para Correção' }).click();
  // A correction needs a comment.
  await confirmMove(curator, 'Correção', 'Enviar para Correção');
  await expect(curator.getByText(REVIEW_MSG.commentRequired)).toBeVisible();
  await confirmMove(curator, 'Correção', 'Enviar para Correção', 'Reescreva a síntese, por favor.');
  await expectNotification(curator, REVIEW_MSG.statusDone('enviado para correção'), 'Sucesso!');
  await expect(curator.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
  await dismissNotifications(curator);

  // The author sees it in correction, reads the comment on the status screen and answers.
  const author = await pageAs(browser, 'provider');
  await author.goto('/dashboard/my-units');
  await author.getByRole('searchbox', { name: 'Buscar' }).fill(title);
  await expect(rowOf(author, title)).toContainText('Correção');
  await rowOf(author, title).getByRole('link', { name: 'Ver Unidade' }).click();
  await expect(author).toHaveURL(new RegExp(`/dashboard/my-units/review/${unit.id}$`));
  await expect(author.getByText('Correção', { exact: true }).first()).toBeVisible();
  await expect(author.getByRole('list', { name: 'Comentários' })).toContainText('Reescreva a síntese, por favor.');
  await expect(author.getByRole('link', { name: 'Corrigir unidade' })).toHaveAttribute('href', `/studio/${unit.id}`);
  const reply = author.getByRole('textbox', { name: 'Escreva um comentário' });
  await reply.fill('Síntese reescrita.');
  await author.getByRole('button', { name: 'Enviar comentário' }).click();
  await expect(author.getByRole('list', { name: 'Comentários' })).toContainText('Síntese reescrita.');

  // ... and sends it back for analysis from Minhas Unidades.
  await author.goto('/dashboard/my-units');
  await author.getByRole('searchbox', { name: 'Buscar' }).fill(title);
  await rowOf(author, title).getByRole('button', { name: `Enviar para análise: ${title}` }).click();
  const dialog = author.getByRole('dialog', { name: 'Tem certeza que deseja mudar o status deste item para Análise' });
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expectNotification(author, 'Status da unidade foi alterado para Análise', 'Sucesso!');
  await expect(rowOf(author, title)).toContainText('Análise');

  // The curator sees the answer and approves.
  await curator.reload();
  await expect(curator.getByRole('list', { name: 'Comentários' })).toContainText('Síntese reescrita.');
  await curator.getByRole('button', { name: 'Aprovar' }).click();
  await confirmMove(curator, 'Aprovado', 'Aprovar');
  await expectNotification(curator, REVIEW_MSG.statusDone('aprovado'), 'Sucesso!');

  // Not under test: the reviewer approves.
  await ok(await request.put(`/api/items/review/update/${reviewId}`, { headers: reviewerUser.headers, data: { status: 'approved', comment: ' ' } }));

  // The director publishes.
  const director = await pageAs(browser, 'director');
  await director.goto(`/dashboard/units/review/${reviewId}`);
  await expect(director.getByRole('heading', { name: 'Avaliação', exact: true, level: 1 })).toBeVisible();
  await director.getByRole('button', { name: 'Publicar' }).click();
  await confirmMove(director, 'Publicado', 'Publicar');
  await expectNotification(director, REVIEW_MSG.statusDone('publicado'), 'Sucesso!');
  await expect(director.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
  // A published review is not reopened; its versions are listed for the publishing roles.
  await expect(director.getByRole('button', { name: 'Reabrir avaliação' })).toHaveCount(0);
  await director.getByRole('button', { name: 'Ver todas' }).click();
  const versions = director.getByRole('dialog', { name: 'Versões de avaliação' });
  await expect(versions.getByRole('button', { name: /Versão 1/ })).toBeVisible();
  await versions.getByRole('button', { name: 'Fechar', exact: true }).click();
  await expect(versions).toBeHidden();

  // The author finds it approved.
  await author.goto('/dashboard/my-units');
  await author.getByRole('searchbox', { name: 'Buscar' }).fill(title);
  await expect(rowOf(author, title)).toContainText('Aprovado');
});

test('a manager edits the unit details, then reopens a reproved review as a new version and browses the versions', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const title = `E2E Reabrir ${Date.now()}`;
  // Not under test: a complete unit sent and delegated (reproved further down).
  const { manager, curatorUser, reviewId } = await delegatedUnit(request, title);

  // 'Editar Detalhes Da Unidade': one more learning level.
  const page = await pageAs(browser, 'manager');
  await page.goto(`/dashboard/units/review/${reviewId}`);
  await page.getByRole('button', { name: 'Editar Detalhes Da Unidade' }).click();
  const details = page.getByRole('dialog', { name: 'Editar Detalhes Da Unidade' });
  // The pills field covers its input: the click goes to the field, which opens the options. A click before the
  // levels have loaded opens nothing (seen on a loaded CI machine): click again until the option shows.
  const mestrado = page.getByRole('option', { name: 'Mestrado' });
  await expect(async () => {
    await details.getByRole('combobox', { name: 'Níveis de aprendizagem' }).click({ force: true });
    await expect(mestrado).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await mestrado.click();
  await details.getByRole('heading', { name: 'Editar Detalhes Da Unidade' }).click();
  await details.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, REVIEW_MSG.saved);
  await expect(page.getByText('Graduação, Mestrado')).toBeVisible();
  await dismissNotifications(page);

  await ok(await request.put(`/api/items/review/update/${reviewId}`, { headers: curatorUser.headers, data: { status: 'reproved', comment: 'Fontes insuficientes.' } }));
  await ok(await request.put(`/api/items/review/update/${reviewId}`, { headers: manager.headers, data: { status: 'reproved', comment: 'Reprovada.' } }));

  // Reopen: a new review version, opened at once.
  await page.reload();
  await page.getByRole('button', { name: 'Reabrir avaliação' }).click();
  const reopen = page.getByRole('dialog', { name: 'Reabrir avaliação' });
  await reopen.getByRole('button', { name: 'Reabrir avaliação' }).click();
  await expectNotification(page, REVIEW_MSG.delegated);
  await expect(page).not.toHaveURL(new RegExp(`/dashboard/units/review/${reviewId}$`));
  await expect(page.getByText('Versão da avaliação 2')).toBeVisible();
  await expect(page.getByText('Revisão Vigente')).toBeVisible();

  // 'Ver todas' lists both versions; the first one opens without the current-review banner.
  await page.getByRole('button', { name: 'Ver todas' }).click();
  const versions = page.getByRole('navigation', { name: 'Versões de avaliação' });
  await expect(versions.getByRole('button')).toHaveCount(2);
  await versions.getByRole('button', { name: /Versão 1/ }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/units/review/${reviewId}$`));
  await expect(page.getByText('Versão da avaliação 1')).toBeVisible();
  await expect(page.getByText('Revisão Vigente')).toHaveCount(0);
});
