/**
 * The published-units report (spec 3 §2.17 'Relatório de Unidades Publicadas'): exact rows of a known
 * set (São Paulo days, newest first, first level, the areas' titles), the level and area filters, only published
 * units, only the caller's provider (admin and director name one), other roles 403, bad dates 400 in Portuguese, and
 * the CSV's bytes (BOM, ';', header, rows, keyset across batches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { UNITS_REPORT_MSG, type UnitsReportPage } from '@edu/shared/units-report';
import { itemContents, items, providers } from '../src/db/schema';
import { call, createTestApp, type TestApp } from './harness';
import { csvRows, csvText, publishedUnit, queryOf, reportProvider, signInAll, universityAreaIds } from './report-fixtures';

let t: TestApp;
let tok: Record<string, string> = {};
const ids = { provider: 0, bulkProvider: 0, demoProvider: 0, exatas: 0, biologicas: 0, saude: 0, a: 0, b: 0, c: 0 };
const area = { exatas: 'Ciências Exatas e da Terra', biologicas: 'Ciências Biológicas', saude: 'Ciências da Saúde' } as const;

const report = (token: string, query: Record<string, string | number>) => call(t.app, 'GET', '/api/reports/published-units', { token, query: queryOf(query) });
const csv = (token: string, query: Record<string, string | number>) => call(t.app, 'GET', '/api/reports/published-units/csv', { token, query: queryOf(query) });
const titles = (res: { json: () => UnitsReportPage }) => res.json().data.map((r) => r.title);

/** A published unit of `providerId`, published at `at` (a fixture: published_at is normally kept by the database). */
const published = async (providerId: number, title: string, at: string, values: Partial<typeof itemContents.$inferInsert> = {}) =>
  (await publishedUnit(t.deps.db, providerId, title, values, at)).itemId;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const areaId = await universityAreaIds(db, Object.values(area));
  ids.exatas = areaId[area.exatas];
  ids.biologicas = areaId[area.biologicas];
  ids.saude = areaId[area.saude];
  const [demo] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.demoProvider = demo!.id;

  const p = await reportProvider(db, {
    companyName: 'Editora Relatório',
    name: 'Relatório',
    email: 'relatorio@exemplo.com.br',
    user: { name: 'Renata Relatório', email: 'renata@exemplo.com.br' },
  });
  ids.provider = p;
  // March 2025 in São Paulo (UTC-3): A on the 10th; B at 23:30 on the 31st (already April 1st in UTC).
  ids.a = await published(p, 'Álgebra Linear', '2025-03-10T15:00:00Z', { knowledgeIds: [ids.exatas], levelOfLearning: ['Mestrado', 'Graduação'] });
  ids.b = await published(p, 'Biologia Celular', '2025-04-01T02:30:00Z', { knowledgeIds: [ids.biologicas, ids.saude], levelOfLearning: ['Graduação'] });
  // April 1st 00:30 in São Paulo; no area, no level, a title a spreadsheet would run as a formula.
  ids.c = await published(p, '=SOMA(1;2) em planilhas', '2025-04-01T03:30:00Z');
  // Not published: a draft in the period, and a unit whose published version was withdrawn.
  const [draft] = await db.insert(items).values({ providerId: p }).returning({ id: items.id });
  await db.insert(itemContents).values({ itemId: draft!.id, title: 'Rascunho de março', status: 'draft', knowledgeIds: [ids.exatas] });
  const withdrawn = await published(p, 'Retirada de março', '2025-03-15T12:00:00Z', { knowledgeIds: [ids.exatas] });
  await db.update(items).set({ publishedContentId: null }).where(eq(items.id, withdrawn));
  // 21 units published in June 2024, one a day: a page of 20 and a page of 1.
  for (let day = 1; day <= 21; day++) {
    await published(p, `Junho ${String(day).padStart(2, '0')}`, `2024-06-${String(day).padStart(2, '0')}T12:00:00Z`, { levelOfLearning: ['Doutorado'] });
  }
  // Another provider's unit in March 2025: never in this provider's report.
  await published(ids.demoProvider, 'Da Editora Horizonte em março', '2025-03-20T12:00:00Z', { knowledgeIds: [ids.exatas] });

  // 1,005 units of a third provider published at the same microsecond: the CSV's keyset crosses batches on ties.
  const bulk = await reportProvider(db, { companyName: 'Editora Em Massa', name: 'Massa', email: 'massa@exemplo.com.br' });
  ids.bulkProvider = bulk;
  await db.execute(sql`with new_items as (insert into items (provider_id) select ${bulk} from generate_series(1, 1005) returning id)
    insert into item_contents (item_id, title, status) select id, 'Unidade em massa ' || id, 'publish' from new_items`);
  await db.execute(sql`update items i set published_content_id = c.id from item_contents c where c.item_id = i.id and i.provider_id = ${bulk}`);
  await db.execute(sql`update items set published_at = '2024-02-10 10:00:00.123456-03' where provider_id = ${bulk}`);

  tok = await signInAll(t.app, [
    ['provider', 'renata@exemplo.com.br'], ['demoProvider', 'provider'], ['admin', 'admin'], ['director', 'director'],
    ['editor', 'editor'], ['seller', 'seller'], ['manager', 'manager'], ['curator', 'curator'],
  ]);
}, 180_000);
afterAll(() => t?.close());

const MARCH = { startDate: '2025-03-01', endDate: '2025-03-31' };

describe('GET /api/reports/published-units', () => {
  it("answers the provider's units published in the period, newest first, by São Paulo day", async () => {
    const res = await report(tok.provider!, MARCH);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { itemId: ids.b, title: 'Biologia Celular', knowledgeAreas: [area.biologicas, area.saude], level: 'Graduação', publishedAt: '2025-04-01T02:30:00.000Z' },
        { itemId: ids.a, title: 'Álgebra Linear', knowledgeAreas: [area.exatas], level: 'Mestrado', publishedAt: '2025-03-10T15:00:00.000Z' },
      ],
      total: 2,
      page: 1,
      limit: 20,
    });
    const april = await report(tok.provider!, { startDate: '2025-04-01', endDate: '2025-04-01' });
    expect(april.json<UnitsReportPage>().data).toEqual([{ itemId: ids.c, title: '=SOMA(1;2) em planilhas', knowledgeAreas: [], level: null, publishedAt: '2025-04-01T03:30:00.000Z' }]);
  });

  it('filters by knowledge area and by learning level (any of the unit’s levels)', async () => {
    expect(titles(await report(tok.provider!, { ...MARCH, knowledge: ids.exatas }))).toEqual(['Álgebra Linear']);
    expect(titles(await report(tok.provider!, { ...MARCH, knowledge: ids.saude }))).toEqual(['Biologia Celular']);
    expect(titles(await report(tok.provider!, { ...MARCH, levelOfLearning: 'Mestrado' }))).toEqual(['Álgebra Linear']);
    expect(titles(await report(tok.provider!, { ...MARCH, levelOfLearning: 'Graduação' }))).toEqual(['Biologia Celular', 'Álgebra Linear']);
    expect(titles(await report(tok.provider!, { ...MARCH, levelOfLearning: 'Graduação', knowledge: ids.biologicas }))).toEqual(['Biologia Celular']);
    const none = await report(tok.provider!, { ...MARCH, levelOfLearning: 'Doutorado' });
    expect(none.json()).toEqual({ data: [], total: 0, page: 1, limit: 20 });
  });

  it('pages 20 rows at a time', async () => {
    const june = { startDate: '2024-06-01', endDate: '2024-06-30' };
    const first = (await report(tok.provider!, june)).json<UnitsReportPage>();
    expect(first.total).toBe(21);
    expect(first.data.map((r) => r.title)).toEqual(Array.from({ length: 20 }, (_, i) => `Junho ${String(21 - i).padStart(2, '0')}`));
    const second = (await report(tok.provider!, { ...june, page: 2 })).json<UnitsReportPage>();
    expect(second).toMatchObject({ total: 21, page: 2, data: [{ title: 'Junho 01', level: 'Doutorado' }] });
  });

  it("shows only the caller's provider; admin and director choose one; other roles are refused", async () => {
    // The demo provider sees its own unit of March, not this provider's; naming another provider is 404.
    expect(titles(await report(tok.demoProvider!, MARCH))).toEqual(['Da Editora Horizonte em março']);
    expect((await report(tok.demoProvider!, { ...MARCH, providerId: ids.provider })).statusCode).toBe(404);
    expect(titles(await report(tok.provider!, { ...MARCH, providerId: ids.provider }))).toEqual(['Biologia Celular', 'Álgebra Linear']);
    for (const staff of ['admin', 'director']) {
      const without = await report(tok[staff]!, MARCH);
      expect(without.statusCode).toBe(400);
      expect(without.json().message).toBe(UNITS_REPORT_MSG.providerRequired);
      expect(titles(await report(tok[staff]!, { ...MARCH, providerId: ids.provider }))).toEqual(['Biologia Celular', 'Álgebra Linear']);
      expect((await report(tok[staff]!, { ...MARCH, providerId: 999_999 })).statusCode).toBe(404);
    }
    for (const other of ['editor', 'seller', 'manager', 'curator']) {
      for (const res of [await report(tok[other]!, MARCH), await csv(tok[other]!, MARCH)]) {
        expect(res.statusCode, other).toBe(403);
        expect(res.json().message).toBe(MSG.forbidden);
      }
    }
    expect((await call(t.app, 'GET', '/api/reports/published-units', { query: MARCH })).statusCode).toBe(401);
  });

  it('refuses bad dates and filters with 400 and the Portuguese message', async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ endDate: '2025-03-31' }, MSG.required],
      [{ startDate: '2025-03-01' }, MSG.required],
      [{ startDate: '01/03/2025', endDate: '2025-03-31' }, MSG.invalidDate],
      [{ startDate: '2025-02-30', endDate: '2025-03-31' }, MSG.invalidDate],
      [{ startDate: '2025-03-31', endDate: '2025-03-01' }, MSG.dateRangeInvalid],
      [{ startDate: '2023-01-01', endDate: '2025-01-01' }, MSG.dateRangeTooLong],
      [{ ...MARCH, levelOfLearning: 'Pré-escola' }, MSG.invalidValue],
      [{ ...MARCH, knowledge: 'exatas' }, MSG.invalidValue],
      [{ ...MARCH, order: 'title' }, MSG.unknownField('order')],
    ];
    for (const [query, message] of cases) {
      for (const res of [await report(tok.provider!, query), await csv(tok.provider!, query)]) {
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().message, JSON.stringify(query)).toBe(message);
      }
    }
    const page0 = await report(tok.provider!, { ...MARCH, page: 0 });
    expect(page0.statusCode).toBe(400);
    expect(page0.json().message).toBe(MSG.invalidValue);
    // The longest range: 24 months to the day before.
    expect((await report(tok.provider!, { startDate: '2023-01-01', endDate: '2024-12-31' })).statusCode).toBe(200);
  });
});

describe('GET /api/reports/published-units/csv', () => {
  it("streams 'Relatório-de-postagem.csv': UTF-8 with BOM, ';', the spec's header, one row per unit", async () => {
    expect(csvText(await csv(tok.provider!, MARCH), 'Relatório-de-postagem.csv', 'Relatorio-de-postagem.csv')).toBe(
      'UNIDADE;ÁREA_DE_CONHECIMENTO;NÍVEL_DE_APRENDIZADO;PUBLICADA_EM\r\n' +
        'Biologia Celular;Ciências Biológicas, Ciências da Saúde;Graduação;31/03/2025\r\n' +
        'Álgebra Linear;Ciências Exatas e da Terra;Mestrado;10/03/2025\r\n',
    );
  });

  it('applies the filters, quotes a cell with ";" and neutralises a formula', async () => {
    const one = await csv(tok.provider!, { startDate: '2025-04-01', endDate: '2025-04-01' });
    expect(one.rawPayload.subarray(3).toString('utf8')).toBe(
      'UNIDADE;ÁREA_DE_CONHECIMENTO;NÍVEL_DE_APRENDIZADO;PUBLICADA_EM\r\n' + `"'=SOMA(1;2) em planilhas";;;01/04/2025\r\n`,
    );
    const filtered = await csv(tok.provider!, { ...MARCH, knowledge: ids.exatas });
    expect(csvRows(filtered)).toEqual(['Álgebra Linear;Ciências Exatas e da Terra;Mestrado;10/03/2025']);
    const empty = await csv(tok.provider!, { startDate: '2020-01-01', endDate: '2020-01-31' });
    expect(empty.rawPayload.subarray(3).toString('utf8')).toBe('UNIDADE;ÁREA_DE_CONHECIMENTO;NÍVEL_DE_APRENDIZADO;PUBLICADA_EM\r\n');
  });

  it('exports every unit once across batches, ties on the same microsecond included', async () => {
    const res = await csv(tok.admin!, { startDate: '2024-02-01', endDate: '2024-02-29', providerId: ids.bulkProvider });
    expect(res.statusCode, res.body).toBe(200);
    const lines = csvRows(res);
    expect(lines).toHaveLength(1005);
    expect(new Set(lines).size).toBe(1005);
    expect(lines.every((l) => /^Unidade em massa \d+;;;10\/02\/2024$/.test(l))).toBe(true);
    const page = (await report(tok.admin!, { startDate: '2024-02-01', endDate: '2024-02-29', providerId: ids.bulkProvider })).json<UnitsReportPage>();
    expect(page.total).toBe(1005);
    expect(page.data).toHaveLength(20);
  });
});
