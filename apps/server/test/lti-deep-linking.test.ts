/**
 * Deep Linking 2.0 and AGS against the independent platform (lti-platform.ts): a teacher's
 * deep-linking request opens the content picker (no sign-in; the launch's session is its credential) over the
 * institution's catalogue (units of ACTIVE rentals) and subjects; the answer is a signed LtiDeepLinkingResponse the
 * platform verifies with the tool's JWKS, usable once; the links it created launch; the student's answers come back
 * to the platform as AGS scores (client-credentials token, then the line item's scores); key rotation keeps the
 * platform verifying.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { questionKey, unitQuestions } from '@edu/shared/content/unit-questions';
import { LTI_LIMITS, LTI_SESSION_HEADER, LTI_TOOL_MSG } from '@edu/shared/lti-tool';
import { STUDENT_LINK_HEADER } from '@edu/shared/student';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { itemContents, items, ltiDeepLinkSessions, ltiGrades, ltiKeys, ltiLaunches, rents } from '../src/db/schema';
import { ltiScoresWorker } from '../src/modules/lti/lti-grades';
import { revokeLtiKey, rotateLtiKey } from '../src/modules/lti/lti-keys';
import { call, createTestApp, type TestApp } from './harness';
import { buildSubject } from './factories';
import { CLAIM, ROLE } from './lti-platform';
import { CookieJar, expectRefusal, FORM, form, initiate, launch, ltiWorld, postLaunch, postStorageLaunch, storagePageData, studentLinkOf, type LtiWorld } from './lti-setup';

let t: TestApp;
let w: LtiWorld;
let subjectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await ltiWorld(t);
  await ltiScoresWorker(t.deps).start();
  subjectId = await buildSubject(t.deps.db, { sellerId: w.sellerId, name: 'Funções no LMS' }, [{ itemId: w.item, contentId: w.content }]);
}, 120_000);
afterAll(async () => {
  await w?.platform.stop();
  await t?.close();
});

const dlClaims = (opts: Parameters<LtiWorld['platform']['deepLinkingClaims']>[0] extends infer O ? Partial<O> : never = {}) =>
  w.platform.deepLinkingClaims({ targetLinkUri: w.connection.tool.deepLinkingUrl, data: 'contexto-opaco-123', ...opts });

/** A deep-linking launch: the picker's session from the redirect. */
async function openPicker(claims = dlClaims()) {
  const res = await launch(t, w, claims);
  expect(res.statusCode, res.body).toBe(303);
  const url = new URL(String(res.headers.location), 'http://localhost:3000');
  expect(url.pathname).toBe('/lti/deep-linking');
  expect([...url.searchParams.keys()]).toEqual(['session']);
  return url.searchParams.get('session')!;
}

const respond = (session: string, items: string) =>
  t.app.inject({ method: 'POST', url: '/api/lti/deep-linking/response', payload: form({ session, items }), headers: FORM });

/** The auto-posted form of the response: its action and JWT field. */
function formOf(html: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const jwt = /name="JWT" value="([^"]+)"/.exec(html)?.[1];
  return { action: action!, jwt: jwt! };
}

/** The browser's post of the response to the platform's return URL (the harness verifies it with the tool's JWKS). */
async function postToPlatform(html: string) {
  const { action, jwt } = formOf(html);
  const res = await fetch(action, { method: 'POST', headers: FORM, body: form({ JWT: jwt }) });
  return { status: res.status, body: await res.text() };
}

describe('the content picker', () => {
  it('a teacher opens it from the LMS; its session reads the institution, its subjects and its catalogue', async () => {
    const session = await openPicker();
    const headers = { [LTI_SESSION_HEADER]: session };
    const context = await call(t.app, 'GET', '/api/lti/deep-linking/context', { headers });
    expect(context.statusCode, context.body).toBe(200);
    expect(context.json()).toMatchObject({ platform: 'Moodle', acceptMultiple: true, subjects: [{ id: subjectId, name: 'Funções no LMS', units: 1 }] });
    expect(context.json().institution).toBeTruthy();
    const catalogue = await call(t.app, 'GET', '/api/lti/deep-linking/catalogue', { headers });
    expect(catalogue.statusCode).toBe(200);
    const units = catalogue.json().groups.flatMap((g: { units: { itemId: number }[] }) => g.units);
    expect(units.some((u: { itemId: number }) => u.itemId === w.item)).toBe(true);
    // Without the session, or with a made-up one: nothing.
    expect((await call(t.app, 'GET', '/api/lti/deep-linking/context')).statusCode).toBe(400);
    const forged = await call(t.app, 'GET', '/api/lti/deep-linking/catalogue', { headers: { [LTI_SESSION_HEADER]: 'x'.repeat(43) } });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(LTI_TOOL_MSG.sessionInvalid);
  });

  it('answers a signed LtiDeepLinkingResponse the platform verifies with the tool JWKS; once', async () => {
    const session = await openPicker();
    const res = await respond(session, `u:${w.item},s:${subjectId}`);
    expect(res.statusCode, res.body).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`form-action ${w.platform.url}`);
    expect(csp).toContain(`frame-ancestors 'self' ${w.platform.url}`);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    const { action } = formOf(res.body);
    expect(action).toBe(w.platform.deepLinkReturnUrl);

    const posted = await postToPlatform(res.body);
    expect(posted.status, posted.body).toBe(200);
    const { claims } = w.platform.received.deepLinks.at(-1)!;
    expect(claims).toMatchObject({ iss: 'moodle-client-1', aud: w.platform.issuer, [CLAIM.deploymentId]: 'dep-1', [CLAIM.deepLinkingData]: 'contexto-opaco-123' });
    const items = claims[CLAIM.contentItems] as Record<string, unknown>[];
    expect(items).toEqual([
      expect.objectContaining({ type: 'ltiResourceLink', url: w.connection.tool.toolUrl, custom: { saber_unit: String(w.item) }, lineItem: expect.objectContaining({ scoreMaximum: 100 }) }),
      expect.objectContaining({ type: 'ltiResourceLink', title: 'Funções no LMS', custom: { saber_subject: String(subjectId) } }),
    ]);
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(600);

    // Single use: the same session cannot answer again.
    expectRefusal(await respond(session, `u:${w.item}`), 403, 'sessionInvalid');

    // The link the platform created launches into that unit.
    const custom = items[0]!.custom as Record<string, string>;
    const link = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub: 'aluno-dl', custom, targetLinkUri: String(items[0]!.url) })));
    const verified = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } });
    expect(verified.json()).toMatchObject({ kind: 'unit', units: [{ itemId: w.item }] });
  });

  it('only teachers choose; the platform must accept LTI links; a single-item placement takes one', async () => {
    expectRefusal(await launch(t, w, dlClaims({ roles: [ROLE.learner] })), 403, 'notTeacher');
    expectRefusal(await launch(t, w, dlClaims({ acceptTypes: ['link', 'file'] })), 400, 'deepLinkingTypes');
    const single = await openPicker(dlClaims({ acceptMultiple: false }));
    expect((await call(t.app, 'GET', '/api/lti/deep-linking/context', { headers: { [LTI_SESSION_HEADER]: single } })).json().acceptMultiple).toBe(false);
    expectRefusal(await respond(single, `u:${w.item},s:${subjectId}`), 400, 'onlyOne');
    expectRefusal(await respond(single, ''), 400, 'nothingChosen');
    // The refusals did not use the session up.
    expect((await respond(single, `s:${subjectId}`)).statusCode).toBe(200);
  });

  it('is framed by the LMS of the connection its session names; a made-up session frames nothing', async () => {
    const session = await openPicker();
    const framed = await t.app.inject({ method: 'GET', url: `/lti/deep-linking?session=${session}` });
    expect(String(framed.headers['content-security-policy'])).toContain(`frame-ancestors 'self' ${w.platform.url}`);
    expect(framed.headers['x-frame-options']).toBeUndefined();
    for (const url of [`/lti/deep-linking?session=${'x'.repeat(43)}`, `/lti/deep-linking?session=x&lti=${w.connection.id}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self';");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it("refuses a deep_link_return_url that is not the connection's platform", async () => {
    for (const returnUrl of ['https://outro-site.exemplo.com/deep-link-return', 'http://169.254.169.254/latest/meta-data/', `${w.platform.url.replace('127.0.0.1', 'localhost')}/deep-link-return`]) {
      const claims = dlClaims();
      const settings = claims[CLAIM.deepLinkingSettings] as Record<string, unknown>;
      expectRefusal(await launch(t, w, { ...claims, [CLAIM.deepLinkingSettings]: { ...settings, deep_link_return_url: returnUrl } }), 400, 'deepLinkingReturn');
    }
  });

  it('answers the request\'s issuer exactly as the platform wrote it (aud)', async () => {
    const session = await openPicker();
    const plain = decodeJwt(formOf((await respond(session, `u:${w.item}`)).body).jwt);
    expect(plain.aud).toBe(w.platform.issuer);
    const res = await launch(t, w, dlClaims(), { claims: { iss: `${w.platform.issuer}/` } });
    const slashed = new URL(String(res.headers.location), 'http://localhost:3000').searchParams.get('session')!;
    const claims = decodeJwt(formOf((await respond(slashed, `u:${w.item}`)).body).jwt);
    expect(claims.aud).toBe(`${w.platform.issuer}/`);
  });

  it('refuses a subject none of whose units the institution may read now', async () => {
    const session = await openPicker();
    const empty = { id: await buildSubject(t.deps.db, { sellerId: w.sellerId, name: 'Sem unidades' }) };
    const context = await call(t.app, 'GET', '/api/lti/deep-linking/context', { headers: { [LTI_SESSION_HEADER]: session } });
    expect(context.json().subjects).toContainEqual({ id: empty!.id, name: 'Sem unidades', units: 0 });
    expectRefusal(await respond(session, `s:${empty!.id}`), 403, 'itemUnavailable');
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, w.rent));
    try {
      expectRefusal(await respond(session, `s:${subjectId}`), 403, 'itemUnavailable');
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, w.rent));
    }
    expect((await respond(session, `s:${subjectId}`)).statusCode).toBe(200);
  });

  it('refuses a unit whose rental ended meanwhile, and hides it from the catalogue', async () => {
    const session = await openPicker();
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, w.rent));
    try {
      expectRefusal(await respond(session, `u:${w.item}`), 403, 'itemUnavailable');
      const catalogue = await call(t.app, 'GET', '/api/lti/deep-linking/catalogue', { headers: { [LTI_SESSION_HEADER]: session } });
      expect(catalogue.json().groups.flatMap((g: { units: unknown[] }) => g.units)).toEqual([]);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, w.rent));
    }
  });
});

describe("the picker opens only in the browser that started the login", () => {
  const sessions = async () => (await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(ltiDeepLinkSessions))[0]!.n;

  it("another person's deep-linking launch posted from a teacher's browser (login CSRF): refused, no picker, nothing reaches the course", async () => {
    const attacker = new CookieJar();
    const teacher = new CookieJar();
    const before = await sessions();
    const login = await initiate(t, w, { jar: attacker });
    const answer = await w.platform.authenticate(String(login.headers.location), dlClaims({ sub: 'professor-atacante' }));
    expectRefusal(await postLaunch(t, answer, teacher), 403, 'browserMismatch');
    expect(await sessions()).toBe(before);
    // With the platform storage the teacher's page asks the teacher's own storage, which has nothing: refused too.
    const viaStorage = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.deepLinkingUrl, 'seletor', '_parent'), jar: attacker });
    const stored = await w.platform.authenticate(storagePageData(viaStorage.body)['data-next']!, dlClaims({ sub: 'professor-atacante' }));
    expect(storagePageData((await postLaunch(t, stored, teacher)).body)['data-mode']).toBe('get');
    const refused = await postStorageLaunch(t, { state: stored.fields.state, id_token: stored.fields.id_token, proof: null }, { jar: teacher });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: LTI_TOOL_MSG.browserMismatch, fields: { refusal: 'browserMismatch' } });
    expect(await sessions()).toBe(before);
  });

  it("through the platform storage, the teacher's own launch opens the picker", async () => {
    const noCookies = new CookieJar();
    const login = await initiate(t, w, { params: w.platform.initiation(w.connection.tool.deepLinkingUrl, 'seletor', '_parent'), jar: noCookies });
    const put = storagePageData(login.body);
    noCookies.cookies.clear();
    const answer = await w.platform.authenticate(put['data-next']!, dlClaims());
    expect(storagePageData((await postLaunch(t, answer, noCookies)).body)['data-mode']).toBe('get');
    const done = await postStorageLaunch(t, { state: answer.fields.state, id_token: answer.fields.id_token, proof: put['data-value']! }, { jar: noCookies });
    expect(done.statusCode, done.body).toBe(200);
    const url = new URL(done.json().location, 'http://localhost:3000');
    expect(url.pathname).toBe('/lti/deep-linking');
    const context = await call(t.app, 'GET', '/api/lti/deep-linking/context', { headers: { [LTI_SESSION_HEADER]: url.searchParams.get('session')! } });
    expect(context.statusCode, context.body).toBe(200);
  });
});

describe('AGS score passback', () => {
  it("posts the student's share of right answers to the launch's line item", async () => {
    const lineitem = w.platform.lineitemUrl(31);
    const claims = w.platform.resourceLinkClaims({ sub: 'aluna-ags', custom: { saber_unit: String(w.item) }, lineitem, targetLinkUri: w.connection.tool.toolUrl });
    const link = studentLinkOf(await launch(t, w, claims));
    const headers = { [STUDENT_LINK_HEADER]: link.token };
    expect((await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } })).json().lti).toEqual({ grades: true });
    const unit = (await call(t.app, 'GET', `/api/student/units/${w.content}`, { headers })).json();
    const questions = unitQuestions(unit);
    expect(questions.length).toBeGreaterThan(0);
    const q = questions[0]!;
    const wrong = q.options.find((o) => o.id !== q.right)!;

    const first = await call(t.app, 'POST', '/api/student/lti/score', { headers, payload: { unitId: w.content, question: questionKey(q), option: q.right } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ correct: true, counted: true, right: 1, total: questions.length });
    await expect
      .poll(() => w.platform.received.scores.at(-1)?.body.scoreGiven, { timeout: 15_000 })
      .toBe(1);
    // A later answer of the same question does not count (the first one does): the grade stays.
    const second = await call(t.app, 'POST', '/api/student/lti/score', { headers, payload: { unitId: w.content, question: questionKey(q), option: wrong.id } });
    expect(second.json()).toMatchObject({ correct: false, counted: false, right: 1, total: questions.length });
    const score = w.platform.received.scores.at(-1)!;
    expect(score.lineitem).toBe(lineitem);
    expect(score.body).toMatchObject({ userId: 'aluna-ags', scoreGiven: 1, scoreMaximum: questions.length, gradingProgress: 'FullyGraded' });
    expect(score.body.activityProgress).toBe(questions.length === 1 ? 'Completed' : 'InProgress');
    expect(Number.isNaN(Date.parse(String(score.body.timestamp)))).toBe(false);
    // The token came from a client assertion the platform verified with the tool's JWKS.
    expect(w.platform.received.tokenRequests[0]!.assertion).toMatchObject({ iss: 'moodle-client-1', sub: 'moodle-client-1', aud: w.platform.tokenUrl });
    expect(w.platform.received.refusals).toEqual([]);
    await expect.poll(async () => (await t.deps.db.select().from(ltiGrades).where(eq(ltiGrades.sub, 'aluna-ags')))[0]?.postedRight, { timeout: 15_000 }).toBe(1);
  });

  it('refuses a question the unit does not have, and a launch without a line item', async () => {
    const withGrades = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub: 'a', custom: { saber_unit: String(w.item) }, lineitem: w.platform.lineitemUrl(32), targetLinkUri: w.connection.tool.toolUrl })));
    const unknown = await call(t.app, 'POST', '/api/student/lti/score', { headers: { [STUDENT_LINK_HEADER]: withGrades.token }, payload: { unitId: w.content, question: '["x"]', option: 'a' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LTI_TOOL_MSG.questionUnknown);
    const without = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub: 'b', custom: { saber_unit: String(w.item) }, targetLinkUri: w.connection.tool.toolUrl })));
    const refused = await call(t.app, 'POST', '/api/student/lti/score', { headers: { [STUDENT_LINK_HEADER]: without.token }, payload: { unitId: w.content, question: '["x"]', option: 'a' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LTI_TOOL_MSG.noGrades);
  });
});

describe('AGS: what the grade counts', () => {
  /** A launch with a line item: the student's link, its headers, and the unit's questions as the viewer reads them. */
  async function gradedLaunch(sub: string, n: number) {
    const lineitem = w.platform.lineitemUrl(n);
    const link = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub, custom: { saber_unit: String(w.item) }, lineitem, targetLinkUri: w.connection.tool.toolUrl })));
    const headers = { [STUDENT_LINK_HEADER]: link.token };
    const verified = (await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } })).json();
    const contentId = verified.units[0].itemContentId as number;
    const unit = (await call(t.app, 'GET', `/api/student/units/${contentId}`, { headers })).json();
    return { lineitem, headers, contentId, questions: unitQuestions(unit) };
  }
  const answer = (headers: Record<string, string>, unitId: number, question: ReturnType<typeof unitQuestions>[number], option: string) =>
    call(t.app, 'POST', '/api/student/lti/score', { headers, payload: { unitId, question: questionKey(question), option } });
  const gradeOf = async (sub: string) => (await t.deps.db.select().from(ltiGrades).where(eq(ltiGrades.sub, sub)))[0]!;

  it("the first answer of a question counts: a retry after seeing the right option does not raise the grade", async () => {
    const g = await gradedLaunch('primeira-tentativa', 41);
    const q = g.questions[0]!;
    const wrong = q.options.find((o) => o.id !== q.right)!;
    const first = await answer(g.headers, g.contentId, q, wrong.id);
    expect(first.json()).toMatchObject({ correct: false, counted: true, right: 0, total: g.questions.length, message: LTI_TOOL_MSG.gradeSent });
    const retry = await answer(g.headers, g.contentId, q, q.right);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ correct: true, counted: false, right: 0, total: g.questions.length, message: LTI_TOOL_MSG.gradeKept });
    // A new visit (another launch of the same link) keeps the first answer too.
    const again = await gradedLaunch('primeira-tentativa', 41);
    expect((await answer(again.headers, again.contentId, q, q.right)).json()).toMatchObject({ counted: false, right: 0 });
    await expect.poll(() => w.platform.result(g.lineitem, 'primeira-tentativa')?.scoreGiven, { timeout: 15_000 }).toBe(0);
    expect((await gradeOf('primeira-tentativa')).rightCount).toBe(0);
  });

  it("counts only the questions of the unit's current version: a new version does not keep the old right answers", async () => {
    const g = await gradedLaunch('nova-versao', 42);
    const q = g.questions[0]!;
    expect((await answer(g.headers, g.contentId, q, q.right)).json()).toMatchObject({ correct: true, right: 1 });
    // The provider publishes a new version of the unit (same questions, a new version id).
    const [old] = await t.deps.db.select().from(itemContents).where(eq(itemContents.id, w.content));
    const { id: _id, titleFolded: _folded, ...copy } = old!;
    const [next] = await t.deps.db.insert(itemContents).values({ ...copy, version: old!.version + 100, status: 'published' }).returning({ id: itemContents.id });
    await t.deps.db.update(items).set({ publishedContentId: next!.id }).where(eq(items.id, w.item));
    try {
      const v2 = await gradedLaunch('nova-versao', 42);
      expect(v2.contentId).toBe(next!.id);
      const q2 = v2.questions[0]!;
      const wrong = q2.options.find((o) => o.id !== q2.right)!;
      // Before: 1 right answer (of the old version) + this one. Now: this version's answers only.
      const res = await answer(v2.headers, v2.contentId, q2, wrong.id);
      expect(res.json()).toMatchObject({ correct: false, counted: true, right: 0, total: v2.questions.length });
      await expect.poll(() => w.platform.result(g.lineitem, 'nova-versao')?.scoreGiven, { timeout: 15_000 }).toBe(0);
      // The old version's answer stays recorded (it counts again if that version comes back), it just does not count now.
      expect(Object.keys((await gradeOf('nova-versao')).answers)).toHaveLength(2);
    } finally {
      await t.deps.db.update(items).set({ publishedContentId: w.content }).where(eq(items.id, w.item));
    }
  });

  it("scores carry the standing's time, and an older standing posted late does not replace a newer one", async () => {
    const g = await gradedLaunch('ordem', 43);
    const q = g.questions[0]!;
    await answer(g.headers, g.contentId, q, q.right);
    await expect.poll(async () => (await gradeOf('ordem')).postedRight, { timeout: 15_000 }).toBe(1);
    const row = await gradeOf('ordem');
    const kept = w.platform.result(g.lineitem, 'ordem')!;
    expect(kept).toMatchObject({ scoreGiven: 1, timestamp: row.updatedAt.toISOString() });
    const sent = w.platform.received.scores.length;
    // The same standing again (a second job of the row): nothing is sent.
    const worker = ltiScoresWorker(t.deps);
    await worker.post(row.id);
    expect(w.platform.received.scores.length).toBe(sent);
    // A job still holding an older standing (0 right, a minute earlier) posts it late: the platform keeps the newer one
    // (its timestamp is older), and the row still says the newer one was posted.
    expect(await worker.send({ ...row, rightCount: 0, answeredCount: 0, updatedAt: new Date(row.updatedAt.getTime() - 60_000) })).toBe(true);
    expect(w.platform.received.scores.length).toBe(sent + 1);
    expect(w.platform.received.scores.at(-1)!.body).toMatchObject({ scoreGiven: 0, timestamp: new Date(row.updatedAt.getTime() - 60_000).toISOString() });
    expect(w.platform.result(g.lineitem, 'ordem')).toMatchObject({ scoreGiven: 1, timestamp: row.updatedAt.toISOString() });
    expect(await gradeOf('ordem')).toMatchObject({ postedRight: 1, postedStandingAt: row.updatedAt });
  });

  it("a line item outside the connection's platform is not used: the launch opens without grades", async () => {
    for (const lineitem of ['http://169.254.169.254/latest/meta-data/lineitems/1/lineitem', 'https://notas.outro-site.exemplo.com/lineitems/1/lineitem', 'http://127.0.0.1:9/lineitems/1/lineitem']) {
      const link = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub: 'sem-notas', custom: { saber_unit: String(w.item) }, lineitem, targetLinkUri: w.connection.tool.toolUrl })));
      expect((await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link.token } })).json().lti, lineitem).toEqual({ grades: false });
    }
    const [stored] = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(ltiLaunches).where(and(eq(ltiLaunches.sub, 'sem-notas'), isNotNull(ltiLaunches.lineitem)));
    expect(stored!.n).toBe(0);
  });
});

describe('key rotation', () => {
  it('publishes the new key before it signs, keeps the old one published, and the platform keeps verifying', async () => {
    const jwks = async () => (await call(t.app, 'GET', '/api/lti/jwks')).json<{ keys: { kid: string }[] }>().keys.map((k) => k.kid);
    const before = await jwks();
    const signedKid = async () => {
      const res = await respond(await openPicker(), `u:${w.item}`);
      const { jwt } = formOf(res.body);
      expect((await postToPlatform(res.body)).status).toBe(200);
      return decodeProtectedHeader(jwt).kid;
    };
    const oldKid = await signedKid();
    const scheduled = await rotateLtiKey(t.deps.db, t.deps.config);
    expect(await jwks()).toEqual(expect.arrayContaining([...before, scheduled.kid]));
    expect(await signedKid()).toBe(oldKid);
    const now = await rotateLtiKey(t.deps.db, t.deps.config, { now: true });
    expect(await signedKid()).toBe(now.kid);
    expect(await jwks()).toEqual(expect.arrayContaining([oldKid, scheduled.kid, now.kid]));
  });

  it('--now: the old keys leave the JWKS once the messages they signed have expired (10 minutes), not a day later', async () => {
    const jwks = async () => (await call(t.app, 'GET', '/api/lti/jwks')).json<{ keys: { kid: string }[] }>().keys.map((k) => k.kid);
    const before = await jwks();
    const now = await rotateLtiKey(t.deps.db, t.deps.config, { now: true });
    const old = await t.deps.db.select().from(ltiKeys).where(inArray(ltiKeys.kid, before));
    expect(old.length).toBe(before.length);
    for (const key of old) expect(key.unpublishAt!.getTime() - Date.now()).toBeLessThanOrEqual(LTI_LIMITS.messageSeconds * 1000);
    // Still published for the messages in flight…
    expect(await jwks()).toEqual(expect.arrayContaining(before));
    // …and gone once that time has passed (the rows moved back by the messages' lifetime, as the clock would).
    await t.deps.db
      .update(ltiKeys)
      .set({ unpublishAt: sql`${ltiKeys.unpublishAt} - make_interval(secs => ${LTI_LIMITS.messageSeconds + 1})` })
      .where(sql`${ltiKeys.kid} <> ${now.kid}`);
    expect(await jwks()).toEqual([now.kid]);
  });

  it('--revoke <kid>: the key leaves the JWKS at once; the signing key is replaced by one that signs now', async () => {
    const jwks = async () => (await call(t.app, 'GET', '/api/lti/jwks')).json<{ keys: { kid: string }[] }>().keys.map((k) => k.kid);
    const [signing] = await jwks();
    const scheduled = await rotateLtiKey(t.deps.db, t.deps.config);
    // A key not signing yet (a planned rotation): gone, and the signing key signs on (it is no longer due to retire).
    expect(await revokeLtiKey(t.deps.db, t.deps.config, scheduled.kid)).toEqual({ replacedBy: null });
    expect(await jwks()).toEqual([signing]);
    expect((await t.deps.db.select().from(ltiKeys).where(eq(ltiKeys.kid, signing!)))[0]).toMatchObject({ retiredAt: null, unpublishAt: null });
    // The signing key: gone, and a new one signs at once (the platform verifies it).
    const { replacedBy } = await revokeLtiKey(t.deps.db, t.deps.config, signing!);
    expect(replacedBy).toBeTruthy();
    expect(await jwks()).not.toContain(signing);
    const res = await respond(await openPicker(), `u:${w.item}`);
    expect(decodeProtectedHeader(formOf(res.body).jwt).kid).toBe(replacedBy);
    expect((await postToPlatform(res.body)).status).toBe(200);
    await expect(revokeLtiKey(t.deps.db, t.deps.config, 'kid-que-nao-existe')).rejects.toThrow(/kid-que-nao-existe/);
  });
});
