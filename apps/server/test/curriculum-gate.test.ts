/**
 * Subjects, courses and subject categories are cases of the one access gate: subject.own and course.own admit an
 * institution's users to their institution's rows and a provider's users to their provider's; category.own admits an
 * institution's users to their institution's categories. Staff and grants are admitted to none (the curriculum routes
 * are the owners' own). Whether the institution is ACTIVE is `ownerOf`'s question (403), not the gate's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { buildCourse, buildInstitution, buildProvider, buildSubject } from './factories';
import { subjectCategories } from '../src/db/schema';
import { accessWhere, checkAccess, grantActor, POLICIES, type Actor, type Permission } from '../src/modules/access/access';

let t: TestApp;
const ids = {
  sellerA: 0, sellerB: 0, provider: 0, otherProvider: 0,
  subject: { a: 0, b: 0, provider: 0, otherProvider: 0 },
  course: { a: 0, b: 0, provider: 0, otherProvider: 0 },
  category: { a: 0, b: 0 },
};

async function buildCategory(sellerId: number, name: string) {
  const [row] = await t.deps.db.insert(subjectCategories).values({ sellerId, name }).returning({ id: subjectCategories.id });
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const db = t.deps.db;
  ids.sellerA = await buildInstitution(db, { name: 'Escola A', cnpj: '11444777000161', status: 'active' });
  ids.sellerB = await buildInstitution(db, { name: 'Escola B', cnpj: '11222333000181', status: 'active' });
  ids.provider = await buildProvider(db, { companyName: 'Fornecedor Próprio', email: 'proprio@exemplo.com.br' });
  ids.otherProvider = await buildProvider(db, { companyName: 'Outro Fornecedor', email: 'outro@exemplo.com.br' });
  ids.subject = {
    a: await buildSubject(db, { name: 'Disciplina de A', sellerId: ids.sellerA }),
    b: await buildSubject(db, { name: 'Disciplina de B', sellerId: ids.sellerB }),
    provider: await buildSubject(db, { name: 'Disciplina do fornecedor', providerId: ids.provider }),
    otherProvider: await buildSubject(db, { name: 'Disciplina de outro fornecedor', providerId: ids.otherProvider }),
  };
  ids.course = {
    a: await buildCourse(db, { name: 'Curso de A', sellerId: ids.sellerA }),
    b: await buildCourse(db, { name: 'Curso de B', sellerId: ids.sellerB }),
    provider: await buildCourse(db, { name: 'Curso do fornecedor', providerId: ids.provider }),
    otherProvider: await buildCourse(db, { name: 'Curso de outro fornecedor', providerId: ids.otherProvider }),
  };
  ids.category = { a: await buildCategory(ids.sellerA, 'Exatas'), b: await buildCategory(ids.sellerB, 'Humanas') };
});
afterAll(async () => t?.close());

const everyId = (p: Permission) => Object.values(p === 'subject.own' ? ids.subject : p === 'course.own' ? ids.course : ids.category);

/** The ids `actor` may `permission`, asked both ways: the single check and the list condition must agree. */
async function allowed(actor: Actor, permission: Permission): Promise<number[]> {
  const single = [...(await checkAccess(t.deps.db, actor, permission, everyId(permission)))].sort((x, y) => x - y);
  const { id, table } = POLICIES[permission];
  const rows = await t.deps.db.select({ id }).from(table).where(and(inArray(id, everyId(permission)), accessWhere(actor, permission)));
  expect(rows.map((r) => Number(r.id)).sort((x, y) => x - y), `${permission}: the list condition`).toEqual(single);
  return single;
}

const user = (type: string, values: { sellerId?: number; providerId?: number } = {}) =>
  ({ id: 1, type, sellerId: values.sellerId ?? null, providerId: values.providerId ?? null }) as Actor;

describe('the curriculum is its owner\'s', () => {
  it.each(['seller', 'seller_content_manager', 'seller_assistent'])("%s of institution A: A's subject, course and category, not B's", async (type) => {
    const a = user(type, { sellerId: ids.sellerA });
    expect(await allowed(a, 'subject.own')).toEqual([ids.subject.a]);
    expect(await allowed(a, 'course.own')).toEqual([ids.course.a]);
    expect(await allowed(a, 'category.own')).toEqual([ids.category.a]);
  });

  it("a provider: its own subject and course, not another provider's nor an institution's; no category", async () => {
    const p = user('provider', { providerId: ids.provider });
    expect(await allowed(p, 'subject.own')).toEqual([ids.subject.provider]);
    expect(await allowed(p, 'course.own')).toEqual([ids.course.provider]);
    expect(await allowed(p, 'category.own')).toEqual([]);
  });

  it.each(['admin', 'director', 'manager', 'curator', 'review'])('staff (%s): none', async (type) => {
    const staff = user(type);
    for (const permission of ['subject.own', 'course.own', 'category.own'] as const) expect(await allowed(staff, permission), permission).toEqual([]);
  });

  it.each(['link', 'lti', 'lms'] as const)('a grant (%s) of institution A: none, not even its own institution\'s', async (kind) => {
    const grant = grantActor(kind, ids.sellerA);
    for (const permission of ['subject.own', 'course.own', 'category.own'] as const) expect(await allowed(grant, permission), permission).toEqual([]);
  });
});
