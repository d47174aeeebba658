/**
 * Subjects and categories (spec 3 §2.14–§2.15, §7 "Subjects and categories"): scoping (another
 * institution's or provider's subject answers 404), the rental condition, the assistant's and content manager's
 * refusals, the category rules, the atomic whole-order reorder under concurrent requests, and the import's rollback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { SUBJECT_MSG } from '@edu/shared/subjects';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildProvider, buildRent, buildSubject, buildSubjectItem, buildUnit } from './factories';
import { DEMO_SELLER_CNPJ } from '../src/demo/accounts';
import { items, plans, providers, rents, sellers, subjectItems, subjects } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';

let t: TestApp;
const tok: Record<string, string> = {};
let sellerId: number;
let providerId: number;
let demoRentId: number;
/** Published units of the demo provider: [itemId, contentId]. */
const units: { itemId: number; contentId: number }[] = [];

/** Provider B: approved, one published unit, rented by the demo institution with a REQUESTED (not active) rent. */
const b = { provider: 0, item: 0, content: 0, rent: 0, sellerSubject: 0, providerSubject: 0, otherSeller: 0 };

async function publishUnit(title: string) {
  const areas = (await call(t.app, 'GET', '/api/items/knowledge/find', { token: tok.provider })).json<{ id: number; title: string; type: string }[]>();
  const exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra' && a.type === 'university')!;
  const created = await call(t.app, 'POST', '/api/items/item/content/create', {
    token: tok.provider,
    payload: {
      title, authors: ['Autora'], introduction: '<p>Introdução</p>', learningObjectives: ['Objetivo'], synthesis: '<p>Síntese</p>',
      bibliographicReference: ['Referência'], knowledges: [exatas.id], levelOfLearning: ['Graduação'], topics: [{ title: 'Tópico', content: '<p>Texto</p>' }],
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const unit = created.json<{ id: number; itemId: number }>();
  expect((await call(t.app, 'PUT', '/api/items/item/content/status/', { token: tok.provider, payload: { ids: [unit.id], status: 'send' } })).statusCode).toBe(200);
  const published = await call(t.app, 'PUT', `/api/items/item/update-item-version/${unit.id}`, { token: tok.manager });
  expect(published.statusCode, published.body).toBe(200);
  return { itemId: unit.itemId, contentId: unit.id };
}

const as = (who: string) => ({ token: tok[who] });
async function createSubject(name: string, who = 'seller') {
  const res = await call(t.app, 'POST', '/api/sellers/subjects', { ...as(who), payload: { name, sellerId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ subject_id: number }>().subject_id;
}
async function addUnit(subjectId: number, u: { itemId: number; contentId: number }, who = 'seller') {
  return call(t.app, 'POST', '/api/sellers/subjects/item', { ...as(who), payload: { subjectId, itemId: u.itemId, itemContentId: u.contentId } });
}
async function detail(subjectId: number, who = 'seller') {
  const res = await call(t.app, 'GET', `/api/sellers/subjects/${subjectId}/item`, as(who));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ name: string; categoryId: number | null; subjectItems: { subjectItemId: number; itemId: number; itemContentId: number; order: number; title: string; companyName: string; readable: boolean }[] }>();
}
const positionsOf = async (subjectId: number) =>
  (await t.deps.db.select({ id: subjectItems.id, position: subjectItems.position }).from(subjectItems).where(eq(subjectItems.subjectId, subjectId)).orderBy(asc(subjectItems.position)));
const lastAudit = async (action: string) =>
  (await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp();
  // `manager` is the platform's (it publishes units); `contentManager` the institution's seller_content_manager.
  for (const [k, local] of Object.entries({ seller: 'seller', contentManager: 'seller.conteudo', assistant: 'seller.assistente', provider: 'provider', manager: 'manager' })) {
    tok[k] = await signIn(t.app, local);
  }
  const db = t.deps.db;
  sellerId = (await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.cnpj, DEMO_SELLER_CNPJ)))[0]!.id;
  providerId = (await db.select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail('provider'))))[0]!.id;
  demoRentId = (await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, sellerId), eq(rents.providerId, providerId), eq(rents.status, 'active'))))[0]!.id;
  const [demo] = await db
    .select({ itemId: items.id, contentId: items.publishedContentId })
    .from(items)
    .where(and(eq(items.providerId, providerId), isNotNull(items.publishedContentId)));
  units.push({ itemId: demo!.itemId, contentId: demo!.contentId! });
  for (const title of ['Unidade dois', 'Unidade três', 'Unidade quatro']) units.push(await publishUnit(title));

  // Provider B and another institution's subject (fixture rows).
  b.provider = await buildProvider(db, { companyName: 'Editora B', email: 'editora.b@exemplo.com.br' });
  const unitB = await buildUnit(db, b.provider, { title: 'Unidade de B' });
  b.item = unitB.itemId;
  b.content = unitB.contentId;
  const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
  b.rent = await buildRent(db, { sellerId, providerId: b.provider, planId: plan!.id, status: 'requested' });
  b.otherSeller = await buildInstitution(db, { name: 'Instituição B', cnpj: '00000000000191' });
  b.sellerSubject = await buildSubject(db, { sellerId: b.otherSeller, name: 'Disciplina de B' });
  b.providerSubject = await buildSubject(db, { providerId: b.provider, name: 'Disciplina da Editora B' }, [unitB]);
});
afterAll(() => t?.close());

describe('an institution organises its subjects', () => {
  it('creates a subject, adds a rented unit pinned at its published version, reads it, renames and removes it (with audit)', async () => {
    const id = await createSubject('Matemática I');
    expect((await lastAudit('create_new_subject'))?.data).toMatchObject({ subjectId: id, name: 'Matemática I' });
    const added = await addUnit(id, units[0]!);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ message: SUBJECT_MSG.unitAdded });
    expect((await lastAudit('added_item_to_subject'))?.data).toMatchObject({ subjectId: id, itemId: units[0]!.itemId, itemContentId: units[0]!.contentId });
    const again = await addUnit(id, units[0]!);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SUBJECT_MSG.unitAlreadyIn);

    const d = await detail(id);
    expect(d.name).toBe('Matemática I');
    expect(d.subjectItems).toMatchObject([{ itemId: units[0]!.itemId, itemContentId: units[0]!.contentId, order: 0, companyName: expect.any(String), readable: true }]);
    const list = await call(t.app, 'GET', `/api/sellers/subjects/seller/${sellerId}`, as('assistant'));
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(expect.objectContaining({ id, name: 'Matemática I', itemsCount: 1, category: null }));
    const unit = await call(t.app, 'GET', `/api/sellers/subjects/${id}/item/${d.subjectItems[0]!.subjectItemId}`, as('assistant'));
    expect(unit.statusCode, unit.body).toBe(200);
    expect(unit.json()).toMatchObject({ id: units[0]!.contentId, itemId: units[0]!.itemId });

    const renamed = await call(t.app, 'PUT', '/api/sellers/subjects/subject', { ...as('contentManager'), payload: { id, name: 'Matemática II' } });
    expect(renamed.json()).toEqual({ message: SUBJECT_MSG.renamed });
    expect((await lastAudit('update_subject_name'))?.data).toMatchObject({ subjectId: id, from: 'Matemática I', to: 'Matemática II' });
    const removed = await call(t.app, 'DELETE', `/api/sellers/subjects/${id}`, as('seller'));
    expect(removed.json()).toEqual({ message: SUBJECT_MSG.removed });
    expect((await lastAudit('removed_subject'))?.data).toMatchObject({ subjectId: id });
    expect(await t.deps.db.select().from(subjectItems).where(eq(subjectItems.subjectId, id))).toEqual([]);
  });

  it('refuses bad input in Portuguese and changes nothing', async () => {
    const empty = await call(t.app, 'POST', '/api/sellers/subjects', { ...as('seller'), payload: { name: '  ', sellerId } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ name: MSG.required });
    const noSubject = await call(t.app, 'POST', '/api/sellers/subjects/item', { ...as('seller'), payload: { itemId: units[0]!.itemId, itemContentId: units[0]!.contentId } });
    expect(noSubject.statusCode).toBe(400);
    expect(noSubject.json().fields).toMatchObject({ subjectId: MSG.required });
  });
});

describe('roles', () => {
  it("the assistant reads but every change is refused (403); only the seller removes a unit; the content manager edits", async () => {
    const id = await createSubject('Física', 'contentManager');
    expect((await addUnit(id, units[0]!, 'contentManager')).statusCode).toBe(200);
    const [si] = (await detail(id, 'assistant')).subjectItems;
    const refusals = [
      await call(t.app, 'POST', '/api/sellers/subjects', { ...as('assistant'), payload: { name: 'X', sellerId } }),
      await addUnit(id, units[1]!, 'assistant'),
      await call(t.app, 'PUT', '/api/sellers/subjects/subject', { ...as('assistant'), payload: { id, name: 'X' } }),
      await call(t.app, 'PUT', '/api/sellers/subjects/item', { ...as('assistant'), payload: { subjectItems: [{ subjectItemId: si!.subjectItemId, order: 0 }] } }),
      await call(t.app, 'DELETE', `/api/sellers/subjects/${id}`, as('assistant')),
      await call(t.app, 'DELETE', `/api/sellers/subjects/item/${si!.subjectItemId}`, as('assistant')),
      await call(t.app, 'POST', '/api/sellers/subjects/import', { ...as('assistant'), payload: { subjectId: b.providerSubject } }),
      await call(t.app, 'GET', '/api/sellers/subjects/importable', as('assistant')),
      await call(t.app, 'POST', '/api/sellers/subjects/category', { ...as('assistant'), payload: { name: 'C', color: '#DAA520', seller_id: sellerId } }),
      // Spec 3 §6: removing a unit needs seller or provider; categories are the seller's.
      await call(t.app, 'DELETE', `/api/sellers/subjects/item/${si!.subjectItemId}`, as('contentManager')),
      await call(t.app, 'PUT', `/api/sellers/subjects/${id}/category`, { ...as('contentManager'), payload: { categoryId: null } }),
      await call(t.app, 'POST', '/api/sellers/subjects/category', { ...as('contentManager'), payload: { name: 'C', color: '#DAA520', seller_id: sellerId } }),
      // A provider does not call the institution's routes, nor an institution the provider's.
      await call(t.app, 'GET', `/api/sellers/subjects/seller/${sellerId}`, as('provider')),
      await call(t.app, 'GET', `/api/providers/subjects/provider/${providerId}`, as('seller')),
    ];
    for (const r of refusals) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().message).toBe(MSG.forbidden);
    }
    const after = await detail(id);
    expect(after.name).toBe('Física');
    expect(after.subjectItems.map((s) => s.subjectItemId)).toEqual([si!.subjectItemId]);
    expect((await call(t.app, 'DELETE', `/api/sellers/subjects/item/${si!.subjectItemId}`, as('seller'))).json()).toEqual({ message: SUBJECT_MSG.unitRemoved });
    expect((await detail(id)).subjectItems).toEqual([]);
  });
});

describe('scoping: another institution or provider', () => {
  it("answers 404 for another institution's subject and for a sellerId that is not the caller's", async () => {
    const other = b.sellerSubject;
    const asks = [
      await call(t.app, 'GET', `/api/sellers/subjects/${other}/item`, as('seller')),
      await call(t.app, 'PUT', '/api/sellers/subjects/subject', { ...as('seller'), payload: { id: other, name: 'Intrusa' } }),
      await call(t.app, 'DELETE', `/api/sellers/subjects/${other}`, as('seller')),
      await addUnit(other, units[0]!),
      await call(t.app, 'GET', `/api/sellers/subjects/seller/${b.otherSeller}`, as('seller')),
      await call(t.app, 'GET', '/api/sellers/subjects/filter', { ...as('seller'), query: { sellerId: String(b.otherSeller) } }),
      await call(t.app, 'POST', '/api/sellers/subjects', { ...as('seller'), payload: { name: 'Intrusa', sellerId: b.otherSeller } }),
      await call(t.app, 'GET', `/api/sellers/subjects/category/${b.otherSeller}`, as('seller')),
    ];
    for (const r of asks) expect(r.statusCode, r.body).toBe(404);
    const [theirs] = await t.deps.db.select().from(subjects).where(eq(subjects.id, other));
    expect(theirs?.name).toBe('Disciplina de B');
    expect(await t.deps.db.select().from(subjects).where(eq(subjects.name, 'Intrusa'))).toEqual([]);
  });

  it("a reorder naming another institution's subject items answers 404 and moves nothing", async () => {
    const theirItem = { id: await buildSubjectItem(t.deps.db, { subjectId: b.sellerSubject, itemId: units[0]!.itemId, itemContentId: units[0]!.contentId, position: 0 }) };
    const res = await call(t.app, 'PUT', '/api/sellers/subjects/item', { ...as('seller'), payload: { subjectItems: [{ subjectItemId: theirItem!.id, order: 0 }] } });
    expect(res.statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/sellers/subjects/item/${theirItem!.id}`, as('seller'))).statusCode).toBe(404);
    expect(await positionsOf(b.sellerSubject)).toEqual([{ id: theirItem!.id, position: 0 }]);
  });

  it("a provider reaches only its own subjects and units", async () => {
    const own = await call(t.app, 'POST', '/api/providers/subjects', { ...as('provider'), payload: { name: 'Trilha própria' } });
    const ownId = own.json<{ subject_id: number }>().subject_id;
    const asks = [
      await call(t.app, 'GET', `/api/providers/subjects/${b.providerSubject}`, as('provider')),
      await call(t.app, 'GET', `/api/providers/subjects/provider/${b.provider}`, as('provider')),
      await call(t.app, 'DELETE', `/api/providers/subjects/${b.providerSubject}`, as('provider')),
      await call(t.app, 'PUT', '/api/providers/subjects/subject', { ...as('provider'), payload: { id: b.providerSubject, name: 'Intrusa' } }),
      await call(t.app, 'DELETE', `/api/providers/subjects/${b.providerSubject}/delete-items`, { ...as('provider'), payload: { subjectItems: [b.item] } }),
      // B's unit in the provider's own subject: not its unit.
      await call(t.app, 'POST', '/api/providers/subjects/insert-items', { ...as('provider'), payload: { subjectId: ownId, subjectItems: [{ itemId: b.item, itemContentId: b.content, order: 2 }] } }),
      // Its own institution-side subject is not a provider's.
      await call(t.app, 'GET', `/api/providers/subjects/${b.sellerSubject}`, as('provider')),
    ];
    for (const r of asks) expect(r.statusCode, r.body).toBe(404);
    expect((await call(t.app, 'GET', `/api/providers/subjects/${ownId}`, as('provider'))).json().subjectItems).toEqual([]);
    expect((await t.deps.db.select().from(subjectItems).where(eq(subjectItems.subjectId, b.providerSubject))).length).toBe(1);
  });
});

describe('the rental condition', () => {
  it('refuses a unit of a provider whose rent is not active, and a version that is not the published one', async () => {
    const id = await createSubject('Química');
    const requested = await addUnit(id, { itemId: b.item, contentId: b.content });
    expect(requested.statusCode).toBe(404);
    expect(requested.json().message).toBe(SUBJECT_MSG.unitNotAvailable);
    // A content id of another unit, or an item/content pair that does not match.
    expect((await addUnit(id, { itemId: units[1]!.itemId, contentId: units[0]!.contentId })).statusCode).toBe(404);
    expect((await detail(id)).subjectItems).toEqual([]);
    // Once the rent is active, the unit may be added.
    await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, b.rent));
    expect((await addUnit(id, { itemId: b.item, contentId: b.content })).statusCode).toBe(200);
    await t.deps.db.update(rents).set({ status: 'requested' }).where(eq(rents.id, b.rent));
    // Back to requested: the unit stays in the subject but is unreadable.
    const d = await detail(id);
    expect(d.subjectItems).toMatchObject([{ itemId: b.item, readable: false }]);
    expect((await call(t.app, 'GET', `/api/sellers/subjects/${id}/item/${d.subjectItems[0]!.subjectItemId}`, as('seller'))).statusCode).toBe(404);
  });

  it("a canceled rent makes the subject's unit unreadable at once; the institution suspended is refused everything", async () => {
    const id = await createSubject('Biologia');
    expect((await addUnit(id, units[1]!)).statusCode).toBe(200);
    const [si] = (await detail(id)).subjectItems;
    const read = () => call(t.app, 'GET', `/api/sellers/subjects/${id}/item/${si!.subjectItemId}`, as('seller'));
    expect((await read()).statusCode).toBe(200);
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, demoRentId));
    try {
      expect((await read()).statusCode).toBe(404);
      expect((await detail(id)).subjectItems[0]!.readable).toBe(false);
      expect((await addUnit(id, units[2]!)).statusCode).toBe(404);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, demoRentId));
    }
    expect((await read()).statusCode).toBe(200);
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, sellerId));
    try {
      const refused = await call(t.app, 'GET', `/api/sellers/subjects/seller/${sellerId}`, as('seller'));
      expect(refused.statusCode).toBe(403);
      expect((await createSubjectRaw('Suspensa')).statusCode).toBe(403);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, sellerId));
    }
  });
});
const createSubjectRaw = (name: string) => call(t.app, 'POST', '/api/sellers/subjects', { ...as('seller'), payload: { name, sellerId } });

describe('categories', () => {
  it('creates, refuses a duplicate name (accents and case ignored), colours a subject, filters by it and removes it', async () => {
    const id = await createSubject('História');
    const create = (name: string, color?: string) =>
      call(t.app, 'POST', '/api/sellers/subjects/category', { ...as('seller'), payload: { name, seller_id: sellerId, ...(color ? { color } : {}) } });
    const created = await create('Exatas');
    expect(created.statusCode, created.body).toBe(200);
    const cat = created.json<{ id: number; name: string; color: string }>();
    expect(cat.color).toBe('#DAA520');
    const dup = await create('ÉXATAS', '#1971c2');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(SUBJECT_MSG.categoryExists);
    const badColor = await create('Humanas', 'vermelho');
    expect(badColor.statusCode).toBe(400);
    const blue = (await create('Humanas', '#1971c2')).json<{ id: number; color: string }>();
    expect(blue.color).toBe('#1971C2');
    const listed = await call(t.app, 'GET', `/api/sellers/subjects/category/${sellerId}`, as('assistant'));
    expect(listed.json().map((c: { name: string }) => c.name)).toEqual(['Exatas', 'Humanas']);

    expect((await call(t.app, 'PUT', `/api/sellers/subjects/${id}/category`, { ...as('seller'), payload: { categoryId: blue.id } })).json()).toEqual({ message: SUBJECT_MSG.categorySaved });
    const filtered = await call(t.app, 'GET', '/api/sellers/subjects/filter', { ...as('seller'), query: { sellerId: String(sellerId), categories: `${blue.id}` } });
    expect(filtered.json()).toEqual([expect.objectContaining({ id, category: { id: blue.id, name: 'Humanas', color: '#1971C2' } })]);
    const byName = await call(t.app, 'GET', '/api/sellers/subjects/filter', { ...as('seller'), query: { sellerId: String(sellerId), name: 'historia' } });
    expect(byName.json().map((s: { id: number }) => s.id)).toEqual([id]);
    // Another institution's category cannot be set.
    const removedCat = await call(t.app, 'DELETE', `/api/sellers/subjects/category/${blue.id}`, as('seller'));
    expect(removedCat.json()).toEqual({ message: SUBJECT_MSG.categoryRemoved });
    expect((await detail(id)).categoryId).toBeNull();
    const gone = await call(t.app, 'DELETE', `/api/sellers/subjects/category/${blue.id}`, as('seller'));
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(SUBJECT_MSG.categoryNotFound);
    expect((await call(t.app, 'PUT', `/api/sellers/subjects/${id}/category`, { ...as('seller'), payload: { categoryId: blue.id } })).statusCode).toBe(404);
  });

  it('filters by the knowledge areas and levels of the units in a subject', async () => {
    const withUnit = await createSubject('Com unidade');
    await addUnit(withUnit, units[1]!);
    const without = await createSubject('Sem unidade');
    const q = (query: Record<string, string>) => call(t.app, 'GET', '/api/sellers/subjects/filter', { ...as('seller'), query: { sellerId: String(sellerId), ...query } });
    const byLevel = (await q({ levelOfLearning: 'Graduação' })).json<{ id: number }[]>().map((s) => s.id);
    expect(byLevel).toContain(withUnit);
    expect(byLevel).not.toContain(without);
    expect((await q({ levelOfLearning: 'Doutorado' })).json()).toEqual([]);
  });
});

describe('reorder: the whole order, atomically', () => {
  it('applies two simultaneous reorders one after the other: positions stay 0..n-1, each unit once', async () => {
    const id = await createSubject('Ordem');
    for (const u of units) expect((await addUnit(id, u)).statusCode).toBe(200);
    const ids = (await detail(id)).subjectItems.map((s) => s.subjectItemId);
    const reversed = [...ids].reverse();
    const rotated = [...ids.slice(1), ids[0]!];
    const send = (order: number[]) =>
      call(t.app, 'PUT', '/api/sellers/subjects/item', { ...as('seller'), payload: { subjectItems: order.map((subjectItemId, i) => ({ subjectItemId, order: i })) } });
    for (let round = 0; round < 5; round++) {
      const [a, c] = await Promise.all([send(reversed), send(rotated)]);
      expect(a.statusCode, a.body).toBe(200);
      expect(c.statusCode, c.body).toBe(200);
      const rows = await positionsOf(id);
      expect(rows.map((r) => r.position)).toEqual([0, 1, 2, 3]);
      expect([reversed, rotated].map((o) => o.join())).toContain(rows.map((r) => r.id).join());
    }
    const final = await send(reversed);
    expect(final.json()).toEqual({ message: SUBJECT_MSG.organized });
    expect((await detail(id)).subjectItems.map((s) => s.subjectItemId)).toEqual(reversed);
  });

  it('two simultaneous adds to one subject both land, one after the other, at the end', async () => {
    const id = await createSubject('Ordem concorrente');
    await addUnit(id, units[0]!);
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([addUnit(id, units[1]!), addUnit(id, units[2]!)]);
      expect([x.statusCode, y.statusCode], `${x.body} ${y.body}`).toEqual([200, 200]);
      expect((await positionsOf(id)).map((r) => r.position)).toEqual([0, 1, 2]);
      for (const r of [x, y]) await call(t.app, 'DELETE', `/api/sellers/subjects/item/${r.json<{ subjectItemId: number }>().subjectItemId}`, as('seller'));
      expect((await positionsOf(id)).map((r) => r.position)).toEqual([0]);
    }
  });

  it('refuses an order that is not exactly the current units (409) and changes nothing', async () => {
    const id = await createSubject('Ordem parcial');
    for (const u of units.slice(0, 3)) await addUnit(id, u);
    const before = await positionsOf(id);
    const ids = before.map((r) => r.id);
    const send = (subjectItems: { subjectItemId: number; order: number }[]) => call(t.app, 'PUT', '/api/sellers/subjects/item', { ...as('seller'), payload: { subjectItems } });
    const missing = await send(ids.slice(0, 2).map((subjectItemId, order) => ({ subjectItemId, order })));
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe(SUBJECT_MSG.reorderStale);
    expect((await send(ids.map((subjectItemId) => ({ subjectItemId, order: 0 })))).statusCode).toBe(409);
    expect((await send([...ids, ids[0]!].map((subjectItemId, order) => ({ subjectItemId, order })))).statusCode).toBe(409);
    expect(await positionsOf(id)).toEqual(before);
    // A reorder concurrent with an add: whichever comes second sees the other; positions stay dense.
    const [reorder, add] = await Promise.all([send([...ids].reverse().map((subjectItemId, order) => ({ subjectItemId, order }))), addUnit(id, units[3]!)]);
    expect(add.statusCode).toBe(200);
    expect([200, 409]).toContain(reorder.statusCode);
    expect((await positionsOf(id)).map((r) => r.position)).toEqual([0, 1, 2, 3]);
    // Removing a unit renumbers the rest.
    await call(t.app, 'DELETE', `/api/sellers/subjects/item/${ids[1]}`, as('seller'));
    expect((await positionsOf(id)).map((r) => r.position)).toEqual([0, 1, 2]);
  });
});

describe("a provider's subjects and the institution's import", () => {
  let source: number;

  it('the provider creates a subject and adds its own published units at the end, whatever order it sends (2)', async () => {
    const created = await call(t.app, 'POST', '/api/providers/subjects', { ...as('provider'), payload: { name: 'Funções' } });
    expect(created.json()).toMatchObject({ message: SUBJECT_MSG.created });
    source = created.json<{ subject_id: number }>().subject_id;
    const insert = (list: typeof units) =>
      call(t.app, 'POST', '/api/providers/subjects/insert-items', { ...as('provider'), payload: { subjectId: source, subjectItems: list.map((u) => ({ itemId: u.itemId, itemContentId: u.contentId, order: 2 })) } });
    expect((await insert([units[2]!])).statusCode).toBe(200);
    expect((await insert([units[0]!, units[1]!])).statusCode).toBe(200);
    const d = (await call(t.app, 'GET', `/api/providers/subjects/${source}`, as('provider'))).json<{ subjectItems: { itemId: number; order: number; subjectItemId: number }[] }>();
    expect(d.subjectItems.map((s) => [s.itemId, s.order])).toEqual([[units[2]!.itemId, 0], [units[0]!.itemId, 1], [units[1]!.itemId, 2]]);
    // A version that is not the published one is refused.
    const draft = await call(t.app, 'POST', '/api/providers/subjects/insert-items', { ...as('provider'), payload: { subjectId: source, subjectItems: [{ itemId: units[3]!.itemId, itemContentId: units[2]!.contentId }] } });
    expect(draft.statusCode).toBe(404);
    // The provider's reorder form and removal by unit id.
    const reorder = await call(t.app, 'PUT', '/api/providers/subjects/items', {
      ...as('provider'),
      payload: { subjectId: source, subjectItems: [...d.subjectItems].reverse().map((s, order) => ({ id: s.subjectItemId, order })) },
    });
    expect(reorder.statusCode, reorder.body).toBe(200);
    const list = await call(t.app, 'GET', `/api/providers/subjects/provider/${providerId}/find`, { ...as('provider'), query: { subjectTitle: 'funcoes' } });
    expect(list.json()).toEqual([expect.objectContaining({ id: source, itemsCount: 3 })]);
  });

  it('an institution imports it in one transaction: name and units in order, pinned at the published versions', async () => {
    const importable = await call(t.app, 'GET', '/api/sellers/subjects/importable', as('seller'));
    expect(importable.json()).toContainEqual(expect.objectContaining({ id: source, name: 'Funções', itemsCount: 3 }));
    expect(importable.json().map((s: { id: number }) => s.id)).not.toContain(b.providerSubject);
    const res = await call(t.app, 'POST', '/api/sellers/subjects/import', { ...as('contentManager'), payload: { subjectId: source } });
    expect(res.statusCode, res.body).toBe(200);
    const copy = res.json<{ subject_id: number }>().subject_id;
    const d = await detail(copy);
    expect(d.name).toBe('Funções');
    expect(d.subjectItems.map((s) => s.itemId)).toEqual([units[1]!.itemId, units[0]!.itemId, units[2]!.itemId]);
    expect(d.subjectItems.every((s) => s.readable)).toBe(true);
    expect((await lastAudit('imported_subject'))?.data).toMatchObject({ subjectId: copy, sourceId: source, items: 3 });
    // A provider the institution does not actively rent: 404.
    expect((await call(t.app, 'POST', '/api/sellers/subjects/import', { ...as('seller'), payload: { subjectId: b.providerSubject } })).statusCode).toBe(404);
  });

  it('a failure of one unit leaves nothing imported', async () => {
    const count = async () => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(subjects).where(eq(subjects.sellerId, sellerId)))[0]!.n;
    const before = await count();
    const audits = (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.action, 'imported_subject')))[0]!.n;
    // The third unit's row fails to insert (a trigger on this test's own database).
    await t.deps.db.execute(sql.raw(`create function fail_third_import() returns trigger language plpgsql as $$
      begin
        if new.item_id = ${units[2]!.itemId} and exists (select 1 from subjects s where s.id = new.subject_id and s.imported_from_id is not null) then
          raise exception 'falha simulada';
        end if;
        return new;
      end $$`));
    await t.deps.db.execute(sql.raw('create trigger fail_third_import before insert on subject_items for each row execute function fail_third_import()'));
    try {
      const res = await call(t.app, 'POST', '/api/sellers/subjects/import', { ...as('seller'), payload: { subjectId: source } });
      expect(res.statusCode).toBe(500);
      expect(await count()).toBe(before);
      expect((await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLogs).where(eq(auditLogs.action, 'imported_subject')))[0]!.n).toBe(audits);
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger fail_third_import on subject_items'));
      await t.deps.db.execute(sql.raw('drop function fail_third_import()'));
    }
    expect((await call(t.app, 'POST', '/api/sellers/subjects/import', { ...as('seller'), payload: { subjectId: source } })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('the provider removes units by unit id and then the subject', async () => {
    const res = await call(t.app, 'DELETE', `/api/providers/subjects/${source}/delete-items`, { ...as('provider'), payload: { subjectItems: [units[0]!.itemId] } });
    expect(res.json()).toEqual({ message: SUBJECT_MSG.unitRemoved });
    expect((await positionsOf(source)).map((r) => r.position)).toEqual([0, 1]);
    expect((await call(t.app, 'DELETE', `/api/providers/subjects/${source}`, as('provider'))).json()).toEqual({ message: SUBJECT_MSG.removed });
    expect((await call(t.app, 'GET', `/api/providers/subjects/${source}`, as('provider'))).statusCode).toBe(404);
  });
});
