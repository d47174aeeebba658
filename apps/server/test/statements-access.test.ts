/**
 * Query-count guard of the access reports ('Relatório de Acessos' and 'Relatório de Acessos por Unidades', pages and
 * charts), and their memo: a report asked again before the next fold answers without a statement, and a fold that
 * adds accesses changes the answer.
 *
 * The counts are of a request whose filters were not asked before (the memo misses) while the fold's generation read
 * by the previous request is still trusted (foldMarks.freshMs, widened here so a slow machine does not add the look).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { AccessCharts, AccessReportPage, UnitAccessPage } from '@edu/shared/access-reports';
import { countStatements } from '../src/platform/db';
import { recordAccess } from '../src/modules/reports/access-events';
import { foldAccesses, foldMarks } from '../src/modules/reports/access-rollups';
import { authHeader, createTestApp, type TestApp } from './harness';
import { openUnit, publishedUnit, reportInstitution, reportProvider, signInAll, universityAreaIds, type ReportUnit } from './report-fixtures';

let t: TestApp;
let tok: Record<string, string> = {};
const ids = { a: 0, area: 0 };
const u: Record<string, ReportUnit> = {};
const freshMs = foldMarks.freshMs;

const get = async <T>(who: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: authHeader(tok[who]!) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
/** The statements of a GET, and its answer. */
const counted = async <T>(who: string, url: string) => {
  const { result, statements } = await countStatements(() => t.app.inject({ method: 'GET', url, headers: authHeader(tok[who]!) }));
  expect(result.statusCode, result.body).toBe(200);
  return { statements, body: result.json<T>() };
};
const access = (start: string, end: string, extra = '') => `/api/sellers/report-access?start_date=${start}&end_date=${end}${extra}`;
const accessCharts = (start: string, end: string, extra = '') => `/api/sellers/report-access/charts?start_date=${start}&end_date=${end}${extra}`;
const units = (area: number, start: string, end: string) => `/api/items/item/content/find/access/units/${area}/${start}/${end}`;
const unitCharts = (area: number, start: string, end: string) => `${units(area, start, end)}/charts`;

beforeAll(async () => {
  foldMarks.freshMs = 60_000;
  t = await createTestApp();
  const db = t.deps.db;
  const areas = await universityAreaIds(db, ['Ciências Exatas e da Terra'] as const);
  ids.area = areas['Ciências Exatas e da Terra'];
  const p = await reportProvider(db, { companyName: 'Editora Contagem', email: 'contagem@exemplo.com.br', user: { name: 'Usuária Contagem', email: 'user.contagem@exemplo.com.br' } });
  u.u1 = await publishedUnit(db, p, 'Óptica', { knowledgeIds: [ids.area] });
  u.u2 = await publishedUnit(db, p, 'Ondas');
  ids.a = await reportInstitution(db, 'Colégio Contagem', { maxRent: 10, userEmail: 'colegio.contagem@exemplo.com.br' });
  const b = await reportInstitution(db, 'Escola Contagem');
  for (const [seller, student, unit, iso] of [
    [ids.a, 'ana', 'u1', '2026-03-02T12:00:00Z'],
    [ids.a, 'ana', 'u1', '2026-03-20T12:00:00Z'],
    [ids.a, 'bia', 'u2', '2026-03-05T12:00:00Z'],
    [ids.a, 'bia', 'u1', '2026-04-10T12:00:00Z'],
    [b, 'caio', 'u1', '2026-03-11T12:00:00Z'],
    [b, 'caio', 'u2', '2026-05-02T12:00:00Z'],
  ] as const) await openUnit(db, seller, student, u[unit]!, iso);
  await foldAccesses(db);
  tok = await signInAll(t.app, [['admin', 'admin'], ['manager', 'manager'], ['a', 'colegio.contagem@exemplo.com.br'], ['provider', 'user.contagem@exemplo.com.br']]);
}, 180_000);
afterAll(async () => {
  foldMarks.freshMs = freshMs;
  await t?.close();
});

describe('statements of the access reports', () => {
  // [who, the warming URL, the URL counted (other filters: the memo misses), statements, why more than one]
  const cases: [string, string, string, number, string][] = [
    ['a', access('2026-03-01', '2026-03-31'), access('2026-03-01', '2026-04-30'), 1, ''],
    ['manager', access('2026-03-01', '2026-03-31'), access('2026-03-03', '2026-05-31'), 1, ''],
    ['manager', access('2026-03-01', '2026-03-31'), access('2026-03-01', '2026-05-31', '&seller_id=SELLER'), 1, ''],
    ['a', accessCharts('2026-03-01', '2026-03-31'), accessCharts('2026-03-01', '2026-04-30'), 4, 'scope check, trend, the units of the edge months, their titles'],
    ['manager', accessCharts('2026-03-01', '2026-03-31'), accessCharts('2026-03-01', '2026-04-30'), 3, 'trend, the units of the edge months, their titles'],
    ['admin', units(0, '2026-03-01', '2026-03-31'), units(0, '2026-03-01', '2026-04-30'), 2, 'the units of the edge months, their titles'],
    ['admin', units(-1, '2026-03-01', '2026-03-31'), units(-1, '2026-03-01', '2026-04-30'), 1, ''],
    ['provider', units(0, '2026-03-01', '2026-03-31'), units(0, '2026-03-01', '2026-04-30'), 2, 'the units of the edge months, their titles'],
    ['provider', units(-1, '2026-03-01', '2026-03-31'), units(-1, '2026-03-01', '2026-04-30'), 1, ''],
    ['admin', unitCharts(-1, '2026-03-01', '2026-03-31'), unitCharts(-1, '2026-03-01', '2026-04-30'), 2, 'trend; the ranking with titles'],
  ];
  // Statements are counted on the PostgreSQL pool's connections only (platform/db.ts), not on the embedded PGlite.
  for (const [who, warm, url, expected, why] of cases) {
    it.skipIf(!process.env.DATABASE_URL)(`${who} GET ${url} sends ${expected} statement(s)${why ? ` (${why})` : ''}`, async () => {
      const fill = (s: string) => s.replace('/-1/', `/${ids.area}/`).replace('SELLER', String(ids.a));
      await get(who, fill(warm));
      const { statements, body } = await counted<AccessReportPage & UnitAccessPage & AccessCharts>(who, fill(url));
      // A non-trivial answer: rows, or a trend with accesses.
      const rows = body.data ?? body.topUnits;
      expect(rows.length).toBeGreaterThan(0);
      expect(statements).toBe(expected);
    });
  }
});

describe('the access reports memo', () => {
  it('answers a repeated report without a statement, and a new answer once a fold adds accesses', async () => {
    const url = access('2026-03-01', '2026-06-30');
    const unitsUrl = units(ids.area, '2026-03-01', '2026-06-30');
    const before = await get<AccessReportPage>('a', url);
    const unitsBefore = await get<UnitAccessPage>('admin', unitsUrl);
    expect(before.summary).toMatchObject({ totalAccess: 4, uniqueStudents: 2 });
    expect(unitsBefore.totalAccess).toBe(4);

    const again = await counted<AccessReportPage>('a', url);
    expect(again).toEqual({ statements: 0, body: before });
    const unitsAgain = await counted<UnitAccessPage>('admin', unitsUrl);
    expect(unitsAgain).toEqual({ statements: 0, body: unitsBefore });

    // A new student of the institution opens the area's unit (the module's own recording), and a fold runs.
    await recordAccess(t.deps.db, { sellerId: ids.a, studentId: 'davi', ...u.u1!, occurredAt: new Date('2026-06-15T12:00:00Z') });
    await foldAccesses(t.deps.db);
    const after = await get<AccessReportPage>('a', url);
    expect(after.summary).toMatchObject({ totalAccess: 5, uniqueStudents: 3 });
    expect(after.data.map((r) => r.student)).toEqual(['ana', 'bia', 'davi']);
    expect((await get<UnitAccessPage>('admin', unitsUrl)).totalAccess).toBe(5);
  });

  it('follows a unit into a new area (the fold rebuilds its area rows before the report reads them)', async () => {
    const url = units(ids.area, '2026-03-01', '2026-06-30');
    const before = await get<UnitAccessPage>('admin', url);
    expect(before.data.map((r) => r.itemId)).toEqual([u.u1!.itemId]);
    await t.deps.db.execute(sql`update item_contents set knowledge_ids = array[${ids.area}]::int[] where id = ${u.u2!.itemContentId}`);
    // Another process's change: seen once this process looks at the fold again (freshMs; at once here).
    foldMarks.freshMs = 0;
    const after = await get<UnitAccessPage>('admin', url);
    expect(after.data.map((r) => [r.itemId, r.access_counter])).toEqual([
      [u.u1!.itemId, 5],
      [u.u2!.itemId, 2],
    ]);
  });
});

describe('the kept totals', () => {
  it('count the unique students of any range as the students rows do, per institution and for every one', async () => {
    const db = t.deps.db;
    // Students with gaps between their days, across months (2025: outside the ranges above), a unit without an area.
    const p = await reportProvider(db, { companyName: 'Editora Intervalos', email: 'intervalos@exemplo.com.br' });
    const u3 = await publishedUnit(db, p, 'Intervalos');
    const school = await reportInstitution(db, 'Escola Intervalos');
    const days: Record<string, string[]> = {
      eva: ['2025-07-01', '2025-07-02', '2025-07-03', '2025-07-20', '2025-09-01', '2025-09-30'],
      fabio: ['2025-07-03', '2025-08-31', '2025-09-01', '2025-12-31'],
      gil: ['2025-08-15'],
      hana: ['2025-07-31', '2025-08-01', '2025-10-10', '2025-10-11', '2025-10-13'],
    };
    for (const [student, list] of Object.entries(days)) {
      for (const day of list) await openUnit(db, school, student, u3, `${day}T15:00:00Z`);
      // Folded in two rounds: a student's runs change after its first ones were kept.
      if (student === 'fabio') await foldAccesses(db);
    }
    await foldAccesses(db);
    const ranges: [string, string][] = [];
    for (const start of ['2025-07-01', '2025-07-02', '2025-07-03', '2025-07-04', '2025-07-31', '2025-08-01', '2025-08-16', '2025-09-01', '2025-10-12']) {
      for (const end of ['2025-07-01', '2025-07-03', '2025-07-19', '2025-07-31', '2025-08-15', '2025-08-31', '2025-09-30', '2025-10-11', '2025-12-31', '2026-06-30']) {
        if (start <= end) ranges.push([start, end]);
      }
    }
    const counted = async (sellerId: number | null, start: string, end: string) =>
      Number(
        (
          (await db.execute(sql`select count(*)::int as n from access_student_activity a
            where (${sellerId}::int is null or a.seller_id = ${sellerId}::int) and a.days && daterange(${start}::date, ${end}::date, '[]')`)) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    for (const [start, end] of ranges) {
      const mine = await get<AccessReportPage>('manager', access(start, end, `&seller_id=${school}`));
      const all = await get<AccessReportPage>('manager', access(start, end));
      expect([start, end, mine.summary.uniqueStudents, all.summary.uniqueStudents]).toEqual([start, end, await counted(school, start, end), await counted(null, start, end)]);
    }
  });

  it("are rebuilt equal by the migration's backfill from the rollups", async () => {
    const tables = ['access_area_months', 'access_scope_student_days', 'access_scope_student_runs'];
    const migration = readFileSync(new URL('../src/db/migrations/0036_access_area_and_student_totals.sql', import.meta.url), 'utf8');
    const backfills = migration.split('--> statement-breakpoint').filter((s) => /^\s*INSERT INTO/im.test(s));
    expect(backfills).toHaveLength(3);
    const differences = await t.deps.db.transaction(async (tx) => {
      // The backfill into temporary tables of the same names (the session's own schema comes first in the path).
      for (const table of tables) await tx.execute(sql.raw(`create temporary table ${table} on commit drop as select * from public.${table} with no data`));
      for (const statement of backfills) await tx.execute(sql.raw(statement));
      const out: Record<string, number> = {};
      for (const table of tables) {
        // Rows the fold emptied (a run that grew into another) are left out of the comparison: zeros count nothing.
        const kept = `(select * from public.${table} where days <> array_fill(0, array[31])) k`;
        const rebuilt = `(select * from pg_temp.${table} where days <> array_fill(0, array[31])) r`;
        const res = (await tx.execute(sql.raw(`select (select count(*) from (select * from ${kept} except all select * from ${rebuilt}) x)
          + (select count(*) from (select * from ${rebuilt} except all select * from ${kept}) y) as n, (select count(*) from public.${table}) as rows`))) as unknown as { rows: { n: string; rows: string }[] };
        out[table] = Number(res.rows[0]!.n);
        expect(Number(res.rows[0]!.rows)).toBeGreaterThan(0);
      }
      return out;
    });
    expect(differences).toEqual(Object.fromEntries(tables.map((table) => [table, 0])));
  });
});
