/**
 * The platform team's Painel (GET /api/dashboard/staff-tasks): admin and director only; each count moves with the
 * rows it counts and equals what the destination screen shows; one statement per request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_TYPES } from '@edu/shared/access';
import type { StaffTasks } from '@edu/shared/dashboard';
import { DEMO_LOGIN_BY_TYPE } from '../src/demo/accounts';
import { charges, itemFeedbacks, plans, sellers } from '../src/db/schema';
import { call, createTestApp, signIn, statementsOf, type TestApp } from './harness';
import { buildInstitution, buildProvider, buildRent, buildUnit } from './factories';

const URL = '/api/dashboard/staff-tasks';
let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
const tasks = async (who = 'admin') => {
  const res = await call(t.app, 'GET', URL, { token: await tok(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StaffTasks>();
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('who may read the team’s tasks', () => {
  it('admin and director: 200; every other type 403; signed out 401', async () => {
    for (const type of USER_TYPES) {
      const res = await call(t.app, 'GET', URL, { token: await tok(DEMO_LOGIN_BY_TYPE[type]) });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(type === 'admin' || type === 'director' ? 200 : 403);
    }
    expect((await call(t.app, 'GET', URL)).statusCode).toBe(401);
  });
});

describe('the counts', () => {
  it('move with the rows they count, ignore the rows they do not, and match the screens they lead to', async () => {
    const db = t.deps.db;
    const before = await tasks();

    // Counted: a provider in review and one pending, a unit version sent, a requested rent, an overdue charge, a
    // suspended institution, a problem report just created and one in analysis.
    await buildProvider(db, { companyName: 'Editora Em Análise', status: 'review', email: 'analise@painel.com.br' });
    await buildProvider(db, { companyName: 'Editora Pendente', status: 'pending', email: 'pendente@painel.com.br' });
    const approved = await buildProvider(db, { companyName: 'Editora Aprovada', status: 'active', email: 'aprovada@painel.com.br' });
    await buildUnit(db, approved, { title: 'Unidade Enviada', status: 'send' });
    await buildUnit(db, approved, { title: 'Unidade Rascunho', status: 'draft' });
    const published = await buildUnit(db, approved, { title: 'Unidade Publicada' });
    const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
    const requesting = await buildInstitution(db, { name: 'Colégio Solicitante', cnpj: '90000000000101', status: 'active' });
    // The oldest request of all, so the answer names this institution whatever the demo data holds.
    await buildRent(db, { sellerId: requesting, providerId: approved, planId: plan!.id, status: 'requested', createdAt: new Date('2001-01-01T12:00:00Z') });
    const paying = await buildInstitution(db, { name: 'Colégio Pagante', cnpj: '90000000000102', status: 'active' });
    await buildRent(db, { sellerId: paying, providerId: approved, planId: plan!.id, status: 'active' });
    // An overdue charge (counted) and an open one (not).
    await db.insert(charges).values([
      { sellerId: paying, code: 'SCPAINELVENCIDA1', period: '2001-01-01', amountCents: 1_000, dueOn: '2001-01-06', status: 'overdue' },
      { sellerId: paying, code: 'SCPAINELABERTA01', period: '2001-02-01', amountCents: 1_000, dueOn: '2001-02-06', status: 'open' },
    ]);
    await buildInstitution(db, { name: 'Colégio Suspenso', cnpj: '90000000000103', status: 'suspended' });
    await buildInstitution(db, { name: 'Colégio Pendente', cnpj: '90000000000104', status: 'pending' });
    const report = { itemContentId: published.contentId, unitName: 'Unidade Publicada', errorType: 'Botões não funcionam', errorDescription: 'Não abre' };
    await db.insert(itemFeedbacks).values([
      { ...report, status: 'created' },
      { ...report, status: 'in_analysis' },
      { ...report, status: 'resolved' },
      { ...report, status: 'closed' },
    ]);

    const after = await tasks();
    expect(after).toEqual({
      providersInReview: before.providersInReview + 2,
      unitsAwaitingDelegation: before.unitsAwaitingDelegation + 1,
      rentRequests: before.rentRequests + 1,
      oldestRentRequest: { sellerId: requesting, sellerName: 'Colégio Solicitante' },
      overdueCharges: before.overdueCharges + 1,
      suspendedInstitutions: before.suspendedInstitutions + 1,
      openFeedback: before.openFeedback + 2,
    });
    expect(await tasks('director')).toEqual(after);

    // The numbers the destination screens show for the same filter.
    const token = await tok('admin');
    const providers = await call(t.app, 'GET', '/api/providers/filter?page=1&status=review', { token });
    expect(providers.json<{ counts: { review: number } }>().counts.review).toBe(after.providersInReview);
    const institutions = await call(t.app, 'GET', '/api/sellers?page=1&status=suspended', { token });
    expect(institutions.json<{ counts: { suspended: number } }>().counts.suspended).toBe(after.suspendedInstitutions);
    const newUnits = await call(t.app, 'GET', '/api/items/item/content/new?page=1', { token });
    expect(newUnits.json<{ total: number }>().total).toBe(after.unitsAwaitingDelegation);
    const overdue = await call(t.app, 'GET', '/api/charges?status=overdue', { token });
    expect(overdue.json<{ total: number }>().total).toBe(after.overdueCharges);
    const control = await call(t.app, 'GET', `/api/sellers/rents-control/${requesting}?page=1`, { token });
    expect(control.json<{ counts: { requested: number } }>().counts.requested).toBe(1);

    // Reactivating the institution takes it off the count.
    await db.update(sellers).set({ status: 'active' }).where(eq(sellers.name, 'Colégio Suspenso'));
    expect((await tasks()).suspendedInstitutions).toBe(before.suspendedInstitutions);
  });

  it('are one statement', async () => {
    expect((await statementsOf(t.app, URL, await tok('admin'))).statements).toBe(1);
  });
});
