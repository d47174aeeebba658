import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MSG } from '../packages/shared/src/messages';
import { SERVICE_MSG } from '../packages/shared/src/services';
import { DEMO_PASSWORD, demoEmail, dismissNotifications, expectNotification, lastMail, ownClientAddress, passwordIn, signIn, TINY_PNG, uniqueEmail } from './helpers';

/** This file's own client address: its sign-ins do not use up the per-address limits other journeys share. */
test.use(ownClientAddress());

const PASSWORD = 'senha-servicos-1';

/** A fresh service provider: a serviceProvider member created by the demo provider, with a password of its own. */
async function freshServiceProvider(request: APIRequestContext) {
  const provider = await request.post('/api/signin', { data: { email: demoEmail('provider'), password: DEMO_PASSWORD } });
  expect(provider.status(), await provider.text()).toBe(200);
  const providerToken = ((await provider.json()) as { token: string }).token;
  const email = uniqueEmail('servicos');
  const created = await request.post('/api/providers/editor/create', {
    headers: { authorization: `Bearer ${providerToken}` },
    data: { email, nameUser: 'Paula Prestadora', type: 'serviceProvider' },
  });
  expect(created.status(), await created.text()).toBe(200);
  await request.post('/api/signout', { headers: { authorization: `Bearer ${providerToken}` } });

  const temporary = passwordIn((await lastMail(request, email, /Seus dados de acesso/)).text);
  const signin = await request.post('/api/signin', { data: { email, password: temporary } });
  expect(signin.status(), await signin.text()).toBe(200);
  const token = ((await signin.json()) as { token: string }).token;
  const changed = await request.post('/api/update-password', {
    headers: { authorization: `Bearer ${token}` },
    data: { password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await request.post('/api/signout', { headers: { authorization: `Bearer ${token}` } });
  return email;
}

const main = (page: Page) => page.getByRole('main');
const card = (page: Page, title: string) => main(page).getByRole('article', { name: title, exact: true });
const textbox = (scope: ReturnType<Page['getByRole']>, name: string) => scope.getByRole('textbox', { name, exact: true });

test('service provider: creates with an uploaded image, searches, edits and deletes services', async ({ page, request }) => {
  const email = await freshServiceProvider(request);
  const stamp = Date.now();
  const first = `Mentoria pedagógica ${stamp}`;
  const second = `Oficina de avaliação ${stamp}`;

  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Meus Serviços' }).click();
  await expect(page).toHaveURL('/dashboard/my-services');
  await expect(main(page).getByRole('heading', { name: 'Meus Serviços' })).toBeVisible();
  await expect(main(page).getByText(SERVICE_MSG.empty, { exact: true })).toBeVisible();

  // New service: title, description and price required; image and link must be addresses.
  await main(page).getByRole('button', { name: 'Novo serviço' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo serviço' });
  await textbox(dialog, 'Imagem').fill('nao-e-url');
  await textbox(dialog, 'Link').fill('exemplo.com.br');
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(dialog.getByText(MSG.required, { exact: true })).toHaveCount(3);
  await expect(dialog.getByText(SERVICE_MSG.invalidUrl, { exact: true })).toHaveCount(2);

  await textbox(dialog, 'Título').fill(first);
  await textbox(dialog, 'Descrição').fill('Acompanhamento individual de professores iniciantes.');
  await textbox(dialog, 'Preço').fill('R$ 200 por hora');
  await textbox(dialog, 'Imagem').fill('');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Enviar imagem' }).click();
  await (await chooser).setFiles({ name: 'mentoria.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(textbox(dialog, 'Imagem')).toHaveValue(/^\/uploads\/.+\.png$/);
  await expect(dialog.getByRole('img', { name: 'Pré-visualização da imagem do serviço' })).toBeVisible();
  await textbox(dialog, 'Link').fill('https://exemplo.com.br/mentoria');
  await expect(dialog.getByText(SERVICE_MSG.invalidUrl, { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
  await expectNotification(page, SERVICE_MSG.created, SERVICE_MSG.successTitle);
  await expect(dialog).toBeHidden();

  const a = card(page, first);
  await expect(a).toContainText('Acompanhamento individual de professores iniciantes.');
  await expect(a).toContainText('R$ 200 por hora');
  await expect(a.getByRole('link', { name: 'https://exemplo.com.br/mentoria' })).toHaveAttribute('target', '_blank');
  const image = a.getByRole('img', { name: `Imagem do serviço ${first}` });
  await expect(image).toHaveAttribute('src', /^\/uploads\//);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // A second one with only the required fields: empty image and link are left out of the call.
  await dismissNotifications(page);
  await main(page).getByRole('button', { name: 'Novo serviço' }).click();
  const dialog2 = page.getByRole('dialog', { name: 'Novo serviço' });
  await expect(textbox(dialog2, 'Título')).toHaveValue('');
  await textbox(dialog2, 'Título').fill(second);
  await textbox(dialog2, 'Descrição').fill('Formação presencial sobre instrumentos de avaliação.');
  await textbox(dialog2, 'Preço').fill('Sob consulta');
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/providers/services'));
  await dialog2.getByRole('button', { name: 'Cadastrar' }).click();
  expect((await posted).postDataJSON()).toEqual({ title: second, description: 'Formação presencial sobre instrumentos de avaliação.', price: 'Sob consulta' });
  await expectNotification(page, SERVICE_MSG.created, SERVICE_MSG.successTitle);
  await expect(card(page, second)).toContainText('Sob consulta');
  await expect(card(page, second).getByRole('link')).toHaveCount(0);
  await expect(main(page).getByRole('article')).toHaveCount(2);

  // The search filters the cards by title or description, ignoring accents and case.
  const search = main(page).getByRole('searchbox', { name: 'Buscar' });
  await search.fill('MENTORIA PEDAGOGICA');
  await expect(main(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, first)).toBeVisible();
  await search.fill('instrumentos');
  await expect(main(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, second)).toBeVisible();
  await search.fill('nada-parecido');
  await expect(main(page).getByRole('article')).toHaveCount(0);
  await expect(main(page).getByText(SERVICE_MSG.noMatch, { exact: true })).toBeVisible();
  await search.fill('');
  await expect(main(page).getByRole('article')).toHaveCount(2);

  // Edit: the fields come filled; fields are optional but image and link must still be addresses.
  await dismissNotifications(page);
  await card(page, first).getByRole('button', { name: `Editar ${first}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar serviço' });
  await expect(textbox(edit, 'Título')).toHaveValue(first);
  await expect(textbox(edit, 'Preço')).toHaveValue('R$ 200 por hora');
  await textbox(edit, 'Preço').fill('');
  await textbox(edit, 'Link').fill('ainda-nao-e-url');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(edit.getByText(SERVICE_MSG.invalidUrl, { exact: true })).toBeVisible();
  await expect(edit.getByText(MSG.required, { exact: true })).toHaveCount(0);
  await textbox(edit, 'Preço').fill('R$ 250 por hora');
  // An emptied link is removed.
  await textbox(edit, 'Link').fill('');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expectNotification(page, SERVICE_MSG.updated, SERVICE_MSG.successTitle);
  await expect(edit).toBeHidden();
  await expect(card(page, first)).toContainText('R$ 250 por hora');
  await expect(card(page, first).getByRole('link')).toHaveCount(0);
  await expect(card(page, first).getByRole('img', { name: `Imagem do serviço ${first}` })).toBeVisible();

  // Delete asks first, saying it cannot be recovered; cancel keeps it.
  await dismissNotifications(page);
  await card(page, second).getByRole('button', { name: `Excluir ${second}` }).click();
  const confirmDialog = page.getByRole('dialog', { name: SERVICE_MSG.deleteConfirmTitle });
  await expect(confirmDialog.getByText(SERVICE_MSG.deleteConfirm, { exact: true })).toBeVisible();
  await confirmDialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirmDialog).toBeHidden();
  await expect(card(page, second)).toBeVisible();
  await card(page, second).getByRole('button', { name: `Excluir ${second}` }).click();
  await page.getByRole('dialog', { name: SERVICE_MSG.deleteConfirmTitle }).getByRole('button', { name: 'Excluir' }).click();
  await expectNotification(page, SERVICE_MSG.deleted, SERVICE_MSG.successTitle);
  await expect(card(page, second)).toHaveCount(0);
  await expect(main(page).getByRole('article')).toHaveCount(1);

  // After a reload the list is what the server holds.
  await page.reload();
  await expect(card(page, first)).toContainText('R$ 250 por hora');
  await expect(main(page).getByRole('article')).toHaveCount(1);
});

test('other user types are refused on Meus Serviços', async ({ page }) => {
  await signIn(page, demoEmail('editor'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Meus Serviços' })).toHaveCount(0);
  await page.goto('/dashboard/my-services');
  await expect(main(page).getByText(MSG.forbidden, { exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Novo serviço' })).toHaveCount(0);
});
