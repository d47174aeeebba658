/**
 * The catalogue (spec 3 §2.13): only the published units of the institution's ACTIVE rentals
 * (a rent not active yet, canceled, or a suspended institution shows nothing), search by title or tag, the
 * provider's own catalogue with the students' rating, the opt-in updates ('Unidades que foram atualizadas' and
 * 'Atualizar') and the catalogue's unit page, with every refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CATALOGUE_MSG, type CatalogueGroup, type UpdatedUnit } from '@edu/shared/catalogue';
import { RENT_MSG } from '@edu/shared/rent-machine';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildProvider, buildRent, buildSubject, buildSubjectItem, buildUnit, buildVersion } from './factories';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/units';
import { DEMO_CATALOGUE_UNITS } from '../src/demo/catalogue';

const DEMO_TITLES = [DEMO_PUBLISHED_UNIT_TITLE, ...DEMO_CATALOGUE_UNITS.map((u) => u.title)].sort();
import { itemContents, itemContentTags, items, knowledgeAreas, plans, providers, rents, sellers, subjectItems, tags, unitVotes, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { seller: 0, otherSeller: 0, other: 0, otherV1: 0, otherV2: 0, otherDraft: 0, otherItem: 0, area: 0, plan: 0, demoProvider: 0, demoUnit: 0 };

const get = (url: string, who: string, query?: Record<string, string>) => call(t.app, 'GET', `/api${url}`, { token: tok[who]!, query });
const put = (url: string, who: string) => call(t.app, 'PUT', `/api${url}`, { token: tok[who]! });
const titlesOf = (groups: CatalogueGroup[]) => [...new Set(groups.flatMap((g) => g.units.map((u) => u.title)))].sort();
/** Every group, each with ALL its units: the overview answers 4 per group, 'Mostrar mais' (group=…) the rest. */
const catalogue = async (who: string, query: Record<string, string> = {}) => {
  const res = await get('/items/item/catalogue', who, query);
  expect(res.statusCode, res.body).toBe(200);
  const groups = res.json().groups as CatalogueGroup[];
  for (const g of groups) {
    expect(g.units.length).toBe(Math.min(g.total, 4));
    if (g.total > g.units.length) {
      const more = await get('/items/item/catalogue', who, { ...query, group: String(g.knowledgeId) });
      g.units = (more.json().groups as CatalogueGroup[])[0]!.units;
      expect(g.units.length).toBe(g.total);
    }
  }
  return groups;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  for (const who of ['seller', 'seller.assistente', 'seller.conteudo', 'provider', 'admin', 'curator']) tok[who] = await signIn(t.app, who);
  const [me] = await db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  ids.seller = me!.sellerId!;
  const [demo] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.demoProvider = demo!.id;
  const [demoUnit] = await db.select({ id: itemContents.id }).from(itemContents).where(and(eq(itemContents.title, DEMO_PUBLISHED_UNIT_TITLE), eq(itemContents.status, 'publish')));
  ids.demoUnit = demoUnit!.id;
  const [area] = await db.select({ id: knowledgeAreas.id }).from(knowledgeAreas).limit(1);
  ids.area = area!.id;
  const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
  ids.plan = plan!.id;
  // Another provider: v1 published, then v2 published later in a test; a draft never shows.
  ids.other = await buildProvider(db, { companyName: 'Editora Catálogo Ômega', name: 'Ômega', email: 'omega@exemplo.com.br', condition: 'basic' });
  const unit = await buildUnit(db, ids.other, { version: 1, title: 'Termodinâmica básica', knowledgeIds: [ids.area], levelOfLearning: ['Graduação'] });
  ids.otherItem = unit.itemId;
  ids.otherV1 = unit.contentId;
  ids.otherDraft = await buildVersion(db, unit.itemId, { version: 2, title: 'Rascunho Ômega', status: 'draft', knowledgeIds: [ids.area] });
  const [tag] = await db.insert(tags).values({ name: 'Calorimetria' }).returning({ id: tags.id });
  await db.insert(itemContentTags).values({ itemContentId: ids.otherV1, tagId: tag!.id });
  ids.otherSeller = await buildInstitution(db, { name: 'Outra Escola', cnpj: '11444777000161', status: 'active', planId: ids.plan });
}, 120_000);
afterAll(() => t?.close());

describe('the catalogue of an institution', () => {
  it("shows only the published units of ACTIVE rentals: not a requested, canceled or another institution's rent", async () => {
    expect(titlesOf(await catalogue('seller'))).toEqual(DEMO_TITLES);
    const db = t.deps.db;
    const rent = { id: await buildRent(db, { sellerId: ids.seller, providerId: ids.other, planId: ids.plan, status: 'requested' }) };
    const theirs = { id: await buildRent(db, { sellerId: ids.otherSeller, providerId: ids.other, planId: ids.plan, status: 'active' }) };
    expect(titlesOf(await catalogue('seller'))).toEqual(DEMO_TITLES);
    await db.update(rents).set({ status: 'active' }).where(eq(rents.id, rent!.id));
    const groups = await catalogue('seller');
    expect(titlesOf(groups)).toEqual([...DEMO_TITLES, 'Termodinâmica básica'].sort());
    expect(JSON.stringify(groups)).not.toContain('Rascunho');
    // The assistant and the content manager read the same catalogue; ratings are for providers only.
    expect(titlesOf(await catalogue('seller.assistente'))).toEqual(titlesOf(groups));
    expect(groups.flatMap((g) => g.units).every((u) => u.rating === null)).toBe(true);
    await db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, rent!.id));
    expect(titlesOf(await catalogue('seller'))).toEqual(DEMO_TITLES);
    await db.update(rents).set({ status: 'active' }).where(eq(rents.id, rent!.id));
    await db.delete(rents).where(eq(rents.id, theirs!.id));
  });

  it('searches by unit title or by tag from 4 characters, and filters by area and level', async () => {
    expect(titlesOf(await catalogue('seller', { title: 'termo' }))).toEqual(['Termodinâmica básica']);
    expect(titlesOf(await catalogue('seller', { title: 'calorimetria' }))).toEqual([]);
    expect(titlesOf(await catalogue('seller', { title: 'CALORIM', filterType: 'tags' }))).toEqual(['Termodinâmica básica']);
    expect(titlesOf(await catalogue('seller', { knowledges: String(ids.area), levelOfLearning: 'Graduação', title: 'dinâ' }))).toEqual(['Termodinâmica básica']);
    const short = await get('/items/item/catalogue', 'seller', { title: 'ter' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(CATALOGUE_MSG.searchHint);
    expect((await get('/items/item/catalogue', 'seller', { filterType: 'autores' })).statusCode).toBe(400);
  });

  it('is closed to a suspended institution (403 with the notice) and to staff', async () => {
    const db = t.deps.db;
    await db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.seller));
    try {
      for (const url of ['/items/item/catalogue', '/items/item/check-updates', `/items/item/catalogue/${ids.demoUnit}`]) {
        const res = await get(url, 'seller');
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(RENT_MSG.suspended);
      }
    } finally {
      await db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.seller));
    }
    for (const who of ['admin', 'curator']) expect((await get('/items/item/catalogue', who)).statusCode, who).toBe(403);
  });
});

describe("the catalogue's unit page", () => {
  it('opens the published version of a rented unit; a draft, an unrented provider or a missing id answer 404', async () => {
    const ok = await get(`/items/item/catalogue/${ids.otherV1}`, 'seller');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'Termodinâmica básica', tags: [{ name: 'Calorimetria' }] });
    expect((await get(`/items/item/catalogue/${ids.otherDraft}`, 'seller')).statusCode).toBe(404);
    expect((await get('/items/item/catalogue/99999999', 'seller')).statusCode).toBe(404);
    // The demo provider's users do not read another provider's unit here.
    expect((await get(`/items/item/catalogue/${ids.otherV1}`, 'provider')).statusCode).toBe(404);
    expect((await get(`/items/item/catalogue/${ids.demoUnit}`, 'provider')).statusCode).toBe(200);
  });
});

describe("the provider's catalogue", () => {
  it('shows its own published units with the average of the votes (one decimal) and their count', async () => {
    const db = t.deps.db;
    const [demoItem] = await db.select({ id: items.id }).from(items).where(eq(items.publishedContentId, ids.demoUnit));
    for (const [student, stars] of [['aluno-1', 5], ['aluno-2', 4], ['aluno-3', 4]] as const) {
      await db.insert(unitVotes).values({ itemId: demoItem!.id, sellerId: ids.seller, studentId: student, stars });
    }
    const groups = await catalogue('provider');
    expect(titlesOf(groups)).not.toContain('Termodinâmica básica');
    const unit = groups.flatMap((g) => g.units).find((u) => u.title === DEMO_PUBLISHED_UNIT_TITLE)!;
    // The demo's five votes (5, 4, 4, 5, 3) and these three: 34 / 8 = 4.25, shown with one decimal.
    expect(unit.rating).toEqual({ average: 4.3, votes: 8 });
    // Providers do not filter by area or level (ignored), but search.
    expect(titlesOf(await catalogue('provider', { knowledges: '999999' }))).toContain(DEMO_PUBLISHED_UNIT_TITLE);
    expect(titlesOf(await catalogue('provider', { title: 'nada parecido' }))).toEqual([]);
  });
});

describe("opt-in updates ('Unidades que foram atualizadas')", () => {
  it("lists a subject's unit with a newer published version until 'Atualizar' moves the institution's subjects to it", async () => {
    const db = t.deps.db;
    const subject = { id: await buildSubject(db, { sellerId: ids.seller, name: 'Física I' }) };
    const si = { id: await buildSubjectItem(db, { subjectId: subject.id, itemId: ids.otherItem, itemContentId: ids.otherV1, position: 0 }) };
    const theirs = { id: await buildSubject(db, { sellerId: ids.otherSeller, name: 'Física da outra' }) };
    const theirItem = { id: await buildSubjectItem(db, { subjectId: theirs.id, itemId: ids.otherItem, itemContentId: ids.otherV1, position: 0 }) };
    const updates = async () => ((await get('/items/item/check-updates', 'seller')).json().data as UpdatedUnit[]);
    expect(await updates()).toEqual([]);
    expect((await put(`/items/item/update/${ids.otherItem}`, 'seller')).statusCode).toBe(409);

    // The provider publishes version 3 with a reason.
    const v3 = {
      id: await buildVersion(db, ids.otherItem, {
        version: 3, title: 'Termodinâmica (2ª edição)', status: 'publish', knowledgeIds: [ids.area], updateMessage: 'Exercícios novos',
      }),
    };
    await db.update(items).set({ publishedContentId: v3!.id }).where(eq(items.id, ids.otherItem));
    const [u] = await updates();
    expect(u).toMatchObject({
      itemId: ids.otherItem, title: 'Termodinâmica básica', companyName: 'Editora Catálogo Ômega', version: 1, currentContentId: ids.otherV1,
      newVersion: 3, newContentId: v3!.id, newTitle: 'Termodinâmica (2ª edição)', updateMessage: 'Exercícios novos', subjects: 1,
    });
    expect(u!.publishedAt).not.toBeNull();
    // The pinned version stays readable; the catalogue shows the new one.
    expect((await get(`/items/item/catalogue/${ids.otherV1}`, 'seller')).statusCode).toBe(200);
    expect(titlesOf(await catalogue('seller'))).toContain('Termodinâmica (2ª edição)');

    // The assistant may not update (403); the seller updates, the other institution's subject keeps its version.
    expect((await put(`/items/item/update/${ids.otherItem}`, 'seller.assistente')).statusCode).toBe(403);
    const done = await put(`/items/item/update/${ids.otherItem}`, 'seller');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().message).toBe(CATALOGUE_MSG.updated);
    expect((await db.select({ c: subjectItems.itemContentId }).from(subjectItems).where(eq(subjectItems.id, si!.id)))[0]!.c).toBe(v3!.id);
    expect((await db.select({ c: subjectItems.itemContentId }).from(subjectItems).where(eq(subjectItems.id, theirItem!.id)))[0]!.c).toBe(ids.otherV1);
    expect(await updates()).toEqual([]);
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, 'updated_subject_unit_version'));
    expect(audit).toMatchObject({ sellerId: ids.seller });
    // Version 1 is no longer the institution's: not readable any more.
    expect((await get(`/items/item/catalogue/${ids.otherV1}`, 'seller')).statusCode).toBe(404);
    // Nothing to update now (409); a unit in no subject of the institution, or a missing one: 404.
    expect((await put(`/items/item/update/${ids.otherItem}`, 'seller')).statusCode).toBe(409);
    const [demoItem] = await db.select({ id: items.id }).from(items).where(eq(items.publishedContentId, ids.demoUnit));
    expect((await put(`/items/item/update/${demoItem!.id}`, 'seller')).statusCode).toBe(404);
    expect((await put('/items/item/update/99999999', 'seller')).statusCode).toBe(404);
    // A canceled rent: no update offered or made.
    await db.update(itemContents).set({ status: 'publish' }).where(eq(itemContents.id, ids.otherDraft));
    await db.update(items).set({ publishedContentId: ids.otherDraft }).where(eq(items.id, ids.otherItem));
    await db.update(rents).set({ status: 'canceled' }).where(and(eq(rents.sellerId, ids.seller), eq(rents.providerId, ids.other)));
    expect(await updates()).toEqual([]);
    expect((await put(`/items/item/update/${ids.otherItem}`, 'seller')).statusCode).toBe(404);
  });
});

describe('the rating kept on items under concurrent votes (PostgreSQL)', () => {
  it('two students voting at the same moment are both counted (the trigger locks the item before it recomputes)', async (ctx) => {
    if (t.deps.database.kind !== 'postgres') return ctx.skip();
    const db = t.deps.db;
    const [demoItem] = await db.select({ id: items.id, sum: items.ratingSum, count: items.ratingCount }).from(items).where(eq(items.publishedContentId, ids.demoUnit));
    let release!: () => void;
    let inserted!: () => void;
    const hold = new Promise<void>((resolve) => (release = resolve));
    const firstIn = new Promise<void>((resolve) => (inserted = resolve));
    // First vote: its transaction holds the item's row until released.
    const first = db.transaction(async (tx) => {
      await tx.insert(unitVotes).values({ itemId: demoItem!.id, sellerId: ids.seller, studentId: 'concorrente-1', stars: 5 });
      inserted();
      await hold;
    });
    await firstIn;
    // Second vote, in another connection: it waits for the first's row lock.
    // (`.then` runs the query now: a drizzle query builder only runs when awaited.)
    const second = db.insert(unitVotes).values({ itemId: demoItem!.id, sellerId: ids.seller, studentId: 'concorrente-2', stars: 1 }).then(() => undefined);
    const waiting = async () => {
      for (let i = 0; i < 500; i++) {
        const rows = await t.deps.database.sql.executeSql(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          [],
        );
        if (Number((rows.rows[0] as { n: number }).n) > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
      throw new Error('the second vote never waited for the first');
    };
    try {
      await waiting();
    } finally {
      release();
      await Promise.all([first, second]);
    }
    const [after] = await db.select({ sum: items.ratingSum, count: items.ratingCount }).from(items).where(eq(items.id, demoItem!.id));
    expect(after).toEqual({ sum: demoItem!.sum + 6, count: demoItem!.count + 2 });
  });
});
