/**
 * The LTI tests' setup: the app, the independent platform harness (lti-platform.ts) on loopback, a Moodle
 * connection of the demo institution pointing at it, and the steps of a launch driven through `app.inject`.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { LTI_TOOL_MSG } from '@edu/shared/lti-tool';
import type { LtiConnectionView } from '@edu/shared/lti';
import { itemContents, items, providers, rents, users } from '../src/db/schema';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/units';
import { call, signIn, type TestApp } from './harness';
import { LtiPlatform, type LaunchClaims, type SignOptions } from './lti-platform';

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/**
 * One browser's cookies of the tool (what a partitioned cookie is inside the LMS iframe): set by the tool's answers
 * (`Max-Age=0` deletes), sent back on its requests. `browser` is the browser of the tests; an attack uses two.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();
  /** `keepsNone`: a browser that keeps no cookie of the tool (Safari in the LMS's iframe). */
  constructor(readonly opts: { keepsNone?: boolean } = {}) {}
  take(res: LightMyRequestResponse) {
    const header = this.opts.keepsNone ? undefined : res.headers['set-cookie'];
    for (const line of header === undefined ? [] : Array.isArray(header) ? header : [String(header)]) {
      const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      if (attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(at + 1));
    }
    return res;
  }
  header(): Record<string, string> {
    return this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {};
  }
}
export const browser = new CookieJar();

export interface LtiWorld {
  platform: LtiPlatform;
  connection: LtiConnectionView;
  admin: string;
  sellerId: number;
  /** The demo published unit (item id, published version) of the demo provider the demo institution rents. */
  item: number;
  content: number;
  rent: number;
}

export async function ltiWorld(t: TestApp, opts: { clientId?: string; deploymentId?: string | null } = {}): Promise<LtiWorld> {
  const db = t.deps.db;
  const clientId = opts.clientId ?? 'moodle-client-1';
  const deploymentId = opts.deploymentId === undefined ? 'dep-1' : opts.deploymentId;
  const platform = await new LtiPlatform({
    clientId,
    deploymentId: deploymentId ?? 'dep-first',
    toolJwks: async () => (await t.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json(),
  }).start();
  const admin = await signIn(t.app, 'admin');
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  const sellerId = seller!.id!;
  const added = await call(t.app, 'POST', `/api/sellers/${sellerId}/lti-connections`, {
    token: admin,
    payload: { platform: 'moodle', name: 'Moodle de teste', clientId, url: platform.url, ...(deploymentId ? { deploymentId } : {}) },
  });
  expect(added.statusCode, added.body).toBe(200);
  // The platform knows the tool's registered redirect URIs (what the LMS admin pasted) and refuses any other.
  platform.redirectUris = (added.json().connection as LtiConnectionView).tool.redirectUris;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  const [unit] = await db
    .select({ item: items.id, content: itemContents.id })
    .from(items)
    .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
    .where(and(eq(items.providerId, provider!.id), eq(itemContents.title, DEMO_PUBLISHED_UNIT_TITLE), isNotNull(items.publishedContentId)));
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, sellerId), eq(rents.providerId, provider!.id), eq(rents.status, 'active')));
  return { platform, connection: added.json().connection, admin, sellerId, item: unit!.item, content: unit!.content, rent: rent!.id };
}

/**
 * POST the platform's login initiation (as Moodle does, a form) in `jar`'s browser and follow the tool's redirect to
 * its login check, as a browser does: answers the check's answer (the redirect to the platform, or its page), with the
 * login's `set-cookie` (`login`: the login's own answer).
 */
export async function initiate(t: TestApp, w: LtiWorld, opts: { method?: 'GET' | 'POST'; params?: Record<string, string>; jar?: CookieJar } = {}) {
  const params = opts.params ?? w.platform.initiation(w.connection.tool.toolUrl);
  const jar = opts.jar ?? browser;
  const login = jar.take(
    opts.method === 'GET'
      ? await t.app.inject({ method: 'GET', url: '/api/lti/login', query: params, headers: jar.header() })
      : await t.app.inject({ method: 'POST', url: '/api/lti/login', payload: form(params), headers: { ...FORM, ...jar.header() } }),
  );
  return followCheck(t, login, jar);
}

/** A login's redirect to the tool's login check, followed in `jar`'s browser (anything else is answered as it is). */
export async function followCheck(t: TestApp, login: LightMyRequestResponse, jar: CookieJar): Promise<LightMyRequestResponse & { login?: LightMyRequestResponse }> {
  const location = login.headers.location;
  if (login.statusCode !== 302 || typeof location !== 'string' || !location.startsWith('/api/lti/login/check?')) return login;
  const check = jar.take(await t.app.inject({ method: 'GET', url: location, headers: jar.header() }));
  if (login.headers['set-cookie'] !== undefined) check.headers['set-cookie'] = login.headers['set-cookie'];
  return Object.assign(check, { login });
}

/** The platform's authentication response posted to the tool's redirect URI (form_post), from `jar`'s browser. */
export async function postLaunch(t: TestApp, answer: { action: string; fields: Record<string, string> }, jar: CookieJar = browser) {
  return jar.take(await t.app.inject({ method: 'POST', url: new URL(answer.action).pathname, payload: form(answer.fields), headers: { ...FORM, ...jar.header() } }));
}

/** Login initiation → authentication request → the platform's id_token → the launch; answers the launch response. */
export async function launch(t: TestApp, w: LtiWorld, claims: LaunchClaims, sign: SignOptions = {}): Promise<LightMyRequestResponse> {
  const login = await initiate(t, w);
  expect(login.statusCode, login.body).toBe(302);
  const answer = await w.platform.authenticate(String(login.headers.location), claims, sign);
  return postLaunch(t, answer);
}

/** The data attributes of a platform-storage page (`#lti-storage`), unescaped. */
export function storagePageData(html: string): Record<string, string> {
  const tag = /<div id="lti-storage"([^>]*)>/.exec(html)?.[1];
  expect(tag, html).toBeTruthy();
  const unescape = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return Object.fromEntries([...tag!.matchAll(/ (data-[\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, unescape(m[2]!)]));
}

/** The launch page's second step, as its script sends it: JSON from the tool's own origin (the cookie of `jar`'s browser too). */
export async function postStorageLaunch(t: TestApp, body: { state: string; id_token: string; proof: string | null }, opts: { jar?: CookieJar; headers?: Record<string, string> } = {}) {
  const jar = opts.jar ?? browser;
  return jar.take(
    await t.app.inject({
      method: 'POST',
      url: '/api/lti/launch/storage',
      payload: body,
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin', ...jar.header(), ...(opts.headers ?? {}) },
    }),
  );
}

export const htmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;').replace(/"/g, '&quot;');

/** A refusal page: the status, the pt-BR reason (the code's text, or `text`), no launch (no redirect). */
export function expectRefusal(res: LightMyRequestResponse, status: number, code: string, text?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers.location).toBeUndefined();
  expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
  expect(res.body).toContain(`data-lti-refusal="${code}"`);
  const shown = text ?? (LTI_TOOL_MSG as Record<string, unknown>)[code];
  if (typeof shown === 'string') expect(res.body).toContain(htmlText(shown));
  expect(res.body).toContain(LTI_TOOL_MSG.refusedTitle);
}

/** The student link a launch redirected to: its token (no other parameter: the token is the credential). */
export function studentLinkOf(res: LightMyRequestResponse): { token: string; path: string } {
  expect(res.statusCode, res.body).toBe(303);
  const url = new URL(String(res.headers.location), 'http://localhost:3000');
  expect(url.pathname).toBe('/student/link');
  expect([...url.searchParams.keys()]).toEqual(['token']);
  return { token: url.searchParams.get('token')!, path: `${url.pathname}${url.search}` };
}
