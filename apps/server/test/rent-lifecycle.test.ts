/**
 * The rent lifecycle on the server: only modules/rents/rent-lifecycle.ts writes rents.status;
 * one open rent per institution and provider; a plan change of a rent that has ever been active keeps the
 * old one as migrated history; every status lands in rent_history; refusals are 409 and change nothing;
 * `rentLifecycle` emits each move's domain event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { moveRent, openRent, rentLifecycle } from '../src/modules/rents/rent-lifecycle';
import { domainEvents, type DomainEvent } from '../src/platform/domain-events';
import { plans, providers, rentHistory, rents, sellers, users } from '../src/db/schema';
import { AppError } from '../src/platform/errors';
import { createTestApp, demoEmail, type TestApp } from './harness';
import { writersOutside, writesIn, writesInFile, type WriteScan } from './source-scan';

const ALLOWED = ['modules/rents/rent-lifecycle.ts', 'demo/'];

/** Writes of rents.status (Drizzle calls, where a spread may carry it, and raw SQL). */
const RENT_STATUS: WriteScan = {
  tables: ['rents'],
  columns: /\bstatus\s*[:,}]|\.\.\./,
  raw: /(update\s+rents\s+set[^;`]*?status|insert\s+into\s+rents\b)/gi,
};
export const rentStatusWrites = (source: string): string[] => writesIn(RENT_STATUS, source);

describe('only the rent lifecycle writes rents.status', () => {
  it('the scan finds a write when there is one (it can fail)', () => {
    expect(rentStatusWrites("await tx.update(rents).set({ status: 'active' }).where(eq(rents.id, 1));")).toHaveLength(1);
    expect(rentStatusWrites("await tx.insert(rents).values({ ...input, status: 'requested' }).returning();")).toHaveLength(1);
    expect(rentStatusWrites("await db.execute(sql`update rents set status = 'active' where id = 1`);")).toHaveLength(1);
    expect(rentStatusWrites('await tx.update(rents).set({ updatedAt: now }).where(eq(rents.id, 1));')).toEqual([]);
  });

  it('no file of apps/server/src other than modules/rents/rent-lifecycle.ts writes it', () => {
    const offenders = writersOutside(RENT_STATUS, ALLOWED);
    expect(offenders).toEqual([]);
    expect(writesInFile(RENT_STATUS, 'modules/rents/rent-lifecycle.ts').length).toBeGreaterThan(0);
  });
});

describe('rent lifecycle', () => {
  let t: TestApp;
  let sellerId: number;
  let providerId: number;
  let planA: number;
  let planB: number;
  const admin = { id: 0, type: 'admin' as const };
  const seller = { id: 0, type: 'seller' as const };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const [s] = await db.insert(sellers).values({ name: 'Instituto Teste', companyName: 'Instituto Teste', cnpj: '11444777000161', status: 'active' }).returning();
    const [p] = await db.insert(providers).values({ companyName: 'Fornecedor Teste', name: 'Resp', email: 'f@teste.com', typePerson: 'Fornecedor', status: 'active' }).returning();
    const planRows = await db.select({ id: plans.id }).from(plans).orderBy(asc(plans.id));
    sellerId = s!.id;
    providerId = p!.id;
    planA = planRows[0]!.id;
    planB = planRows[1]!.id;
    const [a] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('seller')));
    admin.id = a!.id;
    seller.id = u!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const history = (rentId: number) =>
    t.deps.db.select({ status: rentHistory.status }).from(rentHistory).where(eq(rentHistory.rentId, rentId)).orderBy(asc(rentHistory.id));

  it('opens one rent per pair; a second open one is refused with the spec message and the transaction goes on', async () => {
    const first = await t.deps.db.transaction((tx) => openRent(tx, 'request', { sellerId, providerId, planId: planA, valueCents: 100_00 }, seller));
    expect(first.status).toBe('requested');
    const outcome = await t.deps.db.transaction(async (tx) => {
      const err = await openRent(tx, 'create', { sellerId, providerId, planId: planA, valueCents: 1 }, admin).catch((e: unknown) => e);
      // The savepoint rolled back: the same transaction can still write.
      const [again] = await tx.select({ id: rents.id }).from(rents).where(eq(rents.id, first.id));
      return { err, again };
    });
    expect(outcome.err).toBeInstanceOf(AppError);
    expect((outcome.err as AppError).statusCode).toBe(409);
    expect((outcome.err as AppError).message).toBe('Esse catálogo já está associado a essa instituição!');
    expect(outcome.again?.id).toBe(first.id);
    await expect(t.deps.db.transaction((tx) => openRent(tx, 'request', { sellerId, providerId, planId: planA, valueCents: 1 }, { id: seller.id, type: 'seller_assistent' }))).rejects.toMatchObject({ statusCode: 409, code: 'RENT_FORBIDDEN' });
  });

  it('moves through the manage modal, splits on a plan change of an active rent, cancels, and refuses a final rent', async () => {
    const [open] = await t.deps.db.select().from(rents).where(and(eq(rents.sellerId, sellerId), eq(rents.providerId, providerId)));
    await t.deps.db.transaction((tx) => moveRent(tx, open!.id, 'setStatus', admin, { status: 'waiting' }));
    await expect(t.deps.db.transaction((tx) => moveRent(tx, open!.id, 'setStatus', admin, { status: 'waiting' }))).rejects.toMatchObject({ statusCode: 409, code: 'RENT_SAME_STATUS' });
    // A plan change of an unpaid rent replaces plan and price in place.
    const kept = await t.deps.db.transaction((tx) => moveRent(tx, open!.id, 'changePlan', admin, { plan: { planId: planB, valueCents: 200_00 } }));
    expect(kept.rent).toMatchObject({ id: open!.id, status: 'waiting', planId: planB, valueCents: 200_00 });
    await t.deps.db.transaction((tx) => moveRent(tx, open!.id, 'setStatus', admin, { status: 'active' }));
    // Active: the old rent becomes migrated, a new active one carries the new plan and price.
    const split = await t.deps.db.transaction((tx) => moveRent(tx, open!.id, 'changePlan', admin, { plan: { planId: planA, valueCents: 150_00 } }));
    expect(split.rent.status).toBe('migrated');
    expect(split.successor).toMatchObject({ status: 'active', planId: planA, valueCents: 150_00, previousRentId: open!.id });
    expect((await history(open!.id)).map((h) => h.status)).toEqual(['requested', 'waiting', 'active', 'migrated']);
    await expect(t.deps.db.transaction((tx) => moveRent(tx, open!.id, 'cancel', admin))).rejects.toMatchObject({ statusCode: 409, code: 'RENT_FINAL' });

    // The institution only asks to cancel an active rent, once.
    const asked = await t.deps.db.transaction((tx) => moveRent(tx, split.successor!.id, 'sellerCancel', seller));
    expect(asked).toMatchObject({ cancellationRequested: true, to: 'active' });
    expect(asked.rent.cancelRequestedAt).not.toBeNull();
    await expect(t.deps.db.transaction((tx) => moveRent(tx, split.successor!.id, 'sellerCancel', seller))).rejects.toMatchObject({ statusCode: 409 });
    await expect(t.deps.db.transaction((tx) => moveRent(tx, split.successor!.id, 'cancel', seller))).rejects.toMatchObject({ statusCode: 409, code: 'RENT_FORBIDDEN' });
    const canceled = await t.deps.db.transaction((tx) => moveRent(tx, split.successor!.id, 'cancel', admin));
    expect(canceled.to).toBe('canceled');
    // With no open rent left, the pair may rent again.
    const again = await t.deps.db.transaction((tx) => openRent(tx, 'create', { sellerId, providerId, planId: planA, valueCents: 150_00 }, admin));
    expect(again.status).toBe('active');
  });

  it('a plan change of a rent that was EVER active splits even when it is waiting now: the past income keeps its value', async () => {
    const db = t.deps.db;
    const [p] = await db.insert(providers).values({ companyName: 'Fornecedor Pago', name: 'Resp', email: 'pago@teste.com', typePerson: 'Fornecedor', status: 'active' }).returning();
    const rent = await db.transaction((tx) => openRent(tx, 'create', { sellerId, providerId: p!.id, planId: planA, valueCents: 100_00 }, admin));
    await db.transaction((tx) => moveRent(tx, rent.id, 'setStatus', admin, { status: 'waiting' }));
    const split = await db.transaction((tx) => moveRent(tx, rent.id, 'changePlan', admin, { plan: { planId: planB, valueCents: 300_00 } }));
    expect(split).toMatchObject({ from: 'waiting', to: 'migrated' });
    expect(split.rent).toMatchObject({ id: rent.id, status: 'migrated', planId: planA, valueCents: 100_00 });
    expect(split.successor).toMatchObject({ status: 'waiting', planId: planB, valueCents: 300_00, previousRentId: rent.id });
    expect((await history(rent.id)).map((h) => h.status)).toEqual(['active', 'waiting', 'migrated']);
    expect((await history(split.successor!.id)).map((h) => h.status)).toEqual(['waiting']);
    // The rent that was active keeps the price it was active at (its charges were issued at it).
    expect((await db.select({ v: rents.valueCents }).from(rents).where(eq(rents.id, rent.id)))[0]!.v).toBe(100_00);
    // The successor was never active: its own plan change is in place.
    const inPlace = await db.transaction((tx) => moveRent(tx, split.successor!.id, 'changePlan', admin, { plan: { planId: planA, valueCents: 120_00 } }));
    expect(inPlace.successor).toBeUndefined();
    expect(inPlace.rent).toMatchObject({ id: split.successor!.id, status: 'waiting', planId: planA, valueCents: 120_00 });
    // Requested after being active splits the same way, keeping 'requested'.
    await db.transaction((tx) => moveRent(tx, split.successor!.id, 'setStatus', admin, { status: 'active' }));
    await db.transaction((tx) => moveRent(tx, split.successor!.id, 'setStatus', admin, { status: 'requested' }));
    const again = await db.transaction((tx) => moveRent(tx, split.successor!.id, 'changePlan', admin, { plan: { planId: planB, valueCents: 310_00 } }));
    expect(again.rent.status).toBe('migrated');
    expect(again.successor).toMatchObject({ status: 'requested', planId: planB, valueCents: 310_00 });
  });

  it("rentLifecycle emits each move's domain event in the move's transaction, and none for a refused move", async () => {
    const db = t.deps.db;
    const seen: DomainEvent[] = [];
    const events = domainEvents(t.deps);
    const names = ['rent.requested', 'rent.accepted', 'rent.activated', 'rent.canceled', 'rent.cancellation_requested', 'rent.plan_changed'] as const;
    for (const name of names) events.within(name, async (_tx, e) => void seen.push(e));
    const life = rentLifecycle(t.deps);
    const provider = { companyName: 'Fornecedor Eventos', name: 'Resp', email: 'eventos@teste.com', typePerson: 'Fornecedor' };
    const [p] = await db.insert(providers).values({ ...provider, status: 'active' }).returning();
    const pair = { sellerId, providerId: p!.id };
    const facts = { ...pair, actorId: admin.id };

    const asked = await db.transaction((tx) => life.openRent(tx, 'request', { ...pair, planId: planA, valueCents: 100_00 }, seller));
    const requested = { rentId: asked.id, planId: planA, valueCents: 100_00, paymentRequestId: null };
    expect(seen.pop()).toEqual({ name: 'rent.requested', ...facts, actorId: seller.id, ...requested });
    await db.transaction((tx) => life.moveRent(tx, asked.id, 'setStatus', admin, { status: 'waiting' }));
    // Accepted (requested → waiting): the charges module issues the first charge on it.
    expect(seen.pop()).toEqual({ name: 'rent.accepted', ...facts, rentId: asked.id, planId: planA, valueCents: 100_00 });
    expect(seen).toEqual([]);
    await db.transaction((tx) => life.moveRent(tx, asked.id, 'setStatus', admin, { status: 'active' }));
    expect(seen.pop()).toEqual({ name: 'rent.activated', ...facts, rentId: asked.id, cause: 'setStatus', from: 'waiting' });
    const plan = { planId: planB, valueCents: 200_00 };
    const split = await db.transaction((tx) => life.moveRent(tx, asked.id, 'changePlan', admin, { plan }));
    const successorId = split.successor!.id;
    expect(seen.pop()).toEqual({
      name: 'rent.plan_changed',
      ...facts,
      rentId: successorId,
      previousRentId: asked.id,
      successorId,
      planId: planB,
      valueCents: 200_00,
      from: 'active',
      to: 'migrated',
    });
    await db.transaction((tx) => life.moveRent(tx, successorId, 'sellerCancel', seller));
    expect(seen.pop()).toEqual({ name: 'rent.cancellation_requested', ...facts, actorId: seller.id, rentId: successorId });
    await expect(db.transaction((tx) => life.moveRent(tx, successorId, 'sellerCancel', seller))).rejects.toMatchObject({ statusCode: 409 });
    expect(seen).toEqual([]);
    await db.transaction((tx) => life.moveRent(tx, successorId, 'cancel', admin));
    expect(seen.pop()).toEqual({ name: 'rent.canceled', ...facts, rentId: successorId, cause: 'cancel', from: 'active' });
    const created = await db.transaction((tx) => life.openRent(tx, 'create', { ...pair, planId: planA, valueCents: 100_00 }, admin));
    expect(seen.pop()).toEqual({ name: 'rent.activated', ...facts, rentId: created.id, cause: 'create', from: 'new' });
    // The bare moves emit nothing.
    await db.transaction((tx) => moveRent(tx, created.id, 'cancel', admin));
    expect(seen).toEqual([]);
  });

  it('the demo institution has one active rental of the demo provider, and the provider its store facts', async () => {
    const [demoProvider] = await t.deps.db.select().from(providers).where(eq(providers.email, demoEmail('provider')));
    const rows = await t.deps.db.select().from(rents).where(eq(rents.providerId, demoProvider!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('active');
    expect(demoProvider!.publishedUnits).toBeGreaterThan(0);
    expect(demoProvider!.publishedKnowledgeIds.length).toBeGreaterThan(0);
  });
});
