/**
 * reviews.is_latest is kept by the database (trigger reviews_keep_latest, migrations 0007 and its fix): exactly the
 * highest review version of each unit version carries it, whatever order versions arrive or leave in. The staff
 * lists (Ativas, Publicadas, Reprovadas) show only flagged reviews, so a wrong flag hides or doubles a unit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const q = async (text: string, params: unknown[] = []) => (await t.deps.database.sql.executeSql(text, params)).rows as Record<string, unknown>[];

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function freshUnitVersion(): Promise<{ contentId: number; curatorId: number; reviewerId: number }> {
  const [item] = await q(`insert into items (provider_id) select id from providers order by id limit 1 returning id`);
  const [content] = await q(
    `insert into item_contents (item_id, version, status, title, created_by, updated_by)
     select $1, 1, 'analyze', 'Unidade do teste de is_latest', id, id from users where type = 'provider' order by id limit 1 returning id`,
    [item!.id],
  );
  const [curator] = await q(`select id from users where type = 'curator' order by id limit 1`);
  const [reviewer] = await q(`select id from users where type = 'review' order by id limit 1`);
  return { contentId: Number(content!.id), curatorId: Number(curator!.id), reviewerId: Number(reviewer!.id) };
}

const addReview = (u: { contentId: number; curatorId: number; reviewerId: number }, version: number) =>
  q(`insert into reviews (item_content_id, version, curator_id, reviewer_id, active) values ($1, $2, $3, $4, false) returning id`, [u.contentId, version, u.curatorId, u.reviewerId]);
const flags = async (contentId: number) =>
  Object.fromEntries((await q(`select version, is_latest from reviews where item_content_id = $1 order by version`, [contentId])).map((r) => [Number(r.version), r.is_latest]));

describe('reviews.is_latest', () => {
  it('in order: each new version takes the flag from the one before', async () => {
    const u = await freshUnitVersion();
    await addReview(u, 1);
    await addReview(u, 2);
    expect(await flags(u.contentId)).toEqual({ 1: false, 2: true });
  });

  it('out of order: a lower version arriving later does not take it, nor give it to every higher one', async () => {
    const u = await freshUnitVersion();
    await addReview(u, 3);
    await addReview(u, 2);
    await addReview(u, 1);
    expect(await flags(u.contentId)).toEqual({ 1: false, 2: false, 3: true });
  });

  it('deleting the latest gives the flag back to the one below it', async () => {
    const u = await freshUnitVersion();
    await addReview(u, 1);
    await addReview(u, 2);
    await q(`delete from reviews where item_content_id = $1 and version = 2`, [u.contentId]);
    expect(await flags(u.contentId)).toEqual({ 1: true });
  });
});
