/**
 * The new-window fallback of the LTI login's browser binding (lti-relaunch.ts), against the independent platform
 * (lti-platform.ts): the login redirects to the tool's login check before the platform; a browser that kept no cookie
 * of the login (none in the LMS's iframe), in an LMS without platform storage, gets there a link that starts the same
 * login again in a new top-level window (a fresh cookie jar here: the tool's cookie is first-party there), and the
 * launch then succeeds for the user the platform authenticates in that window. A wrong cookie is not offered it, nor
 * is a launch; the link is used once and expires; another person's login continued in the victim's browser ends as
 * the victim, never as the attacker.
 *
 * The platform harness signs the id_token with the claims each test gives `authenticate`: that is the platform's
 * signed-in user in the browser the request arrives from (a real LMS signs for its session's user; Moodle also
 * refuses a login_hint that is not that user's).
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { LTI_CUSTOM_UNIT, LTI_TOOL_MSG } from '@edu/shared/lti-tool';
import { accessEvents, ltiLaunches, ltiRelaunches, ltiStates } from '../src/db/schema';
import { deleteExpiredLti } from '../src/modules/lti/lti-cleanup';
import { call, createTestApp, type TestApp } from './harness';
import { CookieJar, expectRefusal, followCheck, htmlText, initiate, ltiWorld, postLaunch, storagePageData, studentLinkOf, type LtiWorld } from './lti-setup';

let t: TestApp;
let w: LtiWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await ltiWorld(t);
  // As Moodle: one authentication per launch. The new window's must be the first (the login check offers it before
  // the platform was asked).
  w.platform.options.oneAuthenticationPerLaunch = true;
}, 120_000);
afterAll(async () => {
  await w?.platform.stop();
  await t?.close();
});

const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const sid = (sub: string) => `lti:${w.connection.id}:${sub}`;
const unitClaims = (sub: string) => w.platform.resourceLinkClaims({ sub, custom: { [LTI_CUSTOM_UNIT]: String(w.item) }, targetLinkUri: w.connection.tool.toolUrl });
const count = async (table: typeof ltiLaunches | typeof ltiRelaunches | typeof ltiStates) => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const eventsOf = async (sub: string) => (await t.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, sid(sub)))).length;
const stateRow = async (state: string) => (await t.deps.db.select().from(ltiStates).where(eq(ltiStates.stateHash, sha(state))))[0];
/** The state a login's redirect to the login check names. */
const checkedState = (res: LightMyRequestResponse & { login?: LightMyRequestResponse }) => new URL(String(res.login!.headers.location), 'http://localhost').searchParams.get('state')!;

/** The relaunch link of a refusal page: its address, or null when the page offers none. */
function relaunchLink(res: LightMyRequestResponse): string | null {
  const tag = /<a [^>]*data-lti-relaunch[^>]*>/.exec(res.body)?.[0];
  if (!tag) {
    expect(res.body).not.toContain(LTI_TOOL_MSG.relaunchButton);
    return null;
  }
  // A plain link to a new top-level window, without access to the LMS page; the page runs no script.
  expect(tag).toContain('target="_blank"');
  expect(tag).toMatch(/rel="[^"]*noopener/);
  expect(res.body).toContain(`>${htmlText(LTI_TOOL_MSG.relaunchButton)}</a>`);
  expect(res.body).not.toContain('<script');
  expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'none';/);
  expect(String(res.headers['content-security-policy'])).not.toContain('script-src');
  return /href="([^"]+)"/.exec(tag)![1]!.replace(/&amp;/g, '&');
}

/** A login in a browser that keeps no cookie of the tool (Safari in the LMS's iframe): the login check's page. */
async function cookielessLogin(messageHint = 'sem-cookies', target = w.connection.tool.toolUrl) {
  const params = w.platform.initiation(target, messageHint);
  const res = await initiate(t, w, { params, jar: new CookieJar({ keepsNone: true }) });
  return { params, res, state: checkedState(res) };
}

/** Opens a relaunch link in a new top-level window (its own cookie jar), through the login check. */
const openWindow = async (link: string, jar: CookieJar) => followCheck(t, jar.take(await t.app.inject({ method: 'GET', url: link, headers: jar.header() })), jar);

describe('a browser that keeps no cookie in the LMS iframe, in an LMS without platform storage', () => {
  it('the login check offers a new window before the platform is asked; the same login starts there and the launch succeeds', async () => {
    const launchesBefore = await count(ltiLaunches);
    const { params, res, state } = await cookielessLogin();
    // The login set its cookie and went to the login check (not to the platform), which saw none come back.
    expect(res.login!.statusCode).toBe(302);
    expect(String(res.login!.headers.location)).toMatch(/^\/api\/lti\/login\/check\?state=[\w-]{40,}$/);
    expect(String(res.login!.headers['set-cookie'])).toMatch(/^__Secure-lti-[0-9a-f]{24}=[\w-]{40,};.* Partitioned$/);
    expectRefusal(res, 403, 'cookiesBlocked');
    const link = relaunchLink(res);
    expect(link).toMatch(/^\/api\/lti\/relaunch\?token=[\w-]{40,}$/);
    // That login's state is burnt: no way to the platform with it any more.
    expect(await stateRow(state)).toBeUndefined();
    expectRefusal(await t.app.inject({ method: 'GET', url: String(res.login!.headers.location) }), 400, 'stateMissing');
    // The token is kept hashed only, with the login's initiation parameters.
    const token = new URL(link!, 'http://localhost').searchParams.get('token')!;
    const [kept] = await t.deps.db.select().from(ltiRelaunches).where(eq(ltiRelaunches.tokenHash, sha(token)));
    expect(kept).toMatchObject({ connectionId: w.connection.id, iss: params.iss, loginHint: params.login_hint, messageHint: 'sem-cookies', targetLinkUri: params.target_link_uri, clientId: params.client_id, deploymentHint: params.lti_deployment_id });
    expect(JSON.stringify(kept)).not.toContain(token);

    // The new window: the same login initiation, a new state bound to this window's (first-party) cookie, and on to
    // the platform with the original hints.
    const window = new CookieJar();
    const relaunched = await openWindow(link!, window);
    expect(relaunched.statusCode, relaunched.body).toBe(302);
    const location = new URL(String(relaunched.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${w.platform.url}/mod/lti/auth.php`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ login_hint: params.login_hint, lti_message_hint: 'sem-cookies', client_id: params.client_id, prompt: 'none' });
    const newState = location.searchParams.get('state')!;
    expect(newState).not.toBe(state);
    expect(window.cookies.size).toBe(1);
    const row = await stateRow(newState);
    expect(row).toMatchObject({ iss: params.iss, loginHint: params.login_hint, targetLinkUri: params.target_link_uri, storageTarget: null });
    expect(row!.bindingHash).toBe(sha([...window.cookies.values()][0]!));
    expect(await count(ltiLaunches)).toBe(launchesBefore);
    // The platform authenticates its user in that window (the harness checks the request against the spec).
    const opened = studentLinkOf(await postLaunch(t, await w.platform.authenticate(location.toString(), unitClaims('aluna-safari')), window));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: opened.token } });
    expect(verified.json()).toMatchObject({ studentId: sid('aluna-safari'), units: [{ itemId: w.item }] });
    expect(window.cookies.size).toBe(0);

    // The link opens once.
    expectRefusal(await openWindow(link!, new CookieJar()), 400, 'relaunchInvalid');
  });

  it('the link expires with the minutes of a login; an unknown or missing token opens nothing', async () => {
    const link = relaunchLink((await cookielessLogin('atrasado')).res)!;
    const token = new URL(link, 'http://localhost').searchParams.get('token')!;
    await t.deps.db.update(ltiRelaunches).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(ltiRelaunches.tokenHash, sha(token)));
    const statesBefore = await count(ltiStates);
    expectRefusal(await openWindow(link, new CookieJar()), 400, 'relaunchInvalid');
    expectRefusal(await openWindow(`/api/lti/relaunch?token=${crypto.randomBytes(32).toString('base64url')}`, new CookieJar()), 400, 'relaunchInvalid');
    expectRefusal(await openWindow('/api/lti/relaunch', new CookieJar()), 400, 'relaunchInvalid');
    // No login was started by any of them.
    expect(await count(ltiStates)).toBe(statesBefore);
    // Housekeeping deletes the expired relaunches and keeps the live ones.
    const live = relaunchLink((await cookielessLogin('vivo')).res)!;
    await deleteExpiredLti(t.deps.db);
    expect(await t.deps.db.select().from(ltiRelaunches).where(eq(ltiRelaunches.tokenHash, sha(token)))).toEqual([]);
    expect((await openWindow(live, new CookieJar())).statusCode).toBe(302);
  });

  it('a deep-linking launch continues in the new window too: the content picker opens there', async () => {
    const { res } = await cookielessLogin('seletor', w.connection.tool.deepLinkingUrl);
    expectRefusal(res, 403, 'cookiesBlocked');
    const window = new CookieJar();
    const relaunched = await openWindow(relaunchLink(res)!, window);
    const claims = w.platform.deepLinkingClaims({ sub: 'professor-safari', targetLinkUri: w.connection.tool.deepLinkingUrl });
    const done = await postLaunch(t, await w.platform.authenticate(String(relaunched.headers.location), claims), window);
    expect(done.statusCode, done.body).toBe(303);
    expect(new URL(String(done.headers.location), 'http://localhost').pathname).toBe('/lti/deep-linking');
  });

  it('a new window that keeps no cookie either is offered another one (nothing opens without the binding)', async () => {
    const { res } = await cookielessLogin('sem-cookie-nenhum');
    const again = await openWindow(relaunchLink(res)!, new CookieJar({ keepsNone: true }));
    expectRefusal(again, 403, 'cookiesBlocked');
    expect(relaunchLink(again)).not.toBe(relaunchLink(res));
  });
});

describe('only a browser that kept no cookie at all is offered the new window', () => {
  it('a wrong cookie at the login check, a launch without the binding, a platform-storage login: no link', async () => {
    const relaunchesBefore = await count(ltiRelaunches);
    // A cookie of the login's name with another value at the login check: refused, the state burnt.
    const jar = new CookieJar();
    const login = jar.take(await t.app.inject({ method: 'POST', url: '/api/lti/login', payload: new URLSearchParams(w.platform.initiation(w.connection.tool.toolUrl)).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    for (const name of jar.cookies.keys()) jar.cookies.set(name, crypto.randomBytes(32).toString('base64url'));
    const wrong = await followCheck(t, login, jar);
    expectRefusal(wrong, 403, 'browserMismatch');
    expect(relaunchLink(wrong)).toBeNull();
    expect(await stateRow(checkedState(wrong))).toBeUndefined();

    // A launch without the binding (the cookie lost after the check, or another person's answer): refused, no link.
    const lost = new CookieJar();
    const checked = await initiate(t, w, { jar: lost });
    lost.cookies.clear();
    const launch = await postLaunch(t, await w.platform.authenticate(String(checked.headers.location), unitClaims('aluno-sem-vinculo')), lost);
    expectRefusal(launch, 403, 'browserMismatch');
    expect(relaunchLink(launch)).toBeNull();

    // A login that announces the platform storage goes to the platform through the storage page, not the check.
    const storage = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.toolUrl, 'armazenamento', '_parent'), jar: new CookieJar({ keepsNone: true }) });
    expect(storage.statusCode).toBe(200);
    expect(new URL(storagePageData(storage.body)['data-next']!).pathname).toBe('/mod/lti/auth.php');

    // An unknown state, and an expired one, at the login check.
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/lti/login/check?state=inventado' }), 400, 'stateMissing');
    expectRefusal(await t.app.inject({ method: 'GET', url: '/api/lti/login/check' }), 400, 'stateMissing');
    const late = await cookielessLoginStarted();
    await t.deps.db.update(ltiStates).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(ltiStates.stateHash, sha(late.state)));
    expectRefusal(await t.app.inject({ method: 'GET', url: late.check }), 400, 'stateExpired');

    expect(await count(ltiRelaunches)).toBe(relaunchesBefore);
  });
});

/** A login's own answer, before its check: the check's address and its state. */
async function cookielessLoginStarted() {
  const login = await t.app.inject({ method: 'POST', url: '/api/lti/login', payload: new URLSearchParams(w.platform.initiation(w.connection.tool.toolUrl)).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const check = String(login.headers.location);
  return { check, state: new URL(check, 'http://localhost').searchParams.get('state')! };
}

describe("another person's login in a victim's browser, continued in the new window", () => {
  it("ends as the user the platform authenticates in the victim's window, never as the attacker", async () => {
    const launchesBefore = await count(ltiLaunches);
    // The attacker's own login and the platform's answer for the attacker, in the attacker's browser.
    const attacker = new CookieJar();
    const own = await initiate(t, w, { jar: attacker, params: w.platform.initiation(w.connection.tool.toolUrl, 'ataque') });
    const attackAnswer = await w.platform.authenticate(String(own.headers.location), unitClaims('atacante-janela'));
    // Posted cross-site from the victim's browser: refused, and no new window is offered for a launch.
    const victimIframe = new CookieJar({ keepsNone: true });
    const posted = await postLaunch(t, attackAnswer, victimIframe);
    expectRefusal(posted, 403, 'browserMismatch');
    expect(relaunchLink(posted)).toBeNull();

    // A login started in the victim's browser with the attacker's parameters (any site can post a login initiation):
    // in a browser without cookies, the check offers the new window; the victim follows it.
    const forced = await initiate(t, w, { jar: victimIframe, params: w.platform.initiation(w.connection.tool.toolUrl, 'ataque') });
    expectRefusal(forced, 403, 'cookiesBlocked');
    const victimWindow = new CookieJar();
    const relaunched = await openWindow(relaunchLink(forced)!, victimWindow);
    const state = new URL(String(relaunched.headers.location)).searchParams.get('state')!;
    // The attacker's id_token does not finish that login, in the victim's window or anywhere: its nonce is another
    // login's.
    expectRefusal(await postLaunch(t, { action: attackAnswer.action, fields: { state, id_token: attackAnswer.fields.id_token } }, victimWindow), 401, 'nonce');

    // Again, and this time the platform answers: it signs for its user signed in in the victim's window, the victim.
    const again = await openWindow(relaunchLink(await initiate(t, w, { jar: victimIframe, params: w.platform.initiation(w.connection.tool.toolUrl, 'ataque') }))!, victimWindow);
    const opened = studentLinkOf(await postLaunch(t, await w.platform.authenticate(String(again.headers.location), unitClaims('vitima-janela')), victimWindow));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: opened.token } });
    expect(verified.json()).toMatchObject({ studentId: sid('vitima-janela') });
    expect(await t.deps.db.select().from(ltiLaunches).where(eq(ltiLaunches.sub, 'atacante-janela'))).toEqual([]);
    expect(await count(ltiLaunches)).toBe(launchesBefore + 1);
    expect(await eventsOf('atacante-janela')).toBe(0);
    // The attempt in the victim's browser burnt the attacker's state: not even their own browser finishes it now.
    expectRefusal(await postLaunch(t, attackAnswer, attacker), 400, 'stateMissing');
  });
});
