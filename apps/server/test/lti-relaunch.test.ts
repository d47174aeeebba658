/**
 * The new-window fallback of the LTI login's browser binding (lti-relaunch.ts), against the independent platform
 * (lti-platform.ts): a browser that keeps no cookie in the LMS's iframe, in an LMS without platform storage, is refused
 * with a link that starts the same login again in a new top-level window (a fresh cookie jar here: the tool's cookie
 * is first-party there), and the launch then succeeds for the user the platform authenticates in that window. Only a
 * launch that shows no binding at all is offered it; the link is used once and expires; an attacker's launch continued
 * in the victim's browser ends as the victim, never as the attacker.
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
import { accessEvents } from '../src/modules/delivery/delivery.tables';
import { ltiLaunches, ltiRelaunches, ltiStates } from '../src/modules/lti/lti-tool.tables';
import { deleteExpiredLti } from '../src/modules/lti/lti-cleanup';
import { call, createTestApp, type TestApp } from './harness';
import { CookieJar, expectRefusal, htmlText, initiate, ltiWorld, postLaunch, postStorageLaunch, studentLinkOf, type LtiWorld } from './lti-setup';

let t: TestApp;
let w: LtiWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await ltiWorld(t);
}, 120_000);
afterAll(async () => {
  await w?.platform.stop();
  await t?.close();
});

const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
const sid = (sub: string) => `lti:${w.connection.id}:${sub}`;
const unitClaims = (sub: string) =>
  w.platform.resourceLinkClaims({ sub, custom: { [LTI_CUSTOM_UNIT]: String(w.item) }, targetLinkUri: w.connection.tool.toolUrl });
const count = async (table: typeof ltiLaunches | typeof ltiRelaunches) => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
const eventsOf = async (sub: string) => (await t.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, sid(sub)))).length;

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
  expect(res.body).toContain(htmlText(LTI_TOOL_MSG.relaunchHint));
  expect(res.body).not.toContain('<script');
  expect(String(res.headers['content-security-policy'])).toMatch(/^default-src 'none';/);
  expect(String(res.headers['content-security-policy'])).not.toContain('script-src');
  return /href="([^"]+)"/.exec(tag)![1]!.replace(/&amp;/g, '&');
}

/** A login in `jar`'s browser inside the LMS, whose cookie the browser does not keep: the launch page it gets. */
async function cookielessLaunch(sub: string, jar = new CookieJar(), messageHint = 'sem-cookies') {
  const params = w.platform.initiation(w.connection.tool.toolUrl, messageHint);
  const login = await initiate(t, w, { params, jar });
  expect(login.statusCode, login.body).toBe(302);
  jar.cookies.clear();
  const answer = await w.platform.authenticate(String(login.headers.location), unitClaims(sub));
  return { params, answer, page: await postLaunch(t, answer, jar) };
}

/** Opens a relaunch link in a new top-level window (its own cookie jar). */
const openWindow = (link: string, jar: CookieJar) => t.app.inject({ method: 'GET', url: link, headers: jar.header() }).then((res) => jar.take(res));

describe('a browser that keeps no cookie in the LMS iframe, in an LMS without platform storage', () => {
  it('is refused with a link to a new window, where the same login starts again and the launch succeeds', async () => {
    const launchesBefore = await count(ltiLaunches);
    const iframe = new CookieJar();
    const { params, answer, page } = await cookielessLaunch('aluna-safari', iframe);
    expectRefusal(page, 403, 'browserMismatch');
    const link = relaunchLink(page);
    expect(link).toMatch(/^\/api\/lti\/relaunch\?token=[\w-]{40,}$/);
    expect(await count(ltiLaunches)).toBe(launchesBefore);
    // The token is kept hashed only, with the refused login's initiation parameters.
    const token = new URL(link!, 'http://localhost').searchParams.get('token')!;
    const [kept] = await t.deps.db.select().from(ltiRelaunches).where(eq(ltiRelaunches.tokenHash, sha(token)));
    expect(kept).toMatchObject({ connectionId: w.connection.id, iss: params.iss, loginHint: params.login_hint, messageHint: 'sem-cookies', targetLinkUri: params.target_link_uri, clientId: params.client_id, deploymentHint: params.lti_deployment_id });
    expect(JSON.stringify(kept)).not.toContain(token);
    // The refused state stays burnt.
    expectRefusal(await postLaunch(t, answer, iframe), 400, 'stateMissing');

    // The new window: the same login initiation, with a new state bound to this window's (first-party) cookie.
    const window = new CookieJar();
    const relaunched = await openWindow(link!, window);
    expect(relaunched.statusCode, relaunched.body).toBe(302);
    const location = new URL(String(relaunched.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${w.platform.url}/mod/lti/auth.php`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({ login_hint: params.login_hint, lti_message_hint: 'sem-cookies', client_id: params.client_id, prompt: 'none' });
    const state = location.searchParams.get('state')!;
    expect(state).not.toBe(answer.fields.state);
    expect(window.cookies.size).toBe(1);
    const [row] = await t.deps.db.select().from(ltiStates).where(eq(ltiStates.stateHash, sha(state)));
    expect(row).toMatchObject({ iss: params.iss, loginHint: params.login_hint, targetLinkUri: params.target_link_uri, storageTarget: null });
    expect(row!.bindingHash).toBe(sha([...window.cookies.values()][0]!));
    // The platform authenticates its user in that window (the harness checks the request against the spec).
    const opened = studentLinkOf(await postLaunch(t, await w.platform.authenticate(location.toString(), unitClaims('aluna-safari')), window));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: opened.token } });
    expect(verified.json()).toMatchObject({ studentId: sid('aluna-safari'), units: [{ itemId: w.item }] });
    expect(window.cookies.size).toBe(0);

    // The link opens once.
    expectRefusal(await openWindow(link!, new CookieJar()), 400, 'relaunchInvalid');
  });

  it('the link expires with the minutes of a login; an unknown or missing token opens nothing', async () => {
    const { page } = await cookielessLaunch('aluno-atrasado');
    const link = relaunchLink(page)!;
    const token = new URL(link, 'http://localhost').searchParams.get('token')!;
    await t.deps.db.update(ltiRelaunches).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(ltiRelaunches.tokenHash, sha(token)));
    const statesBefore = (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(ltiStates))[0]!.n;
    expectRefusal(await openWindow(link, new CookieJar()), 400, 'relaunchInvalid');
    expectRefusal(await openWindow(`/api/lti/relaunch?token=${crypto.randomBytes(32).toString('base64url')}`, new CookieJar()), 400, 'relaunchInvalid');
    expectRefusal(await openWindow('/api/lti/relaunch', new CookieJar()), 400, 'relaunchInvalid');
    // No login was started by any of them.
    expect((await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(ltiStates))[0]!.n).toBe(statesBefore);
    // Housekeeping deletes the expired relaunches and keeps the live ones.
    const live = relaunchLink((await cookielessLaunch('aluno-vivo')).page)!;
    await deleteExpiredLti(t.deps.db);
    expect(await t.deps.db.select().from(ltiRelaunches).where(eq(ltiRelaunches.tokenHash, sha(token)))).toEqual([]);
    expect((await openWindow(live, new CookieJar())).statusCode).toBe(302);
  });

  it('a deep-linking launch continues in the new window too: the content picker opens there', async () => {
    const iframe = new CookieJar();
    const params = w.platform.initiation(w.connection.tool.deepLinkingUrl, 'seletor');
    const login = await initiate(t, w, { params, jar: iframe });
    iframe.cookies.clear();
    const claims = w.platform.deepLinkingClaims({ sub: 'professor-safari', targetLinkUri: w.connection.tool.deepLinkingUrl });
    const page = await postLaunch(t, await w.platform.authenticate(String(login.headers.location), claims), iframe);
    expectRefusal(page, 403, 'browserMismatch');
    const window = new CookieJar();
    const relaunched = await openWindow(relaunchLink(page)!, window);
    const done = await postLaunch(t, await w.platform.authenticate(String(relaunched.headers.location), claims), window);
    expect(done.statusCode, done.body).toBe(303);
    expect(new URL(String(done.headers.location), 'http://localhost').pathname).toBe('/lti/deep-linking');
  });
});

describe('only a launch that shows no binding at all is offered the new window', () => {
  it('a wrong cookie for the login, a platform-storage answer without the binding, or a state from before: no link', async () => {
    const relaunchesBefore = await count(ltiRelaunches);
    // A cookie of the login's name with another value (not this browser's login).
    const jar = new CookieJar();
    const login = await initiate(t, w, { jar });
    for (const name of jar.cookies.keys()) jar.cookies.set(name, crypto.randomBytes(32).toString('base64url'));
    const wrong = await postLaunch(t, await w.platform.authenticate(String(login.headers.location), unitClaims('aluno-errado')), jar);
    expectRefusal(wrong, 403, 'browserMismatch');
    expect(relaunchLink(wrong)).toBeNull();

    // The LMS's platform storage answered nothing for the key (the storage path has its own binding).
    const storageJar = new CookieJar();
    const storageLogin = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.toolUrl, 'armazenamento', '_parent'), jar: storageJar });
    storageJar.cookies.clear();
    const next = /data-next="([^"]+)"/.exec(storageLogin.body)![1]!.replace(/&amp;/g, '&');
    const storageAnswer = await w.platform.authenticate(next, unitClaims('aluno-armazenamento'));
    const storagePage = await postLaunch(t, storageAnswer, storageJar);
    expect(storagePage.statusCode).toBe(200);
    expect(relaunchLink(storagePage)).toBeNull();
    const refused = await postStorageLaunch(t, { state: storageAnswer.fields.state, id_token: storageAnswer.fields.id_token, proof: null }, { jar: storageJar });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ fields: { refusal: 'browserMismatch' } });

    // A login started before the states kept their initiation parameters cannot be started again.
    const old = new CookieJar();
    const oldLogin = await initiate(t, w, { jar: old });
    old.cookies.clear();
    const oldAnswer = await w.platform.authenticate(String(oldLogin.headers.location), unitClaims('aluno-antigo'));
    await t.deps.db.update(ltiStates).set({ iss: null, loginHint: null }).where(eq(ltiStates.stateHash, sha(oldAnswer.fields.state)));
    const oldPage = await postLaunch(t, oldAnswer, old);
    expectRefusal(oldPage, 403, 'browserMismatch');
    expect(relaunchLink(oldPage)).toBeNull();

    expect(await count(ltiRelaunches)).toBe(relaunchesBefore);
  });
});

describe("another person's launch posted in a victim's browser (login CSRF) and continued in the new window", () => {
  it('ends as the user the platform authenticates in the victim\'s window, never as the attacker', async () => {
    const launchesBefore = await count(ltiLaunches);
    // The attacker's login in their own browser, and the platform's answer for the attacker.
    const attacker = new CookieJar();
    const login = await initiate(t, w, { jar: attacker, params: w.platform.initiation(w.connection.tool.toolUrl, 'ataque') });
    const attackAnswer = await w.platform.authenticate(String(login.headers.location), unitClaims('atacante-janela'));
    // Posted cross-site from the victim's browser (no cookie of that login): refused, with the new-window link.
    const victimIframe = new CookieJar();
    const page = await postLaunch(t, attackAnswer, victimIframe);
    expectRefusal(page, 403, 'browserMismatch');
    const link = relaunchLink(page)!;
    // The victim follows it: the login starts again in the victim's window (the attacker's hints, a new state).
    const victimWindow = new CookieJar();
    const relaunched = await openWindow(link, victimWindow);
    const location = String(relaunched.headers.location);
    const state = new URL(location).searchParams.get('state')!;
    // The attacker's id_token does not finish the new login, in the victim's window or anywhere: its nonce is another
    // login's, and its state is burnt.
    expectRefusal(await postLaunch(t, { action: attackAnswer.action, fields: { state, id_token: attackAnswer.fields.id_token } }, victimWindow), 401, 'nonce');
    expectRefusal(await postLaunch(t, attackAnswer, attacker), 400, 'stateMissing');

    // Again, and this time the platform answers: it signs for its user signed in in the victim's window, the victim.
    const second = await initiate(t, w, { jar: attacker, params: w.platform.initiation(w.connection.tool.toolUrl, 'ataque') });
    const secondAnswer = await w.platform.authenticate(String(second.headers.location), unitClaims('atacante-janela'));
    const secondLink = relaunchLink(await postLaunch(t, secondAnswer, victimIframe))!;
    const again = await openWindow(secondLink, victimWindow);
    const opened = studentLinkOf(await postLaunch(t, await w.platform.authenticate(String(again.headers.location), unitClaims('vitima-janela')), victimWindow));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: opened.token } });
    expect(verified.json()).toMatchObject({ studentId: sid('vitima-janela') });
    const [made] = await t.deps.db.select({ sub: ltiLaunches.sub }).from(ltiLaunches).where(eq(ltiLaunches.sub, 'atacante-janela'));
    expect(made).toBeUndefined();
    expect(await count(ltiLaunches)).toBe(launchesBefore + 1);
    expect(await eventsOf('atacante-janela')).toBe(0);
  });
});
