/**
 * Plans and plan prices (spec 3 §2.1, §5, §7 "Providers and plans"): admin and director only; field-level
 * pt-BR refusals that change nothing; prices in integer centavos, one per plan and provider (409); audit rows
 * in the change's transaction; the public sign-up plans keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PLAN_MSG, type Plan, type PlanPrice, type PlansPage } from '@edu/shared/plans';
import { MSG } from '@edu/shared/messages';
import { planPrices, plans, providers } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { DEMO_PRICES_CENTS } from '../src/demo/marketplace';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildProvider } from './factories';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
const auditOf = async (action: string) => t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(auditLogs.id);
const planCount = async () => Number((await t.deps.db.select({ n: count() }).from(plans))[0]!.n);
const priceCount = async () => Number((await t.deps.db.select({ n: count() }).from(planPrices))[0]!.n);

let demoProvider: number;
let reviewProvider: number;
const validPlan = { name: 'Plano Rede', description: 'Para redes de ensino.', minRent: 20_001, maxRent: 50_000 };

beforeAll(async () => {
  t = await createTestApp();
  const [p] = await t.deps.db.select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail('provider')));
  demoProvider = p!.id;
  reviewProvider = await buildProvider(t.deps.db, { companyName: 'Em Análise Ltda', name: 'Resp', email: 'analise@exemplo.com.br', typePerson: 'Fornecedor', status: 'review' });
});
afterAll(() => t?.close());

describe('who may manage plans', () => {
  it.each(['seller', 'seller.conteudo', 'provider', 'editor', 'manager', 'curator', 'serviceprovider'])('%s is refused (403) and nothing changes', async (local) => {
    const token = await tok(local);
    const before = [await planCount(), await priceCount()];
    expect((await call(t.app, 'GET', '/api/providers/plans/search', { token })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/providers/plans/create', { token, payload: validPlan })).statusCode).toBe(403);
    expect((await call(t.app, 'PUT', '/api/providers/plans/update/1', { token, payload: validPlan })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/providers/plans-value/search', { token, query: { providerId: String(demoProvider) } })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/providers/plans-value/create', { token, payload: { planId: 1, providerId: demoProvider, value: 100 } })).statusCode,
    ).toBe(403);
    expect([await planCount(), await priceCount()]).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/api/providers/plans/search')).statusCode).toBe(401);
  });
});

describe('plans', () => {
  it('admin creates a plan, audited; director edits it, audited', async () => {
    const res = await call(t.app, 'POST', '/api/providers/plans/create', { token: await tok('admin'), payload: { ...validPlan, name: '  Plano Rede  ' } });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<Plan>();
    expect(created).toMatchObject({ name: 'Plano Rede', minRent: 20_001, maxRent: 50_000 });
    const audit = (await auditOf('created_plan')).at(-1)!;
    expect(audit.data).toMatchObject({ planId: created.id, name: 'Plano Rede' });

    const upd = await call(t.app, 'PUT', `/api/providers/plans/update/${created.id}`, {
      token: await tok('director'),
      payload: { ...validPlan, name: 'Plano Rede Plus', maxRent: 60_000 },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json<Plan>()).toMatchObject({ id: created.id, name: 'Plano Rede Plus', maxRent: 60_000 });
    const updAudit = (await auditOf('updated_plan')).at(-1)!;
    expect(updAudit.data).toMatchObject({ planId: created.id, before: { name: 'Plano Rede', maxRent: 50_000 }, after: { name: 'Plano Rede Plus', maxRent: 60_000 } });
  });

  it.each([
    [{ ...validPlan, name: '' }, { name: PLAN_MSG.required }],
    [{ ...validPlan, description: ' ' }, { description: PLAN_MSG.required }],
    [{ ...validPlan, minRent: -1 }, { minRent: PLAN_MSG.minZero }],
    [{ ...validPlan, maxRent: -5, minRent: 0 }, { maxRent: PLAN_MSG.minZero }],
    [{ ...validPlan, minRent: 10, maxRent: 9 }, { maxRent: PLAN_MSG.minAboveMax }],
    [{ ...validPlan, minRent: 1.5 }, { minRent: PLAN_MSG.wholeStudents }],
    [{ name: 'X', description: 'Y', maxRent: 3 }, { minRent: PLAN_MSG.required }],
  ])('refuses %o with 400 and the field messages, creating nothing', async (payload, fields) => {
    const before = await planCount();
    const res = await call(t.app, 'POST', '/api/providers/plans/create', { token: await tok('admin'), payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toMatchObject(fields);
    expect(await planCount()).toBe(before);
  });

  it('an unknown plan is 404; a bad edit changes nothing', async () => {
    const admin = await tok('admin');
    expect((await call(t.app, 'PUT', '/api/providers/plans/update/999999', { token: admin, payload: validPlan })).statusCode).toBe(404);
    const [essencial] = await t.deps.db.select().from(plans).where(eq(plans.name, 'Plano Essencial'));
    const bad = await call(t.app, 'PUT', `/api/providers/plans/update/${essencial!.id}`, { token: admin, payload: { ...validPlan, minRent: 9, maxRent: 1 } });
    expect(bad.statusCode).toBe(400);
    const [after] = await t.deps.db.select().from(plans).where(eq(plans.id, essencial!.id));
    expect(after).toEqual(essencial);
  });

  it('searches by name ignoring accents and case, newest first or A-Z, and carries a provider price in centavos', async () => {
    const admin = await tok('admin');
    const found = await call(t.app, 'GET', '/api/providers/plans/search', { token: admin, query: { name: 'ESSÊNCIAL' } });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<PlansPage>().data.map((p) => p.name)).toEqual(['Plano Essencial']);
    expect(found.json<PlansPage>().provider).toBeNull();
    expect(found.json<PlansPage>().data[0]).not.toHaveProperty('price');

    const az = (await call(t.app, 'GET', '/api/providers/plans/search', { token: admin, query: { order: 'name' } })).json<PlansPage>();
    expect(az.data.map((p) => p.name)).toEqual([...az.data.map((p) => p.name)].sort((a, b) => a.localeCompare(b)));

    const withPrices = (await call(t.app, 'GET', '/api/providers/plans/search', { token: admin, query: { providerId: String(demoProvider), order: 'name' } })).json<PlansPage>();
    expect(withPrices.provider).toMatchObject({ id: demoProvider, companyName: 'Editora Horizonte Educacional' });
    const byName = Object.fromEntries(withPrices.data.map((p) => [p.name, p.price?.value ?? null]));
    expect(byName).toMatchObject({ 'Plano Essencial': DEMO_PRICES_CENTS[0], 'Plano Ampliado': DEMO_PRICES_CENTS[1], 'Plano Completo': DEMO_PRICES_CENTS[2] });
    expect(byName['Plano Rede Plus']).toBeNull();

    expect((await call(t.app, 'GET', '/api/providers/plans/search', { token: admin, query: { providerId: '999999' } })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/providers/plans/search', { token: admin, query: { providerId: 'abc' } })).statusCode).toBe(400);
  });

  it('keeps the public sign-up plans working (three tiers)', async () => {
    const res = await call(t.app, 'GET', '/api/plans/signup');
    expect(res.statusCode).toBe(200);
    expect(res.json<unknown[]>()).toHaveLength(3);
  });
});

describe('plan prices (centavos)', () => {
  let planId: number;
  let priceId: number;

  beforeAll(async () => {
    const res = await call(t.app, 'POST', '/api/providers/plans/create', { token: await tok('admin'), payload: { ...validPlan, name: 'Plano Preço' } });
    planId = res.json<Plan>().id;
  });

  it('admin sets a price (integer centavos), audited; a second one for the pair is 409 in Portuguese', async () => {
    const admin = await tok('admin');
    const res = await call(t.app, 'POST', '/api/providers/plans-value/create', { token: admin, payload: { planId, providerId: demoProvider, value: 123_456 } });
    expect(res.statusCode, res.body).toBe(200);
    const price = res.json<PlanPrice>();
    expect(price).toMatchObject({ planId, providerId: demoProvider, value: 123_456 });
    priceId = price.id;
    expect((await auditOf('created_plan_price')).at(-1)!.data).toMatchObject({ priceId, planId, providerId: demoProvider, valueCents: 123_456 });

    const again = await call(t.app, 'POST', '/api/providers/plans-value/create', { token: await tok('director'), payload: { planId, providerId: demoProvider, value: 1 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PLAN_MSG.priceExists);
    const [row] = await t.deps.db.select().from(planPrices).where(eq(planPrices.id, priceId));
    expect(row!.valueCents).toBe(123_456);
  });

  it.each([
    [{ value: -1 }, 400, { value: PLAN_MSG.priceNegative }],
    [{ value: 10.5 }, 400, { value: PLAN_MSG.priceCents }],
    [{ value: '100' }, 400, { value: PLAN_MSG.priceCents }],
    [{ value: undefined }, 400, { value: PLAN_MSG.priceRequired }],
    [{ planId: 999_999 }, 400, { planId: PLAN_MSG.notFound }],
    [{ providerId: 999_999 }, 400, { providerId: PLAN_MSG.providerNotFound }],
  ])('refuses %o (%i) and stores nothing', async (change, status, fields) => {
    const before = await priceCount();
    const other = await call(t.app, 'POST', '/api/providers/plans/create', { token: await tok('admin'), payload: { ...validPlan, name: `Plano ${Math.random()}` } });
    const payload = { planId: other.json<Plan>().id, providerId: demoProvider, value: 100, ...change };
    const res = await call(t.app, 'POST', '/api/providers/plans-value/create', { token: await tok('admin'), payload });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().fields).toMatchObject(fields);
    expect(await priceCount()).toBe(before);
  });

  it('refuses a price for a provider still under analysis', async () => {
    const res = await call(t.app, 'POST', '/api/providers/plans-value/create', { token: await tok('admin'), payload: { planId, providerId: reviewProvider, value: 100 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PLAN_MSG.providerInReview);
  });

  it('updates a price, audited with before and after; refuses another pair, another id, a fraction, an unknown price', async () => {
    const admin = await tok('admin');
    const res = await call(t.app, 'PUT', `/api/providers/plans-value/update/${priceId}`, { token: admin, payload: { id: priceId, planId, providerId: demoProvider, value: 99_900 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PlanPrice>().value).toBe(99_900);
    expect((await auditOf('updated_plan_price')).at(-1)!.data).toMatchObject({ priceId, before: 123_456, after: 99_900 });

    const [essencial] = await t.deps.db.select().from(plans).where(eq(plans.name, 'Plano Essencial'));
    const refusals = [
      [{ planId: essencial!.id, providerId: demoProvider, value: 1 }, 400],
      [{ id: priceId + 1, planId, providerId: demoProvider, value: 1 }, 400],
      [{ planId, providerId: demoProvider, value: 0.5 }, 400],
    ] as const;
    for (const [payload, status] of refusals) {
      expect((await call(t.app, 'PUT', `/api/providers/plans-value/update/${priceId}`, { token: admin, payload })).statusCode).toBe(status);
    }
    expect((await call(t.app, 'PUT', '/api/providers/plans-value/update/999999', { token: admin, payload: { planId, providerId: demoProvider, value: 1 } })).statusCode).toBe(404);
    const [row] = await t.deps.db.select().from(planPrices).where(eq(planPrices.id, priceId));
    expect(row!.valueCents).toBe(99_900);
  });

  it('lists a provider’s prices, optionally for one plan; an unknown provider is 404', async () => {
    const admin = await tok('admin');
    const all = await call(t.app, 'GET', '/api/providers/plans-value/search', { token: admin, query: { providerId: String(demoProvider) } });
    expect(all.statusCode).toBe(200);
    expect(all.json<PlanPrice[]>().length).toBe(4);
    const one = await call(t.app, 'GET', '/api/providers/plans-value/search', { token: admin, query: { providerId: String(demoProvider), planId: String(planId) } });
    expect(one.json<PlanPrice[]>()).toEqual([{ id: priceId, planId, providerId: demoProvider, value: 99_900 }]);
    expect((await call(t.app, 'GET', '/api/providers/plans-value/search', { token: admin, query: { providerId: '999999' } })).statusCode).toBe(404);
    const missing = await call(t.app, 'GET', '/api/providers/plans-value/search', { token: admin });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ providerId: MSG.required });
  });
});
