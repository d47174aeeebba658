/**
 * The unit-access ranking over every unit from month snapshots and edge months (modules/reports/access-snapshots.ts): for
 * ranges of every shape over 15 months of events, the tally — units, total, every page of the ranking, ties by unit
 * id — equals a recomputation from the raw events done here in JavaScript; a late event into a closed month makes its
 * snapshot stale and the next report counts it; the report's API answers the same figures; and the packing is
 * lossless for large ids and counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNull, sql } from 'drizzle-orm';
import type { UnitAccessPage } from '@edu/shared/access-reports';
import { items } from '../src/db/schema';
import { recordAccess, type AccessEvent } from '../src/modules/reports/access-events';
import { foldAccesses } from '../src/modules/reports/access-rollups';
import { EVERY_UNIT, keepLastMonthSnapshot, tallyUnits, type TallyScope } from '../src/modules/reports/access-snapshots';
import { packCounts, unpackCounts } from '../src/modules/reports/packed-counts';
import { tallyOf } from '../src/modules/reports/unit-tally';
import { rowsOf } from '../src/platform/db';
import { call, createTestApp, signIn, type TestApp } from './harness';
import { publishedUnit, random, reportProvider } from './report-fixtures';
import { buildInstitution, buildVersion } from './factories';

let t: TestApp;
const units: Omit<AccessEvent, 'sellerId' | 'studentId'>[] = [];
const sellerIds: number[] = [];
/** Every raw event (the demo data's too), as (unit, São Paulo day), read again after each recording. */
let raw: { itemId: number; sellerId: number; providerId: number; day: string }[] = [];
let providerId = 0;

const spDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' });

const FROM = Date.parse('2025-10-15T00:00:00Z');
const TO = Date.parse('2027-01-20T00:00:00Z');

async function record(n: number, seed: number) {
  const next = random(seed);
  for (let i = 0; i < n; i++) {
    // Few units, skewed, so many ties and many units without accesses in a range.
    const unit = units[Math.floor(next() ** 2 * units.length)]!;
    // Every fourth event just around a São Paulo midnight (03:00 UTC).
    const at =
      i % 4 === 0
        ? new Date(Math.floor((FROM + next() * (TO - FROM)) / 86_400_000) * 86_400_000 + 3 * 3_600_000 - 30_000 + Math.floor(next() * 60_000))
        : new Date(FROM + next() * (TO - FROM));
    await recordAccess(t.deps.db, { sellerId: sellerIds[i % sellerIds.length]!, studentId: `aluno-${i % 7}`, ...unit, occurredAt: at });
  }
  await settle();
}

/** Folds, then reads the raw events back. */
async function settle() {
  await foldAccesses(t.deps.db);
  const rows = rowsOf<{ item_id: number; seller_id: number; provider_id: number; occurred_at: string | Date }>(
    await t.deps.db.execute(sql`select item_id, seller_id, provider_id, occurred_at from access_events`),
  );
  raw = rows.map((r) => ({ itemId: Number(r.item_id), sellerId: Number(r.seller_id), providerId: Number(r.provider_id), day: spDay.format(new Date(r.occurred_at)) }));
}

/** The ranking recomputed from the raw events: [itemId, accesses] most first, ties by id. */
function expected(start: string, end: string, scope: TallyScope = EVERY_UNIT): [number, number][] {
  const n = new Map<number, number>();
  const inScope = (e: (typeof raw)[number]) => scope.scope === 'all' || (scope.scope === 'seller' ? e.sellerId : e.providerId) === scope.id;
  for (const e of raw) if (e.day >= start && e.day <= end && inScope(e)) n.set(e.itemId, (n.get(e.itemId) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  providerId = await reportProvider(db, { companyName: 'Editora Fotos', name: 'Fotos', email: 'fotos@exemplo.com.br' });
  for (let i = 1; i <= 12; i++) units.push(await publishedUnit(db, providerId, `Foto ${i}`));
  // A demo unit too, of another provider, with a small id (the packed ids are deltas).
  const [demo] = await db.select({ id: items.id, content: items.publishedContentId, provider: items.providerId }).from(items).where(isNotNull(items.publishedContentId)).limit(1);
  units.push({ itemId: demo!.id, itemContentId: demo!.content!, providerId: demo!.provider });
  for (const name of ['Fotos A', 'Fotos B']) {
    sellerIds.push(await buildInstitution(db, { name, cnpj: `1100000000${sellerIds.length}1`, status: 'active' }));
  }
  await record(400, 7);
}, 120_000);
afterAll(() => t?.close());

describe('the ranking over every unit from month snapshots', () => {
  it('equals the raw events for ranges of every shape, page by page', async () => {
    const next = random(11);
    const ranges: [string, string][] = [
      ['2025-10-15', '2027-01-20'], // everything: 14 interior months
      ['2025-11-01', '2026-11-30'], // whole months only
      ['2026-03-05', '2026-03-20'], // inside one month
      ['2026-03-31', '2026-04-01'], // two edges, no interior
      ['2026-02-28', '2026-04-01'], // one interior month
      ['2024-01-01', '2024-12-31'], // before every event
    ];
    for (let i = 0; i < 30; i++) {
      const a = FROM - 20 * 86_400_000 + next() * (TO - FROM + 40 * 86_400_000);
      const b = Math.min(a + next() * 400 * 86_400_000, TO + 20 * 86_400_000);
      ranges.push([iso(a), iso(b)]);
    }
    // Today (the last closed month bounds the snapshots) as it is, and as if it were March 2026: the months inside a
    // range from this month on are then read as rows.
    for (const [[start, end], now] of [...ranges.map((r) => [r, new Date()] as const), ...ranges.map((r) => [r, new Date('2026-03-15T12:00:00Z')] as const)]) {
      const want = expected(start, end);
      const tally = await tallyUnits(t.deps.db, EVERY_UNIT, start, end, now);
      const label = `${start}..${end} (${now.toISOString().slice(0, 10)})`;
      expect({ label, units: tally.units, total: tally.allAccesses }).toEqual({ label, units: want.length, total: want.reduce((s, [, n]) => s + n, 0) });
      expect(tally.rank(0).map((r) => [r.itemId, r.accesses])).toEqual(want);
      for (const [offset, limit] of [[0, 3], [3, 3], [want.length - 2, 5], [want.length + 4, 3]] as const) {
        expect(tally.rank(Math.max(0, offset), limit).map((r) => [r.itemId, r.accesses])).toEqual(want.slice(Math.max(0, offset), Math.max(0, offset) + limit));
      }
    }
    // One provider's units, and one institution's students' accesses, the same way (snapshots of their own).
    for (const scope of [{ scope: 'provider', id: providerId }, { scope: 'seller', id: sellerIds[1]! }] as const) {
      for (const [start, end] of ranges.slice(0, 12)) {
        const want = expected(start, end, scope);
        const tally = await tallyUnits(t.deps.db, scope, start, end);
        expect({ scope, start, end, units: tally.units, total: tally.allAccesses, rows: tally.rank(0).map((r) => [r.itemId, r.accesses]) }).toEqual({
          scope, start, end, units: want.length, total: want.reduce((s, [, n]) => s + n, 0), rows: want,
        });
      }
    }
    // The snapshots made on the way are kept, each of a closed month of the run's "today" and each with the raw
    // events through its month.
    const kept = rowsOf<{ month: string; total: number }>(
      await t.deps.db.execute(sql`select month::text as month, through_total::int as total from access_item_snapshots where scope = 'all' order by month`),
    );
    expect(kept.length).toBeGreaterThan(5);
    for (const k of kept) {
      const next = new Date(`${k.month}T00:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      expect([k.month, k.total]).toEqual([k.month, raw.filter((e) => e.day < next.toISOString().slice(0, 10)).length]);
    }
  });

  it('counts an event folded after its month closed (the snapshot is remade), for every scope', async () => {
    const [start, end] = ['2025-12-10', '2026-06-10'];
    const scopes: TallyScope[] = [EVERY_UNIT, { scope: 'provider', id: units[11]!.providerId! }, { scope: 'seller', id: sellerIds[0]! }];
    for (const scope of scopes) await tallyUnits(t.deps.db, scope, start, end); // makes the snapshots of 2025-12 and 2026-05
    const before = expected(start, end);
    // Late events: one inside the range, one in its first month before its first day (in S(2025-12), not counted).
    await recordAccess(t.deps.db, { sellerId: sellerIds[0]!, studentId: 'atrasada', ...units[11]!, occurredAt: new Date('2026-02-10T15:00:00Z') });
    await recordAccess(t.deps.db, { sellerId: sellerIds[0]!, studentId: 'atrasada', ...units[11]!, occurredAt: new Date('2025-12-02T15:00:00Z') });
    await settle();
    for (const scope of scopes) {
      const tally = await tallyUnits(t.deps.db, scope, start, end);
      expect({ scope, rows: tally.rank(0).map((r) => [r.itemId, r.accesses]) }).toEqual({ scope, rows: expected(start, end, scope) });
    }
    const tally = await tallyUnits(t.deps.db, EVERY_UNIT, start, end);
    expect(tally.allAccesses).toBe(before.reduce((s, [, n]) => s + n, 0) + 1);
    // The interior months' snapshots through February and after were remade with it (2026-05's, read here).
    const [{ total }] = rowsOf<{ total: number }>(await t.deps.db.execute(sql`select through_total::int as total from access_item_snapshots where scope = 'all' and month = '2026-05-01'`)) as [{ total: number }];
    const through = raw.filter((e) => e.day < '2026-06-01').length;
    expect(total).toBe(through);
  });

  it("is kept current through last month by the fold's timer, remade only when stale", async () => {
    const now = new Date('2026-07-15T12:00:00Z');
    const kept = async () =>
      rowsOf<{ total: number; made: string }>(
        await t.deps.db.execute(sql`select through_total::int as total, made_at::text as made from access_item_snapshots where scope = 'all' and month = '2026-06-01'`),
      )[0];
    await t.deps.db.execute(sql`delete from access_item_snapshots where scope = 'all' and month = '2026-06-01'`);
    await keepLastMonthSnapshot(t.deps.db, now);
    const first = await kept();
    expect(first?.total).toBe(raw.filter((e) => e.day < '2026-07-01').length);
    await keepLastMonthSnapshot(t.deps.db, now);
    expect((await kept())?.made).toBe(first!.made); // current: not remade
    await recordAccess(t.deps.db, { sellerId: sellerIds[1]!, studentId: 'atrasada-2', ...units[3]!, occurredAt: new Date('2026-06-20T15:00:00Z') });
    await settle();
    await keepLastMonthSnapshot(t.deps.db, now);
    expect((await kept())?.total).toBe(first!.total + 1);
  });

  it("answers the admin's report with the same figures", async () => {
    const token = await signIn(t.app, 'admin');
    const [start, end] = ['2025-11-20', '2026-09-15'];
    const want = expected(start, end);
    expect(want.length).toBeGreaterThan(4);
    const page = async (n: number) => {
      const res = await call(t.app, 'GET', `/api/items/item/content/find/access/units/0/${start}/${end}`, { token, query: { page: String(n) } });
      expect(res.statusCode).toBe(200);
      return res.json() as UnitAccessPage;
    };
    const first = await page(1);
    expect([first.total, first.totalAccess]).toEqual([want.length, want.reduce((s, [, n]) => s + n, 0)]);
    expect(first.data.map((r) => [r.itemId, r.access_counter])).toEqual(want.slice(0, 25));
    expect(first.data.find((r) => r.itemId === units[0]!.itemId)?.title).toBe('Foto 1');
    const past = await page(9);
    expect([past.data, past.total]).toEqual([[], want.length]);
  });

  it('ranks many tied units by unit id, page by page, through the heap and through the sort', () => {
    const next = random(5);
    const ids = Array.from({ length: 3000 }, (_, i) => 7 + i * 3 + Math.floor(next() * 3));
    const counts = ids.map(() => 1 + Math.floor(next() * 6)); // 6 values: ties everywhere
    const want = ids.map((id, i) => [id, counts[i]!] as [number, number]).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const tally = tallyOf(ids, counts);
    expect([tally.units, tally.allAccesses]).toEqual([3000, counts.reduce((a, b) => a + b, 0)]);
    for (const [offset, limit] of [[0, 25], [25, 25], [475, 25], [700, 100], [2990, 25], [0, undefined]] as const) {
      expect(tally.rank(offset, limit).map((r) => [r.itemId, r.accesses])).toEqual(want.slice(offset, limit === undefined ? undefined : offset + limit));
    }
  });

  it('sums units of very large ids (past the dense array) the same way', async () => {
    const p = { id: await reportProvider(t.deps.db, { companyName: 'Editora Longe', name: 'Longe', email: 'longe@exemplo.com.br' }) };
    // A unit whose id is far past every other (a sequence moved on), opened in two months.
    await t.deps.db.execute(sql`select setval(pg_get_serial_sequence('items', 'id'), 2000000000)`);
    const [item] = await t.deps.db.insert(items).values({ providerId: p.id }).returning({ id: items.id });
    const far = { itemId: item!.id, itemContentId: await buildVersion(t.deps.db, item!.id, { title: 'Longe', status: 'publish' }), providerId: p.id };
    expect(far.itemId).toBeGreaterThan(2_000_000_000);
    await recordAccess(t.deps.db, { sellerId: sellerIds[0]!, studentId: 'longe', ...far, occurredAt: new Date('2026-04-10T15:00:00Z') });
    await recordAccess(t.deps.db, { sellerId: sellerIds[0]!, studentId: 'longe', ...far, occurredAt: new Date('2026-08-10T15:00:00Z') });
    await settle();
    for (const scope of [EVERY_UNIT, { scope: 'provider', id: p!.id }] as TallyScope[]) {
      const tally = await tallyUnits(t.deps.db, scope, '2026-03-01', '2026-09-30');
      expect(tally.rank(0).map((r) => [r.itemId, r.accesses])).toEqual(expected('2026-03-01', '2026-09-30', scope));
    }
  });

  it('packs ids and counts without loss, counts of zero left out', () => {
    const ids = [1, 2, 130, 16_384, 2_000_000_000];
    const counts = [5, 0, 127, 3_000_000_000, 1];
    const seen: [number, number][] = [];
    unpackCounts(packCounts(ids, counts), (id, count) => seen.push([id, count]));
    expect(seen).toEqual([
      [1, 5],
      [130, 127],
      [16_384, 3_000_000_000],
      [2_000_000_000, 1],
    ]);
    // A buffer cut short is an error, not an endless read.
    const packed = packCounts([300], [70_000]);
    expect(() => unpackCounts(packed.subarray(0, packed.length - 1), () => undefined)).toThrow();
  });
});
