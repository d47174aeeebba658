import { test, expect } from '@playwright/test';
import { menuFor, USER_TYPES } from '../packages/shared/src/access';
import { MSG } from '../packages/shared/src/messages';
import { DEMO_ACCOUNT_BY_TYPE, demoEmail, expectToast, signIn } from './helpers';

test.describe('login', () => {
  test('shows the promotional panel, validates fields and refuses wrong credentials', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('complementary', { name: 'Apresentação' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/forgot-password');
    await expect(page.getByRole('link', { name: 'Cadastre-se' })).toHaveAttribute('href', '/signup');

    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText(MSG.required).first()).toBeVisible();

    await page.getByLabel('E-mail').fill('nao-e-email');
    await page.getByLabel(/^Senha/).fill('x');
    // Mantine's own controls named in Portuguese: the password's show/hide button, a toast's close button.
    const show = page.getByRole('button', { name: 'Mostrar ou ocultar a senha' });
    await show.click();
    await expect(page.getByLabel(/^Senha/)).toHaveAttribute('type', 'text');
    await show.click();
    await expect(page.getByLabel(/^Senha/)).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText(MSG.invalidEmail)).toBeVisible();

    await signIn(page, demoEmail('admin'), 'senha-errada');
    await expectToast(page, MSG.loginFail);
    await expect(page.getByText(MSG.loginFailTitle)).toBeVisible();
    await expect(page).toHaveURL('/');
    const toast = page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: MSG.loginFail });
    await toast.getByRole('button', { name: 'Fechar notificação' }).click();
    await expect(toast).toHaveCount(0);
  });

  test('signed out, any private path goes to /', async ({ page }) => {
    await page.goto('/dashboard/units');
    await expect(page).toHaveURL('/');
    await page.goto('/qualquer/coisa');
    await expect(page).toHaveURL('/');
  });
});

for (const type of USER_TYPES) {
  test(`${type} sees exactly its menu`, async ({ page }) => {
    await signIn(page, demoEmail(DEMO_ACCOUNT_BY_TYPE[type]));
    await expectToast(page, MSG.loginSuccess);
    await expect(page).toHaveURL('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Menu principal' });
    const expected = menuFor(type).map((e) => e.label);
    await expect(nav.getByRole('link')).toHaveText(expected);
  });
}

test('shell: greeting, avatar, modals, unknown paths, sign-out', async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByText('Olá, Sílvia')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sílvia Coordenadora' })).toHaveAttribute('src', '/avatar-default.svg');
  for (const tile of ['Meu Perfil', 'Loja de Fornecedores', 'Meu Catálogo', 'Gerenciar Disciplinas', 'Meus Aluguéis']) {
    await expect(page.getByRole('main').getByRole('link', { name: tile })).toBeVisible();
  }

  await page.getByRole('button', { name: 'Atendimento' }).click();
  await expect(page.getByRole('dialog', { name: 'Atendimento' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Termos e políticas' }).click();
  const terms = page.getByRole('dialog', { name: 'Termos e políticas' });
  await expect(terms.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', /^https:\/\//);
  await expect(terms.getByRole('link', { name: 'Termos de uso da plataforma' })).toHaveAttribute('href', /^https:\/\//);
  await page.keyboard.press('Escape');

  await page.goto('/nao/existe');
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/');
  await expect(page).toHaveURL('/dashboard');

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/dashboard');
  await expect(page).toHaveURL('/');
});

test('dashboard variants: provider in review, general tiles', async ({ page }) => {
  await signIn(page, demoEmail('provider.analise'));
  await expect(page.getByText('Seu perfil está em análise')).toBeVisible();
  await expect(page.getByText(/no máximo 48 h/)).toBeVisible();
  await page.getByRole('button', { name: 'Sair' }).click();

  await signIn(page, demoEmail('client'));
  for (const tile of ['Compartilhar', 'Conhecer', 'Aprender']) await expect(page.getByText(tile, { exact: true })).toBeVisible();
});

test('a 401 from any call clears the session and returns to /', async ({ page }) => {
  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  // Another tab signs out the same session token: the next call answers 401.
  const token = await page.evaluate(() => localStorage.getItem('sc.token'));
  const res = await page.request.post('/api/signout', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  await page.reload();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('sc.token'))).toBeNull();
});

test('a stored session this version cannot read signs out to the sign-in page, never the error page', async ({ page }) => {
  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  // Cut short, then valid JSON of another shape (an older version's, or edited by hand).
  for (const stored of ['{"id":1,"name":"Ana', '{"id":"1","nome":"Ana"}']) {
    await page.evaluate((user) => localStorage.setItem('sc.user', user), stored);
    // The open page may already be leaving for '/' on its next read of the session, which aborts this navigation.
    await page.goto('/dashboard').catch(() => undefined);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByText('Ops...')).toHaveCount(0);
    expect(await page.evaluate(() => [localStorage.getItem('sc.token'), localStorage.getItem('sc.user')])).toEqual([null, null]);
    await signIn(page, demoEmail('director'));
    await expect(page).toHaveURL('/dashboard');
  }
});

test("the keyboard's first stop is 'Pular para o conteúdo', which goes past the header and the menu", async ({ page }) => {
  await signIn(page, demoEmail('seller'));
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/seller/store');
  await expect(page.getByRole('heading', { name: 'Loja' }).first()).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#conteudo')).toBeFocused();
  await page.keyboard.press('Tab');
  // The next stop is in the page, not the header's icons nor the side menu.
  expect(await page.evaluate(() => !!document.activeElement?.closest('#conteudo'))).toBe(true);
});
