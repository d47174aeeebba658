import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FEEDBACK_MSG, PROBLEM_CATEGORIES, type FeedbackRow } from '@edu/shared/feedback';
import type { OwnUnitsResponse } from '@edu/shared/units';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/seed';
import { itemFeedbacks } from '../src/db/schema';
import { authHeader, createTestApp, signIn, type TestApp } from './harness';

describe('feedback: problem reports and the feedback report', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let unitId: number;
  /** A unit of the demo provider that was never published (a draft or one under review). */
  let unpublishedId: number;

  const req = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeader(tok[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });
  const report = (who: string, fields: Record<string, unknown> = {}) =>
    req(who, 'POST', '/student/feedback', {
      itemFeedback: {
        name: 'Leitor',
        unit_id: unitId,
        unit_name: 'Título enviado pelo cliente',
        error_type: PROBLEM_CATEGORIES[0],
        error_description: 'O vídeo do tópico 1 não abre.',
        student_id: null,
        ...fields,
      },
    });
  const page = async (who = 'admin', query = '') => {
    const res = await req(who, 'GET', `/items/item/feedback${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: FeedbackRow[]; total: number; page: number; limit: number };
  };
  const list = async (who = 'admin') => (await page(who)).data;
  const move = (id: number, status: string, who = 'admin') => req(who, 'PUT', '/items/item/feedback/status', { id, status });

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['provider', 'editor', 'serviceprovider', 'seller', 'seller.assistente', 'client', 'curator', 'review', 'manager', 'director', 'admin']) {
      tok[who] = await signIn(t.app, who);
    }
    const mine = (await req('provider', 'GET', '/items/item/content/provider?title=FUNCOES')).json() as OwnUnitsResponse;
    unitId = mine.content.find((u) => u.title === DEMO_PUBLISHED_UNIT_TITLE)!.id;
    const all = (await req('provider', 'GET', '/items/item/content/provider')).json() as OwnUnitsResponse;
    unpublishedId = all.content.find((u) => u.status !== 'publish')!.id;
  });
  afterAll(async () => t?.close());

  it('a reader of the unit reports a problem, stored with the unit\'s current title and listed newest first as Criado', async () => {
    const first = await report('provider');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: FEEDBACK_MSG.reported });
    const second = await report('curator', { error_type: 'Erros de ortografia', error_description: '  Palavra "funsão" no tópico 2.  ' });
    expect(second.statusCode).toBe(200);

    const rows = await list();
    expect(rows[0]).toMatchObject({
      status: 'created',
      unit_id: unitId,
      unit_name: DEMO_PUBLISHED_UNIT_TITLE,
      error_type: 'Erros de ortografia',
      error_description: 'Palavra "funsão" no tópico 2.',
    });
    expect(rows[1]).toMatchObject({ unit_name: DEMO_PUBLISHED_UNIT_TITLE, error_type: PROBLEM_CATEGORIES[0] });
    expect(Date.parse(rows[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(rows[1]!.created_at));
    const [stored] = await t.deps.db.select().from(itemFeedbacks).where(eq(itemFeedbacks.id, rows[0]!.id));
    expect(stored?.reporterId).not.toBeNull();
    // The director reads the same report.
    expect((await list('director')).map((r) => r.id)).toEqual(rows.map((r) => r.id));
  });

  it('answers the report a page at a time, newest first, with the total', async () => {
    const first = await page('admin', '?page=1&limit=1');
    expect(first).toMatchObject({ page: 1, limit: 1 });
    expect(first.data).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    const second = await page('admin', '?page=2&limit=1');
    expect(second.data).toHaveLength(1);
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    expect(Date.parse(second.data[0]!.created_at)).toBeLessThanOrEqual(Date.parse(first.data[0]!.created_at));
    expect((await page('admin', `?page=${first.total + 1}&limit=1`)).data).toEqual([]);
    expect((await page()).limit).toBe(20);
    expect((await req('admin', 'GET', '/items/item/feedback?page=0')).statusCode).toBe(400);
    expect((await req('admin', 'GET', '/items/item/feedback?limit=100000')).statusCode).toBe(400);
  });

  it('refuses a report on a unit the user may not read (as missing), on an unknown unit, and bad input', async () => {
    const other = await report('serviceprovider');
    expect(other.statusCode).toBe(404);
    // The demo institution rents the demo provider (unit.read's rented-unit case): it may report on the
    // published unit, never on one that is not published; a suspended institution reads nothing.
    expect((await report('seller')).statusCode).toBe(200);
    expect((await report('seller', { unit_id: unpublishedId })).statusCode).toBe(404);
    expect((await report('provider', { unit_id: 999999 })).statusCode).toBe(404);

    const badCategory = await report('provider', { error_type: 'Outro problema' });
    expect(badCategory.statusCode).toBe(400);
    const empty = await report('provider', { error_description: '   ' });
    expect(empty.statusCode).toBe(400);
    const missing = await report('provider', { error_type: undefined });
    expect(missing.statusCode).toBe(400);
    const unknownField = await report('provider', { student_id: 5 });
    expect(unknownField.statusCode).toBe(400);
    const unauthenticated = await t.app.inject({ method: 'POST', url: '/api/student/feedback', payload: { itemFeedback: { unit_id: unitId } } });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('only admin and director open the report and change statuses', async () => {
    const [row] = await list();
    for (const who of ['seller', 'seller.assistente', 'curator', 'review', 'manager', 'provider', 'editor', 'client']) {
      expect((await req(who, 'GET', '/items/item/feedback')).statusCode, who).toBe(403);
      expect((await move(row!.id, 'resolved', who)).statusCode, who).toBe(403);
    }
    expect((await list())[0]!.status).toBe('created');
  });

  it('toggles: resolved from any other status, closed from resolved; every other move is refused with 409', async () => {
    const [row] = await list();
    const id = row!.id;
    expect((await move(id, 'closed')).statusCode).toBe(409); // created → closed

    const resolved = await move(id, 'resolved');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ id, status: 'resolved', unit_name: DEMO_PUBLISHED_UNIT_TITLE });
    expect((await move(id, 'resolved')).statusCode).toBe(409); // resolved → resolved

    const closed = await move(id, 'closed', 'director');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ id, status: 'closed' });
    expect((await move(id, 'closed')).statusCode).toBe(409); // closed → closed
    expect((await list()).find((r) => r.id === id)?.status).toBe('closed');

    // Spec 2 §4.3: the toggle moves to resolved from any status other than resolved, closed included.
    expect((await move(id, 'resolved')).json()).toMatchObject({ status: 'resolved' });

    // Statuses the report never sets (viewed, in_analysis) still resolve.
    await t.deps.db.update(itemFeedbacks).set({ status: 'in_analysis' }).where(eq(itemFeedbacks.id, id));
    expect((await move(id, 'closed')).statusCode).toBe(409);
    expect((await move(id, 'resolved')).statusCode).toBe(200);

    expect((await move(id, 'viewed')).statusCode).toBe(400);
    expect((await move(999999, 'resolved')).statusCode).toBe(404);
  });
});
