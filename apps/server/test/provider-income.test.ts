/**
 * The provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8): provider users only,
 * their own provider's rents only; the income of each month computed from rent_history by THE INCOME RULE
 * (a rent active across months, a migrated → successor pair counted once, a canceled rent up to its end,
 * a requested rent not at all).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { incomeMonths, INCOME_TEXT, type MyRentsPage, type ProviderDashboard } from '@edu/shared/provider-income';
import { moveRent, openRent } from '../src/modules/rents/rent-lifecycle';
import { plans, providers, rentHistory, rents, sellers, users } from '../src/db/schema';
import { recordAccess } from '../src/modules/reports/access-events';
import { refreshCatalogueFacts } from '../src/modules/store/catalogue-facts';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildProvider, buildUnit, buildUser } from './factories';

let t: TestApp;
let own: string;
let demo: string;
let providerId: number;
const rentIds: Record<string, number> = {};
const DAY = 86_400_000;
const months = incomeMonths(new Date(), 6);
const inMonth = (i: number, days: number) => new Date(months[i]!.start.getTime() + days * DAY);

async function providerWithUser(companyName: string, email: string, status = 'active') {
  const id = await buildProvider(t.deps.db, { companyName, name: 'Resp', email, typePerson: 'Fornecedor', status });
  await buildUser(t.deps.db, { name: `Usuário ${companyName}`, email, password: 'senha-teste', type: 'provider', providerId: id, emailConfirmedAt: new Date() });
  return id;
}

/** Dates the rent's history (fixture: the lifecycle wrote the rows now; the test moves them to the past). */
async function backdate(rentId: number, status: string, at: Date) {
  await t.deps.db.update(rentHistory).set({ at }).where(and(eq(rentHistory.rentId, rentId), eq(rentHistory.status, status)));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  providerId = await providerWithUser('Editora Própria', 'propria@exemplo.com.br');
  own = await signIn(t.app, 'propria@exemplo.com.br', 'senha-teste');
  demo = await signIn(t.app, 'provider');
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
  const actor = { id: admin!.id, type: 'admin' as const };
  const [planA, planB] = await db.select({ id: plans.id }).from(plans).orderBy(plans.id);
  const seller = (name: string, cnpj: string) =>
    buildInstitution(db, { name, cnpj, status: 'active', logoKey: name === 'Escola Um' ? 'logos/logo-um.png' : null });
  const [s1, s2, s3, s4] = [await seller('Escola Um', '11444777000161'), await seller('Escola Dois', '11222333000181'), await seller('Escola Três', '45723174000110'), await seller('Escola Quatro', '04252011000110')];

  const open = (sellerId: number, valueCents: number, event: 'create' | 'request' = 'create') =>
    db.transaction((tx) => openRent(tx, event, { sellerId, providerId, planId: planA!.id, valueCents }, event === 'create' ? actor : { id: admin!.id, type: 'seller' }));

  // r1: active since month 1, still active.
  const r1 = await open(s1, 1000);
  await backdate(r1.id, 'active', inMonth(1, 10));
  // r2: active since month 2; its plan changes in month 4 (migrated → successor r2b at 5000).
  const r2 = await open(s2, 2000);
  await backdate(r2.id, 'active', inMonth(2, 10));
  const moved = await db.transaction((tx) => moveRent(tx, r2.id, 'changePlan', actor, { plan: { planId: planB!.id, valueCents: 5000 } }));
  await backdate(r2.id, 'migrated', inMonth(4, 10));
  await backdate(moved.successor!.id, 'active', inMonth(4, 10));
  // r3: active since before the window, canceled in month 3.
  const r3 = await open(s3, 300);
  await db.transaction((tx) => moveRent(tx, r3.id, 'cancel', actor));
  await backdate(r3.id, 'active', inMonth(0, -20));
  await backdate(r3.id, 'canceled', inMonth(3, 5));
  // r4: requested, never active.
  const r4 = await open(s4, 7000, 'request');
  Object.assign(rentIds, { r1: r1.id, r2: r2.id, r2b: moved.successor!.id, r3: r3.id, r4: r4.id });
  // The list's acquisition dates follow the history.
  for (const [id, at] of [[r1.id, inMonth(1, 10)], [r2.id, inMonth(2, 10)], [moved.successor!.id, inMonth(4, 10)], [r3.id, inMonth(0, -20)], [r4.id, inMonth(4, 12)]] as const) {
    await db.update(rents).set({ createdAt: at }).where(eq(rents.id, id));
  }
});
afterAll(() => t?.close());

describe('provider income dashboard', () => {
  it('sums, per São Paulo month, the rents active at some moment of it (migration counted once, canceled up to its end)', async () => {
    const res = await call(t.app, 'GET', '/api/providers/dashboard', { token: own });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProviderDashboard>();
    expect(body.income.map((m) => m.month)).toEqual(months.map((m) => m.month));
    expect(body.income.map((m) => m.valueCents)).toEqual([300, 1300, 3300, 3300, 6000, 6000]);
    expect(body.approved).toEqual({ count: 0, latest: [] });
    expect(body.popular).toEqual([]);
  });

  it("another provider's rents never count: the demo provider sees its own rental only", async () => {
    const body = (await call(t.app, 'GET', '/api/providers/dashboard', { token: demo })).json<ProviderDashboard>();
    const [demoRent] = await t.deps.db
      .select()
      .from(rents)
      .innerJoin(providers, eq(providers.id, rents.providerId))
      .where(and(eq(rents.status, 'active'), eq(providers.email, demoEmail('provider'))));
    expect(body.income.at(-1)!.valueCents).toBe(demoRent!.rents.valueCents);
    expect(body.income.every((m) => m.valueCents <= demoRent!.rents.valueCents)).toBe(true);
    // Its published units, newest first, with their knowledge areas.
    expect(body.approved.count).toBeGreaterThan(0);
    expect(body.approved.latest.length).toBeGreaterThan(0);
    expect(body.approved.latest[0]!.knowledges.length).toBeGreaterThan(0);
    expect(body.popular.length).toBeGreaterThan(0);
  });

  it('refuses other roles (403) and a provider under analysis', async () => {
    for (const local of ['admin', 'director', 'seller', 'seller.conteudo', 'editor', 'serviceprovider', 'curator']) {
      const token = await signIn(t.app, local);
      expect((await call(t.app, 'GET', '/api/providers/dashboard', { token })).statusCode, local).toBe(403);
      expect((await call(t.app, 'GET', '/api/providers/my-rents', { token })).statusCode, local).toBe(403);
    }
    await providerWithUser('Editora Nova', 'nova@exemplo.com.br', 'review');
    const inReview = await signIn(t.app, 'nova@exemplo.com.br', 'senha-teste');
    const res = await call(t.app, 'GET', '/api/providers/dashboard', { token: inReview });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(INCOME_TEXT.inReview);
  });
});

describe("provider 'Meus alugueis'", () => {
  it('lists its own rents newest first, 5 per page, without the migrated history row', async () => {
    const res = await call(t.app, 'GET', '/api/providers/my-rents', { token: own });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<MyRentsPage>();
    expect(page.total).toBe(4);
    expect(page.limit).toBe(5);
    expect(page.data.map((r) => r.id)).toEqual([rentIds.r4, rentIds.r2b, rentIds.r1, rentIds.r3]);
    expect(page.data.map((r) => r.status)).toEqual(['requested', 'active', 'active', 'canceled']);
    expect(page.data.find((r) => r.id === rentIds.r1)).toMatchObject({ seller: { name: 'Escola Um', logoUrl: '/uploads/logos/logo-um.png' }, valueCents: 1000 });
    expect(page.data.find((r) => r.id === rentIds.r2b)).toMatchObject({ seller: { name: 'Escola Dois', logoUrl: null }, valueCents: 5000 });

    const second = (await call(t.app, 'GET', '/api/providers/my-rents', { token: own, query: { page: '2', limit: '3' } })).json<MyRentsPage>();
    expect(second.data.map((r) => r.id)).toEqual([rentIds.r3]);
  });

  it("never shows another provider's rents", async () => {
    const page = (await call(t.app, 'GET', '/api/providers/my-rents', { token: demo })).json<MyRentsPage>();
    expect(page.data.some((r) => Object.values(rentIds).includes(r.id))).toBe(false);
    expect(page.data.map((r) => r.seller.name)).toEqual(['Faculdade Vale do Saber']);
  });

  it('refuses a page size above 5 and bad paging with 400', async () => {
    for (const query of [{ limit: '6' }, { page: '0' }, { page: 'x' }, { other: '1' }] as Record<string, string>[]) {
      expect((await call(t.app, 'GET', '/api/providers/my-rents', { token: own, query })).statusCode).toBe(400);
    }
  });
});

describe("the dashboard's approved and most popular units", () => {
  it("orders the latest by publication and the most popular by students' accesses, from the kept columns", async () => {
    const db = t.deps.db;
    const publish = async (title: string) => {
      const { itemId, contentId } = await buildUnit(db, providerId, { title });
      return { itemId, itemContentId: contentId };
    };
    const first = await publish('Primeira publicada');
    const second = await publish('Segunda publicada');
    await publish('Terceira publicada');
    await refreshCatalogueFacts(db, [providerId]);
    const [seller] = await db.select({ id: sellers.id }).from(sellers).limit(1);
    const open = (unit: { itemId: number; itemContentId: number }, studentId: string) =>
      recordAccess(db, { sellerId: seller!.id, studentId, providerId, ...unit });
    // the second: three openings (one student twice); the first: one
    await open(second, 'aluno-a');
    await open(second, 'aluno-a');
    await open(second, 'aluno-b');
    await open(first, 'aluno-c');

    const body = (await call(t.app, 'GET', '/api/providers/dashboard', { token: own })).json<ProviderDashboard>();
    expect(body.approved.count).toBe(3);
    expect(body.approved.latest.map((u) => u.title)).toEqual(['Terceira publicada', 'Segunda publicada', 'Primeira publicada']);
    expect(body.popular.map((u) => u.title)).toEqual(['Segunda publicada', 'Primeira publicada', 'Terceira publicada']);
  });
});
