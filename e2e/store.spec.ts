/**
 * The store journey of a NEW institution: browse the store with filters, open a provider and a
 * unit, put the demo provider and a partner's service in the cart, remove and re-add, request payment, land
 * on /seller/rents. The institution is created for this test, so no other journey sees its cart or rents.
 */
import { test, expect, type Page } from '@playwright/test';
import { RENTS_MSG } from '../packages/shared/src/rents';
import { STORE_MSG } from '../packages/shared/src/store';
import { createActiveAccount, dismissNotifications, expectNotification, signIn } from './helpers';

const DEMO_PROVIDER = 'Editora Horizonte Educacional';
const PARTNER = 'Consultoria Trilhas do Saber';
const SERVICE = 'Formação docente em metodologias ativas';

const card = (page: Page, name: string) => page.getByRole('main').getByRole('article', { name });

test('a new institution browses the store, fills its cart and requests payment', async ({ page, request }) => {
  const { email, password } = await createActiveAccount(request, 'loja');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');

  // The store, from the menu: the demo provider priced on the institution's plan (Essencial: R$ 890,00).
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Loja', exact: true }).click();
  await expect(page.getByRole('heading', { name: STORE_MSG.title })).toBeVisible();
  const demo = card(page, DEMO_PROVIDER);
  await expect(demo).toBeVisible();
  await expect(demo).toContainText('R$ 890,00/mês');
  await expect(demo).toContainText('Premium');
  await expect(demo.getByRole('button', { name: `Alugar ${DEMO_PROVIDER}` })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article', { name: PARTNER })).toHaveCount(0);

  // Filters: accent-free search, Basic only (the demo provider is Premium), the price range, clear.
  const filters = page.getByRole('complementary', { name: 'Filtros' });
  await filters.getByRole('textbox', { name: 'Buscar' }).fill('HORIZONTE educacional');
  await expect(demo).toBeVisible();
  await filters.getByRole('checkbox', { name: 'Fornecedores Basic' }).check();
  await expect(page.getByText(STORE_MSG.empty)).toBeVisible();
  await filters.getByRole('button', { name: STORE_MSG.clearFilters }).click();
  await expect(demo).toBeVisible();
  await expect(filters.getByRole('checkbox', { name: 'Fornecedores Basic' })).not.toBeChecked();
  // The price range, on the demo provider alone (other journeys add providers at other prices to the same store).
  await filters.getByRole('textbox', { name: 'Buscar' }).fill('HORIZONTE educacional');
  await expect(demo).toBeVisible();
  await filters.getByRole('slider', { name: 'Preço mínimo' }).focus();
  // Ten steps of R$ 50,00: from R$ 550,00 to R$ 1.050,00, above the demo provider's R$ 890,00.
  for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
  await expect(filters.getByRole('slider', { name: 'Preço mínimo' })).toHaveAttribute('aria-valuenow', '1050');
  await expect(page.getByText(STORE_MSG.empty)).toBeVisible();
  await filters.getByRole('button', { name: STORE_MSG.clearFilters }).click();
  await expect(demo).toBeVisible();

  // The provider's page and one of its units.
  await demo.getByRole('link', { name: DEMO_PROVIDER }).click();
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).toHaveText(`Loja/${DEMO_PROVIDER}`);
  await expect(page.getByRole('heading', { name: STORE_MSG.unitsHeading })).toBeVisible();
  const ver = page.getByRole('main').getByRole('link', { name: /^Ver / }).first();
  const unitTitle = ((await ver.getAttribute('aria-label')) ?? '').replace(/^Ver /, '');
  await expect(page.getByText('rascunho', { exact: false })).toHaveCount(0);
  await ver.click();
  await expect(page.getByRole('heading', { name: `Unidade ${unitTitle}` })).toBeVisible();
  await expect(page).toHaveURL(/\/seller\/store\/provider\/\d+\/item\/\d+$/);

  // Rent from the header: to the cart.
  await page.getByRole('button', { name: `Alugar ${DEMO_PROVIDER}` }).click();
  await expectNotification(page, STORE_MSG.added);
  await expect(page).toHaveURL('/seller/cart');
  await expect(page.getByRole('heading', { name: STORE_MSG.cartTitle })).toBeVisible();
  await expect(page.getByTestId('cart-total')).toHaveText('R$ 890,00/mês');

  // Remove (SIM/NÃO), the empty cart, back to the store, add again.
  await dismissNotifications(page);
  await card(page, DEMO_PROVIDER).getByRole('button', { name: STORE_MSG.removeButton }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(STORE_MSG.removeConfirm(DEMO_PROVIDER));
  await dialog.getByRole('button', { name: 'NÃO' }).click();
  await expect(card(page, DEMO_PROVIDER)).toBeVisible();
  await card(page, DEMO_PROVIDER).getByRole('button', { name: STORE_MSG.removeButton }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'SIM' }).click();
  await expectNotification(page, STORE_MSG.removed);
  await expect(page.getByText(STORE_MSG.cartEmpty)).toBeVisible();
  await page.getByRole('link', { name: STORE_MSG.keepShopping }).click();
  await expect(page).toHaveURL('/seller/store');
  await card(page, DEMO_PROVIDER).getByRole('button', { name: `Alugar ${DEMO_PROVIDER}` }).click();
  await expect(page).toHaveURL('/seller/cart');
  await page.goto('/seller/store');
  await expect(card(page, DEMO_PROVIDER).getByRole('link', { name: STORE_MSG.inCart })).toBeVisible();

  // Partners: the name cut to 20 characters, the prospect form, the partner's page and a service to the cart.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Parceiros' }).click();
  await expect(page.getByRole('heading', { name: STORE_MSG.partnersTitle })).toBeVisible();
  const partner = card(page, PARTNER);
  await expect(partner.getByRole('link', { name: 'Consultoria Trilhas…' })).toBeVisible();
  await partner.getByRole('button', { name: STORE_MSG.knowMore }).click();
  const form = page.getByRole('dialog', { name: `Conheça ${PARTNER}` });
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(form.getByText(STORE_MSG.invalidEmail)).toBeVisible();
  await expect(form.getByText('Campo Obrigatório')).toHaveCount(2);
  await form.getByRole('textbox', { name: 'Nome completo' }).fill('Paula Compradora');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('paula@exemplo.com.br');
  await form.getByRole('textbox', { name: 'Telefone' }).fill('(11) 97777-6666');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expectNotification(page, STORE_MSG.prospectDone);
  await expect(form).toHaveCount(0);
  await partner.getByRole('link', { name: 'Consultoria Trilhas…' }).click();
  await expect(page.getByRole('heading', { name: PARTNER })).toBeVisible();
  await page.getByRole('button', { name: `Adicionar ao carrinho: ${SERVICE}` }).click();
  await expectNotification(page, STORE_MSG.added);
  await expect(page).toHaveURL('/seller/cart');
  const service = page.getByRole('main').getByRole('article', { name: `${PARTNER} — ${SERVICE}` });
  await expect(service).toContainText(STORE_MSG.service);
  await expect(service).toContainText(STORE_MSG.serviceWarning);
  await expect(page.getByTestId('cart-total')).toHaveText('R$ 890,00/mês');
  await expect(page.getByRole('complementary', { name: 'Resumo do pedido' })).toContainText(STORE_MSG.servicesNotInTotal);
  await expect(page.getByText(STORE_MSG.paymentNote)).toBeVisible();

  // 'Meus alugueis' seen empty now (its answer stays cached a while), then back to the cart inside the app.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Painel' }).click();
  await page.getByRole('main').getByRole('link', { name: 'Meus Aluguéis' }).click();
  await expect(page.getByRole('table', { name: 'Aluguéis' }).getByText(RENTS_MSG.empty, { exact: true })).toBeVisible();
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL('/seller/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('R$ 890,00/mês');

  // Checkout: no payment method → the warning; Pix → requested, to /seller/rents.
  await dismissNotifications(page);
  await page.getByRole('button', { name: STORE_MSG.requestPayment }).click();
  await expectNotification(page, STORE_MSG.choosePayment);
  await page.getByRole('radio', { name: 'Pix' }).check();
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  const answer = page.waitForResponse((res) => res.url().endsWith('/api/sellers/rents') && res.request().method() === 'POST');
  const requests: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/sellers/rents') && req.method() === 'POST') requests.push(req.url());
  });
  // A double click, as an impatient buyer gives: one request, the success, and no red 'carrinho vazio'.
  await page.getByRole('button', { name: STORE_MSG.requestPayment }).dblclick();
  expect((await answer).status()).toBe(200);
  await expectNotification(page, STORE_MSG.requested);
  expect(requests).toHaveLength(1);
  await expect(page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: STORE_MSG.cartEmpty })).toHaveCount(0);
  await expect.poll(() => visited).toContain('/seller/rents');
  // No screen keeps a cached answer from before the request (without a reload): the rent list seen empty
  // above lists the new rent, and the store card (cached as 'Item no Carrinho') says 'Aluguel solicitado'.
  await expect(page.getByRole('table', { name: 'Aluguéis' }).getByText(DEMO_PROVIDER)).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Loja', exact: true }).click();
  await expect(card(page, DEMO_PROVIDER).getByRole('link', { name: STORE_MSG.pending })).toBeVisible();

  // The rent exists as requested, not active: the store says 'Aluguel solicitado' (never 'Alugado', which leads to
  // the catalogue) and leads to 'Meus alugueis'; the cart is empty.
  await page.goto('/seller/store');
  const pending = card(page, DEMO_PROVIDER).getByRole('link', { name: STORE_MSG.pending });
  await expect(pending).toBeVisible();
  await expect(card(page, DEMO_PROVIDER).getByRole('link', { name: STORE_MSG.rented })).toHaveCount(0);
  await pending.click();
  await expect(page).toHaveURL('/seller/rents');
  await expect(page.getByRole('table', { name: 'Aluguéis' }).getByRole('row').filter({ hasText: DEMO_PROVIDER }).getByText('SOLICITADO', { exact: true })).toBeVisible();
  await page.goto('/seller/cart');
  await expect(page.getByText(STORE_MSG.cartEmpty)).toBeVisible();
});

test('a cart of services only says their price comes by e-mail, never R$ 0,00', async ({ page, request }) => {
  const { email, password } = await createActiveAccount(request, 'servicos');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');
  await page.goto('/seller/store-service');
  await card(page, PARTNER).getByRole('link', { name: 'Consultoria Trilhas…' }).click();
  await page.getByRole('button', { name: `Adicionar ao carrinho: ${SERVICE}` }).click();
  await expect(page).toHaveURL('/seller/cart');
  const summary = page.getByRole('complementary', { name: 'Resumo do pedido' });
  await expect(page.getByTestId('cart-total')).toHaveText(STORE_MSG.totalByEmail);
  await expect(summary).not.toContainText('R$ 0,00');
  await expect(summary).not.toContainText(STORE_MSG.servicesNotInTotal);
});
