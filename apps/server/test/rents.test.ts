/**
 * The rent lists and moves through HTTP: the institution's 'Meus alugueis' (spec 3 §2.8)
 * and the rentals control of admin and director (§2.12). The rent machine by role and state (admin and
 * director make every admin move; seller and content manager only the institution's cancel, on their own
 * rents; the assistant only reads; provider and staff users are refused), another institution's rent
 * answers 404, bad bodies 400 in pt-BR changing nothing, duplicates and final states 409, counts per tab,
 * audit rows and the notifications of each move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { RENT_MSG } from '@edu/shared/rent-machine';
import { RENTS_MSG, type PlansSellerReply, type RentMoveReply, type RentsControlPage, type RentsPage, type RentableProvider } from '@edu/shared/rents';
import { notifications, planPrices, plans, providers, rentHistory, rents, sellers, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { DEMO_SELLER_CNPJ } from '../src/demo/accounts';
import { call, createTestApp, demoEmail, emailsTo, signIn, type TestApp } from './harness';

let t: TestApp;
const tok: Record<string, string> = {};
let demoSeller: number;
let horizonte: number;
let planIds: number[];
/** Extra providers: approved with prices (one accented), approved without price, rejected, service provider. */
const P: Record<'agora' | 'beta' | 'gama' | 'noPrice' | 'rejected' | 'partner', number> = {} as never;
/** Another institution with a rent of its own. */
let otherSeller: number;
let otherRent: number;

const db = () => t.deps.db;

async function provider(companyName: string, opts: { status?: string; service?: boolean; premium?: boolean; prices?: number[] } = {}) {
  const [row] = await db()
    .insert(providers)
    .values({
      companyName,
      name: companyName,
      email: `${companyName.normalize('NFD').replace(/[^a-z]/gi, '').toLowerCase()}@exemplo.com.br`,
      typePerson: 'PJ',
      status: opts.status ?? 'active',
      isServiceProvider: opts.service ?? false,
      condition: opts.premium ? 'premium' : 'basic',
      publishedUnits: 7,
    })
    .returning({ id: providers.id });
  if (opts.prices) await db().insert(planPrices).values(opts.prices.map((v, i) => ({ planId: planIds[i]!, providerId: row!.id, valueCents: v })));
  return row!.id;
}

async function institution(name: string): Promise<number> {
  const [row] = await db().insert(sellers).values({ name, cnpj: '11222333000181', companyName: name, status: 'active', planId: planIds[0]! }).returning({ id: sellers.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const local of ['admin', 'director', 'manager', 'curator', 'provider', 'editor', 'serviceprovider', 'seller', 'seller.assistente', 'seller.conteudo']) {
    tok[local] = await signIn(t.app, local);
  }
  [{ id: demoSeller }] = (await db().select({ id: sellers.id }).from(sellers).where(eq(sellers.cnpj, DEMO_SELLER_CNPJ))) as [{ id: number }];
  [{ id: horizonte }] = (await db().select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail('provider')))) as [{ id: number }];
  planIds = (await db().select({ id: plans.id }).from(plans).orderBy(plans.minRent, plans.id)).map((p) => p.id);
  P.agora = await provider('Ágora Editora', { premium: true, prices: [50_000, 120_000, 300_000] });
  P.beta = await provider('Beta Conteúdos', { prices: [60_000, 130_000] });
  P.gama = await provider('Gama Saberes', { prices: [70_000, 140_000, 310_000] });
  P.noPrice = await provider('Sem Preço Ltda');
  P.rejected = await provider('Reprovada SA', { status: 'rejected', prices: [10_000] });
  P.partner = await provider('Parceira Serviços', { service: true, prices: [10_000] });
  otherSeller = await institution('Instituição Outra');
  const [r] = await db().insert(rents).values({ sellerId: otherSeller, providerId: P.agora, planId: planIds[0]!, valueCents: 50_000, status: 'active' }).returning({ id: rents.id });
  otherRent = r!.id;
});
afterAll(() => t?.close());

const get = <T>(token: string, url: string, query?: Record<string, string>) =>
  call(t.app, 'GET', url, { token, query }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });
const create = (token: string, payload: object) => call(t.app, 'POST', '/api/sellers/rents/plans-rents', { token, payload });
const setStatus = (token: string, id: number, payload: object) => call(t.app, 'PUT', `/api/sellers/rents/${id}`, { token, payload });
const changePlan = (token: string, id: number, payload: object) => call(t.app, 'PUT', `/api/sellers/rents/${id}/plan`, { token, payload });
const cancel = (token: string, id: number) => call(t.app, 'DELETE', `/api/sellers/rents/${id}`, { token });
const statusOf = async (id: number) => (await db().select({ status: rents.status }).from(rents).where(eq(rents.id, id)))[0]?.status;
const rentCount = async () => (await db().select({ id: rents.id }).from(rents)).length;

async function created(token: string, sellerId: number, providerId: number, planId = planIds[0]!): Promise<RentMoveReply> {
  const res = await create(token, { sellerId, providerId, planId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RentMoveReply>();
}
async function auditOf(action: string, rentId: number) {
  const rows = await db().select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id));
  return rows.filter((r) => (r.data as { rentId?: number }).rentId === rentId);
}
async function userId(local: string) {
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.email, demoEmail(local)));
  return u!.id;
}
async function bellOf(local: string) {
  return (await db().select().from(notifications).where(eq(notifications.userId, await userId(local))).orderBy(desc(notifications.id))).map((n) => n.text);
}

describe("'Meus alugueis' (GET /sellers/rents)", () => {
  it("shows the institution's open rents to its three user types, with the provider, units, plan and value", async () => {
    for (const local of ['seller', 'seller.assistente', 'seller.conteudo']) {
      const page = await get<RentsPage>(tok[local]!, '/api/sellers/rents');
      expect(page.counts).toEqual({ all: 1, active: 1, requested: 0, waiting: 0 });
      expect(page.data).toHaveLength(1);
      expect(page.data[0]).toMatchObject({ providerId: horizonte, companyName: 'Editora Horizonte Educacional', status: 'active', cancelRequestedAt: null });
      expect(page.data[0]!.planName).toBeTruthy();
      expect(page.data[0]!.valueCents).toBeGreaterThan(0);
      expect(page.limit).toBe(5);
      // Never another institution's rent.
      expect(page.data.map((r) => r.id)).not.toContain(otherRent);
    }
  });

  it('is refused to provider, staff and admin users (403)', async () => {
    for (const local of ['provider', 'editor', 'serviceprovider', 'manager', 'curator', 'admin', 'director']) {
      expect((await call(t.app, 'GET', '/api/sellers/rents', { token: tok[local] })).statusCode, local).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/sellers/rents')).statusCode).toBe(401);
  });

  it('refuses a bad filter with a pt-BR message', async () => {
    for (const query of [{ status: 'canceled' }, { order: 'preço' }, { page: '0' }, { limit: '1000' }, { outro: '1' }] as Record<string, string>[]) {
      const res = await call(t.app, 'GET', '/api/sellers/rents', { token: tok.seller, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toMatch(/Valor inválido|Campo não permitido|não/);
    }
  });
});

describe('rentals control: lists, counts per tab, search and order (GET /sellers/rents-control/:sellerId)', () => {
  let seller: number;
  beforeAll(async () => {
    seller = await institution('Colégio das Contagens');
    // active Ágora, requested Beta, waiting Gama, active Horizonte; a canceled and a migrated one hidden.
    const a = await created(tok.admin!, seller, P.agora);
    const b = await created(tok.admin!, seller, P.beta);
    const g = await created(tok.admin!, seller, P.gama);
    await created(tok.director!, seller, horizonte);
    expect((await setStatus(tok.admin!, b.rent.id, { status: 'requested' })).statusCode).toBe(200);
    expect((await setStatus(tok.admin!, g.rent.id, { status: 'waiting' })).statusCode).toBe(200);
    expect((await changePlan(tok.admin!, a.rent.id, { planId: planIds[1]! })).statusCode).toBe(200); // a migrated + a new active
  });

  it('counts per status with the search applied, and filters by tab', async () => {
    const all = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`, { limit: '50' });
    expect(all.seller).toMatchObject({ id: seller, name: 'Colégio das Contagens' });
    expect(all.counts).toEqual({ all: 4, active: 2, requested: 1, waiting: 1 });
    expect(all.total).toBe(4);
    expect(all.data.every((r) => ['active', 'requested', 'waiting'].includes(r.status))).toBe(true);
    const active = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`, { status: 'active' });
    expect(active.total).toBe(2);
    expect(active.data.map((r) => r.companyName).sort()).toEqual(['Editora Horizonte Educacional', 'Ágora Editora']);
    const waiting = await get<RentsControlPage>(tok.director!, `/api/sellers/rents-control/${seller}`, { status: 'waiting' });
    expect(waiting.data.map((r) => r.companyName)).toEqual(['Gama Saberes']);
    // Accent- and case-free search on the company name; the counts follow it.
    const found = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`, { name: 'AGORA' });
    expect(found.data.map((r) => r.companyName)).toEqual(['Ágora Editora']);
    expect(found.counts).toEqual({ all: 1, active: 1, requested: 0, waiting: 0 });
  });

  it('orders A-Z (accents ignored) or newest first (default), and pages by 5', async () => {
    const az = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`, { order: 'name' });
    expect(az.data.map((r) => r.companyName)).toEqual(['Ágora Editora', 'Beta Conteúdos', 'Editora Horizonte Educacional', 'Gama Saberes']);
    const recent = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`);
    // The Ágora rent made by the plan change is the newest.
    expect(recent.data[0]!.companyName).toBe('Ágora Editora');
    const ids = recent.data.map((r) => r.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const page2 = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`, { limit: '3', page: '2' });
    expect(page2.data).toHaveLength(1);
    expect(page2.total).toBe(4);
  });

  it('answers 404 for an unknown institution and 403 to everyone but admin and director', async () => {
    expect((await call(t.app, 'GET', '/api/sellers/rents-control/999999', { token: tok.admin })).statusCode).toBe(404);
    for (const local of ['manager', 'curator', 'provider', 'editor', 'seller', 'seller.conteudo', 'seller.assistente']) {
      expect((await call(t.app, 'GET', `/api/sellers/rents-control/${demoSeller}`, { token: tok[local] })).statusCode, local).toBe(403);
    }
  });
});

describe("'Novo Aluguel' (POST /sellers/rents/plans-rents)", () => {
  it('creates an active rent at the price of plan_prices, audits it and tells the institution', async () => {
    const seller = await institution('Escola Nova');
    const [member] = await db()
      .insert(users)
      .values({ name: 'Gestora Nova', email: 'gestora.nova@exemplo.com.br', passwordHash: 'x', type: 'seller', status: 'active', sellerId: seller })
      .returning({ id: users.id });
    const res = await created(tok.admin!, seller, P.gama, planIds[1]!);
    expect(res.message).toBe(RENTS_MSG.created);
    expect(res.rent).toMatchObject({ status: 'active', providerId: P.gama, planId: planIds[1], valueCents: 140_000, companyName: 'Gama Saberes', units: 7 });
    const [audit] = await auditOf('created_rent', res.rent.id);
    // The entry's sellerId is the ACTOR's institution (none for the platform team); the rent's is in data.
    expect(audit).toMatchObject({ sellerId: null, userId: await userId('admin'), data: { sellerId: seller, providerId: P.gama, planId: planIds[1], valueCents: 140_000 } });
    const bell = await db().select().from(notifications).where(eq(notifications.userId, member!.id));
    expect(bell.map((n) => n.text).join()).toContain('Aluguel ativado');
    expect(bell[0]!.text).toContain('Gama Saberes');
    const history = await db().select().from(rentHistory).where(eq(rentHistory.rentId, res.rent.id));
    expect(history.map((h) => h.status)).toEqual(['active']);
  });

  it('refuses a second open rent of the same pair (409) and changes nothing', async () => {
    const seller = await institution('Escola Duplicada');
    await created(tok.admin!, seller, P.beta);
    const before = await rentCount();
    const again = await create(tok.director!, { sellerId: seller, providerId: P.beta, planId: planIds[1]! });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENT_MSG.alreadyAssociated);
    expect(await rentCount()).toBe(before);
  });

  it('refuses bad bodies with field-level pt-BR messages, and changes nothing', async () => {
    const before = await rentCount();
    const cases: [object, number, string][] = [
      [{}, 400, MSG.required],
      [{ sellerId: demoSeller, providerId: P.gama }, 400, MSG.required],
      [{ sellerId: demoSeller, planId: planIds[0] }, 400, MSG.required],
      [{ sellerId: demoSeller, providerId: 'x', planId: planIds[0] }, 400, MSG.invalidValue],
      [{ sellerId: demoSeller, providerId: -1, planId: planIds[0] }, 400, MSG.invalidValue],
      [{ sellerId: demoSeller, providerId: P.gama, planId: planIds[0], valueCents: 1 }, 400, MSG.unknownField('valueCents')],
      [{ sellerId: demoSeller, providerId: P.gama, planId: 999_999 }, 400, RENTS_MSG.unknownPlan],
      [{ sellerId: demoSeller, providerId: P.beta, planId: planIds[2]! }, 400, RENTS_MSG.noPriceOnPlan],
      [{ sellerId: demoSeller, providerId: P.noPrice, planId: planIds[0] }, 400, RENTS_MSG.noPriceOnPlan],
      [{ sellerId: demoSeller, providerId: P.rejected, planId: planIds[0] }, 400, RENT_MSG.notRentable],
      [{ sellerId: demoSeller, providerId: P.partner, planId: planIds[0] }, 400, RENT_MSG.notRentable],
      [{ sellerId: demoSeller, providerId: 999_999, planId: planIds[0] }, 400, RENT_MSG.notRentable],
      [{ sellerId: 999_999, providerId: P.gama, planId: planIds[0] }, 404, MSG.notFound],
    ];
    for (const [payload, status, message] of cases) {
      const res = await create(tok.admin!, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    const missing = await create(tok.admin!, { sellerId: demoSeller });
    expect(missing.json().fields).toEqual({ providerId: MSG.required, planId: MSG.required });
    expect(await rentCount()).toBe(before);
  });

  it('is for admin and director only (403)', async () => {
    for (const local of ['manager', 'curator', 'provider', 'editor', 'serviceprovider', 'seller', 'seller.conteudo', 'seller.assistente']) {
      const res = await create(tok[local]!, { sellerId: demoSeller, providerId: P.gama, planId: planIds[0] });
      expect(res.statusCode, local).toBe(403);
    }
  });
});

describe('the panel data: plans with a price and rentable providers', () => {
  it('lists every plan with the asked provider’s price on it (null where none)', async () => {
    const r = await get<PlansSellerReply>(tok.admin!, `/api/sellers/plans-seller/${demoSeller}`, { providerId: String(P.beta) });
    expect(r.plans.map((p) => p.id)).toEqual(planIds);
    expect(r.plans.map((p) => p.valueCents)).toEqual([60_000, 130_000, null]);
    expect(r.sellerPlanId).not.toBeNull();
    const bare = await get<PlansSellerReply>(tok.director!, `/api/sellers/plans-seller/${demoSeller}`);
    expect(bare.plans.every((p) => p.valueCents === null)).toBe(true);
    expect((await call(t.app, 'GET', '/api/sellers/plans-seller/999999', { token: tok.admin })).statusCode).toBe(404);
  });

  it('offers approved catalogue providers with a price on the plan, marking those already rented', async () => {
    const url = `/api/sellers/providers/${demoSeller}`;
    const r = await get<{ data: RentableProvider[]; total: number }>(tok.admin!, url, { planId: String(planIds[0]) });
    const names = r.data.map((p) => p.companyName);
    expect(names).toEqual(['Ágora Editora', 'Beta Conteúdos', 'Editora Horizonte Educacional', 'Gama Saberes']);
    expect(r.total).toBe(4);
    expect(r.data.find((p) => p.id === horizonte)!.rented).toBe(true);
    expect(r.data.find((p) => p.id === P.agora)).toMatchObject({ rented: false, condition: 'premium', units: 7, valueCents: 50_000 });
    const plan3 = await get<{ data: RentableProvider[] }>(tok.admin!, url, { planId: String(planIds[2]) });
    expect(plan3.data.map((p) => p.companyName)).not.toContain('Beta Conteúdos');
    const search = await get<{ data: RentableProvider[] }>(tok.admin!, url, { planId: String(planIds[0]), name: 'gamá' });
    expect(search.data.map((p) => p.companyName)).toEqual(['Gama Saberes']);
    const noPlan = await call(t.app, 'GET', url, { token: tok.admin });
    expect(noPlan.statusCode).toBe(400);
    expect(noPlan.json().message).toBe(MSG.required);
  });
});

describe('manage status (PUT /sellers/rents/:id)', () => {
  it('moves between requested, waiting and active; activating tells the institution; each move audited', async () => {
    const seller = await institution('Escola dos Status');
    const [member] = await db()
      .insert(users)
      .values({ name: 'Gestor Status', email: 'gestor.status@exemplo.com.br', passwordHash: 'x', type: 'seller_assistent', status: 'active', sellerId: seller })
      .returning({ id: users.id });
    const { rent } = await created(tok.admin!, seller, P.agora);
    for (const [token, status] of [[tok.admin!, 'waiting'], [tok.director!, 'requested'], [tok.admin!, 'active']] as const) {
      const res = await setStatus(token, rent.id, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RentMoveReply>()).toMatchObject({ message: RENTS_MSG.statusChanged, rent: { status } });
    }
    const audits = await auditOf('updated_rent_status', rent.id);
    expect(audits.map((a) => (a.data as { to: string }).to).reverse()).toEqual(['waiting', 'requested', 'active']);
    const bell = await db().select().from(notifications).where(eq(notifications.userId, member!.id));
    expect(bell.filter((n) => n.text.includes('Aluguel ativado'))).toHaveLength(2); // created active, then activated again
    // Choosing the current status: 409, nothing written.
    const same = await setStatus(tok.admin!, rent.id, { status: 'active' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(RENT_MSG.sameStatus);
  });

  it('refuses a status outside the modal (400), an unknown rent (404) and every non-admin (403)', async () => {
    const { rent } = await created(tok.admin!, await institution('Escola Recusas'), P.agora);
    for (const payload of [{}, { status: 'canceled' }, { status: 'migrated' }, { status: 'pending' }, { status: 'active', extra: 1 }]) {
      const res = await setStatus(tok.admin!, rent.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await setStatus(tok.admin!, rent.id, {})).json().message).toBe(MSG.required);
    expect((await setStatus(tok.admin!, rent.id, { status: 'canceled' })).json().message).toBe(MSG.invalidValue);
    expect((await setStatus(tok.admin!, 999_999, { status: 'waiting' })).statusCode).toBe(404);
    for (const local of ['manager', 'curator', 'provider', 'editor', 'seller', 'seller.conteudo', 'seller.assistente']) {
      expect((await setStatus(tok[local]!, rent.id, { status: 'waiting' })).statusCode, local).toBe(403);
    }
    expect(await statusOf(rent.id)).toBe('active');
  });
});

describe('edit subscription (PUT /sellers/rents/:id/plan)', () => {
  it('replaces plan and price in place on a rent that was never active', async () => {
    // A requested rent as a payment request opens it (fixture rows: the cart is not under test here).
    const [rent] = await db()
      .insert(rents)
      .values({ sellerId: await institution('Escola Plano A'), providerId: P.gama, planId: planIds[0]!, valueCents: 70_000, status: 'requested' })
      .returning();
    await db().insert(rentHistory).values({ rentId: rent!.id, status: 'requested' });
    const res = await changePlan(tok.director!, rent!.id, { planId: planIds[2]! });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RentMoveReply>();
    expect(body).toMatchObject({ message: RENTS_MSG.planChanged, rent: { id: rent!.id, status: 'requested', planId: planIds[2], valueCents: 310_000, everActive: false } });
    expect(body.successor).toBeUndefined();
    const [audit] = await auditOf('changed_rent_plan', rent!.id);
    expect(audit!.data).toMatchObject({ fromPlanId: planIds[0], toPlanId: planIds[2], valueCents: 310_000, successorId: null });
  });

  it('keeps an active rent as migrated history and opens a new active one with the new plan and price', async () => {
    const seller = await institution('Escola Plano B');
    const { rent } = await created(tok.admin!, seller, P.agora);
    const res = await changePlan(tok.admin!, rent.id, { planId: planIds[1]! });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RentMoveReply>();
    expect(body.rent).toMatchObject({ id: rent.id, status: 'migrated', planId: planIds[0], valueCents: 50_000 });
    expect(body.successor).toMatchObject({ status: 'active', planId: planIds[1], valueCents: 120_000, providerId: P.agora, everActive: true });
    const list = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`);
    expect(list.data.map((r) => r.id)).toEqual([body.successor!.id]);
  });

  it('an active rent set back to waiting is not re-priced in place: it becomes migrated and a new waiting rent takes the plan', async () => {
    const seller = await institution('Escola Plano D');
    const { rent } = await created(tok.admin!, seller, P.gama);
    expect((await setStatus(tok.admin!, rent.id, { status: 'waiting' })).statusCode).toBe(200);
    // The rows say so (the edit modal warns of the split from the same rule, rent-machine changePlanSplits).
    const before = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`);
    expect(before.data.map((r) => [r.id, r.status, r.everActive])).toEqual([[rent.id, 'waiting', true]]);
    const res = await changePlan(tok.admin!, rent.id, { planId: planIds[2]! });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RentMoveReply>();
    // The paid months keep their value: the old rent is history at its own plan and price.
    expect(body.rent).toMatchObject({ id: rent.id, status: 'migrated', planId: planIds[0], valueCents: 70_000 });
    expect(body.successor).toMatchObject({ status: 'waiting', planId: planIds[2], valueCents: 310_000, providerId: P.gama, everActive: false });
    const history = await db().select({ status: rentHistory.status }).from(rentHistory).where(eq(rentHistory.rentId, rent.id)).orderBy(rentHistory.id);
    expect(history.map((h) => h.status)).toEqual(['active', 'waiting', 'migrated']);
    const list = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`);
    expect(list.data.map((r) => [r.id, r.status])).toEqual([[body.successor!.id, 'waiting']]);
  });

  it('refuses the same plan (409), a plan without price or unknown (400), bad bodies (400) and final rents (409)', async () => {
    const { rent } = await created(tok.admin!, await institution('Escola Plano C'), P.beta);
    const same = await changePlan(tok.admin!, rent.id, { planId: planIds[0]! });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(RENTS_MSG.samePlan);
    expect((await changePlan(tok.admin!, rent.id, { planId: planIds[2]! })).json()).toMatchObject({ statusCode: 400, message: RENTS_MSG.noPriceOnPlan });
    expect((await changePlan(tok.admin!, rent.id, { planId: 999_999 })).json()).toMatchObject({ statusCode: 400, message: RENTS_MSG.unknownPlan });
    expect((await changePlan(tok.admin!, rent.id, {})).json()).toMatchObject({ statusCode: 400, message: MSG.required });
    expect((await changePlan(tok.admin!, rent.id, { planId: 'dois' })).json()).toMatchObject({ statusCode: 400, message: MSG.invalidValue });
    expect((await changePlan(tok.admin!, 999_999, { planId: planIds[1]! })).statusCode).toBe(404);
    for (const local of ['manager', 'provider', 'seller', 'seller.conteudo', 'seller.assistente']) {
      expect((await changePlan(tok[local]!, rent.id, { planId: planIds[1]! })).statusCode, local).toBe(403);
    }
    expect((await cancel(tok.admin!, rent.id)).statusCode).toBe(200);
    const final = await changePlan(tok.admin!, rent.id, { planId: planIds[1]! });
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toBe(RENT_MSG.final);
  });
});

describe('cancel (DELETE /sellers/rents/:id)', () => {
  it('admin and director cancel the subscription; a canceled rent is final (409) and leaves the lists', async () => {
    const seller = await institution('Escola Cancelada');
    const { rent } = await created(tok.admin!, seller, P.gama);
    const res = await cancel(tok.director!, rent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RentMoveReply>()).toMatchObject({ message: RENTS_MSG.adminCanceled, rent: { status: 'canceled' } });
    expect(await auditOf('canceled_rent', rent.id)).toHaveLength(1);
    for (const res2 of [await cancel(tok.admin!, rent.id), await setStatus(tok.admin!, rent.id, { status: 'active' })]) {
      expect(res2.statusCode).toBe(409);
      expect(res2.json().message).toBe(RENT_MSG.final);
    }
    const list = await get<RentsControlPage>(tok.admin!, `/api/sellers/rents-control/${seller}`);
    expect(list.data).toEqual([]);
    expect(list.counts.all).toBe(0);
    // The pair is free again.
    expect((await create(tok.admin!, { sellerId: seller, providerId: P.gama, planId: planIds[0] })).statusCode).toBe(200);
  });

  it("the institution cancels an unpaid rent at once and tells the provider and the platform team", async () => {
    const { rent } = await created(tok.admin!, demoSeller, P.beta);
    await setStatus(tok.admin!, rent.id, { status: 'waiting' });
    const adminMails = (await emailsTo(t.deps, demoEmail('admin'))).length;
    const res = await cancel(tok['seller.conteudo']!, rent.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RentMoveReply>()).toMatchObject({
      title: RENTS_MSG.cancelRequestedTitle,
      message: RENTS_MSG.canceledUnpaid,
      cancellationRequested: false,
      rent: { status: 'canceled' },
    });
    expect(await auditOf('canceled_rent', rent.id)).toHaveLength(1);
    expect((await bellOf('admin'))[0]).toContain('cancelou o pedido de aluguel de <strong>Beta Conteúdos</strong>');
    expect((await bellOf('director'))[0]).toContain('Beta Conteúdos');
    expect((await emailsTo(t.deps, demoEmail('admin'))).length).toBe(adminMails + 1);
    const page = await get<RentsPage>(tok.seller!, '/api/sellers/rents');
    expect(page.data.map((r) => r.id)).not.toContain(rent.id);
  });

  it("the institution's cancel of an active rent records a request (status unchanged), tells provider and team, once", async () => {
    const [horizonteRent] = await db()
      .select()
      .from(rents)
      .where(and(eq(rents.sellerId, demoSeller), eq(rents.providerId, horizonte), inArray(rents.status, ['active'])));
    const providerMails = (await emailsTo(t.deps, demoEmail('provider'))).length;
    const res = await cancel(tok.seller!, horizonteRent!.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<RentMoveReply>();
    expect(body).toMatchObject({ title: RENTS_MSG.cancelRequestedTitle, message: RENTS_MSG.cancelNote, cancellationRequested: true, rent: { status: 'active' } });
    expect(body.rent.cancelRequestedAt).not.toBeNull();
    expect(await statusOf(horizonteRent!.id)).toBe('active');
    const [audit] = await auditOf('requested_rent_cancellation', horizonteRent!.id);
    expect(audit).toMatchObject({ sellerId: demoSeller, userId: await userId('seller') });
    // The provider's account holder: bell and e-mail; its editor is not told.
    expect((await bellOf('provider'))[0]).toContain('solicitou o cancelamento do aluguel do seu catálogo');
    expect(await bellOf('editor')).not.toContainEqual(expect.stringContaining('cancelamento'));
    const mails = await emailsTo(t.deps, demoEmail('provider'));
    expect(mails.length).toBe(providerMails + 1);
    expect(mails[0]!.subject).toBe('Solicitação de cancelamento de aluguel');
    const teamMail = (await emailsTo(t.deps, demoEmail('director')))[0]!;
    expect(teamMail.text).toContain(`/seller/rents-control/${demoSeller}`);
    // The list shows the pending request; asking twice is refused.
    const page = await get<RentsPage>(tok['seller.assistente']!, '/api/sellers/rents', { status: 'active' });
    expect(page.data.find((r) => r.id === horizonteRent!.id)!.cancelRequestedAt).not.toBeNull();
    const again = await cancel(tok['seller.conteudo']!, horizonteRent!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RENT_MSG.alreadyRequested);
    // An admin then cancels it: the provider's account holder is told (bell and e-mail), not its editor.
    expect((await cancel(tok.admin!, horizonteRent!.id)).json<RentMoveReply>().rent.status).toBe('canceled');
    expect((await bellOf('provider'))[0]).toContain('foi cancelado pela equipe da plataforma');
    expect(await bellOf('editor')).not.toContainEqual(expect.stringContaining('cancelado'));
    const after = await emailsTo(t.deps, demoEmail('provider'));
    expect(after.length).toBe(providerMails + 2);
    expect(after[0]!.subject).toBe('Aluguel cancelado');
    // The admin's entry is not the institution's: its Relatório de Logs shows its own users' entries only.
    const [adminAudit] = await auditOf('canceled_rent', horizonteRent!.id);
    expect(adminAudit).toMatchObject({ sellerId: null, userId: await userId('admin'), data: { sellerId: demoSeller } });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const logs = await get<{ data: { userId: number | null }[] }>(tok.seller!, '/api/reports/logs', { start_date: today, end_date: today, log_type: 'canceled_rent' });
    expect(logs.data.length).toBeGreaterThan(0);
    expect(logs.data.map((r) => r.userId)).not.toContain(await userId('admin'));
  });

  it("answers 404 for another institution's rent and for a missing one, and changes nothing", async () => {
    for (const local of ['seller', 'seller.conteudo']) {
      const foreign = await cancel(tok[local]!, otherRent);
      const missing = await cancel(tok[local]!, 999_999);
      expect(foreign.statusCode, local).toBe(404);
      expect(foreign.json()).toEqual(missing.json());
    }
    expect(await statusOf(otherRent)).toBe('active');
  });

  it('is refused to the assistant (read only), provider and staff users (403)', async () => {
    const { rent } = await created(tok.admin!, demoSeller, P.agora);
    for (const local of ['seller.assistente', 'provider', 'editor', 'serviceprovider', 'manager', 'curator']) {
      expect((await cancel(tok[local]!, rent.id)).statusCode, local).toBe(403);
    }
    expect(await statusOf(rent.id)).toBe('active');
    expect((await cancel(tok.seller!, 'abc' as unknown as number)).statusCode).toBe(400);
  });
});
