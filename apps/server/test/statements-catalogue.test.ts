/**
 * Query-count guard of the catalogue, the store's provider units page, the galleries, the bell and the curriculum lists:
 * each warm GET sends ONE statement (the caller's guard, the rows and their counts together), and answers rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { call, createTestApp, demoEmail, signIn, statementsOf, type TestApp } from './harness';
import { buildCourse, buildCourseSubject, buildSubject } from './factories';
import { galleries, galleryFiles, itemContents, itemContentTags, items, notifications, subjectCategories, tags, users } from '../src/db/schema';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/units';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { seller: 0, provider: 0, gallery: 0, sellerSubject: 0, providerSubject: 0, sellerCourse: 0, providerCourse: 0, area: 0 };
/** Four letters of the demo unit's title: a catalogue search from 4 characters. */
const TERM = DEMO_PUBLISHED_UNIT_TITLE.split(/\s+/).find((w) => w.length >= 4)!.slice(0, 4);

/** Statements of the warm GET, and its answer. */
async function once(who: string, url: string) {
  const { statements } = await statementsOf(t.app, url, tok[who]);
  const res = await call(t.app, 'GET', url, { token: tok[who]! });
  expect(res.statusCode, res.body).toBe(200);
  return { statements, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  for (const who of ['seller', 'provider', 'admin']) tok[who] = await signIn(t.app, who);
  const [seller] = await db.select({ id: users.id, sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  const [provider] = await db.select({ id: users.id, providerId: users.providerId }).from(users).where(eq(users.email, demoEmail('provider')));
  ids.seller = seller!.sellerId!;
  ids.provider = provider!.providerId!;
  const [unit] = await db
    .select({ itemId: items.id, contentId: itemContents.id, areas: itemContents.knowledgeIds })
    .from(itemContents)
    .innerJoin(items, eq(items.publishedContentId, itemContents.id))
    .where(and(eq(itemContents.title, DEMO_PUBLISHED_UNIT_TITLE), eq(items.providerId, ids.provider)));
  ids.area = unit!.areas![0]!;
  const [tag] = await db.insert(tags).values({ name: 'Guarda de consultas' }).returning({ id: tags.id });
  await db.insert(itemContentTags).values({ itemContentId: unit!.contentId, tagId: tag!.id });
  const [gallery] = await db.insert(galleries).values({ providerId: ids.provider, name: 'images' }).returning({ id: galleries.id });
  ids.gallery = gallery!.id;
  await db.insert(galleryFiles).values([1, 2, 3].map((n) => ({ galleryId: ids.gallery, filename: `foto-${n}.png`, storageKey: `images/guard-${n}.png`, uploadedBy: provider!.id })));
  await db.insert(notifications).values([{ userId: seller!.id, text: 'Aviso 1' }, { userId: seller!.id, text: 'Aviso 2', read: true }]);
  await db.insert(subjectCategories).values({ sellerId: ids.seller, name: 'Exatas' });
  ids.sellerSubject = await buildSubject(db, { name: 'Cálculo I', sellerId: ids.seller }, [unit!]);
  ids.providerSubject = await buildSubject(db, { name: 'Cálculo do fornecedor', providerId: ids.provider }, [unit!]);
  // Subjects in no course: the courses' candidates.
  await buildSubject(db, { name: 'Álgebra', sellerId: ids.seller });
  await buildSubject(db, { name: 'Álgebra do fornecedor', providerId: ids.provider });
  ids.sellerCourse = await buildCourse(db, { name: 'Engenharia', sellerId: ids.seller });
  ids.providerCourse = await buildCourse(db, { name: 'Curso do fornecedor', providerId: ids.provider });
  await buildCourseSubject(db, { courseId: ids.sellerCourse, subjectId: ids.sellerSubject, position: 0 });
  await buildCourseSubject(db, { courseId: ids.providerCourse, subjectId: ids.providerSubject, position: 0 });
}, 120_000);
afterAll(() => t?.close());

const unitsIn = (body: { groups: { units: unknown[] }[] }) => body.groups.flatMap((g) => g.units).length;

describe('one statement per list', () => {
  it('the catalogue: the overview, a title or tag search, an area page, a provider\'s own, the updated units', async () => {
    for (const query of ['', `?title=${encodeURIComponent(TERM)}`, '?title=guar&filterType=tags', `?group=${ids.area}`]) {
      const { statements, body } = await once('seller', `/api/items/item/catalogue${query}`);
      expect(statements, query).toBe(1);
      expect(unitsIn(body), query).toBeGreaterThan(0);
    }
    const own = await once('provider', '/api/items/item/catalogue');
    expect(own.statements).toBe(1);
    expect(unitsIn(own.body)).toBeGreaterThan(0);
    const updates = await once('seller', '/api/items/item/check-updates');
    expect(updates.statements).toBe(1);
    expect(Array.isArray(updates.body.data)).toBe(true);
  });

  it("the store's provider units page, plain and filtered", async () => {
    for (const query of ['', `&companyName=${encodeURIComponent(TERM)}`, `&group=${ids.area}`]) {
      const { statements, body } = await once('seller', `/api/items/item/find/provider?providerId=${ids.provider}${query}`);
      expect(statements, query).toBe(1);
      expect(unitsIn(body), query).toBeGreaterThan(0);
    }
  });

  it('the galleries, as their provider and as staff', async () => {
    for (const who of ['provider', 'admin']) {
      const list = await once(who, `/api/galleries/provider/${ids.provider}`);
      expect(list.statements).toBe(1);
      expect(list.body).toEqual([{ id: ids.gallery, name: 'images' }]);
      const page = await once(who, `/api/galleries/details/${ids.gallery}?page=1`);
      expect(page.statements).toBe(1);
      expect(page.body.files).toHaveLength(3);
      expect(page.body.total).toBe(3);
    }
  });

  it('the bell', async () => {
    const { statements, body } = await once('seller', '/api/notifications');
    expect(statements).toBe(1);
    expect(body.data).toHaveLength(2);
    expect(body.unread).toBe(1);
  });

  it('the subjects, their categories and the importable subjects', async () => {
    const lists: [string, string, number][] = [
      ['seller', `/api/sellers/subjects/seller/${ids.seller}`, 1],
      ['seller', `/api/sellers/subjects/filter?sellerId=${ids.seller}&name=calc`, 1],
      ['seller', `/api/sellers/subjects/category/${ids.seller}`, 1],
      ['seller', '/api/sellers/subjects/importable', 1],
      ['provider', `/api/providers/subjects/provider/${ids.provider}`, 1],
      ['provider', `/api/providers/subjects/provider/${ids.provider}/find?subjectTitle=calc`, 1],
    ];
    for (const [who, url, rows] of lists) {
      const { statements, body } = await once(who, url);
      expect(statements, url).toBe(1);
      expect((body as unknown[]).length, url).toBeGreaterThanOrEqual(rows);
    }
  });

  it("a subject with its units, the institution's and the provider's", async () => {
    for (const [who, url] of [
      ['seller', `/api/sellers/subjects/${ids.sellerSubject}/item`],
      ['provider', `/api/providers/subjects/${ids.providerSubject}`],
    ] as const) {
      const { statements, body } = await once(who, url);
      expect(statements, url).toBe(1);
      expect(body.subjectItems, url).toEqual([expect.objectContaining({ title: DEMO_PUBLISHED_UNIT_TITLE, readable: true })]);
    }
  });

  it('the courses, and a rented provider\'s courses', async () => {
    for (const [who, url] of [
      ['seller', '/api/sellers/courses'],
      ['provider', '/api/providers/courses'],
    ] as const) {
      const { statements, body } = await once(who, url);
      expect(statements, url).toBe(1);
      expect(body.data.length, url).toBeGreaterThan(0);
    }
    for (const [who, url] of [
      ['seller', `/api/sellers/courses/${ids.sellerCourse}`],
      ['provider', `/api/providers/courses/${ids.providerCourse}`],
    ] as const) {
      const { statements, body } = await once(who, url);
      expect(statements, url).toBe(1);
      expect(body.courseItems, url).toEqual([expect.objectContaining({ position: 0, unitsCount: 1 })]);
    }
    for (const [who, url, name] of [
      ['seller', `/api/sellers/courses/${ids.sellerCourse}/candidates`, 'Álgebra'],
      ['provider', `/api/providers/courses/${ids.providerCourse}/candidates`, 'Álgebra do fornecedor'],
    ] as const) {
      const { statements, body } = await once(who, url);
      expect(statements, url).toBe(1);
      expect(body, url).toEqual([expect.objectContaining({ name, unitsCount: 0 })]);
    }
    for (const who of ['seller', 'provider']) {
      const { statements, body } = await once(who, `/api/providers/courses/provider/${ids.provider}`);
      expect(statements).toBe(1);
      expect(body).toEqual([expect.objectContaining({ id: ids.providerCourse, itemsCount: 1 })]);
    }
  });
});
