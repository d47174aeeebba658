/**
 * The permission matrix: every route of the contract (ALL_ROUTES) for every user type and for no
 * session at all. Everything is derived from the contract, so a new route is covered the moment it is
 * declared:
 * - no token on a non-public route: 401;
 * - a type outside the route's access list: 403 with the pt-BR refusal;
 * - a type inside it: never 401 or 403 (the request carries an empty body and the id 999999, so the
 *   answer is 400, 404 or 200), never a 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPES, type UserType } from '@edu/shared/access';
import { ALL_ROUTES } from '@edu/shared/api';
import { buildPath, type RouteContract } from '@edu/shared/contract';
import { MSG } from '@edu/shared/messages';
import { call, createTestApp, signIn, type TestApp } from './harness';
import { DEMO_LOGIN_BY_TYPE } from '../src/demo/accounts';

const DEMO_LOGIN = DEMO_LOGIN_BY_TYPE;

const FILLER_ID = 999999;

let t: TestApp;
const tokens = new Map<UserType, string>();

beforeAll(async () => {
  t = await createTestApp();
  for (const type of USER_TYPES) {
    const token = await signIn(t.app, DEMO_LOGIN[type]);
    const me = await call(t.app, 'GET', '/api/me', { token });
    expect(me.json(), `demo account for ${type}`).toMatchObject({ type, mustChangePassword: false });
    tokens.set(type, token);
  }
});
afterAll(() => t?.close());

/** A token for `type` that still works (a route such as sign-out may have revoked the previous one). */
async function tokenFor(type: UserType): Promise<string> {
  const current = tokens.get(type)!;
  if ((await call(t.app, 'GET', '/api/me', { token: current })).statusCode === 200) return current;
  const fresh = await signIn(t.app, DEMO_LOGIN[type]);
  tokens.set(type, fresh);
  return fresh;
}

function urlOf(route: RouteContract): string {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
  return `/api${buildPath(route.path, Object.fromEntries(names.map((n) => [n, FILLER_ID])))}`;
}

const hasBody = (route: RouteContract) => route.method !== 'GET' && route.method !== 'DELETE';

function request(route: RouteContract, token?: string) {
  return call(t.app, route.method, urlOf(route), { token, payload: hasBody(route) ? {} : undefined });
}

const allowed = (route: RouteContract, type: UserType) =>
  route.access === 'public' || route.access === 'authenticated' || route.access.includes(type);

const label = (route: RouteContract) => `${route.method} /api${route.path}`;

/** Public routes that authenticate with the institution's LMS key instead of a session: 401 without it (lms-api.test). */
const LMS_KEY_ROUTES = new Set(['POST /api/saveDataInJson']);
const expectKeyRefusal = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ code: 'LMS_KEY_MISSING', message: MSG.lmsKeyMissing });
};

/**
 * Public routes an LMS's browser calls (packages/shared/src/lti-tool.ts): they answer a pt-BR HTML page (here a refusal: the
 * login and launch parameters are missing, no state to check, no relaunch token, or no picker session), never JSON and
 * never the role refusal (lti.test).
 */
const HTML_ROUTES = new Set(['GET /api/lti/login', 'POST /api/lti/login', 'GET /api/lti/login/check', 'POST /api/lti/launch', 'GET /api/lti/relaunch', 'POST /api/lti/deep-linking/response']);
const expectHtmlPage = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(res.statusCode).toBeLessThan(500);
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.body).not.toContain(MSG.forbidden);
};

describe('the contract', () => {
  it('every user type has a demo account in this matrix', () => {
    expect(Object.keys(DEMO_LOGIN).sort()).toEqual([...USER_TYPES].sort());
  });

  it('declares each method and path once', () => {
    const keys = ALL_ROUTES.map(label);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every /api route the server documents is in the contract, and the other way round', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const served = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/docs'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`));
    expect(served.sort()).toEqual(ALL_ROUTES.map(label).sort());
  });
});

describe.each(ALL_ROUTES.map((route) => ({ route, name: label(route) })))('$name', ({ route }) => {
  it('without a session', async () => {
    const res = await request(route);
    expect(res.statusCode).toBeLessThan(500);
    if (LMS_KEY_ROUTES.has(label(route))) return expectKeyRefusal(res);
    if (HTML_ROUTES.has(label(route))) return expectHtmlPage(res);
    if (route.access === 'public') {
      expect(res.statusCode).not.toBe(401);
      expect(res.json()).not.toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
    } else {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, code: 'UNAUTHORIZED', message: MSG.unauthorized });
      const forged = await request(route, 'x'.repeat(43));
      expect(forged.statusCode).toBe(401);
    }
  });

  it.each([...USER_TYPES])('as %s', async (type) => {
    const res = await request(route, await tokenFor(type));
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (HTML_ROUTES.has(label(route))) return expectHtmlPage(res);
    // A contract route must exist on the server: never the catch-all 404.
    expect(res.json()).not.toMatchObject({ message: MSG.routeNotFound });
    if (LMS_KEY_ROUTES.has(label(route))) return expectKeyRefusal(res);
    if (!allowed(route, type)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: MSG.forbidden });
      return;
    }
    expect(res.statusCode, res.body).not.toBe(401);
    if (route.access === 'public') {
      // A public route may refuse for its own reasons (e.g. the logo upload without its upload token),
      // but never with the role refusal.
      expect(res.json()).not.toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
    } else {
      expect(res.statusCode, res.body).not.toBe(403);
    }
  });
});
