/**
 * Query-count guards of the market lists: the providers and users admin lists, the team lists, the store, partners,
 * cart and payment methods, plans and plan prices, the institutions list, the rents lists, the provider's income
 * dashboard and rents, and the seller notices and templates. Each warm GET sends ONE statement (the dashboard: the
 * access fold's pending check before it), and answers rows, so the guard fails when a list loses its data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellers } from '../src/db/schema';
import { call, createTestApp, signIn, statementsOf, type TestApp } from './harness';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};

let sellerId = 0;
let storeProviderId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [seller] = await t.deps.db.select({ id: sellers.id }).from(sellers).orderBy(sellers.id).limit(1);
  sellerId = seller!.id;
  // A template, a notice to the institution and a partner's service in its cart: every list below has rows.
  const template = await call(t.app, 'POST', '/api/sellers/notices/templates', {
    token: await tok('admin'),
    payload: { title: 'Aviso de manutenção', htmlContent: '<p>Manutenção no sábado.</p>', requiresReadConfirmation: false },
  });
  expect(template.statusCode, template.body).toBe(200);
  const notice = await call(t.app, 'POST', '/api/sellers/notices/', {
    token: await tok('admin'),
    payload: { templateId: template.json<{ id: number }>().id, targetType: 'SELECTED', selectedSellerIds: [sellerId] },
  });
  expect(notice.statusCode, notice.body).toBe(200);
  const partners = await call(t.app, 'GET', '/api/providers/services/filter', { token: await tok('seller') });
  const partner = await call(t.app, 'GET', `/api/providers/services/provider/${partners.json<{ id: number }[]>()[0]!.id}`, { token: await tok('seller') });
  const added = await call(t.app, 'POST', '/api/sellers/cart/items', {
    token: await tok('seller'),
    payload: { serviceId: partner.json<{ services: { id: number }[] }>().services[0]!.id },
  });
  expect(added.statusCode, added.body).toBe(200);
  const store = await call(t.app, 'GET', '/api/providers/store?page=1', { token: await tok('seller') });
  storeProviderId = store.json<{ data: { id: number }[] }>().data[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

/** The rows an answer carries: its `data`, `items`, `groups`, `income`, the array itself, or the object. */
function rowsOf(body: unknown): number {
  if (Array.isArray(body)) return body.length;
  const b = body as Record<string, unknown>;
  for (const key of ['data', 'items', 'income']) if (Array.isArray(b[key])) return (b[key] as unknown[]).length;
  return b && typeof b === 'object' && 'id' in b ? 1 : 0;
}

async function expectOneStatement(who: string, url: string, statements = 1) {
  const token = await tok(who);
  const res = await call(t.app, 'GET', url, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(rowsOf(res.json()), `${url} answers rows`).toBeGreaterThan(0);
  expect((await statementsOf(t.app, url, token)).statements, url).toBe(statements);
}

describe('market lists: one statement per request', () => {
  it('providers and users admin lists, with and without a name search', async () => {
    await expectOneStatement('admin', '/api/providers/filter?page=1');
    await expectOneStatement('admin', '/api/providers/filter?page=1&name=prado');
    await expectOneStatement('admin', '/api/users/filter?page=1');
    await expectOneStatement('admin', '/api/users/filter?page=1&name=a');
  });

  it('team lists', async () => {
    await expectOneStatement('provider', '/api/providers/my-team?page=1');
    await expectOneStatement('seller', '/api/sellers/my-team?page=1');
  });

  it('the store, filtered or not, and one store provider', async () => {
    for (const query of ['', '&condition=premium', '&minimumValuePlan=100&maximumValuePlan=100000000', '&knowledges=1,2,3,4,5,6,7,8,9,10,11,12,13', '&companyName=horizonte']) {
      await expectOneStatement('seller', `/api/providers/store?page=1${query}`);
    }
    await expectOneStatement('seller', `/api/providers/store/${storeProviderId}`);
  });

  it('partners, the cart and the payment methods', async () => {
    await expectOneStatement('seller', '/api/providers/services/filter');
    await expectOneStatement('seller', '/api/sellers/cart');
    await expectOneStatement('seller', '/api/sellers/payment-methods');
  });

  it('plans and a provider\'s plan prices', async () => {
    await expectOneStatement('admin', '/api/providers/plans/search');
    await expectOneStatement('admin', `/api/providers/plans/search?providerId=${storeProviderId}`);
    await expectOneStatement('admin', `/api/providers/plans-value/search?providerId=${storeProviderId}`);
  });

  it('the institutions list, with and without a name search', async () => {
    await expectOneStatement('admin', '/api/sellers?page=1');
    await expectOneStatement('admin', '/api/sellers?page=1&companyName=vale');
  });

  it('rents: the institution\'s, the rentals control and the provider\'s', async () => {
    await expectOneStatement('seller', '/api/sellers/rents?page=1');
    await expectOneStatement('admin', `/api/sellers/rents-control/${sellerId}?page=1`);
    await expectOneStatement('provider', '/api/providers/my-rents');
  });

  it('the provider dashboard: the access fold\'s pending check, then one statement', async () => {
    await expectOneStatement('provider', '/api/providers/dashboard', 2);
  });

  it('notices and templates', async () => {
    await expectOneStatement('admin', '/api/sellers/notices?page=1');
    await expectOneStatement('admin', '/api/sellers/notices/templates?page=1');
  });
});
