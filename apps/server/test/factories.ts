/**
 * Test data builders. `buildUnitPayload`: the body of a complete unit (every field the studio requires filled), as
 * `POST /api/items/item/content/create` takes it; pass what a test cares about in `overrides`.
 */
import { eq } from 'drizzle-orm';
import type { Db, Executor } from '../src/platform/db';
import { openRent } from '../src/modules/rents/rent-lifecycle';
import { hashPassword } from '../src/platform/security';
import { courses, courseSubjects, itemContents, items, planPrices, plans, providers, rents, sellers, subjectItems, subjects, users } from '../src/db/schema';

export function buildUnitPayload(areaId: number, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Química orgânica',
    authors: ['Ana Souza'],
    introduction: '<p>Introdução</p>',
    learningObjectives: ['Reconhecer cadeias carbônicas'],
    synthesis: '<p>Síntese</p>',
    bibliographicReference: ['SOLOMONS, T. Química Orgânica. LTC, 2012.'],
    knowledges: [areaId],
    levelOfLearning: ['Graduação'],
    topics: [{ title: 'Cadeias', content: '<p>Texto</p>' }],
    ...overrides,
  };
}

/*
 * Row builders: the same inserts the tests used to write by hand, with the defaults they repeated. Each answers the
 * new id(s). They write rows directly (fixtures, not the flows under test); a test that tests a flow goes through
 * the API instead.
 */

type New<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** An institution (a `sellers` row); `companyName` defaults to `name`. */
export async function buildInstitution(db: Executor, values: Omit<New<typeof sellers>, 'companyName'> & { companyName?: string }) {
  const [row] = await db.insert(sellers).values({ companyName: values.name, ...values }).returning({ id: sellers.id });
  return row!.id;
}

const hashes = new Map<string, Promise<string>>();

/**
 * A user, active unless said otherwise. With `password` it can sign in (the argon2 hash is computed once per password
 * and file); without, its hash is a placeholder no password matches.
 */
export async function buildUser(db: Executor, values: Omit<New<typeof users>, 'passwordHash' | 'status'> & { status?: string; password?: string; passwordHash?: string }) {
  const { password, ...rest } = values;
  let passwordHash = rest.passwordHash ?? 'x';
  if (password !== undefined) {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password));
    passwordHash = await hashes.get(password)!;
  }
  const [row] = await db.insert(users).values({ status: 'active', ...rest, passwordHash }).returning({ id: users.id });
  return row!.id;
}

/** A provider, a legal person (PJ) and active unless said otherwise; `name` defaults to `companyName`. */
export async function buildProvider(db: Executor, values: Omit<New<typeof providers>, 'name' | 'typePerson'> & { name?: string; typePerson?: string }) {
  const [row] = await db
    .insert(providers)
    .values({ name: values.companyName, typePerson: 'PJ', status: 'active', ...values })
    .returning({ id: providers.id });
  return row!.id;
}

type ContentValues = Omit<New<typeof itemContents>, 'itemId'>;

/** A version of the unit `itemId` (an `item_contents` row: version 1 and a draft unless said otherwise). */
export async function buildVersion(db: Executor, itemId: number, values: ContentValues) {
  const [row] = await db.insert(itemContents).values({ ...values, itemId }).returning({ id: itemContents.id });
  return row!.id;
}

/**
 * A unit of `providerId` with one version: published (status 'publish' and the item's pointer on it) unless `values`
 * says another status, then only that version with no pointer.
 */
export async function buildUnit(db: Executor, providerId: number, values: Omit<ContentValues, 'status'> & { status?: string }) {
  const [item] = await db.insert(items).values({ providerId }).returning({ id: items.id });
  const status = values.status ?? 'publish';
  const contentId = await buildVersion(db, item!.id, { ...values, status });
  if (status === 'publish') await db.update(items).set({ publishedContentId: contentId }).where(eq(items.id, item!.id));
  return { itemId: item!.id, contentId };
}

/** A rent (1 000 cents unless said otherwise). */
export async function buildRent(db: Executor, values: Omit<New<typeof rents>, 'valueCents'> & { valueCents?: number }) {
  const [row] = await db.insert(rents).values({ valueCents: 1000, ...values }).returning({ id: rents.id });
  return row!.id;
}

/** A plan. */
export async function buildPlan(db: Executor, values: New<typeof plans>) {
  const [row] = await db.insert(plans).values(values).returning({ id: plans.id });
  return row!.id;
}

/** The price of a provider's units on a plan. */
export async function buildPlanPrice(db: Executor, values: New<typeof planPrices>) {
  const [row] = await db.insert(planPrices).values(values).returning({ id: planPrices.id });
  return row!.id;
}

/** A subject (of an institution or a provider) holding `units` pinned to the given versions, in that order. */
export async function buildSubject(db: Executor, values: New<typeof subjects>, units: { itemId: number; contentId: number }[] = []) {
  const [row] = await db.insert(subjects).values(values).returning({ id: subjects.id });
  for (const [position, u] of units.entries()) await buildSubjectItem(db, { subjectId: row!.id, itemId: u.itemId, itemContentId: u.contentId, position });
  return row!.id;
}

/** One unit of a subject, pinned to a version. */
export async function buildSubjectItem(db: Executor, values: New<typeof subjectItems>) {
  const [row] = await db.insert(subjectItems).values(values).returning({ id: subjectItems.id });
  return row!.id;
}

/** A course (of an institution or a provider). */
export async function buildCourse(db: Executor, values: New<typeof courses>) {
  const [row] = await db.insert(courses).values(values).returning({ id: courses.id });
  return row!.id;
}

/** One subject of a course, at `position`. */
export async function buildCourseSubject(db: Executor, values: New<typeof courseSubjects>) {
  const [row] = await db.insert(courseSubjects).values(values).returning({ id: courseSubjects.id });
  return row!.id;
}

export interface RentRequestValues {
  sellerId: number;
  planId: number;
  valueCents: number;
  /** The institution's user who asks (the rent machine's request is a buyer's move). */
  byUserId: number;
  companyName?: string;
}

/**
 * A rent request (status requested) of `sellerId` for a NEW provider priced `valueCents` on `planId`, through the
 * rents module's writer as the institution's payment request makes it. Accepting it (PUT /api/sellers/rents/:id
 * {status: 'waiting'}) issues its first charge.
 */
export async function buildRentRequest(db: Db, values: RentRequestValues): Promise<{ rentId: number; providerId: number }> {
  const tag = Math.random().toString(36).slice(2, 10);
  const providerId = await buildProvider(db, { companyName: values.companyName ?? `Fornecedor ${tag}`, email: `f${tag}@teste.com` });
  await buildPlanPrice(db, { planId: values.planId, providerId, valueCents: values.valueCents });
  const { sellerId, planId, valueCents } = values;
  const rent = await db.transaction((tx) => openRent(tx, 'request', { sellerId, providerId, planId, valueCents }, { id: values.byUserId, type: 'seller' }));
  return { rentId: rent.id, providerId };
}
