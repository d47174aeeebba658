/**
 * 'Relatório Financeiro' through its routes: billed (charges not canceled), paid, overdue and open per month, per
 * institution and per provider, on a seeded set of charges; the filters; the CSV (';', UTF-8 BOM, amounts in reais with
 * a decimal comma); the refusals (only admin and director; a bad month range 400 in pt-BR).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CHARGE_SYSTEM } from '@edu/shared/charge-machine';
import { FINANCIAL_REPORT_CSV_HEADER, FINANCIAL_REPORT_MSG, type FinancialReport } from '@edu/shared/financial-report';
import { spToday } from '@edu/shared/format';
import { openRent } from '../src/modules/rents/rent-lifecycle';
import { insertCharge, moveCharge } from '../src/modules/charges/charges.commands';
import { plans, users } from '../src/db/schema';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildProvider } from './factories';

let t: TestApp;
const tok: Record<string, string> = {};
let actor: { id: number; type: 'admin' };
const ids = { s1: 0, s2: 0, p1: 0, p2: 0 };

/** Months of a year long past, so the demo's own charges (recent months) are never in them. */
const JAN = '2021-01';
const FEB = '2021-02';
const MAR = '2021-03';

/** A charge of `sellerId` for `month` holding `lines` (rent, amount), ended in `end`. */
async function charge(sellerId: number, month: string, lines: { rentId: number; amountCents: number }[], end: 'paid' | 'overdue' | 'canceled' | 'open') {
  await t.deps.db.transaction(async (tx) => {
    const c = await insertCharge(tx, null, { sellerId, period: `${month}-01`, dueOn: `${month}-06`, rents: lines });
    const today = spToday();
    if (end === 'paid') await moveCharge(tx, c.id, 'pay', actor, { payment: { paidOn: `${month}-05`, reference: `R${c.id}` }, today });
    if (end === 'overdue') await moveCharge(tx, c.id, 'expire', { id: null, type: CHARGE_SYSTEM }, { today });
    if (end === 'canceled') await moveCharge(tx, c.id, 'cancel', actor, { today });
  });
}

const report = (token: string | undefined, query: Record<string, string>) => call(t.app, 'GET', '/api/reports/financial', { token, query });

beforeAll(async () => {
  t = await createTestApp();
  for (const local of ['admin', 'director', 'manager', 'curator', 'review', 'seller', 'provider']) tok[local] = await signIn(t.app, local);
  const db = t.deps.db;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
  actor = { id: admin!.id, type: 'admin' };
  const [plan] = await db.select({ id: plans.id }).from(plans).orderBy(plans.id);
  ids.s1 = await buildInstitution(db, { name: 'Colégio Alfa', cnpj: '11444777000161', status: 'active' });
  ids.s2 = await buildInstitution(db, { name: 'Escola Beta; Unidade "Centro"', cnpj: '11222333000181', status: 'active' });
  ids.p1 = await buildProvider(db, { companyName: 'Editora Um', email: 'um@teste.com' });
  ids.p2 = await buildProvider(db, { companyName: 'Editora Dois', email: 'dois@teste.com' });
  const rent = (sellerId: number, providerId: number) =>
    db.transaction(async (tx) => (await openRent(tx, 'create', { sellerId, providerId, planId: plan!.id, valueCents: 1 }, actor)).id);
  const [a1, a2, b1] = [await rent(ids.s1, ids.p1), await rent(ids.s1, ids.p2), await rent(ids.s2, ids.p1)];

  // January: Alfa's charge (Um 100,00 + Dois 50,00) paid; Beta's (Um 30,00) overdue.
  await charge(ids.s1, JAN, [{ rentId: a1, amountCents: 10_000 }, { rentId: a2, amountCents: 5_000 }], 'paid');
  await charge(ids.s2, JAN, [{ rentId: b1, amountCents: 3_000 }], 'overdue');
  // February: Alfa's (Um 100,00) canceled — counts nowhere; Beta's (Um 30,00) open.
  await charge(ids.s1, FEB, [{ rentId: a1, amountCents: 10_000 }], 'canceled');
  await charge(ids.s2, FEB, [{ rentId: b1, amountCents: 3_000 }], 'open');
  // March: nothing.
});
afterAll(() => t?.close());

describe('the financial report', () => {
  it('per month, per institution: billed = paid + overdue + open, canceled charges left out, a month without charges at 0', async () => {
    for (const who of ['admin', 'director']) {
      const res = await report(tok[who], { from: JAN, to: MAR });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<FinancialReport>();
      expect(body.by).toBe('institution');
      expect(body.months.map((m) => [m.month, m.label])).toEqual([[JAN, 'jan/2021'], [FEB, 'fev/2021'], [MAR, 'mar/2021']]);
      const [jan, feb, mar] = body.months;
      expect(jan).toMatchObject({ billedCents: 18_000, paidCents: 15_000, overdueCents: 3_000, openCents: 0 });
      expect(jan!.rows).toEqual([
        { id: ids.s1, name: 'Colégio Alfa', billedCents: 15_000, paidCents: 15_000, overdueCents: 0, openCents: 0 },
        { id: ids.s2, name: 'Escola Beta; Unidade "Centro"', billedCents: 3_000, paidCents: 0, overdueCents: 3_000, openCents: 0 },
      ]);
      expect(feb).toMatchObject({ billedCents: 3_000, paidCents: 0, overdueCents: 0, openCents: 3_000 });
      expect(feb!.rows.map((r) => r.id)).toEqual([ids.s2]);
      expect(mar).toMatchObject({ billedCents: 0, paidCents: 0, overdueCents: 0, openCents: 0, rows: [] });
      expect(body.totals).toEqual({ billedCents: 21_000, paidCents: 15_000, overdueCents: 3_000, openCents: 3_000 });
    }
  });

  it('per provider: each provider its lines of the charges (one charge may hold several providers)', async () => {
    const body = (await report(tok.admin, { from: JAN, to: FEB, by: 'provider' })).json<FinancialReport>();
    expect(body.months[0]!.rows).toEqual([
      { id: ids.p2, name: 'Editora Dois', billedCents: 5_000, paidCents: 5_000, overdueCents: 0, openCents: 0 },
      { id: ids.p1, name: 'Editora Um', billedCents: 13_000, paidCents: 10_000, overdueCents: 3_000, openCents: 0 },
    ]);
    expect(body.months[1]!.rows).toEqual([{ id: ids.p1, name: 'Editora Um', billedCents: 3_000, paidCents: 0, overdueCents: 0, openCents: 3_000 }]);
  });

  it('filters by institution and by provider', async () => {
    const beta = (await report(tok.admin, { from: JAN, to: FEB, sellerId: String(ids.s2) })).json<FinancialReport>();
    expect(beta.totals).toEqual({ billedCents: 6_000, paidCents: 0, overdueCents: 3_000, openCents: 3_000 });
    const dois = (await report(tok.admin, { from: JAN, to: FEB, providerId: String(ids.p2) })).json<FinancialReport>();
    expect(dois.totals).toEqual({ billedCents: 5_000, paidCents: 5_000, overdueCents: 0, openCents: 0 });
    // With a provider filter, an institution's row holds only that provider's lines.
    expect(dois.months[0]!.rows).toEqual([{ id: ids.s1, name: 'Colégio Alfa', billedCents: 5_000, paidCents: 5_000, overdueCents: 0, openCents: 0 }]);
    const both = (await report(tok.admin, { from: JAN, to: FEB, sellerId: String(ids.s1), providerId: String(ids.p1) })).json<FinancialReport>();
    expect(both.totals).toEqual({ billedCents: 10_000, paidCents: 10_000, overdueCents: 0, openCents: 0 });
  });

  it('exports the CSV: BOM, the header, one line per month, institution and provider, reais with a decimal comma', async () => {
    const res = await call(t.app, 'GET', '/api/reports/financial/csv', { token: tok.director, query: { from: JAN, to: MAR } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain('relatorio-financeiro.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(FINANCIAL_REPORT_CSV_HEADER.join(';'));
    expect(lines.slice(1)).toEqual([
      'jan/2021;Colégio Alfa;Editora Dois;50,00;50,00;0,00;0,00',
      'jan/2021;Colégio Alfa;Editora Um;100,00;100,00;0,00;0,00',
      'jan/2021;"Escola Beta; Unidade ""Centro""";Editora Um;30,00;0,00;30,00;0,00',
      'fev/2021;"Escola Beta; Unidade ""Centro""";Editora Um;30,00;0,00;0,00;30,00',
      '',
    ]);
    // The CSV takes the same filters.
    const one = await call(t.app, 'GET', '/api/reports/financial/csv', { token: tok.admin, query: { from: JAN, to: JAN, providerId: String(ids.p2) } });
    expect(one.body.slice(1).split('\r\n').slice(1, -1)).toEqual(['jan/2021;Colégio Alfa;Editora Dois;50,00;50,00;0,00;0,00']);
  });

  it('refuses everyone but admin and director (403), and without a session (401)', async () => {
    for (const who of ['manager', 'curator', 'review', 'seller', 'provider']) {
      expect((await report(tok[who], { from: JAN, to: FEB })).statusCode, who).toBe(403);
      expect((await call(t.app, 'GET', '/api/reports/financial/csv', { token: tok[who], query: { from: JAN, to: FEB } })).statusCode, who).toBe(403);
    }
    expect((await report(undefined, { from: JAN, to: FEB })).statusCode).toBe(401);
  });

  it('refuses a bad month range with 400 and a pt-BR message on the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ from: FEB, to: JAN }, FINANCIAL_REPORT_MSG.monthRangeInvalid],
      [{ from: '2021-01', to: '2023-01' }, FINANCIAL_REPORT_MSG.monthRangeTooLong],
      [{ from: '2021-13', to: '2021-12' }, FINANCIAL_REPORT_MSG.monthInvalid],
      [{ from: '2021-01-01', to: '2021-02' }, FINANCIAL_REPORT_MSG.monthInvalid],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/reports/financial', '/api/reports/financial/csv']) {
        const res = await call(t.app, 'GET', path, { token: tok.admin, query });
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(JSON.stringify(res.json())).toContain(message);
      }
    }
    // 24 months is the longest range; a missing month and an unknown breakdown are refused too.
    expect((await report(tok.admin, { from: '2021-01', to: '2022-12' })).statusCode).toBe(200);
    expect((await report(tok.admin, { from: JAN })).statusCode).toBe(400);
    expect((await report(tok.admin, { from: JAN, to: FEB, by: 'plano' })).statusCode).toBe(400);
    expect((await report(tok.admin, { from: JAN, to: FEB, sellerId: 'x' })).statusCode).toBe(400);
  });
});
