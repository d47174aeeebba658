/**
 * Query-count guard of the staff unit lists, Minhas Unidades, the feedback report and the tag search: a warm GET sends
 * one statement (the page's rows and its capped total together).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, createTestApp, signIn, statementsOf, type TestApp } from './harness';

describe('statements of the unit lists', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    for (const who of ['admin', 'director', 'manager', 'curator', 'provider']) tok[who] = await signIn(t.app, who);
  }, 60_000);
  afterAll(async () => t?.close());

  const cases: [string, string][] = [
    ['manager', '/api/items/item/content/new'],
    ['manager', '/api/items/item/content/new?title=a&order=title'],
    ['manager', '/api/items/item/content/new?title=a'],
    ['manager', '/api/items/review/find?active=true'],
    ['manager', '/api/items/review/find?active=false&managerStatus=approved&order=title'],
    ['manager', '/api/items/review/find?itemContentTitle=a&order=title'],
    ['manager', '/api/items/review/find?itemContentTitle=a'],
    ['curator', '/api/items/review/find?active=true'],
    ['director', '/api/items/review/staff?type=curator'],
    ['manager', '/api/items/review/find/units/published'],
    ['admin', '/api/items/item/feedback?page=1'],
    ['provider', '/api/items/item/content/provider'],
    ['provider', '/api/items/item/content/provider?order=recent&statusItemContent=draft'],
    ['provider', '/api/items/item/content/provider?title=a'],
    ['provider', '/api/items/item/content/provider?statusItemContent=deleted'],
    ['manager', '/api/items/tag?tagName=a'],
  ];
  for (const [who, url] of cases) {
    it(`${who} GET ${url}`, async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: authHeader(tok[who]!) });
      const { statements } = await statementsOf(t.app, url, tok[who]);
      console.log('STMT', statements, url, res.body.slice(0, 200));
    });
  }
});
