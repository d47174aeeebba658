/**
 * The provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8): provider users only, their own
 * provider's rents only; the money from what was PAID (THE INCOME RULE of @edu/shared/provider-income): per month the
 * provider's share of the paid charges' lines, minus the platform's fee (here 10 %, half a centavo rounded up), and
 * apart what is still to receive (open and overdue). A cancel and re-rent in one month counts once; an unpaid or
 * canceled charge is not income; a month without a paid charge shows 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHARGE_SYSTEM } from '@edu/shared/charge-machine';
import { incomeMonths, INCOME_TEXT, providerShareCents, type MyRentsPage, type ProviderDashboard } from '@edu/shared/provider-income';
import { spToday } from '@edu/shared/format';
import { moveRent, openRent } from '../src/modules/rents/rent-lifecycle';
import { insertCharge, moveCharge } from '../src/modules/charges/charges.commands';
import { issueMonthlyCharges } from '../src/modules/charges/index';
import { chargeRents, charges, plans, providers, rents, sellers, users } from '../src/db/schema';
import { recordAccess } from '../src/modules/reports/access-events';
import { refreshCatalogueFacts } from '../src/modules/store/catalogue-facts';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildProvider, buildUnit, buildUser } from './factories';

const FEE_BPS = 1_000;
/** 10 % of 1 005 is 100.5: the fee rounds up to 101, the provider's share is 904. */
const R1_VALUE = 1_005;
const R1_SHARE = 904;
const RERENT_VALUE = 2_000;
const RERENT_SHARE = 1_800;

let t: TestApp;
let own: string;
let demo: string;
let providerId: number;
let actor: { id: number; type: 'admin' };
const rentIds: Record<string, number> = {};
const months = incomeMonths(new Date(), 6);
const periodOfIndex = (i: number) => `${months[i]!.month}-01`;

async function providerWithUser(companyName: string, email: string, status = 'active') {
  const id = await buildProvider(t.deps.db, { companyName, name: 'Resp', email, typePerson: 'Fornecedor', status });
  await buildUser(t.deps.db, { name: `Usuário ${companyName}`, email, password: 'senha-teste', type: 'provider', providerId: id, emailConfirmedAt: new Date() });
  return id;
}

/** A charge of `rentId` alone for the window's month `i`, moved as the team or the system would move it. */
async function chargeOf(rentId: number, i: number, end: 'paid' | 'overdue' | 'canceled' | 'open') {
  return t.deps.db.transaction(async (tx) => {
    const [rent] = await tx.select().from(rents).where(eq(rents.id, rentId));
    const period = periodOfIndex(i);
    const charge = await insertCharge(tx, null, { sellerId: rent!.sellerId, period, dueOn: `${months[i]!.month}-06`, rents: [{ rentId, amountCents: rent!.valueCents }] });
    const today = spToday();
    if (end === 'paid') await moveCharge(tx, charge.id, 'pay', actor, { payment: { paidOn: `${months[i]!.month}-05`, reference: `REF-${charge.id}` }, today });
    if (end === 'overdue') await moveCharge(tx, charge.id, 'expire', { id: null, type: CHARGE_SYSTEM }, { today });
    if (end === 'canceled') await moveCharge(tx, charge.id, 'cancel', actor, { today });
    return charge.id;
  });
}

/** Pays every unpaid charge of `rentId` (as the team). */
async function payCharges(rentId: number) {
  const rows = await t.deps.db.select({ id: charges.id, status: charges.status }).from(chargeRents).innerJoin(charges, eq(charges.id, chargeRents.chargeId)).where(eq(chargeRents.rentId, rentId));
  for (const r of rows.filter((x) => x.status === 'open' || x.status === 'overdue')) {
    await t.deps.db.transaction((tx) => moveCharge(tx, r.id, 'pay', actor, { payment: { paidOn: spToday(), reference: `REF-${r.id}` } }));
  }
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp({ env: { CHARGE_PLATFORM_FEE_BPS: String(FEE_BPS) } });
  const db = t.deps.db;
  providerId = await providerWithUser('Editora Própria', 'propria@exemplo.com.br');
  own = await signIn(t.app, 'propria@exemplo.com.br', 'senha-teste');
  demo = await signIn(t.app, 'provider');
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
  actor = { id: admin!.id, type: 'admin' };
  const [planA] = await db.select({ id: plans.id }).from(plans).orderBy(plans.id);
  const seller = (name: string, cnpj: string) =>
    buildInstitution(db, { name, cnpj, status: 'active', logoKey: name === 'Escola Um' ? 'logos/logo-um.png' : null });
  const [s1, s2, s3] = [await seller('Escola Um', '11444777000161'), await seller('Escola Dois', '11222333000181'), await seller('Escola Três', '45723174000110')];
  const open = (sellerId: number, valueCents: number, event: 'create' | 'request' = 'create') =>
    db.transaction((tx) => openRent(tx, event, { sellerId, providerId, planId: planA!.id, valueCents }, event === 'create' ? actor : { id: admin!.id, type: 'seller' }));

  // r1: paid in months 0 and 1, its month-2 charge canceled by the team, month 3 overdue, nothing in month 4; the
  // current month's charge comes from the monthly issuing and stays open.
  const r1 = await open(s1, R1_VALUE);
  await chargeOf(r1.id, 0, 'paid');
  await chargeOf(r1.id, 1, 'paid');
  await chargeOf(r1.id, 2, 'canceled');
  await chargeOf(r1.id, 3, 'overdue');

  // Escola Dois rents, cancels and rents again twice in the current month: the month is charged once.
  const a = await open(s2, RERENT_VALUE);
  await issueMonthlyCharges(t.deps);
  await db.transaction((tx) => moveRent(tx, a.id, 'cancel', actor));
  const b = await open(s2, RERENT_VALUE);
  await issueMonthlyCharges(t.deps);
  await db.transaction((tx) => moveRent(tx, b.id, 'cancel', actor));
  const c = await open(s2, RERENT_VALUE);
  await issueMonthlyCharges(t.deps);
  // The institution pays what it was charged this month.
  for (const id of [a.id, b.id, c.id]) await payCharges(id);

  // r4: requested, never charged.
  const r4 = await open(s3, 7_000, 'request');
  Object.assign(rentIds, { r1: r1.id, a: a.id, b: b.id, c: c.id, r4: r4.id });
});
afterAll(() => t?.close());

describe('provider income from what was paid', () => {
  it('per month, its share of the paid charges (fee taken), apart what is to receive; 0 where nothing was paid', async () => {
    const res = await call(t.app, 'GET', '/api/providers/dashboard', { token: own });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ProviderDashboard>();
    expect(body.platformFeeBps).toBe(FEE_BPS);
    expect(providerShareCents(R1_VALUE, FEE_BPS)).toBe(R1_SHARE);
    expect(providerShareCents(RERENT_VALUE, FEE_BPS)).toBe(RERENT_SHARE);
    expect(body.income.map((m) => m.month)).toEqual(months.map((m) => m.month));
    // Paid: months 0 and 1 (r1) and the current month (the re-rented contract, once).
    expect(body.income.map((m) => m.valueCents)).toEqual([R1_SHARE, R1_SHARE, 0, 0, 0, RERENT_SHARE]);
    // To receive: r1's overdue month 3 and its open current month; the canceled month 2 counts nowhere.
    expect(body.income.map((m) => m.pendingCents)).toEqual([0, 0, 0, R1_SHARE, 0, R1_SHARE]);
    expect(body.approved).toEqual({ count: 0, latest: [] });
    expect(body.popular).toEqual([]);
  });

  it('a cancel and re-rent in one month is charged once: one charge line for the three rents of the month', async () => {
    const lines = await t.deps.db
      .select({ rentId: chargeRents.rentId, status: charges.status })
      .from(chargeRents)
      .innerJoin(charges, eq(charges.id, chargeRents.chargeId))
      .where(eq(chargeRents.period, periodOfIndex(5)));
    const mine = lines.filter((l) => [rentIds.a, rentIds.b, rentIds.c].includes(l.rentId));
    expect(mine).toEqual([{ rentId: rentIds.a, status: 'paid' }]);
  });

  it("another provider's income is never in it: the demo provider sees only its own rental's paid months", async () => {
    const body = (await call(t.app, 'GET', '/api/providers/dashboard', { token: demo })).json<ProviderDashboard>();
    const [demoRent] = await t.deps.db
      .select({ valueCents: rents.valueCents })
      .from(rents)
      .innerJoin(providers, eq(providers.id, rents.providerId))
      .where(and(eq(rents.status, 'active'), eq(providers.email, demoEmail('provider'))));
    const share = providerShareCents(demoRent!.valueCents, FEE_BPS);
    // The demo's past months were issued and paid when it was loaded; nothing of this file's provider shows.
    expect(body.income.every((m) => m.valueCents === 0 || m.valueCents === share)).toBe(true);
    expect(body.income.slice(0, -1).some((m) => m.valueCents === share)).toBe(true);
    expect(body.income.at(-1)!.valueCents).toBe(0);
    expect(body.approved.count).toBeGreaterThan(0);
    expect(body.approved.latest[0]!.knowledges.length).toBeGreaterThan(0);
    expect(body.popular.length).toBeGreaterThan(0);
    // The provider comes from the session: a query naming another provider is refused, not obeyed.
    expect((await call(t.app, 'GET', '/api/providers/my-rents', { token: demo, query: { providerId: String(providerId) } })).statusCode).toBe(400);
  });

  it('refuses other roles (403) and a provider under analysis', async () => {
    for (const local of ['admin', 'director', 'seller', 'seller.conteudo', 'editor', 'serviceprovider', 'curator']) {
      const token = await signIn(t.app, local);
      expect((await call(t.app, 'GET', '/api/providers/dashboard', { token })).statusCode, local).toBe(403);
      expect((await call(t.app, 'GET', '/api/providers/my-rents', { token })).statusCode, local).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/providers/dashboard')).statusCode).toBe(401);
    await providerWithUser('Editora Nova', 'nova@exemplo.com.br', 'review');
    const inReview = await signIn(t.app, 'nova@exemplo.com.br', 'senha-teste');
    const res = await call(t.app, 'GET', '/api/providers/dashboard', { token: inReview });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(INCOME_TEXT.inReview);
  });
});

describe("provider 'Meus alugueis'", () => {
  it('lists its own rents newest first, 5 per page, each with what it brought (its paid charges, fee taken)', async () => {
    const res = await call(t.app, 'GET', '/api/providers/my-rents', { token: own });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<MyRentsPage>();
    expect(page.total).toBe(5);
    expect(page.limit).toBe(5);
    expect(page.data.map((r) => r.id)).toEqual([rentIds.r4, rentIds.c, rentIds.b, rentIds.a, rentIds.r1]);
    expect(page.data.map((r) => r.status)).toEqual(['requested', 'active', 'canceled', 'canceled', 'active']);
    expect(page.data.find((r) => r.id === rentIds.r1)).toMatchObject({ seller: { name: 'Escola Um', logoUrl: '/uploads/logos/logo-um.png' }, valueCents: R1_VALUE, receivedCents: 2 * R1_SHARE });
    expect(page.data.find((r) => r.id === rentIds.a)).toMatchObject({ seller: { name: 'Escola Dois', logoUrl: null }, receivedCents: RERENT_SHARE });
    for (const id of [rentIds.b, rentIds.c, rentIds.r4]) expect(page.data.find((r) => r.id === id)!.receivedCents).toBe(0);

    const second = (await call(t.app, 'GET', '/api/providers/my-rents', { token: own, query: { page: '2', limit: '3' } })).json<MyRentsPage>();
    expect(second.data.map((r) => r.id)).toEqual([rentIds.a, rentIds.r1]);
  });

  it('a plan change keeps what the contract brought: the successor carries its predecessor\'s paid months', async () => {
    const db = t.deps.db;
    const [, planB] = await db.select({ id: plans.id }).from(plans).orderBy(plans.id);
    const moved = await db.transaction((tx) => moveRent(tx, rentIds.r1!, 'changePlan', actor, { plan: { planId: planB!.id, valueCents: 5_000 } }));
    const page = (await call(t.app, 'GET', '/api/providers/my-rents', { token: own })).json<MyRentsPage>();
    expect(page.data.find((r) => r.id === moved.successor!.id)).toMatchObject({ valueCents: 5_000, receivedCents: 2 * R1_SHARE });
    expect(page.data.some((r) => r.id === rentIds.r1)).toBe(false);
  });

  it("never shows another provider's rents", async () => {
    const page = (await call(t.app, 'GET', '/api/providers/my-rents', { token: demo })).json<MyRentsPage>();
    expect(page.data.some((r) => Object.values(rentIds).includes(r.id))).toBe(false);
    expect(page.data.map((r) => r.seller.name)).toEqual(['Faculdade Vale do Saber']);
    expect(page.data[0]!.receivedCents).toBeGreaterThan(0);
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
