/**
 * The report grains of migration 0023 (docs/architecture.md, Reports), kept by the access fold:
 * `access_item_months`, `access_scope_months` and `access_unit_months` (a month's accesses with its cumulative days) and
 * `access_student_activity` (each student's active days). After events recorded in rounds — one of them while folds
 * run — and folded, every row must equal a recomputation from the raw `access_events` (done here in JavaScript, not
 * with the fold's SQL); and the migration's own backfill (from the day rollups) must give the same rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNull, sql } from 'drizzle-orm';
import { items } from '../src/db/schema';
import { recordAccess, type AccessEvent } from '../src/modules/reports/access-events';
import { foldAccesses } from '../src/modules/reports/access-rollups';
import { createTestApp, type TestApp } from './harness';
import { publishedUnit, random, reportProvider } from './report-fixtures';
import { buildInstitution } from './factories';

let t: TestApp;
const units: Omit<AccessEvent, 'sellerId' | 'studentId'>[] = [];
const sellerIds: number[] = [];

const rows = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.deps.db.execute(q)) as unknown as { rows?: T[] } | T[];
  return (Array.isArray(r) ? r : r.rows!) as T[];
};

const spDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

function events(n: number, seed: number): AccessEvent[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const from = Date.parse('2025-11-20T00:00:00Z');
  const span = Date.parse('2027-02-10T00:00:00Z') - from;
  return Array.from({ length: n }, (_, i) => {
    // Every fifth event near a São Paulo midnight (03:00 UTC), where a UTC date and a São Paulo date differ.
    const at = i % 5 === 0 ? new Date(Math.floor((from + next() * span) / 86_400_000) * 86_400_000 + 3 * 3_600_000 - 60_000 + Math.floor(next() * 120_000)) : new Date(from + next() * span);
    return { sellerId: pick(sellerIds), studentId: `aluno-${Math.floor(next() * 9)}`, ...pick(units), occurredAt: at };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const [demoItem] = await db.select({ id: items.id, content: items.publishedContentId, provider: items.providerId }).from(items).where(isNotNull(items.publishedContentId)).limit(1);
  units.push({ itemId: demoItem!.id, itemContentId: demoItem!.content!, providerId: demoItem!.provider });
  const providerId = await reportProvider(db, { companyName: 'Editora Grãos', name: 'Grãos', email: 'graos@exemplo.com.br' });
  for (const title of ['Grão 1', 'Grão 2', 'Grão 3']) units.push(await publishedUnit(db, providerId, title));
  for (const name of ['Grãos A', 'Grãos B', 'Grãos C']) {
    sellerIds.push(await buildInstitution(db, { name, cnpj: `0000000000${sellerIds.length}1`, status: 'active' }));
  }
}, 120_000);
afterAll(() => t?.close());

type Expected = {
  itemMonths: Map<string, { provider_id: number; accesses: number; days: number[] }>;
  unitMonths: Map<string, { accesses: number; days: number[] }>;
  scopeMonths: Map<string, { accesses: number; days: number[] }>;
  activity: Map<string, string[]>;
};

/** The grains recomputed from every raw event. */
async function expected(): Promise<Expected> {
  const raw = await rows<{ seller_id: number; student_id: string; item_id: number; provider_id: number; at: Date | string }>(
    sql`select seller_id, student_id, item_id, provider_id, occurred_at as at from access_events`,
  );
  const itemMonths: Expected['itemMonths'] = new Map();
  const unitMonths: Expected['unitMonths'] = new Map();
  const scopeMonths: Expected['scopeMonths'] = new Map();
  const activity = new Map<string, Set<string>>();
  const addDay = (days: number[], dom: number) => {
    for (let d = dom; d <= 31; d++) days[d - 1]! += 1;
  };
  for (const e of raw) {
    const day = spDay.format(new Date(e.at));
    const month = `${day.slice(0, 7)}-01`;
    const dom = Number(day.slice(8, 10));
    const im = itemMonths.get(`${e.item_id}|${month}`) ?? { provider_id: Number(e.provider_id), accesses: 0, days: Array(31).fill(0) };
    im.accesses++;
    addDay(im.days, dom);
    itemMonths.set(`${e.item_id}|${month}`, im);
    const um = unitMonths.get(`${e.seller_id}|${e.item_id}|${month}`) ?? { accesses: 0, days: Array(31).fill(0) };
    um.accesses++;
    addDay(um.days, dom);
    unitMonths.set(`${e.seller_id}|${e.item_id}|${month}`, um);
    for (const key of [`all|0|${month}`, `seller|${e.seller_id}|${month}`, `provider|${e.provider_id}|${month}`]) {
      const sm = scopeMonths.get(key) ?? { accesses: 0, days: Array(31).fill(0) };
      sm.accesses++;
      addDay(sm.days, dom);
      scopeMonths.set(key, sm);
    }
    const key = `${e.seller_id}|${e.student_id}`;
    activity.set(key, (activity.get(key) ?? new Set()).add(day));
  }
  return { itemMonths, unitMonths, scopeMonths, activity: new Map([...activity].map(([k, v]) => [k, [...v].sort()])) };
}

/** The grains as the database keeps them. */
async function kept(): Promise<Expected> {
  const im = await rows<{ item_id: number; month: string; provider_id: number; accesses: number; days: number[] }>(
    sql`select item_id, month::text, provider_id, accesses, days from access_item_months`,
  );
  const um = await rows<{ seller_id: number; item_id: number; month: string; accesses: number; days: number[] }>(
    sql`select seller_id, item_id, month::text, accesses, days from access_unit_months`,
  );
  const sm = await rows<{ scope: string; scope_id: number; month: string; accesses: number; days: number[] }>(
    sql`select scope, scope_id, month::text, accesses, days from access_scope_months`,
  );
  const act = await rows<{ seller_id: number; student_id: string; days: string[] }>(
    sql`select seller_id, student_id,
               array(select d::date::text from unnest(a.days) r, generate_series(lower(r), upper(r) - 1, interval '1 day') d order by 1) as days
          from access_student_activity a`,
  );
  return {
    itemMonths: new Map(im.map((r) => [`${r.item_id}|${r.month}`, { provider_id: Number(r.provider_id), accesses: r.accesses, days: r.days.map(Number) }])),
    unitMonths: new Map(um.map((r) => [`${r.seller_id}|${r.item_id}|${r.month}`, { accesses: r.accesses, days: r.days.map(Number) }])),
    scopeMonths: new Map(sm.map((r) => [`${r.scope}|${r.scope_id}|${r.month}`, { accesses: r.accesses, days: r.days.map(Number) }])),
    activity: new Map(act.map((r) => [`${r.seller_id}|${r.student_id}`, r.days])),
  };
}

const sorted = <V>(m: Map<string, V>) => [...m].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

async function expectKeptEqualsRaw() {
  const [want, have] = await Promise.all([expected(), kept()]);
  expect(sorted(have.itemMonths)).toEqual(sorted(want.itemMonths));
  expect(sorted(have.unitMonths)).toEqual(sorted(want.unitMonths));
  expect(sorted(have.scopeMonths)).toEqual(sorted(want.scopeMonths));
  expect(sorted(have.activity)).toEqual(sorted(want.activity));
  return want;
}

describe('the report grains', () => {
  it('equal a recomputation from the raw events after rounds of recording and folding, concurrent ones included', async () => {
    const db = t.deps.db;
    for (const e of events(150, 1)) await recordAccess(db, e);
    await foldAccesses(db);
    const first = await expectKeptEqualsRaw();
    expect(first.itemMonths.size).toBeGreaterThan(20);
    expect(first.activity.size).toBe(27);

    // A second round on top (upserts into existing rows), recorded while folds run.
    const writes = events(200, 2).map((e) => recordAccess(db, e));
    const folds = Array.from({ length: 4 }, () => foldAccesses(db));
    await Promise.all([...writes, ...folds]);
    await foldAccesses(db);
    await expectKeptEqualsRaw();

    // A single event on the last day of a 31-day month and one on a 30-day month's last day.
    await recordAccess(db, { sellerId: sellerIds[0]!, studentId: 'fim-de-mes', ...units[1]!, occurredAt: new Date('2026-02-01T02:59:59Z') }); // 31/01 23:59:59
    await recordAccess(db, { sellerId: sellerIds[0]!, studentId: 'fim-de-mes', ...units[1]!, occurredAt: new Date('2026-05-01T02:00:00Z') }); // 30/04 23:00
    await foldAccesses(db);
    const last = await expectKeptEqualsRaw();
    expect(last.activity.get(`${sellerIds[0]}|fim-de-mes`)).toEqual(['2026-01-31', '2026-04-30']);
  });

  it("are rebuilt equal by the migration's backfill from the day rollups", async () => {
    const file = path.join(import.meta.dirname, '../src/db/migrations/0023_access_report_grains.sql');
    const statements = fs
      .readFileSync(file, 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /INSERT INTO access_(item_months|scope_months|student_activity)|UPDATE access_unit_months/.test(s));
    expect(statements).toHaveLength(4);
    await t.deps.db.transaction(async (tx) => {
      // 0025 dropped the unit-by-day rollup 0023 read from: the same rows, recomputed from the events, as a temporary
      // table of this transaction's connection (searched before the public schema).
      await tx.execute(sql`create temporary table access_unit_days on commit drop as
        select seller_id, (occurred_at at time zone 'America/Sao_Paulo')::date as day, item_id, min(provider_id) as provider_id, count(*)::int as accesses
          from access_events group by 1, 2, 3`);
      await tx.execute(sql`truncate access_item_months, access_scope_months, access_student_activity`);
      await tx.execute(sql`update access_unit_months set days = '{}'`);
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    await expectKeptEqualsRaw();
  });
});
