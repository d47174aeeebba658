/**
 * Access events and their rollups. Events recorded (also concurrently, and while a fold runs) are
 * each counted exactly once in the day and month rollups and in items.popularity; a report range splits into whole
 * months and edge days that cover each day once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { items, sellers } from '../src/db/schema';
import { recordAccess } from '../src/modules/reports/access-events';
import { foldAccesses, foldBeforeReading } from '../src/modules/reports/access-rollups';
import { rollupSpans } from '../src/modules/reports/rollup-spans';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let sellerId = 0;
const unit = { itemId: 0, itemContentId: 0, providerId: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const [s] = await t.deps.db.select({ id: sellers.id }).from(sellers).limit(1);
  sellerId = s!.id;
  const [i] = await t.deps.db
    .select({ id: items.id, content: items.publishedContentId, provider: items.providerId })
    .from(items)
    .where(isNotNull(items.publishedContentId))
    .limit(1);
  Object.assign(unit, { itemId: i!.id, itemContentId: i!.content!, providerId: i!.provider });
});
afterAll(() => t?.close());

const at = (iso: string) => new Date(iso);
const rows = async <T>(q: ReturnType<typeof sql>) => {
  const r = (await t.deps.db.execute(q)) as unknown as { rows?: T[] } | T[];
  return (Array.isArray(r) ? r : r.rows!) as T[];
};

describe('fold', () => {
  it('counts each event once per day and month (São Paulo calendar) and adds it to the unit popularity', async () => {
    const [before] = await t.deps.db.select({ p: items.popularity }).from(items).where(eq(items.id, unit.itemId));
    const ev = (studentId: string, iso: string) => recordAccess(t.deps.db, { sellerId, studentId, ...unit, occurredAt: at(iso) });
    // 02:30 UTC on 1 March is still 28 February in São Paulo (UTC−3).
    await ev('aluno-1', '2026-03-01T02:30:00Z');
    await ev('aluno-1', '2026-03-01T12:00:00Z');
    await ev('aluno-1', '2026-03-01T13:00:00Z');
    await ev('aluno-2', '2026-03-15T12:00:00Z');
    expect(await foldAccesses(t.deps.db)).toBe(4);
    expect(await foldAccesses(t.deps.db)).toBe(0);

    const days = await rows<{ student_id: string; day: string; accesses: number }>(
      sql`select student_id, day::text, accesses from access_student_days where seller_id = ${sellerId} order by 1, 2`,
    );
    expect(days).toEqual([
      { student_id: 'aluno-1', day: '2026-02-28', accesses: 1 },
      { student_id: 'aluno-1', day: '2026-03-01', accesses: 2 },
      { student_id: 'aluno-2', day: '2026-03-15', accesses: 1 },
    ]);
    const months = await rows<{ student_id: string; month: string; accesses: number; last: string }>(
      sql`select student_id, month::text, accesses, to_char(last_access at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as last
            from access_student_months where seller_id = ${sellerId} order by 1, 2`,
    );
    expect(months).toEqual([
      { student_id: 'aluno-1', month: '2026-02-01', accesses: 1, last: '2026-03-01T02:30' },
      { student_id: 'aluno-1', month: '2026-03-01', accesses: 2, last: '2026-03-01T13:00' },
      { student_id: 'aluno-2', month: '2026-03-01', accesses: 1, last: '2026-03-15T12:00' },
    ]);
    const unitMonths = await rows<{ month: string; accesses: number }>(
      sql`select month::text, accesses from access_unit_months where seller_id = ${sellerId} and item_id = ${unit.itemId} order by 1`,
    );
    expect(unitMonths).toEqual([
      { month: '2026-02-01', accesses: 1 },
      { month: '2026-03-01', accesses: 3 },
    ]);
    const [after] = await t.deps.db.select({ p: items.popularity }).from(items).where(eq(items.id, unit.itemId));
    expect(after!.p - before!.p).toBe(4);
  });

  it('loses and doubles nothing when events are recorded concurrently with folds', async () => {
    const total = async () =>
      (await rows<{ n: number }>(sql`select coalesce(sum(accesses), 0)::int as n from access_unit_months where seller_id = ${sellerId}`))[0]!.n;
    const start = await total();
    const writes = Array.from({ length: 60 }, (_, i) =>
      recordAccess(t.deps.db, { sellerId, studentId: `concorrente-${i % 7}`, ...unit, occurredAt: at('2026-04-10T15:00:00Z') }),
    );
    const folds = Array.from({ length: 5 }, () => foldAccesses(t.deps.db));
    const folded = await Promise.all([...folds, ...writes.map((w) => w.then(() => 0))]);
    const rest = await foldAccesses(t.deps.db);
    expect(folded.reduce((a, b) => a + b, 0) + rest).toBe(60);
    expect((await total()) - start).toBe(60);
  });
});

describe('fold window (PostgreSQL: transactions commit out of order)', () => {
  it('neither waits for an insert still in flight nor skips it: an event committed later with a smaller id is folded once, by a later fold', async (ctx) => {
    if (t.deps.database.kind !== 'postgres') return ctx.skip();
    await foldAccesses(t.deps.db);
    const count = async (studentId: string) =>
      (await rows<{ n: number }>(sql`select coalesce(sum(accesses), 0)::int as n from access_student_months where seller_id = ${sellerId} and student_id = ${studentId}`))[0]!.n;
    // A transaction inserts an event (drawing the smaller id) and stays open while another event commits after it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOpen = new Promise<void>((resolve) => (inserted = resolve));
    const slow = t.deps.db.transaction(async (tx) => {
      await recordAccess(tx, { sellerId, studentId: 'janela-lenta', ...unit });
      inserted();
      await held;
    });
    await insertedOpen;
    await recordAccess(t.deps.db, { sellerId, studentId: 'janela-rapida', ...unit });
    // The fold answers at once (no lock waits for the open transaction) and leaves BOTH for later: the committed one
    // has a larger xid than a transaction still running.
    const started = Date.now();
    expect(await foldAccesses(t.deps.db, { waitMs: 0 })).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await count('janela-rapida')).toBe(0);
    release();
    await slow;
    expect(await foldAccesses(t.deps.db)).toBe(2);
    expect(await foldAccesses(t.deps.db)).toBe(0);
    expect(await count('janela-lenta')).toBe(1);
    expect(await count('janela-rapida')).toBe(1);
  });

  it('a report waits for the transaction holding an event back, then counts it', async (ctx) => {
    if (t.deps.database.kind !== 'postgres') return ctx.skip();
    await foldAccesses(t.deps.db);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOpen = new Promise<void>((resolve) => (inserted = resolve));
    const slow = t.deps.db.transaction(async (tx) => {
      await recordAccess(tx, { sellerId, studentId: 'relatorio-lento', ...unit });
      inserted();
      await held;
    });
    await insertedOpen;
    await recordAccess(t.deps.db, { sellerId, studentId: 'relatorio-rapido', ...unit });
    setTimeout(release, 200);
    await foldBeforeReading(t.deps.db);
    await slow;
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from access_student_months where seller_id = ${sellerId} and student_id = 'relatorio-rapido'`);
    expect(n!.n).toBe(1);
  });
});

describe('group commit', () => {
  it("fails only the caller whose row is refused, never the others written with it", async () => {
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from access_events where student_id like 'lote-%'`))[0]!.n;
    const results = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) => recordAccess(t.deps.db, { sellerId, studentId: `lote-${i}`, ...unit })),
      recordAccess(t.deps.db, { sellerId: 999_999, studentId: 'lote-invalido', ...unit }),
      ...Array.from({ length: 5 }, (_, i) => recordAccess(t.deps.db, { sellerId, studentId: `lote-${i + 5}`, ...unit })),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(5).fill('fulfilled'), 'rejected', ...Array(5).fill('fulfilled')]);
    expect(await count()).toBe(10);
  });
});

describe('rollupSpans', () => {
  it('reads whole months from the month tables and the edges from the day tables', () => {
    expect(rollupSpans('2026-01-15', '2026-04-10')).toEqual({
      months: ['2026-02-01', '2026-03-01'],
      days: [
        ['2026-01-15', '2026-01-31'],
        ['2026-04-01', '2026-04-10'],
      ],
    });
    expect(rollupSpans('2026-02-01', '2026-02-28')).toEqual({ months: ['2026-02-01', '2026-02-01'], days: [] });
    expect(rollupSpans('2026-02-03', '2026-02-20')).toEqual({ months: null, days: [['2026-02-03', '2026-02-20']] });
    expect(rollupSpans('2026-01-31', '2026-02-01')).toEqual({ months: null, days: [['2026-01-31', '2026-02-01']] });
    expect(rollupSpans('2024-02-01', '2024-02-29')).toEqual({ months: ['2024-02-01', '2024-02-01'], days: [] });
    expect(rollupSpans('2026-05-02', '2026-05-01')).toEqual({ months: null, days: [] });
  });

  it('covers every day of a range exactly once', () => {
    const d = (s: string, n: number) => new Date(Date.parse(`${s}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    for (const [start, len] of [['2025-12-17', 400], ['2026-03-01', 30], ['2026-03-01', 31], ['2026-02-27', 3]] as const) {
      const end = d(start, len);
      const { months, days } = rollupSpans(start, end);
      const covered = new Map<string, number>();
      const add = (day: string) => covered.set(day, (covered.get(day) ?? 0) + 1);
      for (const [a, b] of days) for (let x = a; x <= b; x = d(x, 1)) add(x);
      if (months) for (let x = months[0]; x <= d(months[1], 40).slice(0, 7) + '-01'; x = d(x, 1)) if (x.slice(0, 7) <= months[1].slice(0, 7)) add(x);
      for (let x: string = start; x <= end; x = d(x, 1)) expect(covered.get(x), x).toBe(1);
      expect([...covered.keys()].every((k) => k >= start && k <= end)).toBe(true);
    }
  });
});
