/**
 * Query-count guard of the staff unit lists (Novas, Ativas/Publicadas/Reprovadas, the curator's assigned view, title
 * searches), the staff to delegate to, the dashboard's published units, the feedback report, Minhas Unidades (tabs,
 * search, trash) and the tag search: a warm GET sends one statement (the page's rows and its total together).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { itemFeedbacks, users } from '../src/db/schema';
import { authHeader, createTestApp, demoEmail, signIn, statementsOf, type TestApp } from './harness';
import { buildUnit } from './factories';

// Statements are counted on the PostgreSQL driver (the embedded PGlite sends none through it): there the answers are checked only.
const onPostgres = inject('testDatabase') !== null;

describe('statements of the unit lists', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['admin', 'director', 'manager', 'curator', 'provider']) tok[who] = await signIn(t.app, who);
    const db = t.deps.db;
    const [provider] = await db.select({ providerId: users.providerId }).from(users).where(eq(users.email, demoEmail('provider')));
    const providerId = provider!.providerId!;
    // Units awaiting delegation (Novas), one in the trash, and 25 feedbacks (two report pages).
    for (const title of ['Funções afins', 'Funções quadráticas', 'Genética básica']) await buildUnit(db, providerId, { version: 1, title, status: 'send' });
    const trashed = await buildUnit(db, providerId, { version: 1, title: 'Funções na lixeira', status: 'deleted' });
    await db.insert(itemFeedbacks).values(
      Array.from({ length: 25 }, (_, i) => ({ itemContentId: trashed.contentId, unitName: `Unidade ${i}`, errorType: 'Erro de digitação', errorDescription: 'Texto' })),
    );
  }, 60_000);
  afterAll(async () => t?.close());

  const rowsOf = (body: unknown): unknown[] => (Array.isArray(body) ? body : ((body as { content?: unknown[]; data?: unknown[] }).content ?? (body as { data: unknown[] }).data));

  const cases: [string, string][] = [
    ['manager', '/api/items/item/content/new'],
    ['manager', '/api/items/item/content/new?title=funcoes&order=title'],
    ['manager', '/api/items/item/content/new?title=funcoes'],
    ['manager', '/api/items/review/find?active=false&managerStatus=approved'],
    ['manager', '/api/items/review/find?active=false&managerStatus=approved&order=title'],
    ['manager', '/api/items/review/find?itemContentTitle=a&order=title'],
    ['manager', '/api/items/review/find?itemContentTitle=a'],
    ['curator', '/api/items/review/find?active=false'],
    ['director', '/api/items/review/staff?type=curator'],
    ['manager', '/api/items/review/find/units/published'],
    ['admin', '/api/items/item/feedback?page=1'],
    ['admin', '/api/items/item/feedback?page=2'],
    ['provider', '/api/items/item/content/provider'],
    ['provider', '/api/items/item/content/provider?order=recent&statusItemContent=draft'],
    ['provider', '/api/items/item/content/provider?title=a'],
    ['provider', '/api/items/item/content/provider?statusItemContent=deleted'],
    ['manager', '/api/items/tag?tagName=a'],
  ];
  for (const [who, url] of cases) {
    it(`${who} GET ${url}: one statement`, async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: authHeader(tok[who]!) });
      expect(res.statusCode, res.body).toBe(200);
      expect(rowsOf(res.json()).length, res.body).toBeGreaterThan(0);
      const { statements } = await statementsOf(t.app, url, tok[who]);
      if (onPostgres) expect(statements).toBe(1);
    });
  }

  it('keeps the counts of Minhas Unidades on a page past the end, in one statement', async () => {
    const url = '/api/items/item/content/provider?page=99';
    const res = await t.app.inject({ method: 'GET', url, headers: authHeader(tok.provider!) });
    const body = res.json() as { content: unknown[]; total: number; counts: Record<string, number> };
    expect(body.content).toEqual([]);
    expect(body.counts.all).toBeGreaterThan(0);
    expect(body.total).toBe(body.counts.all);
    const { statements } = await statementsOf(t.app, url, tok.provider);
    if (onPostgres) expect(statements).toBe(1);
  });
});
