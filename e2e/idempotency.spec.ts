/**
 * Crash safety seen from the browser: the payment request reaches the server and is done, but its
 * answer is lost on the way back (the connection fails). The web client sends the same submission again with the
 * same Idempotency-Key; the server answers the first result instead of running it again: the institution has ONE
 * rent, and the screen says the request was made.
 */
import { test, expect } from '@playwright/test';
import { STORE_MSG } from '../packages/shared/src/store';
import { createActiveAccount, dismissNotifications, expectNotification, signIn } from './helpers';

const DEMO_PROVIDER = 'Editora Horizonte Educacional';

test('a payment request whose answer is lost is sent again with its key and makes one rent', async ({ page, request }) => {
  const { email, password } = await createActiveAccount(request, 'idem');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/seller/store');
  await page.getByRole('main').getByRole('article', { name: DEMO_PROVIDER }).getByRole('button', { name: `Alugar ${DEMO_PROVIDER}` }).click();
  await expectNotification(page, STORE_MSG.added);
  await expect(page).toHaveURL('/seller/cart');
  await dismissNotifications(page);
  await page.getByRole('radio', { name: 'Pix' }).check();

  // The first attempt reaches the server (which commits the rent), then its answer is dropped; later ones pass.
  const keys: string[] = [];
  const statuses: number[] = [];
  await page.route('**/api/sellers/rents', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    const answer = await route.fetch();
    statuses.push(answer.status());
    if (keys.length === 1) return route.abort('failed');
    return route.fulfill({ response: answer });
  });
  await page.getByRole('button', { name: STORE_MSG.requestPayment }).click();
  await expectNotification(page, STORE_MSG.requested);
  await expect(page).toHaveURL('/seller/rents');

  // Two attempts with one key; the second was answered from the first (not 'cart empty', which a new run would say).
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  expect(statuses).toEqual([200, 200]);

  // One rent of the provider, as the list shows and as the API counts.
  await expect(page.getByRole('table', { name: 'Aluguéis' }).getByRole('row').filter({ hasText: DEMO_PROVIDER })).toHaveCount(1);
  const signin = await request.post('/api/signin', { data: { email, password } });
  const { token } = (await signin.json()) as { token: string };
  const list = await request.get('/api/sellers/rents', { headers: { authorization: `Bearer ${token}` } });
  const rents = ((await list.json()) as { data: unknown[] }).data;
  expect(rents).toHaveLength(1);
});
