/**
 * Query-count guard of the logs report, its user filter options and the published-units report: a warm GET sends one
 * statement (the page's rows and the capped total together), and the answer has rows, so a page that stopped reading
 * would fail too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { auditLogs } from '../src/platform/platform.tables';
import { users } from '../src/db/schema';
import { call, createTestApp, demoEmail, statementsOf, type TestApp } from './harness';
import { publishedUnit, signInAll, universityAreaIds } from './report-fixtures';

let t: TestApp;
let tok: Record<'admin' | 'seller' | 'provider', string>;
const ids = { seller: 0, sellerId: 0, provider: 0, editor: 0, providerId: 0, exatas: 0 };
const RANGE = 'start_date=2024-03-01&end_date=2024-03-31';
const PERIOD = 'startDate=2024-05-01&endDate=2024-05-31';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const userOf = async (local: string) => (await db.select().from(users).where(eq(users.email, demoEmail(local))))[0]!;
  const [seller, provider, editor] = [await userOf('seller'), await userOf('provider'), await userOf('editor')];
  Object.assign(ids, { seller: seller.id, sellerId: seller.sellerId!, provider: provider.id, editor: editor.id, providerId: provider.providerId! });
  ids.exatas = (await universityAreaIds(db, ['Ciências Exatas e da Terra']))['Ciências Exatas e da Terra'];
  // 30 entries a day in March 2024 for the institution's user and for two of the provider's team: pages of 20 and more.
  const rows: (typeof auditLogs.$inferInsert)[] = [];
  for (let day = 1; day <= 30; day++) {
    for (let i = 0; i < 10; i++) {
      const at = new Date(Date.UTC(2024, 2, day, 12, i));
      rows.push({ userId: ids.seller, sellerId: ids.sellerId, action: 'logged', createdAt: at });
      rows.push({ userId: ids.provider, action: 'created_unity', createdAt: at });
      rows.push({ userId: ids.editor, action: 'updated_unity', createdAt: at });
    }
  }
  await db.insert(auditLogs).values(rows);
  // 45 units of the demo provider published in May 2024, every third with an area and a level.
  for (let n = 1; n <= 45; n++) {
    const values = n % 3 === 0 ? { knowledgeIds: [ids.exatas], levelOfLearning: ['Graduação'] } : {};
    await publishedUnit(db, ids.providerId, `Relatório de maio ${n}`, values, `2024-05-${String((n % 28) + 1).padStart(2, '0')}T12:00:00Z`);
  }
  tok = await signInAll(t.app, [['admin', 'admin'], ['seller', 'seller'], ['provider', 'provider']] as const);
}, 120_000);
afterAll(() => t?.close());

/** The answer of a GET (rows present) and the statements the same GET sends warm. */
async function measure(who: keyof typeof tok, url: string) {
  const res = await call(t.app, 'GET', url, { token: tok[who] });
  expect(res.statusCode, res.body).toBe(200);
  const { statements } = await statementsOf(t.app, url, tok[who]);
  return { body: res.json(), statements };
}

describe('statements of the logs report', () => {
  const pages: [keyof typeof tok, string, number][] = [
    ['admin', `/api/reports/logs?${RANGE}`, 900],
    ['admin', `/api/reports/logs?${RANGE}&page=30`, 900],
    ['admin', `/api/reports/logs?${RANGE}&log_type=created_unity`, 300],
    ['seller', `/api/reports/logs?${RANGE}`, 300],
    ['provider', `/api/reports/logs?${RANGE}`, 600],
    ['provider', `/api/reports/logs?${RANGE}&page=2&log_type=updated_unity`, 300],
  ];
  for (const [who, url, total] of pages) {
    it(`${who} GET ${url}: one statement`, async () => {
      const { body, statements } = await measure(who, url);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.total).toBe(total);
      expect(statements).toBe(1);
    });
  }

  it('a user filter inside the provider\'s team: one statement', async () => {
    const { body, statements } = await measure('provider', `/api/reports/logs?${RANGE}&user_id=${ids.editor}`);
    expect(body.total).toBe(300);
    expect(body.data.every((r: { userId: number }) => r.userId === ids.editor)).toBe(true);
    expect(statements).toBe(1);
  });

  it("the team's pages are the period's team entries in order, ties on the same instant by id", async () => {
    const team = await t.deps.db
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(inArray(auditLogs.userId, [ids.provider, ids.editor]), gte(auditLogs.createdAt, new Date('2024-03-01T03:00:00Z')), lt(auditLogs.createdAt, new Date('2024-04-02T03:00:00Z'))))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id));
    for (const pageNo of [1, 3, 30]) {
      const { body } = await measure('provider', `/api/reports/logs?${RANGE}&page=${pageNo}`);
      expect(body.data.map((r: { id: number }) => r.id)).toEqual(team.slice((pageNo - 1) * 20, pageNo * 20).map((r) => r.id));
    }
  });

  it('a page past the end answers the total with a second statement (no row carries it)', async () => {
    const { body, statements } = await measure('admin', `/api/reports/logs?${RANGE}&page=99`);
    expect(body).toMatchObject({ data: [], total: 900 });
    expect(statements).toBe(2);
  });

  it('the user filter options: one statement', async () => {
    const { body, statements } = await measure('admin', '/api/reports/logs/users?name=a');
    expect(body.length).toBeGreaterThan(0);
    expect(statements).toBe(1);
  });
});

describe('statements of the published-units report', () => {
  const pages: [string, number, number][] = [
    [`/api/reports/published-units?${PERIOD}`, 45, 20],
    [`/api/reports/published-units?${PERIOD}&page=3`, 45, 5],
    [`/api/reports/published-units?${PERIOD}&knowledge=EXATAS&levelOfLearning=Gradua%C3%A7%C3%A3o`, 15, 15],
  ];
  for (const [template, total, rows] of pages) {
    it(`provider GET ${template}: one statement`, async () => {
      const url = template.replace('EXATAS', String(ids.exatas));
      const { body, statements } = await measure('provider', url);
      expect(body.total).toBe(total);
      expect(body.data).toHaveLength(rows);
      expect(statements).toBe(1);
    });
  }

  it("the areas' titles are named as before", async () => {
    const { body } = await measure('provider', `/api/reports/published-units?${PERIOD}&knowledge=${ids.exatas}`);
    expect(body.data[0].knowledgeAreas).toEqual(['Ciências Exatas e da Terra']);
    expect(body.data[0].level).toBe('Graduação');
  });

  it("an empty page asks the gate apart: another provider's report is 404 still", async () => {
    const { body, statements } = await measure('provider', '/api/reports/published-units?startDate=2000-01-01&endDate=2000-01-31');
    expect(body).toMatchObject({ data: [], total: 0 });
    expect(statements).toBe(2);
    const other = await call(t.app, 'GET', `/api/reports/published-units?${PERIOD}&providerId=999999`, { token: tok.provider });
    expect(other.statusCode).toBe(404);
  });
});
