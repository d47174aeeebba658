/**
 * The LTI 1.3 tool against an independent platform (lti-platform.ts: its own keys, JWTs and JWKS on
 * loopback): the tool's JWKS and its keys at rest; OIDC login initiation (GET and POST) → authentication request →
 * launch into the student viewer as the LMS user (access events 'lms', votes under the `sub`); every refusal is a
 * pt-BR page and no launch: bad signature, wrong audience or issuer, replayed state and nonce, expired token or state,
 * unknown deployment, version and message type, missing target or user, rental ended, institution suspended; the
 * deployments (first seen, then only registered ones); the connection's values for the LMS admin and 'Testar conexão';
 * the framing of the viewer by that LMS only.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LTI_MSG } from '@edu/shared/lti';
import { LTI_CUSTOM_SUBJECT, LTI_CUSTOM_UNIT, LTI_PLATFORM_ERRORS, LTI_TOOL_MSG } from '@edu/shared/lti-tool';
import { SHARE_MSG } from '@edu/shared/share-links';
import { STUDENT_LINK_HEADER, STUDENT_MSG } from '@edu/shared/student';
import { auditLogs } from '../src/platform/platform.tables';
import { accessEvents, ltiConnections, ltiDeployments, ltiKeys, ltiLaunches, ltiStates, rents, sellers, unitVotes } from '../src/db/schema';
import { decryptPrivateKey, ltiKeyEncryptionKey } from '../src/modules/lti/lti-keys';
import { deleteExpiredLti } from '../src/modules/lti/lti-cleanup';
import { call, createTestApp, signIn, type TestApp } from './harness';
import { buildInstitution, buildSubject } from './factories';
import { LtiPlatform, ROLE } from './lti-platform';
import { CookieJar, expectRefusal, FORM, form, initiate, launch, ltiWorld, postLaunch, postStorageLaunch, storagePageData, studentLinkOf, type LtiWorld } from './lti-setup';

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

const unitClaims = (extra: { sub?: string; custom?: Record<string, string>; roles?: string[] } = {}) =>
  w.platform.resourceLinkClaims({ sub: extra.sub ?? 'moodle-user-7', custom: extra.custom ?? { [LTI_CUSTOM_UNIT]: String(w.item) }, roles: extra.roles, targetLinkUri: w.connection.tool.toolUrl });
/** The student id of an LMS user of the test connection. */
const sid = (sub: string, connectionId = w.connection.id) => `lti:${connectionId}:${sub}`;
const launchesCount = async () => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(ltiLaunches))[0]!.n;

describe('the tool keys', () => {
  it('publishes its public keys only (RS256, kid, use sig), cacheable', async () => {
    const res = await call(t.app, 'GET', '/api/lti/jwks');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const { keys } = res.json<{ keys: Record<string, string>[] }>();
    expect(keys.length).toBeGreaterThanOrEqual(1);
    for (const key of keys) {
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    }
  });

  it('keeps the private key encrypted at rest, readable only with the configured secret', async () => {
    const [row] = await t.deps.db.select().from(ltiKeys).limit(1);
    expect(row!.privateKeyEncrypted).not.toMatch(/PRIVATE KEY|MII/);
    expect(decryptPrivateKey(ltiKeyEncryptionKey(t.deps.config), row!.kid, row!.privateKeyEncrypted)).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const wrong = ltiKeyEncryptionKey({ ...t.deps.config, LTI_KEY_SECRET: 'x'.repeat(40) });
    expect(() => decryptPrivateKey(wrong, row!.kid, row!.privateKeyEncrypted)).toThrow();
    // Bound to its row: the same ciphertext under another key id does not decrypt.
    expect(() => decryptPrivateKey(ltiKeyEncryptionKey(t.deps.config), 'another-kid', row!.privateKeyEncrypted)).toThrow();
  });
});

describe('OIDC login initiation', () => {
  it.each(['GET', 'POST'] as const)('%s: redirects to the authentication endpoint with a single-use state and nonce, stored server-side', async (method) => {
    const params = w.platform.initiation(w.connection.tool.toolUrl, 'msg-7');
    const res = await initiate(t, w, { method, params });
    expect(res.statusCode, res.body).toBe(302);
    const location = new URL(String(res.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(`${w.platform.url}/mod/lti/auth.php`);
    const q = Object.fromEntries(location.searchParams);
    expect(q).toMatchObject({
      scope: 'openid',
      response_type: 'id_token',
      response_mode: 'form_post',
      prompt: 'none',
      client_id: 'moodle-client-1',
      redirect_uri: w.connection.tool.redirectUris[0],
      login_hint: params.login_hint,
      lti_message_hint: 'msg-7',
    });
    expect(q.state).toMatch(/^[\w-]{40,}$/);
    expect(q.nonce).toMatch(/^[\w-]{40,}$/);
    expect(q.state).not.toBe(q.nonce);
    // The state lives in the database, hashed; the browser keeps the login's binding in a partitioned cookie of its own.
    const [row] = await t.deps.db.select().from(ltiStates).where(eq(ltiStates.stateHash, crypto.createHash('sha256').update(q.state!).digest('hex')));
    expect(row).toMatchObject({ connectionId: w.connection.id, nonce: q.nonce, storageTarget: null });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^__Secure-lti-[0-9a-f]{24}=[\w-]{40,}; Path=\/api\/lti; Max-Age=600; Secure; HttpOnly; SameSite=None; Partitioned$/);
    const binding = /=([^;]+);/.exec(cookie)![1]!;
    expect(row!.bindingHash).toBe(crypto.createHash('sha256').update(binding).digest('hex'));
    expect([q.state, q.nonce]).not.toContain(binding);
    // The platform accepts the request (the harness checks it against the spec).
    await expect(w.platform.authenticate(location.toString(), unitClaims())).resolves.toBeTruthy();
  });

  it('finds the connection by issuer and client id; refuses an unknown pair and a missing login_hint', async () => {
    const other = { ...w.platform.initiation(w.connection.tool.toolUrl) };
    expectRefusal(await initiate(t, w, { params: { ...other, iss: 'https://outro-moodle.exemplo.com.br' } }), 404, 'connectionUnknown');
    expectRefusal(await initiate(t, w, { params: { ...other, client_id: 'outro-cliente' } }), 404, 'connectionUnknown');
    const { login_hint: _h, ...noHint } = other;
    expectRefusal(await initiate(t, w, { params: noHint }), 400, 'loginMissing');
    // Without client_id (optional in the spec): the issuer's only connection.
    const { client_id: _c, ...noClient } = other;
    expect((await initiate(t, w, { params: noClient })).statusCode).toBe(302);
  });
});

describe('a resource link launch', () => {
  it('opens the unit in the student viewer as the LMS user: accesses count as lms, votes under the sub', async () => {
    const res = await launch(t, w, unitClaims({ sub: 'moodle-user-7' }));
    const link = studentLinkOf(res);
    // The login's cookie goes with its state.
    expect(String(res.headers['set-cookie'])).toMatch(/^__Secure-lti-[0-9a-f]{24}=; Path=\/api\/lti; Max-Age=0; Secure; HttpOnly; SameSite=None; Partitioned$/);

    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ kind: 'unit', sellerId: w.sellerId, studentId: sid('moodle-user-7'), lti: { grades: false }, units: [{ itemId: w.item, itemContentId: w.content }] });
    expect(Date.parse(verified.json().expiresAt) - Date.now()).toBeGreaterThan(7 * 3600_000);

    const headers = { [STUDENT_LINK_HEADER]: link.token };
    const opened = await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers });
    expect(opened.statusCode, opened.body).toBe(200);
    const events = await t.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, sid('moodle-user-7')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'lms', sellerId: w.sellerId, itemId: w.item, itemContentId: w.content });
    expect((await call(t.app, 'PUT', `/api/student/units/${w.content}/vote`, { headers, payload: { stars: 4 } })).statusCode).toBe(200);
    const [vote] = await t.deps.db.select().from(unitVotes).where(and(eq(unitVotes.studentId, sid('moodle-user-7')), eq(unitVotes.itemId, w.item)));
    expect(vote?.stars).toBe(4);
    // The link opens only its unit.
    expect((await call(t.app, 'GET', `/api/student/units/${w.content + 1000}`, { headers })).statusCode).toBe(404);
  });

  it('opens a whole subject of the institution', async () => {
    const subject = { id: await buildSubject(t.deps.db, { sellerId: w.sellerId, name: 'Cálculo no LMS' }, [{ itemId: w.item, contentId: w.content }]) };
    const link = studentLinkOf(await launch(t, w, unitClaims({ sub: 'moodle-user-8', custom: { [LTI_CUSTOM_SUBJECT]: String(subject!.id) } })));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } });
    expect(verified.json()).toMatchObject({ kind: 'subject', subject: { id: subject!.id, name: 'Cálculo no LMS' }, studentId: sid('moodle-user-8'), units: [{ itemContentId: w.content }] });
    // Another institution's subject is not this connection's.
    const other = await buildInstitution(t.deps.db, { name: 'Outra', cnpj: '11444777000161', status: 'active' });
    const foreign = { id: await buildSubject(t.deps.db, { sellerId: other, name: 'Da outra' }) };
    expectRefusal(await launch(t, w, unitClaims({ custom: { [LTI_CUSTOM_SUBJECT]: String(foreign!.id) } })), 404, 'subjectGone');
    // None of its units readable now (the rent ended), or no unit at all: the rental-ended page, no launch.
    const before = await launchesCount();
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, w.rent));
    try {
      expectRefusal(await launch(t, w, unitClaims({ custom: { [LTI_CUSTOM_SUBJECT]: String(subject!.id) } })), 403, 'rentEnded', LTI_TOOL_MSG.subjectRentEnded);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, w.rent));
    }
    const empty = { id: await buildSubject(t.deps.db, { sellerId: w.sellerId, name: 'Vazia' }) };
    expectRefusal(await launch(t, w, unitClaims({ custom: { [LTI_CUSTOM_SUBJECT]: String(empty!.id) } })), 403, 'rentEnded', LTI_TOOL_MSG.subjectRentEnded);
    expect(await launchesCount()).toBe(before);
    studentLinkOf(await launch(t, w, unitClaims({ custom: { [LTI_CUSTOM_SUBJECT]: String(subject!.id) } })));
  });

  it("lets the LMS of the connection the link's launch names frame the student viewer, and no other site", async () => {
    const link = studentLinkOf(await launch(t, w, unitClaims({ sub: 'framed' })));
    const framed = await t.app.inject({ method: 'GET', url: link.path });
    expect(String(framed.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${w.platform.url}`);
    expect(framed.headers['x-frame-options']).toBeUndefined();
    // A teacher's share link (no launch), a forged or altered token, a free `?lti=` naming the connection, another page.
    const shared = await call(t.app, 'POST', `/api/sellers/share-links/unit/${w.item}`, { token: await signIn(t.app, 'seller'), payload: {} });
    expect(shared.statusCode, shared.body).toBe(200);
    const sharedToken = String(shared.json().token);
    const tampered = `${link.token.slice(0, -2)}${link.token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const url of [
      `/student/link?token=${sharedToken}`,
      `/student/link?token=${tampered}`,
      `/student/link?token=x&lti=${w.connection.id}`,
      '/student/link?token=x',
      `/dashboard?token=${link.token}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'self';");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('refusals: a pt-BR page, a status, and never a launch', () => {
  it('a token signed by a key the platform does not publish (a forgery claiming its kid)', async () => {
    const before = await launchesCount();
    const forger = await LtiPlatform.forgerKey();
    expectRefusal(await launch(t, w, unitClaims(), { key: forger, kid: w.platform.jwks().keys[0]!.kid }), 401, 'signature');
    expectRefusal(await launch(t, w, unitClaims(), { key: forger }), 401, 'signature');
    expect(await launchesCount()).toBe(before);
  });

  it("an unsecured token (alg none) and one signed HS256 with the platform's public key (key confusion)", async () => {
    const before = await launchesCount();
    expectRefusal(await launch(t, w, unitClaims(), { alg: 'none' }), 401, 'signature');
    expectRefusal(await launch(t, w, unitClaims(), { alg: 'HS256-public-key' }), 401, 'signature');
    expect(await launchesCount()).toBe(before);
  });

  it('a token for another link than the login announced (target_link_uri)', async () => {
    const login = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.toolUrl) });
    const answer = await w.platform.authenticate(String(login.headers.location), { ...unitClaims(), 'https://purl.imsglobal.org/spec/lti/claim/target_link_uri': 'https://outra-ferramenta.exemplo.com/launch' });
    expectRefusal(await postLaunch(t, answer), 400, 'claims');
  });

  it('a token for another audience, another issuer, or with an azp that is not the client id', async () => {
    expectRefusal(await launch(t, w, unitClaims(), { claims: { aud: 'outra-ferramenta', azp: undefined } }), 401, 'audience');
    expectRefusal(await launch(t, w, unitClaims(), { claims: { aud: 'outra-ferramenta', azp: 'outra-ferramenta' } }), 401, 'audience');
    expectRefusal(await launch(t, w, unitClaims(), { claims: { aud: ['outra-ferramenta', 'moodle-client-1'], azp: 'outra-ferramenta' } }), 401, 'audience');
    expectRefusal(await launch(t, w, unitClaims(), { claims: { iss: 'https://outro-moodle.exemplo.com.br' } }), 401, 'issuer');
    // Several audiences with azp = our client id are fine.
    studentLinkOf(await launch(t, w, unitClaims(), { claims: { aud: ['outra-ferramenta', 'moodle-client-1'], azp: 'moodle-client-1' } }));
  });

  it('a replayed authentication response (state used), and the same id_token under a new state (nonce)', async () => {
    const login = await initiate(t, w);
    const answer = await w.platform.authenticate(String(login.headers.location), unitClaims());
    studentLinkOf(await postLaunch(t, answer));
    expectRefusal(await postLaunch(t, answer), 400, 'stateMissing');
    const again = await initiate(t, w);
    const state = new URL(String(again.headers.location)).searchParams.get('state')!;
    expectRefusal(await postLaunch(t, { action: answer.action, fields: { id_token: answer.fields.id_token, state } }), 401, 'nonce');
  });

  it("an expired token, a token issued too long ago, an expired state, and another connection's state", async () => {
    expectRefusal(await launch(t, w, unitClaims(), { shiftSeconds: -3600 }), 401, 'expired');
    expectRefusal(await launch(t, w, unitClaims(), { shiftSeconds: -1200, lifetimeSeconds: 3600 }), 401, 'expired');
    const login = await initiate(t, w);
    const answer = await w.platform.authenticate(String(login.headers.location), unitClaims());
    await t.deps.db.update(ltiStates).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(ltiStates.connectionId, w.connection.id));
    expectRefusal(await postLaunch(t, answer), 400, 'stateExpired');
    // A state issued to another connection of the same LMS cannot carry this connection's token.
    const second = await call(t.app, 'POST', `/api/sellers/${w.sellerId}/lti-connections`, { token: w.admin, payload: { platform: 'moodle', clientId: 'segundo', url: w.platform.url } });
    expect(second.statusCode, second.body).toBe(200);
    const login2 = await initiate(t, w, { params: { ...w.platform.initiation(w.connection.tool.toolUrl), client_id: 'segundo' } });
    const request = new URL(String(login2.headers.location)).searchParams;
    expect(request.get('client_id')).toBe('segundo');
    const token = await w.platform.idToken({ nonce: request.get('nonce')!, ...unitClaims() });
    expectRefusal(await postLaunch(t, { action: w.connection.tool.toolUrl, fields: { id_token: token, state: request.get('state')! } }), 401, 'audience');
    // Two connections of one issuer: a login without client_id cannot choose.
    const { client_id: _c, ...noClient } = w.platform.initiation(w.connection.tool.toolUrl);
    expectRefusal(await initiate(t, w, { params: noClient }), 400, 'clientMissing');
    await call(t.app, 'DELETE', `/api/sellers/${w.sellerId}/lti-connections`, { token: w.admin, payload: { clientId: 'segundo', url: w.platform.url } });
  });

  it('an unknown deployment, another LTI version, a message type the tool does not handle, no target, no user', async () => {
    expectRefusal(await launch(t, w, { ...unitClaims(), 'https://purl.imsglobal.org/spec/lti/claim/deployment_id': 'dep-2' }), 403, 'deploymentUnknown');
    expectRefusal(await launch(t, w, { ...unitClaims(), 'https://purl.imsglobal.org/spec/lti/claim/version': '1.1' }), 400, 'version');
    expectRefusal(await launch(t, w, { ...unitClaims(), 'https://purl.imsglobal.org/spec/lti/claim/message_type': 'LtiSubmissionReviewRequest' }), 400, 'messageType');
    expectRefusal(await launch(t, w, unitClaims({ custom: {} })), 400, 'noTarget');
    const { sub: _s, ...anonymous } = unitClaims();
    expectRefusal(await launch(t, w, anonymous), 400, 'noUser');
    expectRefusal(await postLaunch(t, { action: w.connection.tool.toolUrl, fields: { state: 'x' } }), 400, 'tokenMissing');
    // The platform's OIDC error: a fixed text per known code; what was posted is never shown (anyone can post it).
    const attacker = 'Sua conta foi bloqueada. Ligue para (11) 9999-0000 <b>agora</b>';
    const known = await postLaunch(t, { action: w.connection.tool.toolUrl, fields: { error: 'login_required', error_description: attacker } });
    expectRefusal(known, 400, 'platformError', LTI_PLATFORM_ERRORS.login_required);
    const unknown = await postLaunch(t, { action: w.connection.tool.toolUrl, fields: { error: attacker, error_description: attacker } });
    expectRefusal(unknown, 400, 'platformError', LTI_TOOL_MSG.platformErrorOther);
    for (const res of [known, unknown]) {
      expect(res.body).not.toContain('9999-0000');
      expect(res.body).not.toContain('bloqueada');
    }
  });

  it('a rental that ended, and a suspended institution; both open again when active', async () => {
    const reading = studentLinkOf(await launch(t, w, unitClaims({ sub: 'lendo' })));
    const headers = { [STUDENT_LINK_HEADER]: reading.token };
    expect((await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers })).statusCode).toBe(200);
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, w.rent));
    try {
      expectRefusal(await launch(t, w, unitClaims()), 403, 'rentEnded');
      // A student launched before the rental was canceled is stopped at the viewer's next call.
      expect((await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', '/api/student/link/verify', { query: { token: reading.token } })).statusCode).toBe(403);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, w.rent));
    }
    const link = studentLinkOf(await launch(t, w, unitClaims()));
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, w.sellerId));
    try {
      expectRefusal(await launch(t, w, unitClaims()), 403, 'institutionInactive');
      // A student already in the viewer is stopped at the next call too (the link is verified on every call).
      expect((await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers: { [STUDENT_LINK_HEADER]: link.token } })).statusCode).toBe(403);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, w.sellerId));
    }
    studentLinkOf(await launch(t, w, unitClaims()));
  });

  it("a platform whose JWKS does not answer (the tool's fetch times out or fails): no launch", async () => {
    const dead = await new LtiPlatform({ clientId: 'morto', deploymentId: 'd', toolJwks: async () => ({ keys: [] }) }).start();
    const res = await call(t.app, 'POST', `/api/sellers/${w.sellerId}/lti-connections`, { token: w.admin, payload: { platform: 'moodle', clientId: 'morto', url: dead.url } });
    expect(res.statusCode, res.body).toBe(200);
    const login = await initiate(t, w, { params: dead.initiation(w.connection.tool.toolUrl) });
    const answer = await dead.authenticate(String(login.headers.location), { ...dead.resourceLinkClaims({ sub: 'x', custom: { [LTI_CUSTOM_UNIT]: String(w.item) }, targetLinkUri: w.connection.tool.toolUrl }) });
    await dead.stop();
    expectRefusal(await postLaunch(t, answer), 502, 'jwksUnreachable');
  });

  it("a platform whose JWKS answers 404 or 500: the 'JWKS unreachable' page, not 'token invalid'", async () => {
    for (const [status, clientId] of [[404, 'jwks-404'], [500, 'jwks-500']] as const) {
      const broken = await new LtiPlatform({ clientId, deploymentId: 'd', toolJwks: async () => ({ keys: [] }) }).start();
      try {
        broken.jwksStatus = status;
        const res = await call(t.app, 'POST', `/api/sellers/${w.sellerId}/lti-connections`, { token: w.admin, payload: { platform: 'moodle', clientId, url: broken.url } });
        expect(res.statusCode, res.body).toBe(200);
        const login = await initiate(t, w, { params: broken.initiation(w.connection.tool.toolUrl) });
        const answer = await broken.authenticate(String(login.headers.location), broken.resourceLinkClaims({ sub: 'x', custom: { [LTI_CUSTOM_UNIT]: String(w.item) }, targetLinkUri: w.connection.tool.toolUrl }));
        expectRefusal(await postLaunch(t, answer), 502, 'jwksUnreachable');
      } finally {
        await broken.stop();
      }
    }
  });

  it('a malformed request to a browser route is a pt-BR page too; the JSON routes keep JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/lti/launch', payload: form({ state: 'x'.repeat(300), id_token: 'y' }), headers: FORM });
    expectRefusal(res, 400, 'requestInvalid');
    const nul = await t.app.inject({ method: 'GET', url: '/api/lti/login', query: { iss: 'a\u0000b' } });
    expectRefusal(nul, 400, 'requestInvalid');
    const json = await t.app.inject({ method: 'POST', url: '/api/student/lti/score', payload: { unitId: 'x' }, headers: { [STUDENT_LINK_HEADER]: 'x' } });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBeTruthy();
  });
});

describe('deployments', () => {
  it('a connection without one records the first deployment that launches, then refuses others until the admin adds them', async () => {
    const w2 = await ltiWorld(t, { clientId: 'sem-deployment', deploymentId: null });
    try {
      expect(w2.connection.deployments).toEqual([]);
      const claims = (dep: string) => ({
        ...w2.platform.resourceLinkClaims({ sub: 'u1', custom: { [LTI_CUSTOM_UNIT]: String(w2.item) }, targetLinkUri: w2.connection.tool.toolUrl }),
        'https://purl.imsglobal.org/spec/lti/claim/deployment_id': dep,
      });
      studentLinkOf(await launch(t, w2, claims('dep-first')));
      expectRefusal(await launch(t, w2, claims('dep-other')), 403, 'deploymentUnknown');
      const list = await call(t.app, 'GET', `/api/sellers/${w2.sellerId}/lti-connections`, { token: w2.admin });
      const listed = list.json().data.find((c: { id: number }) => c.id === w2.connection.id);
      expect(listed.deployments).toEqual([expect.objectContaining({ deploymentId: 'dep-first', source: 'first_launch' })]);
      const added = await call(t.app, 'POST', `/api/sellers/${w2.sellerId}/lti-connections/${w2.connection.id}/deployments`, { token: w2.admin, payload: { deploymentId: 'dep-other' } });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toMatchObject({ message: LTI_MSG.deploymentAdded, connection: { deployments: [{ deploymentId: 'dep-first' }, { deploymentId: 'dep-other', source: 'admin' }] } });
      studentLinkOf(await launch(t, w2, claims('dep-other')));
      const again = await call(t.app, 'POST', `/api/sellers/${w2.sellerId}/lti-connections/${w2.connection.id}/deployments`, { token: w2.admin, payload: { deploymentId: 'dep-other' } });
      expect(again.statusCode).toBe(409);
      expect((await call(t.app, 'POST', `/api/sellers/${w2.sellerId}/lti-connections/${w2.connection.id}/deployments`, { token: w2.admin, payload: { deploymentId: 'com espaço' } })).statusCode).toBe(400);
      const rows = await t.deps.db.select().from(ltiDeployments).where(eq(ltiDeployments.connectionId, w2.connection.id));
      expect(rows.map((r) => r.deploymentId).sort()).toEqual(['dep-first', 'dep-other']);

      // The admin removes the first-launch one (audited): its launches are refused; the other still launches.
      const url = `/api/sellers/${w2.sellerId}/lti-connections/${w2.connection.id}/deployments`;
      const removed = await call(t.app, 'DELETE', url, { token: w2.admin, payload: { deploymentId: 'dep-first' } });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ message: LTI_MSG.deploymentRemoved, connection: { deployments: [{ deploymentId: 'dep-other' }] } });
      expect(removed.json().connection.deployments).toHaveLength(1);
      const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'removed_lti_deployment'));
      expect(audit).toMatchObject({ data: { connectionId: w2.connection.id, deploymentId: 'dep-first', source: 'first_launch' } });
      expectRefusal(await launch(t, w2, claims('dep-first')), 403, 'deploymentUnknown');
      studentLinkOf(await launch(t, w2, claims('dep-other')));
      // Again, or one never registered: 404 and nothing audited; another institution's connection: 404; bad input: 400.
      const twice = await call(t.app, 'DELETE', url, { token: w2.admin, payload: { deploymentId: 'dep-first' } });
      expect(twice.statusCode).toBe(404);
      expect(twice.json().message).toBe(LTI_MSG.deploymentNotFound);
      const other = { id: await buildInstitution(t.deps.db, { name: 'Terceira', cnpj: '04252011000110', status: 'active' }) };
      expect((await call(t.app, 'DELETE', `/api/sellers/${other!.id}/lti-connections/${w2.connection.id}/deployments`, { token: w2.admin, payload: { deploymentId: 'dep-other' } })).statusCode).toBe(404);
      expect((await call(t.app, 'DELETE', url, { token: w2.admin, payload: { deploymentId: 'com espaço' } })).statusCode).toBe(400);
      expect((await call(t.app, 'DELETE', url, { token: await signIn(t.app, 'seller'), payload: { deploymentId: 'dep-other' } })).statusCode).toBe(403);
      expect(await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'removed_lti_deployment'))).toHaveLength(1);
    } finally {
      await w2.platform.stop();
    }
  });
});

describe('the login is bound to the browser that started it', () => {
  const sha = (value: string) => crypto.createHash('sha256').update(value).digest('hex');
  const eventsOf = async (sub: string) => (await t.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, sid(sub)))).length;

  it("another person's state and id_token posted from a victim's browser (login CSRF): refused, nothing launched, the state burnt", async () => {
    const attacker = new CookieJar();
    const victim = new CookieJar();
    const before = await launchesCount();
    const login = await initiate(t, w, { jar: attacker });
    const answer = await w.platform.authenticate(String(login.headers.location), unitClaims({ sub: 'atacante' }));
    // The victim's browser holds a cookie of its own login, not the attacker's.
    await initiate(t, w, { jar: victim });
    expect(victim.cookies.size).toBe(1);
    expectRefusal(await postLaunch(t, answer, victim), 403, 'browserMismatch');
    expect(await launchesCount()).toBe(before);
    expect(await eventsOf('atacante')).toBe(0);
    // The attempt used the state: not even the attacker's own browser can finish that login now.
    expectRefusal(await postLaunch(t, answer, attacker), 400, 'stateMissing');
    // A cookie of the right name with another value is no binding either.
    const again = await initiate(t, w, { jar: attacker });
    const second = await w.platform.authenticate(String(again.headers.location), unitClaims({ sub: 'atacante' }));
    const forged = new CookieJar();
    for (const name of attacker.cookies.keys()) forged.cookies.set(name, crypto.randomBytes(32).toString('base64url'));
    expectRefusal(await postLaunch(t, second, forged), 403, 'browserMismatch');
    expect(await launchesCount()).toBe(before);
    // The browser that started a login finishes it, and the login's cookie goes.
    const kept = attacker.cookies.size;
    const own = await initiate(t, w, { jar: attacker });
    expect(attacker.cookies.size).toBe(kept + 1);
    studentLinkOf(await postLaunch(t, await w.platform.authenticate(String(own.headers.location), unitClaims({ sub: 'atacante' })), attacker));
    expect(attacker.cookies.size).toBe(kept);
  });

  it("with the LMS's platform storage (lti_storage_target) and no cookie at all: the login keeps the binding there and the launch reads it back", async () => {
    const safari = new CookieJar();
    const login = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.toolUrl, 'armazenamento', '_parent'), jar: safari });
    expect(login.statusCode, login.body).toBe(200);
    // The page runs one script, by nonce; it may be framed by this LMS; it calls nothing.
    const csp = String(login.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(login.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).not.toContain('unsafe-inline\'; script');
    expect(csp).toContain("connect-src 'none'");
    expect(csp).toContain(`frame-ancestors 'self' ${w.platform.url}`);
    const put = storagePageData(login.body);
    const next = new URL(put['data-next']!);
    expect(`${next.origin}${next.pathname}`).toBe(`${w.platform.url}/mod/lti/auth.php`);
    const state = next.searchParams.get('state')!;
    expect(put).toMatchObject({ 'data-mode': 'put', 'data-target': '_parent', 'data-origins': JSON.stringify([w.platform.url]), 'data-key': `lti_state_${state}` });
    // The value kept in the platform storage is the login's binding (the cookie's too), never the state or nonce.
    const [row] = await t.deps.db.select().from(ltiStates).where(eq(ltiStates.stateHash, sha(state)));
    expect(row).toMatchObject({ storageTarget: '_parent', bindingHash: sha(put['data-value']!) });
    expect(safari.cookies.get([...safari.cookies.keys()][0]!)).toBe(put['data-value']);
    expect([state, next.searchParams.get('nonce')]).not.toContain(put['data-value']);
    // The platform storage keeps it (played here by the test; the Chromium journey runs the page's script); the browser keeps no cookie.
    const platformStorage = new Map([[put['data-key']!, put['data-value']!]]);
    safari.cookies.clear();

    const answer = await w.platform.authenticate(put['data-next']!, unitClaims({ sub: 'armazenamento' }));
    const page = await postLaunch(t, answer, safari);
    expect(page.statusCode, page.body).toBe(200);
    expect(String(page.headers['content-security-policy'])).toContain("connect-src 'self'");
    const get = storagePageData(page.body);
    expect(get).toMatchObject({ 'data-mode': 'get', 'data-key': `lti_state_${state}`, 'data-state': state, 'data-id-token': answer.fields.id_token, 'data-action': '/api/lti/launch/storage' });
    // The launch page does not know the binding: only the platform storage of the starting browser has it.
    expect(page.body).not.toContain(put['data-value']!);
    const done = await postStorageLaunch(t, { state, id_token: answer.fields.id_token, proof: platformStorage.get(get['data-key']!)! }, { jar: safari });
    expect(done.statusCode, done.body).toBe(200);
    const location = new URL(done.json().location, 'http://localhost:3000');
    expect(location.pathname).toBe('/student/link');
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: location.searchParams.get('token')! } });
    expect(verified.json()).toMatchObject({ studentId: sid('armazenamento') });
    // Once.
    const replay = await postStorageLaunch(t, { state, id_token: answer.fields.id_token, proof: platformStorage.get(get['data-key']!)! }, { jar: safari });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ code: 'LTI_REFUSED', message: LTI_TOOL_MSG.stateMissing, fields: { refusal: 'stateMissing' } });

    // The browser that kept its cookie launches at once (no page), platform storage or not.
    const withCookie = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.toolUrl, 'armazenamento', '_parent') });
    const direct = await w.platform.authenticate(storagePageData(withCookie.body)['data-next']!, unitClaims({ sub: 'armazenamento' }));
    studentLinkOf(await postLaunch(t, direct));
  });

  it("with the platform storage, another person's launch: the victim's storage has no binding; the continuation only from our own page", async () => {
    const attacker = new CookieJar();
    const victim = new CookieJar();
    const before = await launchesCount();
    const startAttack = async () => {
      const login = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.toolUrl, 'armazenamento', 'post_message_forwarding'), jar: attacker });
      const put = storagePageData(login.body);
      expect(put['data-target']).toBe('post_message_forwarding');
      const answer = await w.platform.authenticate(put['data-next']!, unitClaims({ sub: 'atacante-2' }));
      return { put, answer, state: answer.fields.state };
    };
    const first = await startAttack();
    // The victim's browser gets the launch page (its platform storage will be asked), not a launch.
    const page = await postLaunch(t, first.answer, victim);
    expect(page.statusCode).toBe(200);
    expect(storagePageData(page.body)['data-mode']).toBe('get');
    // The platform storage of the victim's browser answers nothing for that key: the page sends null.
    const refused = await postStorageLaunch(t, { state: first.state, id_token: first.answer.fields.id_token, proof: null }, { jar: victim });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'LTI_REFUSED', message: LTI_TOOL_MSG.browserMismatch, fields: { refusal: 'browserMismatch' } });
    expectRefusal(await postLaunch(t, first.answer, attacker), 400, 'stateMissing');

    // The attacker knows their own binding, but cannot make the victim's browser send it: a cross-site form is not
    // JSON, and a request from another origin (or a cross-site fetch) is refused before the state is touched.
    const second = await startAttack();
    const proof = second.put['data-value']!;
    const formPost = await t.app.inject({ method: 'POST', url: '/api/lti/launch/storage', payload: form({ state: second.state, id_token: second.answer.fields.id_token, proof }), headers: { ...FORM, origin: 'https://atacante.exemplo.com' } });
    expect(formPost.statusCode).toBeGreaterThanOrEqual(400);
    expect(formPost.statusCode).toBeLessThan(500);
    const textPost = await t.app.inject({ method: 'POST', url: '/api/lti/launch/storage', payload: JSON.stringify({ state: second.state, id_token: second.answer.fields.id_token, proof }), headers: { 'content-type': 'text/plain', origin: 'https://atacante.exemplo.com' } });
    expect(textPost.statusCode).toBeGreaterThanOrEqual(400);
    expect(textPost.statusCode).toBeLessThan(500);
    const crossSite: Record<string, string>[] = [{ origin: 'https://atacante.exemplo.com' }, { 'sec-fetch-site': 'cross-site' }, { origin: '' }];
    for (const headers of crossSite) {
      const res = await postStorageLaunch(t, { state: second.state, id_token: second.answer.fields.id_token, proof }, { jar: victim, headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toMatchObject({ code: 'LTI_REFUSED', fields: { refusal: 'notOwnPage' } });
    }
    // A wrong value from the storage is no binding.
    const wrong = await postStorageLaunch(t, { state: second.state, id_token: second.answer.fields.id_token, proof: crypto.randomBytes(32).toString('base64url') }, { jar: victim });
    expect(wrong.json()).toMatchObject({ fields: { refusal: 'browserMismatch' } });
    expect(await launchesCount()).toBe(before);
    expect(await eventsOf('atacante-2')).toBe(0);
  });
});

describe("the connection for the LMS admin", () => {
  it('lists the values to paste into the LMS', async () => {
    const res = await call(t.app, 'GET', `/api/sellers/${w.sellerId}/lti-connections`, { token: w.admin });
    const c = res.json().data.find((x: { id: number }) => x.id === w.connection.id);
    const base = 'http://localhost:3000';
    const tool = {
      toolUrl: `${base}/api/lti/launch`,
      loginUrl: `${base}/api/lti/login`,
      redirectUris: [`${base}/api/lti/launch`],
      jwksUrl: `${base}/api/lti/jwks`,
      deepLinkingUrl: `${base}/api/lti/launch`,
      domain: 'localhost:3000',
    };
    expect(c.tool).toEqual(tool);
    // The same values before any connection exists (the admin registers the tool in the LMS first).
    expect(res.json().tool).toEqual(tool);
    expect(c.deployments).toEqual([expect.objectContaining({ deploymentId: 'dep-1', source: 'admin' })]);
    expect(c.authConfig.key).toBe(w.platform.jwksUrl);
  });

  it('one live connection per LMS issuer and ClientId across institutions', async () => {
    const [other] = await t.deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.name, 'Outra'));
    const res = await call(t.app, 'POST', `/api/sellers/${other!.id}/lti-connections`, { token: w.admin, payload: { platform: 'moodle', clientId: 'moodle-client-1', url: `${w.platform.url}/` } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: LTI_MSG.duplicateElsewhere, fields: { clientId: LTI_MSG.duplicateElsewhere } });
  });

  it("'Testar conexão' says whether the platform's JWKS answers", async () => {
    const ok = await call(t.app, 'POST', `/api/sellers/${w.sellerId}/lti-connections/${w.connection.id}/test`, { token: w.admin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ ok: true, message: LTI_MSG.testOk(1) });
    const [dead] = await t.deps.db
      .insert(ltiConnections)
      .values({ sellerId: w.sellerId, platform: 'moodle', name: '', clientId: 'fora-do-ar', url: 'http://127.0.0.1:9', authenticationEndpoint: 'http://127.0.0.1:9/mod/lti/auth.php', accesstokenEndpoint: 'http://127.0.0.1:9/mod/lti/token.php', authConfig: { method: 'JWK_SET', key: 'http://127.0.0.1:9/mod/lti/certs.php' } })
      .returning({ id: ltiConnections.id });
    const down = await call(t.app, 'POST', `/api/sellers/${w.sellerId}/lti-connections/${dead!.id}/test`, { token: w.admin });
    expect(down.json()).toEqual({ ok: false, message: LTI_MSG.testUnreachable('http://127.0.0.1:9/mod/lti/certs.php') });
    // Another institution's connection, or one that does not exist: 404.
    const [other] = await t.deps.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.name, 'Outra'));
    expect((await call(t.app, 'POST', `/api/sellers/${other!.id}/lti-connections/${w.connection.id}/test`, { token: w.admin })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/sellers/${w.sellerId}/lti-connections/999999/test`, { token: w.admin })).statusCode).toBe(404);
  });

  it("a deleted connection stops launching, and stops the student links its launches minted", async () => {
    const w3 = await ltiWorld(t, { clientId: 'sera-deletado' });
    try {
      const minted = studentLinkOf(await launch(t, w3, w3.platform.resourceLinkClaims({ sub: 'u', custom: { [LTI_CUSTOM_UNIT]: String(w3.item) }, targetLinkUri: w.connection.tool.toolUrl })));
      const headers = { [STUDENT_LINK_HEADER]: minted.token };
      expect((await call(t.app, 'GET', `/api/student/units/${w3.content}`, { headers })).statusCode).toBe(200);
      const login = await initiate(t, w3);
      const answer = await w3.platform.authenticate(String(login.headers.location), w3.platform.resourceLinkClaims({ sub: 'u', custom: { [LTI_CUSTOM_UNIT]: String(w3.item) }, targetLinkUri: w.connection.tool.toolUrl }));
      const del = await call(t.app, 'DELETE', `/api/sellers/${w3.sellerId}/lti-connections`, { token: w3.admin, payload: { clientId: 'sera-deletado', url: w3.platform.url } });
      expect(del.statusCode).toBe(200);
      expectRefusal(await postLaunch(t, answer), 404, 'connectionUnknown');
      expectRefusal(await initiate(t, w3), 404, 'connectionUnknown');
      // The student already reading is stopped at the next call; the link no longer opens.
      const stopped = await call(t.app, 'GET', `/api/student/units/${w3.content}`, { headers });
      expect(stopped.statusCode).toBe(410);
      expect(stopped.json().message).toBe(SHARE_MSG.expired);
      expect((await call(t.app, 'GET', '/api/student/link/verify', { query: { token: minted.token } })).statusCode).toBe(410);
    } finally {
      await w3.platform.stop();
    }
  });
});

describe('the form parser', () => {
  it('reads the platform form posts; a learner role does not matter for a resource link', async () => {
    const link = studentLinkOf(await launch(t, w, unitClaims({ roles: [ROLE.learner] })));
    expect(link.token).toBeTruthy();
    const res = await t.app.inject({ method: 'POST', url: '/api/lti/login', payload: form({ iss: w.platform.issuer }), headers: FORM });
    expectRefusal(res, 400, 'loginMissing');
  });
});

describe('the student ids of LMS users', () => {
  it('are namespaced by connection: the same sub of two connections, a SCORM learner and a typed id never meet', async () => {
    const other = await ltiWorld(t, { clientId: 'segunda-conexao' });
    try {
      const claimsOf = (world: LtiWorld) => world.platform.resourceLinkClaims({ sub: '42', custom: { [LTI_CUSTOM_UNIT]: String(world.item) }, targetLinkUri: world.connection.tool.toolUrl });
      const first = studentLinkOf(await launch(t, w, claimsOf(w)));
      const second = studentLinkOf(await launch(t, other, claimsOf(other)));
      const idOf = async (token: string) => (await call(t.app, 'GET', '/api/student/link/verify', { query: { token } })).json().studentId;
      expect(await idOf(first.token)).toBe(sid('42'));
      expect(await idOf(second.token)).toBe(sid('42', other.connection.id));
      // A sub too long to keep with the prefix: a digest, still of this connection.
      const long = 'u'.repeat(255);
      const hashed = studentLinkOf(await launch(t, w, unitClaims({ sub: long })));
      expect(await idOf(hashed.token)).toBe(`lti:${w.connection.id}#${crypto.createHash('sha256').update(long).digest('hex')}`);
    } finally {
      await other.platform.stop();
    }
    // Nobody may type (or an LMS's `student` parameter carry) an LTI student's id.
    const teacher = await signIn(t.app, 'seller');
    const link = await call(t.app, 'POST', `/api/sellers/share-links/unit/${w.item}`, { token: teacher, payload: {} });
    const typed = await call(t.app, 'POST', '/api/student/identify', { headers: { [STUDENT_LINK_HEADER]: link.json().token }, payload: { studentId: sid('42') } });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().message).toBe(STUDENT_MSG.identityReserved);
    const named = await call(t.app, 'POST', `/api/sellers/share-links/unit/${w.item}`, { token: teacher, payload: { studentId: sid('42') } });
    expect(named.statusCode).toBe(400);
    expect(named.json().message).toBe(SHARE_MSG.studentIdReserved);
  });

  it("the access report shows an LMS user by the LMS's id and the connection's name", async () => {
    const link = studentLinkOf(await launch(t, w, unitClaims({ sub: 'relatorio-7' })));
    expect((await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers: { [STUDENT_LINK_HEADER]: link.token } })).statusCode).toBe(200);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    const report = await call(t.app, 'GET', '/api/sellers/report-access', { token: await signIn(t.app, 'seller'), query: { start_date: today, end_date: today, page: '1' } });
    expect(report.statusCode, report.body).toBe(200);
    const students = report.json().data.map((r: { student: string }) => r.student);
    expect(students).toContain('relatorio-7 · Moodle de teste (LTI)');
    expect(students.some((s: string) => s.startsWith('lti:'))).toBe(false);
  });
});

describe('platform URLs over http', () => {
  it('are refused when the tool is not itself on localhost (production)', async () => {
    const prod = await createTestApp({ env: { PUBLIC_URL: 'https://app.exemplo.com.br' } });
    try {
      const admin = await signIn(prod.app, 'admin');
      const [seller] = await prod.deps.db.select({ id: sellers.id }).from(sellers).limit(1);
      const res = await call(prod.app, 'POST', `/api/sellers/${seller!.id}/lti-connections`, { token: admin, payload: { platform: 'moodle', clientId: 'local', url: 'http://localhost:8080' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { url: LTI_MSG.urlNotHttpsProduction } });
      expect(await prod.deps.db.select().from(ltiConnections)).toHaveLength(0);
      const https = await call(prod.app, 'POST', `/api/sellers/${seller!.id}/lti-connections`, { token: admin, payload: { platform: 'moodle', clientId: 'remoto', url: 'https://moodle.exemplo.edu.br' } });
      expect(https.statusCode, https.body).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes expired login states and launches, and keeps the live ones', async () => {
    const login = await initiate(t, w);
    const live = new URL(String(login.headers.location)).searchParams.get('state')!;
    await t.deps.db.insert(ltiStates).values({ stateHash: 'expired-state', connectionId: w.connection.id, nonce: 'n', targetLinkUri: w.connection.tool.toolUrl, bindingHash: 'b', expiresAt: new Date(Date.now() - 60_000) });
    await deleteExpiredLti(t.deps.db);
    const left = await t.deps.db.select({ hash: ltiStates.stateHash }).from(ltiStates);
    expect(left.map((r) => r.hash)).not.toContain('expired-state');
    expect(left.map((r) => r.hash)).toContain(crypto.createHash('sha256').update(live).digest('hex'));
  });
});

describe('the per-address limit (RATE_LIMIT_LTI)', () => {
  it('answers 429 past the limit: a pt-BR page on the browser routes, JSON on the others', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_LTI: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await limited.app.inject({ method: 'GET', url: '/api/lti/jwks' })).statusCode).toBe(200);
      const json = await limited.app.inject({ method: 'GET', url: '/api/lti/jwks' });
      expect(json.statusCode).toBe(429);
      expect(json.json().code).toBe('RATE_LIMITED');
      const page = await limited.app.inject({ method: 'GET', url: '/api/lti/login' });
      expectRefusal(page, 429, 'tooManyRequests');
      // Another address is not affected.
      expect((await limited.app.inject({ method: 'GET', url: '/api/lti/jwks', remoteAddress: '10.9.8.7' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
