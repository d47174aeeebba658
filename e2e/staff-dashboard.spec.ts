import { test, expect, type Page } from '@playwright/test';
import { demoEmail, ownClientAddress, signIn, uniqueEmail, validCnpj } from './helpers';

/**
 * The platform team's Painel: the admin sees what needs doing now as counts that are links, follows the providers'
 * one to Fornecedores filtered on 'Em análise' (where the provider just signed up is), and finds Fornecedores in the
 * menu. At 390 px nothing is cut.
 */
test.use(ownClientAddress());

const PHONE = { width: 390, height: 844 };
const tasks = (page: Page) => page.getByRole('region', { name: 'O que precisa ser feito agora' });
const countOf = async (page: Page, what: RegExp) => {
  const name = await tasks(page).getByRole('link', { name: what }).getAttribute('aria-label');
  return Number(name!.split(' ')[0]);
};

test('admin: the counts of what needs doing, a link to the filtered providers, Fornecedores in the menu', async ({ page, request }) => {
  const companyName = `Editora Painel ${Date.now()}`;
  const signup = await request.post('/api/providers/signup', {
    data: { nameUser: 'Responsável Painel', email: uniqueEmail('painel'), typePerson: 'Fornecedor', cnpj: validCnpj(), companyName },
  });
  expect(signup.status(), await signup.text()).toBe(200);

  await signIn(page, demoEmail('admin'));
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  for (const what of [
    /^\d+ fornecedor(es)? aguardando aprovação/,
    /^\d+ unidades? aguardando delegação/,
    /^\d+ solicitaç(ão|ões) de aluguel aguardando aceite/,
    /^\d+ cobranças? vencidas?/,
    /^\d+ instituiç(ão|ões) suspensas?/,
    /^\d+ feedbacks? em aberto/,
  ]) await expect(tasks(page).getByRole('link', { name: what })).toBeVisible();
  expect(await countOf(page, /fornecedor(es)? aguardando aprovação/)).toBeGreaterThanOrEqual(1);

  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link', { name: 'Fornecedores' })).toHaveAttribute('href', '/dashboard/providers');

  // Keyboard: the card is a link reached and followed with the keyboard.
  const providers = tasks(page).getByRole('link', { name: /fornecedor(es)? aguardando aprovação/ });
  await providers.focus();
  await expect(providers).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/dashboard/providers?status=review');
  await expect(page.getByRole('radio', { name: /^Em análise/ })).toBeChecked();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(companyName);
  await expect(page.getByRole('table', { name: 'Fornecedores' }).getByRole('row').filter({ hasText: companyName })).toBeVisible();

  // The menu entry opens the same screen, unfiltered.
  await nav.getByRole('link', { name: 'Fornecedores' }).click();
  await expect(page).toHaveURL('/dashboard/providers');
  await expect(page.getByRole('radio', { name: /^Todos/ })).toBeChecked();
});

test('director: the same Painel; at 390 px nothing is cut', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, demoEmail('director'));
  await expect(page).toHaveURL('/dashboard');
  await expect(tasks(page).getByRole('link')).toHaveCount(6);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const region = tasks(page);
  expect(await region.evaluate((el) => [...el.querySelectorAll('*'), el].every((e) => e.scrollWidth <= e.clientWidth + 1))).toBe(true);
});
