/**
 * The monthly issuing: one charge per institution grouping its active rents of the month, each rent charged at most
 * once per month — by the database (UNIQUE (rent_id, period)) and under concurrency (two server instances issuing at
 * once on PostgreSQL: no duplicate, no error); a plan change or a reactivation in a month already charged is not
 * charged again; the migration runs forward on a database holding the demo data.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { chargeRents, charges, plans, rents } from '../src/db/schema';
import { openRent, rentLifecycle } from '../src/modules/rents/rent-lifecycle';
import { issueMonthlyCharges } from '../src/modules/charges/index';
import { spToday } from '@edu/shared/format';
import { periodOf } from '../src/modules/charges/charge-dates';
import { isUniqueViolation } from '../src/platform/pg-errors';
import { openDatabase } from '../src/platform/db';
import { createTestApp, createTestCluster, type TestApp } from './harness';
import { buildInstitution, buildPlanPrice, buildProvider } from './factories';
import type { Db } from '../src/platform/db';

const admin = { id: 1, type: 'admin' as const };

async function activeRent(db: Db, sellerId: number, planId: number, valueCents: number) {
  const providerId = await buildProvider(db, { companyName: `Fornecedor ${Math.random().toString(36).slice(2, 8)}`, email: 'f@teste.com' });
  await buildPlanPrice(db, { planId, providerId, valueCents });
  const rent = await db.transaction((tx) => openRent(tx, 'create', { sellerId, providerId, planId, valueCents }, admin));
  return rent;
}

const rowsOfRents = (db: Db, ids: number[]) =>
  db
    .select({ rentId: chargeRents.rentId, chargeId: chargeRents.chargeId, amountCents: chargeRents.amountCents, status: charges.status, period: charges.period })
    .from(chargeRents)
    .innerJoin(charges, eq(charges.id, chargeRents.chargeId))
    .where(inArray(chargeRents.rentId, ids));

describe('monthly issuing', () => {
  let t: TestApp;
  let planId: number;
  beforeAll(async () => {
    t = await createTestApp();
    [{ id: planId }] = (await t.deps.db.select({ id: plans.id }).from(plans).limit(1)) as [{ id: number }];
  });
  afterAll(() => t?.close());

  it("groups an institution's active rents of the month into one charge, each at its price; a second run issues nothing", async () => {
    const db = t.deps.db;
    const sellerId = await buildInstitution(db, { name: 'Instituto Mensal', cnpj: '11444777000161', status: 'active' });
    const a = await activeRent(db, sellerId, planId, 10_000);
    const b = await activeRent(db, sellerId, planId, 2_550);
    const free = await activeRent(db, sellerId, planId, 0);
    const first = await issueMonthlyCharges(t.deps);
    expect(first.period).toBe(periodOf(spToday()));
    const rows = await rowsOfRents(db, [a.id, b.id, free.id]);
    expect(rows.map((r) => [r.rentId, r.amountCents]).sort()).toEqual([[a.id, 10_000], [b.id, 2_550]].sort());
    expect(new Set(rows.map((r) => r.chargeId)).size).toBe(1);
    const [charge] = await db.select().from(charges).where(eq(charges.id, rows[0]!.chargeId));
    expect(charge).toMatchObject({ sellerId, amountCents: 12_550, status: 'open', period: first.period });
    // The demo institution's active rent is charged by the same run.
    expect(first.issued.length).toBeGreaterThanOrEqual(1);
    const second = await issueMonthlyCharges(t.deps);
    expect(second.issued).toEqual([]);
  });

  it('the database refuses a second row of a rent for the same month (UNIQUE (rent_id, period))', async () => {
    const db = t.deps.db;
    const sellerId = await buildInstitution(db, { name: 'Instituto Único', cnpj: '11444777000161', status: 'active' });
    const rent = await activeRent(db, sellerId, planId, 1_000);
    await issueMonthlyCharges(t.deps);
    const [row] = await rowsOfRents(db, [rent.id]);
    const [other] = await db
      .insert(charges)
      .values({ sellerId, code: 'TESTDUP1', period: row!.period, amountCents: 1_000, dueOn: row!.period })
      .returning();
    const err = await db.insert(chargeRents).values({ chargeId: other!.id, rentId: rent.id, period: row!.period, amountCents: 1_000 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('a plan change (successor rent) and a reactivation in a month already charged are not charged again', async () => {
    const db = t.deps.db;
    const sellerId = await buildInstitution(db, { name: 'Instituto Troca', cnpj: '11444777000161', status: 'active' });
    const rent = await activeRent(db, sellerId, planId, 3_000);
    await issueMonthlyCharges(t.deps);
    const [otherPlan] = await db.select({ id: plans.id }).from(plans).where(sql`${plans.id} <> ${planId}`).limit(1);
    const lifecycle = rentLifecycle(t.deps);
    const moved = await db.transaction((tx) => lifecycle.moveRent(tx, rent.id, 'changePlan', admin, { plan: { planId: otherPlan!.id, valueCents: 4_000 } }));
    expect(moved.successor).toBeDefined();
    // Active → waiting → active again (a reactivation by the manage-status modal).
    await db.transaction((tx) => lifecycle.moveRent(tx, moved.successor!.id, 'setStatus', admin, { status: 'waiting' }));
    await db.transaction((tx) => lifecycle.moveRent(tx, moved.successor!.id, 'setStatus', admin, { status: 'active' }));
    const run = await issueMonthlyCharges(t.deps);
    const mine = await db.select().from(charges).where(eq(charges.sellerId, sellerId));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.amountCents).toBe(3_000);
    expect(await rowsOfRents(db, [moved.successor!.id])).toEqual([]);
    expect(run.issued.filter((id) => mine.some((c) => c.id === id))).toEqual([]);
  });
});

const pg = Boolean(inject('testDatabase'));

describe.skipIf(!pg)('exactly once on PostgreSQL', () => {
  it('two instances issuing at once, twice over: every rent charged once, no error', { timeout: 60_000 }, async () => {
    const cluster = await createTestCluster(2);
    try {
      const one = cluster.instances[0]!;
      const two = cluster.instances[1]!;
      const db = one.deps.db;
      const [{ id: planId }] = (await db.select({ id: plans.id }).from(plans).limit(1)) as [{ id: number }];
      const rentIds: number[] = [];
      for (let s = 0; s < 6; s++) {
        const sellerId = await buildInstitution(db, { name: `Instituto Concorrente ${s}`, cnpj: '11444777000161', status: 'active' });
        for (let r = 0; r < 3; r++) rentIds.push((await activeRent(db, sellerId, planId, 1_000 + r)).id);
      }
      const runs = await Promise.all([issueMonthlyCharges(one.deps), issueMonthlyCharges(two.deps), issueMonthlyCharges(one.deps), issueMonthlyCharges(two.deps)]);
      const rows = await rowsOfRents(db, rentIds);
      expect(rows).toHaveLength(rentIds.length);
      expect(new Set(rows.map((r) => r.rentId)).size).toBe(rentIds.length);
      // One charge per institution, issued by exactly one of the runs.
      const chargeIds = new Set(rows.map((r) => r.chargeId));
      expect(chargeIds.size).toBe(6);
      const issued = runs.flatMap((r) => r.issued).filter((id) => chargeIds.has(id));
      expect(issued.sort()).toEqual([...chargeIds].sort());
    } finally {
      await cluster.close();
    }
  });

  it('the migration runs forward on a database holding the demo data, and the demo active rent is then charged', { timeout: 60_000 }, async () => {
    const t = await createTestApp();
    try {
      const db = t.deps.db;
      const url = t.deps.config.DATABASE_URL!;
      // Back to the release before the charges: no charges tables (nor the late-payment's), their migrations not applied.
      await db.execute(sql`drop table charge_notices`);
      await db.execute(sql`alter table sellers drop column suspension_reason`);
      await db.execute(sql`drop table charge_rents`);
      await db.execute(sql`drop table charges`);
      await db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at in (select created_at from drizzle.__drizzle_migrations order by created_at desc limit 2)`,
      );
      const demoActive = await db.select({ id: rents.id }).from(rents).where(eq(rents.status, 'active'));
      expect(demoActive.length).toBeGreaterThan(0);
      const reopened = await openDatabase({ url });
      await reopened.close();
      const run = await issueMonthlyCharges(t.deps);
      expect(run.issued.length).toBeGreaterThan(0);
      const active = await db.select({ id: rents.id }).from(rents).where(sql`${rents.status} = 'active' and ${rents.valueCents} > 0`);
      expect(await rowsOfRents(db, active.map((r) => r.id))).toHaveLength(active.length);
    } finally {
      await t.close();
    }
  });
});
