/**
 * The list data the database keeps beside its sources (migration 0014), walked through the unit lifecycle over the
 * API: items.current_* (Minhas Unidades: each item's latest version not in the trash) and review_list (the staff
 * units list: one row per unit version's latest review, with the version's status and folded title). After every
 * step the kept data must equal what the source tables say, and the lists built on it must show the step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewRow } from '@edu/shared/reviews';
import type { OwnUnitsResponse, UnitContent } from '@edu/shared/units';
import { authHeader, createTestApp, signIn, type TestApp } from './harness';
import { foldAccesses } from '../src/modules/reports/access-rollups';

let t: TestApp;
const tok: Record<string, string> = {};
const userId: Record<string, number> = {};
let exatas: number;

const q = async (text: string, params: unknown[] = []) => (await t.deps.database.sql.executeSql(text, params)).rows as Record<string, unknown>[];
const req = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api${url}`, headers: authHeader(tok[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });
const ok = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
  const res = await req(who, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
};

const fields = (title: string) => ({
  title,
  authors: ['Ana Souza'],
  introduction: '<p>Introdução</p>',
  learningObjectives: ['Descrever movimentos'],
  synthesis: '<p>Síntese</p>',
  bibliographicReference: ['HALLIDAY, D. Física. LTC, 2016.'],
  knowledges: [exatas],
  levelOfLearning: ['Graduação'],
  topics: [{ title: 'Velocidade', content: '<p>Texto</p>' }],
});

/** Rows where the kept data differs from the source tables (both must be empty). */
async function drift() {
  const items = await q(`
    select i.id from items i
    left join lateral (select c.id, c.status, c.title_folded, c.created_at from item_contents c
                       where c.item_id = i.id and c.status <> 'deleted' order by c.version desc limit 1) l on true
    where (i.current_content_id, i.current_status, i.current_title_folded, i.current_created_at)
          is distinct from (l.id, l.status, l.title_folded, l.created_at)`);
  const list = await q(`
    with top as (select distinct on (r.item_content_id) r.id, r.item_content_id, r.created_at, r.active, r.manager_status, r.curator_id,
                   r.reviewer_id, c.status, c.title_folded
                 from reviews r join item_contents c on c.id = r.item_content_id order by r.item_content_id, r.version desc)
    select coalesce(top.id, l.review_id) as id from top full join review_list l on l.review_id = top.id
    where top.id is null or l.review_id is null
       or (l.item_content_id, l.created_at, l.active, l.manager_status, l.curator_id, l.reviewer_id, l.unit_status, l.title_folded)
          is distinct from (top.item_content_id, top.created_at, top.active, top.manager_status, top.curator_id, top.reviewer_id, top.status, top.title_folded)`);
  // 0016: published_unit_areas (one row per published item and area, 0 for none) and items.popularity / published_at.
  const areas = await q(`
    with want as (select distinct i.id as item_id, k as knowledge_id, i.provider_id, c.id as content_id, c.title_folded, c.level_of_learning as levels
                  from items i join item_contents c on c.id = i.published_content_id
                  cross join lateral unnest(case when cardinality(c.knowledge_ids) = 0 then array[0] else c.knowledge_ids end) k)
    select coalesce(w.item_id, a.item_id) as id from want w full join published_unit_areas a on a.item_id = w.item_id and a.knowledge_id = w.knowledge_id
    where w.item_id is null or a.item_id is null
       or (a.provider_id, a.content_id, a.title_folded, a.levels) is distinct from (w.provider_id, w.content_id, w.title_folded, w.levels)`);
  const published = await q(`
    select i.id from items i
    where (i.published_at is null) <> (i.published_content_id is null)
       or i.popularity <> (select coalesce(sum(m.accesses), 0) from access_unit_months m where m.item_id = i.id)`);
  // 0018: published_area_counts (units per provider and area) equals a count of published_unit_areas.
  const counts = await q(`
    with want as (select provider_id, knowledge_id, count(*)::int as units from published_unit_areas group by 1, 2)
    select coalesce(w.provider_id, c.provider_id) as id from want w full join published_area_counts c using (provider_id, knowledge_id)
    where w.units is distinct from c.units`);
  return {
    items: items.map((r) => r.id), list: list.map((r) => r.id), areas: areas.map((r) => r.id), published: published.map((r) => r.id), counts: counts.map((r) => r.id),
  };
}
const NO_DRIFT = { items: [], list: [], areas: [], published: [], counts: [] };

const current = async (itemId: number) =>
  (await q(`select current_content_id as id, current_status as status, current_title_folded as title from items where id = $1`, [itemId]))[0];
const listed = async (contentId: number) => (await q(`select review_id, unit_status, title_folded, active, manager_status from review_list where item_content_id = $1`, [contentId]))[0];
const mine = async (title: string, status = 'all') =>
  (await ok('provider', 'GET', `/items/item/content/provider?statusItemContent=${status}&title=${encodeURIComponent(title)}`)) as OwnUnitsResponse;
const staffList = async (params: string) => ((await ok('director', 'GET', `/items/review/find?${params}`)) as { content: ReviewRow[]; total: number });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['provider', 'curator', 'review', 'director']) tok[who] = await signIn(t.app, who);
  for (const u of await q(`select id, email from users`)) userId[String(u.email).split('@')[0]!] = Number(u.id);
  const areas = (await ok('provider', 'GET', '/items/knowledge/find')) as { id: number; title: string }[];
  exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
});
afterAll(async () => t?.close());

describe('kept list data through the unit lifecycle', () => {
  it('stays equal to the source tables, and the lists show every step', async () => {
    const expectNoDrift = async () => expect(await drift()).toEqual(NO_DRIFT);
    await expectNoDrift();

    // create (draft), then a save that changes the title
    const v1 = (await ok('provider', 'POST', '/items/item/content/create', fields('Órbitas Planetárias'))) as UnitContent;
    expect(await current(v1.itemId)).toMatchObject({ id: v1.id, status: 'draft', title: 'orbitas planetarias' });
    await ok('provider', 'PUT', '/items/item/content/update', { ...fields('Órbitas e Marés'), id: v1.id, revision: v1.revision });
    expect(await current(v1.itemId)).toMatchObject({ id: v1.id, status: 'draft', title: 'orbitas e mares' });
    expect((await mine('mares')).content.map((u) => u.id)).toEqual([v1.id]);
    await expectNoDrift();

    // send for analysis, delegate: the staff list gains the version's row
    await ok('provider', 'PUT', '/items/item/content/status/', { ids: [v1.id], status: 'send' });
    expect(await current(v1.itemId)).toMatchObject({ status: 'send' });
    const { ids: [review1] } = (await ok('director', 'POST', '/items/review/create', { curatorId: userId.curator, reviewerId: userId.review, contentIds: [v1.id] })) as { ids: number[] };
    expect(await listed(v1.id)).toMatchObject({ review_id: review1, unit_status: 'analyze', title_folded: 'orbitas e mares', active: true, manager_status: null });
    expect((await staffList('active=true&itemContentTitle=mares')).content.map((r) => r.id)).toEqual([review1]);
    await expectNoDrift();

    // correction, an edit of the title during correction, resend, approvals, publish
    await ok('curator', 'PUT', `/items/review/update/${review1}`, { status: 'correction', comment: 'Revise o título.' });
    expect(await listed(v1.id)).toMatchObject({ unit_status: 'correction' });
    const inCorrection = (await ok('provider', 'GET', `/items/item/content/find/${v1.id}`)) as UnitContent;
    await ok('provider', 'PUT', '/items/item/content/update', { ...fields('Órbitas, Marés e Eclipses'), id: v1.id, revision: inCorrection.revision });
    expect(await listed(v1.id)).toMatchObject({ title_folded: 'orbitas, mares e eclipses' });
    await ok('provider', 'PUT', '/items/item/content/status/', { ids: [v1.id], status: 'analyze' });
    await ok('curator', 'PUT', `/items/review/update/${review1}`, { status: 'approved' });
    await ok('review', 'PUT', `/items/review/update/${review1}`, { status: 'approved', comment: 'Ótimo.' });
    await ok('director', 'PUT', `/items/review/update/${review1}`, { status: 'approved' });
    expect(await current(v1.itemId)).toMatchObject({ id: v1.id, status: 'publish' });
    expect(await listed(v1.id)).toMatchObject({ review_id: review1, unit_status: 'publish', active: false, manager_status: 'approved' });
    expect((await staffList('active=false&managerStatus=approved&itemContentTitle=eclipses')).content.map((r) => r.id)).toEqual([review1]);
    await expectNoDrift();

    // a new version: the item's current version moves to it
    const published = (await ok('provider', 'GET', `/items/item/content/find/${v1.id}`)) as UnitContent;
    const v2 = (await ok('provider', 'PUT', '/items/item/content/update', {
      ...fields('Órbitas, Marés e Eclipses (segunda edição)'),
      id: v1.id,
      revision: published.revision,
      updateMessage: 'Nova edição',
    })) as UnitContent;
    expect(v2.id).not.toBe(v1.id);
    expect(await current(v1.itemId)).toMatchObject({ id: v2.id, status: 'send', title: 'orbitas, mares e eclipses (segunda edicao)' });
    expect((await mine('eclipses')).content.map((u) => u.id)).toEqual([v2.id]);
    await expectNoDrift();

    // delegate and reprove version 2, reopen it (a new review version replaces the row), reprove again
    const { ids: [review2] } = (await ok('director', 'POST', '/items/review/create', { curatorId: userId.curator, reviewerId: userId.review, contentIds: [v2.id] })) as { ids: number[] };
    await ok('director', 'PUT', `/items/review/update/${review2}`, { status: 'reproved', comment: 'Conteúdo incompleto.' });
    expect(await listed(v2.id)).toMatchObject({ review_id: review2, unit_status: 'reproved', active: false, manager_status: 'reproved' });
    expect(await current(v1.itemId)).toMatchObject({ id: v2.id, status: 'reproved' });
    const { ids: [review3] } = (await ok('director', 'POST', '/items/review/reopen', { id: review2, curatorId: userId.curator, reviewerId: userId.review })) as { ids: number[] };
    expect(await listed(v2.id)).toMatchObject({ review_id: review3, unit_status: 'analyze', active: true, manager_status: null });
    expect((await staffList('itemContentTitle=segunda%20edicao')).content.map((r) => r.id)).toEqual([review3]);
    await ok('director', 'PUT', `/items/review/update/${review3}`, { status: 'reproved', comment: 'Ainda incompleto.' });
    expect((await staffList('active=false&managerStatus=reproved&itemContentTitle=segunda%20edicao')).content.map((r) => r.id)).toEqual([review3]);
    await expectNoDrift();

    // the reproved version edited (back to draft), trashed: the current version falls back to the published one;
    // recovered: it is current again
    const reproved = (await ok('provider', 'GET', `/items/item/content/find/${v2.id}`)) as UnitContent;
    await ok('provider', 'PUT', '/items/item/content/update', { ...fields('Órbitas (rascunho)'), id: v2.id, revision: reproved.revision });
    expect(await current(v1.itemId)).toMatchObject({ id: v2.id, status: 'draft', title: 'orbitas (rascunho)' });
    expect(await listed(v2.id)).toMatchObject({ unit_status: 'draft', title_folded: 'orbitas (rascunho)' });
    await ok('provider', 'PUT', '/items/item/content/status/', { ids: [v2.id], status: 'deleted' });
    expect(await current(v1.itemId)).toMatchObject({ id: v1.id, status: 'publish' });
    expect((await mine('orbitas')).content.map((u) => u.id)).toEqual([v1.id]);
    expect((await mine('orbitas', 'deleted')).content.map((u) => u.id)).toEqual([v2.id]);
    await expectNoDrift();
    await ok('provider', 'POST', `/items/item/content/recover/${v2.id}`);
    expect(await current(v1.itemId)).toMatchObject({ id: v2.id, status: 'draft' });
    await expectNoDrift();

    // a unit whose only version is trashed has no current version (absent from every tab but the trash)
    const lone = (await ok('provider', 'POST', '/items/item/content/create', fields('Lixeira Solitária'))) as UnitContent;
    await ok('provider', 'PUT', '/items/item/content/status/', { ids: [lone.id], status: 'deleted' });
    expect(await current(lone.itemId)).toEqual({ id: null, status: null, title: null });
    expect((await mine('solitaria')).total).toBe(0);
    expect((await mine('solitaria', 'deleted')).content.map((u) => u.id)).toEqual([lone.id]);
    await ok('provider', 'POST', `/items/item/content/recover/${lone.id}`);
    expect(await current(lone.itemId)).toMatchObject({ id: lone.id, status: 'draft' });
    await expectNoDrift();
  });

  it('follows writes made outside the lifecycle too (a review deleted, versions inserted out of order)', async () => {
    const [item] = await q(`insert into items (provider_id) select provider_id from users where provider_id is not null order by id limit 1 returning id`);
    const author = (await q(`select id from users where type = 'provider' order by id limit 1`))[0]!.id;
    const insertVersion = (version: number, status: string, title: string) =>
      q(`insert into item_contents (item_id, version, status, title, created_by, updated_by) values ($1, $2, $3, $4, $5, $5) returning id`, [item!.id, version, status, title, author]);
    const [b] = await insertVersion(2, 'analyze', 'Versão Dois');
    const [a] = await insertVersion(1, 'publish', 'Versão Um');
    expect(await current(Number(item!.id))).toMatchObject({ id: b!.id, status: 'analyze', title: 'versao dois' });
    const [r1] = await q(`insert into reviews (item_content_id, version, curator_id, reviewer_id) values ($1, 1, $2, $3) returning id`, [b!.id, userId.curator, userId.review]);
    const [r2] = await q(`insert into reviews (item_content_id, version, curator_id, reviewer_id) values ($1, 2, $2, $3) returning id`, [b!.id, userId.curator, userId.review]);
    expect(await listed(Number(b!.id))).toMatchObject({ review_id: r2!.id });
    await q(`delete from reviews where id = $1`, [r2!.id]);
    expect(await listed(Number(b!.id))).toMatchObject({ review_id: r1!.id });
    await q(`delete from reviews where id = $1`, [r1!.id]);
    expect(await listed(Number(b!.id))).toBeUndefined();
    await q(`delete from item_contents where id = $1`, [b!.id]);
    expect(await current(Number(item!.id))).toMatchObject({ id: a!.id, status: 'publish' });
    expect(await drift()).toEqual(NO_DRIFT);
  });

  it('keeps the published units by area, the publication time and the popularity through raw writes', async () => {
    const areaIds = ((await ok('provider', 'GET', '/items/knowledge/find')) as { id: number }[]).map((a) => a.id);
    const [item] = await q(`insert into items (provider_id) select provider_id from users where provider_id is not null order by id limit 1 returning id, provider_id`);
    const author = (await q(`select id from users where type = 'provider' order by id limit 1`))[0]!.id;
    const [v] = await q(
      `insert into item_contents (item_id, version, status, title, knowledge_ids, level_of_learning, created_by, updated_by) values ($1, 1, 'publish', 'Átomos', $2, '{Graduação}', $3, $3) returning id`,
      [item!.id, [areaIds[0], areaIds[1]], author],
    );
    const rows = () => q(`select knowledge_id, content_id, title_folded from published_unit_areas where item_id = $1 order by knowledge_id`, [item!.id]);
    const kept = async () => (await q(`select published_at, popularity from items where id = $1`, [item!.id]))[0]!;
    expect(await rows()).toEqual([]);
    expect((await kept()).published_at).toBeNull();

    await q(`update items set published_content_id = $1 where id = $2`, [v!.id, item!.id]);
    expect(await rows()).toEqual(
      [areaIds[0], areaIds[1]].sort((a, b) => a! - b!).map((k) => ({ knowledge_id: k, content_id: v!.id, title_folded: 'atomos' })),
    );
    expect((await kept()).published_at).not.toBeNull();
    // a published version's areas and title changed by a raw write; no area at all is group 0
    await q(`update item_contents set knowledge_ids = '{}', title = 'Moléculas' where id = $1`, [v!.id]);
    expect(await rows()).toEqual([{ knowledge_id: 0, content_id: v!.id, title_folded: 'moleculas' }]);
    // students' accesses: popularity counts them once folded
    const [seller] = await q(`select id from sellers order by id limit 1`);
    for (const student of ['a', 'a', 'b']) {
      await q(`insert into access_events (seller_id, student_id, item_id, item_content_id, provider_id) values ($1, $2, $3, $4, $5)`, [seller!.id, student, item!.id, v!.id, item!.provider_id]);
    }
    expect((await kept()).popularity).toBe(0);
    await foldAccesses(t.deps.db);
    expect((await kept()).popularity).toBe(3);
    expect(await drift()).toEqual(NO_DRIFT);
    // unpublished: no rows, no publication time; the accesses stay the unit's
    await q(`update items set published_content_id = null where id = $1`, [item!.id]);
    expect(await rows()).toEqual([]);
    expect(await kept()).toEqual({ published_at: null, popularity: 3 });
    expect(await drift()).toEqual(NO_DRIFT);
  });
});

describe('Minhas Unidades A–Z', () => {
  it('orders by the folded title (accents and case ignored), then by id, across pages and tabs', async () => {
    const titles = ['Zoologia', 'ábaco', 'Árvores', 'abelhas', 'Ética', 'eclipse', 'Órbita', 'ondas', 'Ímã', 'ilhas'];
    const created: UnitContent[] = [];
    for (const title of titles) created.push((await ok('provider', 'POST', '/items/item/content/create', fields(`AZ ${title}`))) as UnitContent);
    // Two units with the same folded title: the lower id first.
    const twin = (await ok('provider', 'POST', '/items/item/content/create', fields('AZ Ábaco'))) as UnitContent;
    const page = (await ok('provider', 'GET', '/items/item/content/provider?order=title&title=az%20')) as OwnUnitsResponse;
    expect(page.content.map((u) => u.title)).toEqual([
      'AZ ábaco',
      'AZ Ábaco',
      'AZ abelhas',
      'AZ Árvores',
      'AZ eclipse',
      'AZ Ética',
      'AZ ilhas',
      'AZ Ímã',
      'AZ ondas',
      'AZ Órbita',
      'AZ Zoologia',
    ]);
    expect(page.content.slice(0, 2).map((u) => u.id)).toEqual([created[1]!.id, twin.id]);
    // The drafts tab, same order; a unit sent for analysis leaves it.
    await ok('provider', 'PUT', '/items/item/content/status/', { ids: [created[4]!.id], status: 'send' });
    const drafts = (await ok('provider', 'GET', '/items/item/content/provider?order=title&title=az%20&statusItemContent=draft')) as OwnUnitsResponse;
    expect(drafts.content.map((u) => u.title)).not.toContain('AZ Ética');
    expect(drafts.content.map((u) => u.title)).toEqual(page.content.map((u) => u.title).filter((x) => x !== 'AZ Ética'));
  });
});
