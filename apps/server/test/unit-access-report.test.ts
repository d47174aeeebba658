/**
 * 'Relatório de Acessos por Unidades' (spec 3 §2.17, §9): on a small known set of accesses — each
 * unit's accesses in the period (every institution together), most first, 25 per page, São Paulo days at the range's
 * edges, the knowledge-area filter (0: every area); the trend and the most accessed units; a provider sees its own
 * units only, admin and director every unit, other roles 403, no session: 401; bad dates and areas 400 in Portuguese;
 * the CSV 'relatorio.csv' ('(Não Informado)' for a unit without an area).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { UNIT_ACCESS_MSG, type AccessCharts, type UnitAccessPage } from '@edu/shared/access-reports';
import { users } from '../src/db/schema';
import { foldAccesses } from '../src/modules/reports/access-rollups';
import { call, createTestApp, type TestApp } from './harness';
import { csvRows, csvText, openUnit, publishedUnit, reportInstitution, reportProvider, signInAll, universityAreaIds, type ReportUnit as Unit } from './report-fixtures';

let t: TestApp;
let tok: Record<string, string> = {};
const area = { exatas: 0, biologicas: 0 };
const sellerIds = { a: 0, b: 0 };
const u: Record<string, Unit> = {};
let bulk: Unit[] = [];

const base = (knowledge: number, start: string, end: string) => `/api/items/item/content/find/access/units/${knowledge}/${start}/${end}`;
const report = (token: string | undefined, knowledge: number, start: string, end: string, page?: number) =>
  call(t.app, 'GET', base(knowledge, start, end), { token, query: page === undefined ? undefined : { page: String(page) } });
const rows = (res: { json: () => UnitAccessPage }) => res.json().data.map((r) => [r.title, r.TitleKnowledges, r.access_counter]);

/** A published unit (the fixture writes the version directly). */
const unit = (providerId: number, title: string, knowledgeIds: number[] = []) => publishedUnit(t.deps.db, providerId, title, { knowledgeIds });

const open = (sellerId: number, student: string, unitOf: Unit, iso: string) => openUnit(t.deps.db, sellerId, student, unitOf, iso);

/** A provider and its user 'user.{email}'. */
const provider = (companyName: string, email: string) =>
  reportProvider(t.deps.db, { companyName, email, user: { name: `Usuária ${companyName}`, email: `user.${email}` } });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const areas = await universityAreaIds(db, ['Ciências Exatas e da Terra', 'Ciências Biológicas']);
  area.exatas = areas['Ciências Exatas e da Terra'];
  area.biologicas = areas['Ciências Biológicas'];
  const [demoSeller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  sellerIds.a = demoSeller!.id!;
  sellerIds.b = await reportInstitution(db, 'Escola B');

  const p = await provider('Editora Unidades', 'unidades@exemplo.com.br');
  const other = await provider('Editora Outra', 'outra@exemplo.com.br');
  u.algebra = await unit(p, 'Álgebra', [area.exatas]);
  u.celula = await unit(p, 'Célula', [area.biologicas, area.exatas]);
  u.semArea = await unit(p, '=Sem área', []);
  u.outra = await unit(other, 'Unidade da Outra', [area.exatas]);

  // São Paulo is UTC−3. Álgebra: 3 in February (one at 23:30 of 31/01 in São Paulo stays in January), 1 on 01/03.
  await open(sellerIds.a, 'ana', u.algebra, '2026-02-01T02:30:00Z'); // 31/01 23:30
  await open(sellerIds.a, 'ana', u.algebra, '2026-02-01T03:00:00Z'); // 01/02 00:00
  await open(sellerIds.a, 'bia', u.algebra, '2026-02-14T12:00:00Z');
  await open(sellerIds.b, 'caio', u.algebra, '2026-02-28T12:00:00Z');
  await open(sellerIds.b, 'caio', u.algebra, '2026-03-01T12:00:00Z');
  // Célula: 2 in February from two institutions.
  await open(sellerIds.a, 'ana', u.celula, '2026-02-10T12:00:00Z');
  await open(sellerIds.b, 'duda', u.celula, '2026-02-11T12:00:00Z');
  // Sem área: 1 in February.
  await open(sellerIds.b, 'duda', u.semArea, '2026-02-12T12:00:00Z');
  // Another provider's unit, 5 in February: never in Editora Unidades' report.
  for (let i = 0; i < 5; i++) await open(sellerIds.a, `e${i}`, u.outra, `2026-02-0${i + 2}T12:00:00Z`);
  // 26 units of a third provider, one access each in May 2026 (two pages of 25).
  const bulkProvider = await provider('Editora Paginada', 'paginada@exemplo.com.br');
  bulk = [];
  for (let i = 1; i <= 26; i++) bulk.push(await unit(bulkProvider, `Paginada ${String(i).padStart(2, '0')}`));
  for (const [i, b26] of bulk.entries()) {
    for (let n = 0; n <= i % 3; n++) await open(sellerIds.a, `p${i}`, b26, `2026-05-${String(i + 1).padStart(2, '0')}T15:00:00Z`);
  }
  await foldAccesses(db);

  tok = await signInAll(t.app, [
    ['provider', 'user.unidades@exemplo.com.br'], ['other', 'user.outra@exemplo.com.br'], ['bulk', 'user.paginada@exemplo.com.br'],
    ['admin', 'admin'], ['director', 'director'], ['manager', 'manager'], ['seller', 'seller'], ['editor', 'editor'], ['curator', 'curator'],
  ]);
}, 180_000);
afterAll(() => t?.close());

describe('GET /api/items/item/content/find/access/units/:knowledgeid/:start_date/:end_date', () => {
  it("ranks the provider's units by their accesses in the period, every institution together", async () => {
    const res = await report(tok.provider, 0, '2026-02-01', '2026-02-28');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { itemId: u.algebra!.itemId, title: 'Álgebra', TitleKnowledges: ['Ciências Exatas e da Terra'], access_counter: 3 },
        { itemId: u.celula!.itemId, title: 'Célula', TitleKnowledges: ['Ciências Biológicas', 'Ciências Exatas e da Terra'], access_counter: 2 },
        { itemId: u.semArea!.itemId, title: '=Sem área', TitleKnowledges: [], access_counter: 1 },
      ],
      total: 3,
      page: 1,
      limit: 25,
      totalAccess: 6,
    });
  });

  it('counts São Paulo days at the edges of the range', async () => {
    // 31/01 to 01/03: January's last day, February whole, March's first day.
    expect(rows(await report(tok.provider, 0, '2026-01-31', '2026-03-01'))).toEqual([
      ['Álgebra', ['Ciências Exatas e da Terra'], 5],
      ['Célula', ['Ciências Biológicas', 'Ciências Exatas e da Terra'], 2],
      ['=Sem área', [], 1],
    ]);
    // 01/02 to 10/02 (one month's first days): Álgebra's 00:00 of 01/02 and Célula's 10/02.
    expect(rows(await report(tok.provider, 0, '2026-02-01', '2026-02-10'))).toEqual([
      ['Álgebra', ['Ciências Exatas e da Terra'], 1],
      ['Célula', ['Ciências Biológicas', 'Ciências Exatas e da Terra'], 1],
    ]);
    // 11/02 to 14/02 (inside one month): a unit with accesses that month but none in the range is left out.
    const inside = await report(tok.provider, 0, '2026-02-11', '2026-02-14');
    expect(rows(inside)).toEqual([
      ['Álgebra', ['Ciências Exatas e da Terra'], 1],
      ['Célula', ['Ciências Biológicas', 'Ciências Exatas e da Terra'], 1],
      ['=Sem área', [], 1],
    ]);
    // 15/02 to 15/03 (a month's end and the next month's start).
    expect(rows(await report(tok.provider, 0, '2026-02-15', '2026-03-15'))).toEqual([['Álgebra', ['Ciências Exatas e da Terra'], 2]]);
    // Only January: 23:30 of 31/01.
    expect(rows(await report(tok.provider, 0, '2026-01-01', '2026-01-31'))).toEqual([['Álgebra', ['Ciências Exatas e da Terra'], 1]]);
    expect((await report(tok.provider, 0, '2025-01-01', '2025-12-31')).json()).toEqual({ data: [], total: 0, page: 1, limit: 25, totalAccess: 0 });
  });

  it('filters by knowledge area (0: every area)', async () => {
    expect(rows(await report(tok.provider, area.exatas, '2026-02-01', '2026-02-28')).map((r) => r[0])).toEqual(['Álgebra', 'Célula']);
    const bio = await report(tok.provider, area.biologicas, '2026-02-01', '2026-02-28');
    expect(bio.json()).toMatchObject({ total: 1, totalAccess: 2, data: [{ title: 'Célula', access_counter: 2 }] });
  });

  it('pages 25 units at a time', async () => {
    const first = (await report(tok.bulk, 0, '2026-05-01', '2026-05-31')).json<UnitAccessPage>();
    expect(first.total).toBe(26);
    expect(first.data).toHaveLength(25);
    // 3, 2, 1 accesses in turn: the units with 3 first (by id), then 2, then 1.
    expect(first.data.slice(0, 9).map((r) => r.access_counter)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 2]);
    expect(first.totalAccess).toBe(9 * 1 + 9 * 2 + 8 * 3);
    const second = (await report(tok.bulk, 0, '2026-05-01', '2026-05-31', 2)).json<UnitAccessPage>();
    expect(second).toMatchObject({ total: 26, page: 2, limit: 25, totalAccess: 51, data: [{ title: 'Paginada 25', access_counter: 1 }] });
    const past = (await report(tok.bulk, 0, '2026-05-01', '2026-05-31', 3)).json<UnitAccessPage>();
    expect(past).toMatchObject({ total: 26, page: 3, totalAccess: 51, data: [] });
  });

  it('shows a provider its own units, admin and director every unit; other roles are refused', async () => {
    expect(rows(await report(tok.other, 0, '2026-02-01', '2026-02-28'))).toEqual([['Unidade da Outra', ['Ciências Exatas e da Terra'], 5]]);
    for (const staff of ['admin', 'director']) {
      const all = await report(tok[staff], area.exatas, '2026-02-01', '2026-02-28');
      expect(rows(all).map((r) => [r[0], r[2]]), staff).toEqual([['Unidade da Outra', 5], ['Álgebra', 3], ['Célula', 2]]);
    }
    for (const role of ['manager', 'seller', 'editor', 'curator']) {
      for (const suffix of ['', '/charts', '/csv']) {
        const res = await call(t.app, 'GET', `${base(0, '2026-02-01', '2026-02-28')}${suffix}`, { token: tok[role] });
        expect(res.statusCode, `${role} ${suffix}`).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    expect((await report(undefined, 0, '2026-02-01', '2026-02-28')).statusCode).toBe(401);
  });

  it('refuses bad dates and areas with 400 and the Portuguese message', async () => {
    const cases: [string | number, string, string, string][] = [
      [0, '01-02-2026', '2026-02-28', MSG.invalidDate],
      [0, '2026-02-30', '2026-03-31', MSG.invalidDate],
      [0, '2026-02-28', '2026-02-01', MSG.dateRangeInvalid],
      [0, '2024-01-01', '2026-01-01', MSG.dateRangeTooLong],
      ['exatas', '2026-02-01', '2026-02-28', MSG.invalidValue],
      [-1, '2026-02-01', '2026-02-28', MSG.invalidValue],
      [999_999, '2026-02-01', '2026-02-28', UNIT_ACCESS_MSG.unknownArea],
    ];
    for (const [knowledge, start, end, message] of cases) {
      for (const suffix of ['', '/charts', '/csv']) {
        const res = await call(t.app, 'GET', `/api/items/item/content/find/access/units/${knowledge}/${start}/${end}${suffix}`, { token: tok.provider });
        expect(res.statusCode, `${knowledge} ${start} ${end} ${suffix}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    expect((await report(tok.provider, 0, '2026-02-01', '2026-02-28', 0)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', base(0, '2026-02-01', '2026-02-28'), { token: tok.provider, query: { order: 'title' } })).json().message).toBe(
      MSG.unknownField('order'),
    );
  });

  it('includes an access recorded a moment before (the report folds first)', async () => {
    await open(sellerIds.b, 'nova', u.semArea!, '2026-02-20T12:00:00Z');
    expect(rows(await report(tok.provider, 0, '2026-02-01', '2026-02-28')).map((r) => [r[0], r[2]])).toEqual([
      ['Álgebra', 3],
      ['Célula', 2],
      ['=Sem área', 2],
    ]);
  });
});

describe('the charts', () => {
  it("answer the scope's accesses per day and its most accessed units (the area too)", async () => {
    const res = await call(t.app, 'GET', `${base(0, '2026-01-31', '2026-03-01')}/charts`, { token: tok.provider });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<AccessCharts>();
    expect(body.trend).toHaveLength(30);
    expect(body.trend.filter((d) => d.accesses > 0)).toEqual([
      { day: '2026-01-31', accesses: 1 },
      { day: '2026-02-01', accesses: 1 },
      { day: '2026-02-10', accesses: 1 },
      { day: '2026-02-11', accesses: 1 },
      { day: '2026-02-12', accesses: 1 },
      { day: '2026-02-14', accesses: 1 },
      { day: '2026-02-20', accesses: 1 },
      { day: '2026-02-28', accesses: 1 },
      { day: '2026-03-01', accesses: 1 },
    ]);
    expect(body.topUnits).toEqual([
      { itemId: u.algebra!.itemId, title: 'Álgebra', accesses: 5 },
      { itemId: u.celula!.itemId, title: 'Célula', accesses: 2 },
      { itemId: u.semArea!.itemId, title: '=Sem área', accesses: 2 },
    ]);
    const bio = (await call(t.app, 'GET', `${base(area.biologicas, '2026-02-01', '2026-02-28')}/charts`, { token: tok.provider })).json<AccessCharts>();
    expect(bio.trend.filter((d) => d.accesses > 0)).toEqual([
      { day: '2026-02-10', accesses: 1 },
      { day: '2026-02-11', accesses: 1 },
    ]);
    expect(bio.topUnits.map((x) => x.title)).toEqual(['Célula']);
    // Admin: every unit; the top ten of May are the units with three accesses.
    const may = (await call(t.app, 'GET', `${base(0, '2026-05-01', '2026-05-31')}/charts`, { token: tok.admin })).json<AccessCharts>();
    expect(may.trend.reduce((n, d) => n + d.accesses, 0)).toBe(51);
    expect(may.topUnits).toHaveLength(10);
    expect(may.topUnits.map((x) => x.accesses)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 2, 2]);
  });
});

describe('the CSV', () => {
  it("streams 'relatorio.csv': UTF-8 with BOM, ';', the table's columns, '(Não Informado)' without an area", async () => {
    const res = await call(t.app, 'GET', `${base(0, '2026-02-01', '2026-02-28')}/csv`, { token: tok.provider });
    expect(csvText(res, 'relatorio.csv')).toBe(
      'Unidades;Área de conhecimento;Acessos\r\n' +
        'Álgebra;Ciências Exatas e da Terra;3\r\n' +
        'Célula;Ciências Biológicas, Ciências Exatas e da Terra;2\r\n' +
        `'=Sem área;(Não Informado);2\r\n`,
    );
    const lines = csvRows(await call(t.app, 'GET', `${base(0, '2026-05-01', '2026-05-31')}/csv`, { token: tok.admin }));
    expect(lines).toHaveLength(26);
    expect(lines.at(-1)).toBe('Paginada 25;(Não Informado);1');
  });
});
