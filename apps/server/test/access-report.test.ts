/**
 * 'Relatório de Acessos' (spec 3 §2.17, §9): on a small known set of students' accesses — exact
 * totals, last accesses, unique students and the plan's usage percent; São Paulo days and a range over whole months
 * and edge days; the trend and the most accessed units; who sees what (an institution its own students, staff every
 * institution or one, another institution's id 404, other roles 403, no session: 401); bad dates 400 in Portuguese
 * with nothing folded; the CSV's bytes; an access recorded just before the report is in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { AccessCharts, AccessReportPage } from '@edu/shared/access-reports';
import { items, sellers, users } from '../src/db/schema';
import { foldAccesses } from '../src/modules/reports/access-rollups';
import { call, createTestApp, type TestApp } from './harness';
import { csvRows, csvText, openUnit, publishedUnit, queryOf as q, reportInstitution, reportProvider, signInAll, type ReportUnit } from './report-fixtures';

let t: TestApp;
let tok: Record<string, string> = {};
const ids = { a: 0, b: 0, c: 0, demoSeller: 0, u1: 0, u2: 0, demoUnit: 0 };
const units: Record<string, ReportUnit> = {};
const report = (token: string | undefined, query: Record<string, string | number>) => call(t.app, 'GET', '/api/sellers/report-access', { token, query: q(query) });
const charts = (token: string | undefined, query: Record<string, string | number>) => call(t.app, 'GET', '/api/sellers/report-access/charts', { token, query: q(query) });
const csv = (token: string | undefined, query: Record<string, string | number>) => call(t.app, 'GET', '/api/sellers/report-access/csv', { token, query: q(query) });
const rowsOf = (res: { json: () => AccessReportPage }) => res.json().data.map((r) => [r.seller, r.student, r.total_access, r.last_access]);

/** An institution with its own plan (maxRent students; null: none) and its user of type seller. */
const institution = (name: string, maxRent: number | null, email: string) => reportInstitution(t.deps.db, name, { maxRent: maxRent ?? undefined, userEmail: email });

const open = (sellerId: number, studentId: string, u: keyof typeof units, iso: string) => openUnit(t.deps.db, sellerId, studentId, units[u]!, iso);

const pendingEvents = async () => {
  const r = (await t.deps.db.execute(sql`select (select count(*) from access_events where id > f.last_event_id)::int as n from access_fold f`)) as unknown as
    | { rows: { n: number }[] }
    | { n: number }[];
  return (Array.isArray(r) ? r : r.rows)[0]!.n;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const p = await reportProvider(db, { companyName: 'Editora Acessos', name: 'Acessos', email: 'acessos@exemplo.com.br' });
  units.u1 = await publishedUnit(db, p, 'Cinemática');
  units.u2 = await publishedUnit(db, p, 'Dinâmica');
  const [demo] = await db.select({ id: items.id, content: items.publishedContentId, provider: items.providerId }).from(items).where(isNotNull(items.publishedContentId)).limit(1);
  units.demo = { itemId: demo!.id, itemContentId: demo!.content!, providerId: demo!.provider };
  const [demoSeller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  ids.demoSeller = demoSeller!.id!;

  // 'Colégio Acesso' (plan of 3 students), 'Academia Beta' (no plan), 'Centro Gama' (plan of 0 students).
  ids.a = await institution('Colégio Acesso', 3, 'colegio@exemplo.com.br');
  ids.b = await institution('Academia Beta', null, 'beta@exemplo.com.br');
  ids.c = await institution('Centro Gama', 0, 'gama@exemplo.com.br');

  // São Paulo is UTC−3 (no summer time since 2019).
  await open(ids.a, 'ana@escola.br', 'u1', '2026-01-31T02:30:00Z'); // 30/01 23:30 in São Paulo
  await open(ids.a, 'ana@escola.br', 'u1', '2026-02-10T12:00:00Z'); // 10/02 09:00
  await open(ids.a, 'ana@escola.br', 'u2', '2026-03-01T02:59:00Z'); // 28/02 23:59
  await open(ids.a, 'ana@escola.br', 'u1', '2026-03-01T03:00:00Z'); // 01/03 00:00
  await open(ids.a, 'bruno', 'u2', '2026-02-15T15:00:00Z'); //          15/02 12:00
  await open(ids.a, 'bruno', 'u2', '2026-04-02T12:00:00Z'); //          02/04 09:00
  await open(ids.b, 'ana@escola.br', 'u1', '2026-02-20T12:00:00Z'); // another institution's Ana: another student
  await open(ids.b, 'carla', 'demo', '2026-02-21T12:00:00Z');
  // 21 students of Centro Gama in June 2026: two pages.
  for (let i = 1; i <= 21; i++) await open(ids.c, `aluno-${String(i).padStart(2, '0')}`, 'u1', `2026-06-${String(i).padStart(2, '0')}T15:00:00Z`);
  // The demo institution's student: never in the other institutions' reports.
  await open(ids.demoSeller, 'demo-aluno', 'demo', '2026-02-12T12:00:00Z');
  await foldAccesses(db);

  tok = await signInAll(t.app, [
    ['a', 'colegio@exemplo.com.br'], ['b', 'beta@exemplo.com.br'], ['c', 'gama@exemplo.com.br'], ['seller', 'seller'],
    ['admin', 'admin'], ['director', 'director'], ['manager', 'manager'], ['provider', 'provider'], ['editor', 'editor'],
    ['curator', 'curator'], ['assistant', 'seller.assistente'], ['contentManager', 'seller.conteudo'],
  ]);
}, 180_000);
afterAll(() => t?.close());

const FEB = { start_date: '2026-02-01', end_date: '2026-02-28' };

describe('GET /api/sellers/report-access', () => {
  it("answers the institution's students with their accesses and last access in the period, and the figures above the table", async () => {
    const res = await report(tok.a, FEB);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { sellerId: ids.a, seller: 'Colégio Acesso', student: 'ana@escola.br', total_access: 2, last_access: '2026-03-01T02:59:00.000Z' },
        { sellerId: ids.a, seller: 'Colégio Acesso', student: 'bruno', total_access: 1, last_access: '2026-02-15T15:00:00.000Z' },
      ],
      total: 2,
      page: 1,
      limit: 20,
      // 2 unique students of a plan of 3: 66,67 %.
      summary: { totalAccess: 3, uniqueStudents: 2, seller: { id: ids.a, name: 'Colégio Acesso' }, maxRent: 3, usagePercent: 66.67 },
    });
  });

  it('counts São Paulo days: whole months from the month rollups and the edge days from the day rollups', async () => {
    // 30/01 to 01/03: two edge spans of days (30–31/01 and 01/03) and February whole.
    const wide = (await report(tok.a, { start_date: '2026-01-30', end_date: '2026-03-01' })).json<AccessReportPage>();
    expect(rowsOf({ json: () => wide })).toEqual([
      ['Colégio Acesso', 'ana@escola.br', 4, '2026-03-01T03:00:00.000Z'],
      ['Colégio Acesso', 'bruno', 1, '2026-02-15T15:00:00.000Z'],
    ]);
    expect(wide.summary).toMatchObject({ totalAccess: 5, uniqueStudents: 2, usagePercent: 66.67 });
    // 31/01 to 27/02: Ana's 23:30 of 30/01 and 23:59 of 28/02 (both UTC dates inside) stay out.
    const inner = await report(tok.a, { start_date: '2026-01-31', end_date: '2026-02-27' });
    expect(rowsOf(inner)).toEqual([
      ['Colégio Acesso', 'ana@escola.br', 1, '2026-02-10T12:00:00.000Z'],
      ['Colégio Acesso', 'bruno', 1, '2026-02-15T15:00:00.000Z'],
    ]);
    expect(inner.json<AccessReportPage>().summary).toMatchObject({ totalAccess: 2, uniqueStudents: 2 });
    // 31/01 to 15/03: January's last day (nothing), February whole, March's first half (Ana's 00:00 of 01/03).
    const straddle = (await report(tok.a, { start_date: '2026-01-31', end_date: '2026-03-15' })).json<AccessReportPage>();
    expect(straddle.summary).toMatchObject({ totalAccess: 4, uniqueStudents: 2 });
    // One day: 01/03 is Ana's 00:00 only.
    const day = await report(tok.a, { start_date: '2026-03-01', end_date: '2026-03-01' });
    expect(rowsOf(day)).toEqual([['Colégio Acesso', 'ana@escola.br', 1, '2026-03-01T03:00:00.000Z']]);
    expect(day.json<AccessReportPage>().summary).toMatchObject({ totalAccess: 1, uniqueStudents: 1, usagePercent: 33.33 });
    // Whole months only (January to April).
    const months = await report(tok.a, { start_date: '2026-01-01', end_date: '2026-04-30' });
    expect(rowsOf(months)).toEqual([
      ['Colégio Acesso', 'ana@escola.br', 4, '2026-03-01T03:00:00.000Z'],
      ['Colégio Acesso', 'bruno', 2, '2026-04-02T12:00:00.000Z'],
    ]);
    const none = (await report(tok.a, { start_date: '2025-01-01', end_date: '2025-12-31' })).json<AccessReportPage>();
    expect(none).toMatchObject({ data: [], total: 0, summary: { totalAccess: 0, uniqueStudents: 0, usagePercent: 0 } });
  });

  it('pages 20 students at a time', async () => {
    const june = { start_date: '2026-06-01', end_date: '2026-06-30' };
    const first = (await report(tok.c, june)).json<AccessReportPage>();
    expect(first.total).toBe(21);
    expect(first.data.map((r) => r.student)).toEqual(Array.from({ length: 20 }, (_, i) => `aluno-${String(i + 1).padStart(2, '0')}`));
    const second = (await report(tok.c, { ...june, page: 2 })).json<AccessReportPage>();
    expect(second).toMatchObject({ total: 21, page: 2, data: [{ student: 'aluno-21', total_access: 1 }] });
    // A plan of 0 students: no percent.
    expect(second.summary).toMatchObject({ totalAccess: 21, uniqueStudents: 21, maxRent: 0, usagePercent: null });
  });

  it('shows staff every institution (ordered by name) without a percent, or the one they choose', async () => {
    for (const staff of ['admin', 'director', 'manager']) {
      const all = await report(tok[staff], FEB);
      expect(all.statusCode, staff).toBe(200);
      expect(rowsOf(all)).toEqual([
        ['Academia Beta', 'ana@escola.br', 1, '2026-02-20T12:00:00.000Z'],
        ['Academia Beta', 'carla', 1, '2026-02-21T12:00:00.000Z'],
        ['Colégio Acesso', 'ana@escola.br', 2, '2026-03-01T02:59:00.000Z'],
        ['Colégio Acesso', 'bruno', 1, '2026-02-15T15:00:00.000Z'],
        ['Faculdade Vale do Saber', 'demo-aluno', 1, '2026-02-12T12:00:00.000Z'],
      ]);
      expect(all.json<AccessReportPage>().summary).toEqual({ totalAccess: 6, uniqueStudents: 5, seller: null, maxRent: null, usagePercent: null });
      const one = await report(tok[staff], { ...FEB, seller_id: ids.a });
      expect(one.json<AccessReportPage>().summary).toEqual({ totalAccess: 3, uniqueStudents: 2, seller: { id: ids.a, name: 'Colégio Acesso' }, maxRent: 3, usagePercent: 66.67 });
      // An institution without a plan: the figures, no percent.
      const beta = await report(tok[staff], { ...FEB, seller_id: ids.b });
      expect(beta.json<AccessReportPage>().summary).toEqual({ totalAccess: 2, uniqueStudents: 2, seller: { id: ids.b, name: 'Academia Beta' }, maxRent: null, usagePercent: null });
      expect((await report(tok[staff], { ...FEB, seller_id: 999_999 })).statusCode).toBe(404);
    }
  });

  it("keeps an institution to its own students: another institution's id is 404; other roles are refused", async () => {
    expect(rowsOf(await report(tok.b, FEB)).map((r) => r[1])).toEqual(['ana@escola.br', 'carla']);
    expect(rowsOf(await report(tok.seller, FEB))).toEqual([['Faculdade Vale do Saber', 'demo-aluno', 1, '2026-02-12T12:00:00.000Z']]);
    expect((await report(tok.a, { ...FEB, seller_id: ids.a })).statusCode).toBe(200);
    for (const path of ['', '/charts', '/csv']) {
      const other = await call(t.app, 'GET', `/api/sellers/report-access${path}`, { token: tok.a, query: q({ ...FEB, seller_id: ids.b }) });
      expect(other.statusCode, path).toBe(404);
      expect(other.json().message).toBe(MSG.notFound);
    }
    for (const role of ['provider', 'editor', 'curator', 'assistant', 'contentManager']) {
      for (const path of ['', '/charts', '/csv', '/sellers']) {
        const res = await call(t.app, 'GET', `/api/sellers/report-access${path}`, { token: tok[role], query: path === '/sellers' ? {} : q(FEB) });
        expect(res.statusCode, `${role} ${path}`).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    // The institution does not choose among institutions.
    expect((await call(t.app, 'GET', '/api/sellers/report-access/sellers', { token: tok.a })).statusCode).toBe(403);
    expect((await report(undefined, FEB)).statusCode).toBe(401);
  });

  it('still answers a suspended institution its own report', async () => {
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.a));
    try {
      const res = await report(tok.a, FEB);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<AccessReportPage>().summary.totalAccess).toBe(3);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.a));
    }
  });

  it('includes an access recorded a moment before (the report folds first)', async () => {
    await open(ids.a, 'bruno', 'u1', '2026-02-16T12:00:00Z');
    expect(await pendingEvents()).toBe(1);
    const res = await report(tok.a, FEB);
    expect(rowsOf(res)).toEqual([
      ['Colégio Acesso', 'ana@escola.br', 2, '2026-03-01T02:59:00.000Z'],
      ['Colégio Acesso', 'bruno', 2, '2026-02-16T12:00:00.000Z'],
    ]);
    expect(res.json<AccessReportPage>().summary.totalAccess).toBe(4);
    expect(await pendingEvents()).toBe(0);
  });

  it('refuses bad dates with 400 and the Portuguese message, and folds nothing', async () => {
    await open(ids.a, 'daniel', 'u1', '2026-02-17T12:00:00Z');
    const cases: [Record<string, string | number>, string][] = [
      [{ end_date: '2026-02-28' }, MSG.required],
      [{ start_date: '2026-02-01' }, MSG.required],
      [{ start_date: '01/02/2026', end_date: '2026-02-28' }, MSG.invalidDate],
      [{ start_date: '2026-02-30', end_date: '2026-03-31' }, MSG.invalidDate],
      [{ start_date: '2026-02-28', end_date: '2026-02-01' }, MSG.dateRangeInvalid],
      [{ start_date: '2024-01-01', end_date: '2026-01-01' }, MSG.dateRangeTooLong],
      [{ ...FEB, seller_id: 'a' }, MSG.invalidValue],
      [{ ...FEB, provider_id: 1 }, MSG.unknownField('provider_id')],
    ];
    for (const [query, message] of cases) {
      for (const path of ['', '/charts', '/csv']) {
        const res = await call(t.app, 'GET', `/api/sellers/report-access${path}`, { token: tok.admin, query: q(query) });
        expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
        expect(res.json().message, JSON.stringify(query)).toBe(message);
      }
    }
    expect((await report(tok.a, { ...FEB, page: 0 })).statusCode).toBe(400);
    expect(await pendingEvents()).toBe(1);
    // The longest range: 24 months to the day before.
    expect((await report(tok.a, { start_date: '2024-03-01', end_date: '2026-02-28' })).statusCode).toBe(200);
    expect(await pendingEvents()).toBe(0);
  });
});

describe('GET /api/sellers/report-access/charts', () => {
  it("answers every day of the period and the institution's most accessed units", async () => {
    const res = await charts(tok.b, FEB);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AccessCharts>();
    expect(body.trend).toHaveLength(28);
    expect(body.trend[0]).toEqual({ day: '2026-02-01', accesses: 0 });
    expect(body.trend.filter((d) => d.accesses > 0)).toEqual([
      { day: '2026-02-20', accesses: 1 },
      { day: '2026-02-21', accesses: 1 },
    ]);
    expect(body.topUnits.map((u) => [u.itemId, u.accesses])).toEqual(
      [[units.u1!.itemId, 1], [units.demo!.itemId, 1]].sort((x, y) => x[0]! - y[0]!),
    );
    // São Paulo days at the edges: 30/01 to 01/03 for Colégio Acesso.
    const edges = (await charts(tok.a, { start_date: '2026-01-30', end_date: '2026-03-01' })).json<AccessCharts>();
    expect(edges.trend.filter((d) => d.accesses > 0)).toEqual([
      { day: '2026-01-30', accesses: 1 },
      { day: '2026-02-10', accesses: 1 },
      { day: '2026-02-15', accesses: 1 },
      { day: '2026-02-16', accesses: 1 },
      { day: '2026-02-17', accesses: 1 },
      { day: '2026-02-28', accesses: 1 },
      { day: '2026-03-01', accesses: 1 },
    ]);
    expect(edges.topUnits).toEqual([
      { itemId: units.u1!.itemId, title: 'Cinemática', accesses: 5 },
      { itemId: units.u2!.itemId, title: 'Dinâmica', accesses: 2 },
    ]);
  });

  it('shows staff the accesses of every institution', async () => {
    const all = (await charts(tok.admin, FEB)).json<AccessCharts>();
    expect(all.trend.reduce((n, d) => n + d.accesses, 0)).toBe(8);
    expect(all.topUnits[0]).toEqual({ itemId: units.u1!.itemId, title: 'Cinemática', accesses: 4 });
  });
});

describe('GET /api/sellers/report-access/csv', () => {
  it("streams 'relatorio-de-acessos.csv': UTF-8 with BOM, ';', the columns of the table, every student", async () => {
    expect(csvText(await csv(tok.a, FEB), 'relatorio-de-acessos.csv')).toBe(
      'Instituição;Aluno;Total de acessos;Último acesso\r\n' +
        'Colégio Acesso;ana@escola.br;2;28/02/2026 23:59\r\n' +
        'Colégio Acesso;bruno;2;16/02/2026 09:00\r\n' +
        'Colégio Acesso;daniel;1;17/02/2026 09:00\r\n',
    );
    const lines = csvRows(await csv(tok.admin, { start_date: '2026-06-01', end_date: '2026-06-30' }));
    expect(lines).toHaveLength(21);
    expect(lines[20]).toBe('Centro Gama;aluno-21;1;21/06/2026 12:00');
    const empty = await csv(tok.a, { start_date: '2025-01-01', end_date: '2025-01-31' });
    expect(empty.rawPayload.subarray(3).toString('utf8')).toBe('Instituição;Aluno;Total de acessos;Último acesso\r\n');
  });
});

describe('the CSV across batches', () => {
  it('exports every student once, in order, past the first 1,000 (keyset)', async () => {
    const lote = await institution('Escola Lote', 2000, 'lote@exemplo.com.br');
    const u = units.u1!;
    await t.deps.db.execute(sql`
      insert into access_events (seller_id, student_id, item_id, item_content_id, provider_id, occurred_at)
      select ${lote}, 'lote-' || lpad(g::text, 4, '0'), ${u.itemId}, ${u.itemContentId}, ${u.providerId}, '2025-07-10T12:00:00Z'::timestamptz + g * interval '1 second'
        from generate_series(1, 1003) g`);
    const lines = csvRows(await csv(tok.admin, { start_date: '2025-07-01', end_date: '2025-07-31' }));
    expect(lines).toHaveLength(1003);
    expect(lines).toEqual(Array.from({ length: 1003 }, (_, i) => expect.stringMatching(new RegExp(`^Escola Lote;lote-${String(i + 1).padStart(4, '0')};1;10/07/2025 09:\\d\\d$`))));
    const page = (await report(tok.admin, { start_date: '2025-07-01', end_date: '2025-07-31', page: 51 })).json<AccessReportPage>();
    expect(page).toMatchObject({ total: 1003, page: 51, data: [{ student: 'lote-1001' }, { student: 'lote-1002' }, { student: 'lote-1003' }] });
    expect(page.summary).toMatchObject({ totalAccess: 1003, uniqueStudents: 1003, seller: null });
  });
});

describe('GET /api/sellers/report-access/sellers', () => {
  it('lists the institutions staff may choose, by name', async () => {
    const res = await call(t.app, 'GET', '/api/sellers/report-access/sellers', { token: tok.manager, query: { name: 'gama' } });
    expect(res.json()).toEqual([{ id: ids.c, name: 'Centro Gama' }]);
    const all = (await call(t.app, 'GET', '/api/sellers/report-access/sellers', { token: tok.admin })).json<{ name: string }[]>();
    expect(all.map((s) => s.name)).toEqual([...all.map((s) => s.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    expect(all.map((s) => s.name)).toEqual(expect.arrayContaining(['Academia Beta', 'Colégio Acesso', 'Centro Gama']));
  });
});
