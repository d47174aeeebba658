/**
 * Issue 14 item 1, the LTI 1.3 tool against an independent platform (lti-platform.ts: its own keys, JWTs and JWKS on
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
import { LTI_CUSTOM_SUBJECT, LTI_CUSTOM_UNIT } from '@edu/shared/lti-tool';
import { STUDENT_LINK_HEADER } from '@edu/shared/student';
import { accessEvents } from '../src/modules/delivery/delivery.tables';
import { subjectItems, subjects, unitVotes } from '../src/modules/curriculum/curriculum.tables';
import { rents } from '../src/modules/rents/rents.tables';
import { sellers } from '../src/modules/sellers/sellers.tables';
import { ltiConnections } from '../src/modules/sellers/lti.tables';
import { ltiDeployments, ltiKeys, ltiLaunches, ltiStates } from '../src/modules/lti/lti-tool.tables';
import { decryptPrivateKey, ltiKeyEncryptionKey } from '../src/modules/lti/lti-keys';
import { deleteExpiredLti } from '../src/modules/lti/lti-cleanup';
import { call, createTestApp, type TestApp } from './harness';
import { LtiPlatform, ROLE } from './lti-platform';
import { expectRefusal, FORM, form, initiate, launch, ltiWorld, postLaunch, studentLinkOf, type LtiWorld } from './lti-setup';

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
    // No cookie: the state lives in the database, hashed.
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await t.deps.db.select().from(ltiStates).where(eq(ltiStates.stateHash, crypto.createHash('sha256').update(q.state!).digest('hex')));
    expect(row).toMatchObject({ connectionId: w.connection.id, nonce: q.nonce });
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
    expect(link.lti).toBe(String(w.connection.id));
    expect(res.headers['set-cookie']).toBeUndefined();

    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ kind: 'unit', sellerId: w.sellerId, studentId: 'moodle-user-7', lti: { grades: false }, units: [{ itemId: w.item, itemContentId: w.content }] });
    expect(Date.parse(verified.json().expiresAt) - Date.now()).toBeGreaterThan(7 * 3600_000);

    const headers = { [STUDENT_LINK_HEADER]: link.token };
    const opened = await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers });
    expect(opened.statusCode, opened.body).toBe(200);
    const events = await t.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, 'moodle-user-7'));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ source: 'lms', sellerId: w.sellerId, itemId: w.item, itemContentId: w.content });
    expect((await call(t.app, 'PUT', `/api/student/units/${w.content}/vote`, { headers, payload: { stars: 4 } })).statusCode).toBe(200);
    const [vote] = await t.deps.db.select().from(unitVotes).where(and(eq(unitVotes.studentId, 'moodle-user-7'), eq(unitVotes.itemId, w.item)));
    expect(vote?.stars).toBe(4);
    // The link opens only its unit.
    expect((await call(t.app, 'GET', `/api/student/units/${w.content + 1000}`, { headers })).statusCode).toBe(404);
  });

  it('opens a whole subject of the institution', async () => {
    const [subject] = await t.deps.db.insert(subjects).values({ sellerId: w.sellerId, name: 'Cálculo no LMS' }).returning({ id: subjects.id });
    await t.deps.db.insert(subjectItems).values({ subjectId: subject!.id, itemId: w.item, itemContentId: w.content, position: 0 });
    const link = studentLinkOf(await launch(t, w, unitClaims({ sub: 'moodle-user-8', custom: { [LTI_CUSTOM_SUBJECT]: String(subject!.id) } })));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } });
    expect(verified.json()).toMatchObject({ kind: 'subject', subject: { id: subject!.id, name: 'Cálculo no LMS' }, studentId: 'moodle-user-8', units: [{ itemContentId: w.content }] });
    // Another institution's subject is not this connection's.
    const [other] = await t.deps.db.insert(sellers).values({ name: 'Outra', companyName: 'Outra', cnpj: '11444777000161', status: 'active' }).returning({ id: sellers.id });
    const [foreign] = await t.deps.db.insert(subjects).values({ sellerId: other!.id, name: 'Da outra' }).returning({ id: subjects.id });
    expectRefusal(await launch(t, w, unitClaims({ custom: { [LTI_CUSTOM_SUBJECT]: String(foreign!.id) } })), 404, 'subjectGone');
  });

  it('lets that connection\'s LMS frame the student viewer, and no other site', async () => {
    const framed = await t.app.inject({ method: 'GET', url: `/student/link?token=x&lti=${w.connection.id}` });
    expect(String(framed.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${w.platform.url}`);
    expect(framed.headers['x-frame-options']).toBeUndefined();
    for (const url of ['/student/link?token=x', '/student/link?token=x&lti=999999', `/dashboard?lti=${w.connection.id}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
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
    expectRefusal(await postLaunch(t, { action: w.connection.tool.toolUrl, fields: { error: 'login_required', error_description: 'Sessão do LMS encerrada' } }), 400, 'platformError');
  });

  it('a rental that ended, and a suspended institution; both open again when active', async () => {
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, w.rent));
    try {
      expectRefusal(await launch(t, w, unitClaims()), 403, 'rentEnded');
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
    const answer = await dead.authenticate(String(login.headers.location), { ...dead.resourceLinkClaims({ sub: 'x', custom: { [LTI_CUSTOM_UNIT]: String(w.item) }, targetLinkUri: 'x' }) });
    await dead.stop();
    expectRefusal(await postLaunch(t, answer), 502, 'jwksUnreachable');
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
    } finally {
      await w2.platform.stop();
    }
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

  it('a deleted connection stops launching', async () => {
    const w3 = await ltiWorld(t, { clientId: 'sera-deletado' });
    try {
      studentLinkOf(await launch(t, w3, w3.platform.resourceLinkClaims({ sub: 'u', custom: { [LTI_CUSTOM_UNIT]: String(w3.item) }, targetLinkUri: 'x' })));
      const login = await initiate(t, w3);
      const answer = await w3.platform.authenticate(String(login.headers.location), w3.platform.resourceLinkClaims({ sub: 'u', custom: { [LTI_CUSTOM_UNIT]: String(w3.item) }, targetLinkUri: 'x' }));
      const del = await call(t.app, 'DELETE', `/api/sellers/${w3.sellerId}/lti-connections`, { token: w3.admin, payload: { clientId: 'sera-deletado', url: w3.platform.url } });
      expect(del.statusCode).toBe(200);
      expectRefusal(await postLaunch(t, answer), 404, 'connectionUnknown');
      expectRefusal(await initiate(t, w3), 404, 'connectionUnknown');
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

describe('housekeeping', () => {
  it('deletes expired login states and launches, and keeps the live ones', async () => {
    const login = await initiate(t, w);
    const live = new URL(String(login.headers.location)).searchParams.get('state')!;
    await t.deps.db.insert(ltiStates).values({ stateHash: 'expired-state', connectionId: w.connection.id, nonce: 'n', targetLinkUri: 'x', expiresAt: new Date(Date.now() - 60_000) });
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
