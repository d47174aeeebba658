/**
 * Issue 14 item 1, Deep Linking 2.0 and AGS against the independent platform (lti-platform.ts): a teacher's
 * deep-linking request opens the content picker (no sign-in; the launch's session is its credential) over the
 * institution's catalogue (units of ACTIVE rentals) and subjects; the answer is a signed LtiDeepLinkingResponse the
 * platform verifies with the tool's JWKS, usable once; the links it created launch; the student's answers come back
 * to the platform as AGS scores (client-credentials token, then the line item's scores); key rotation keeps the
 * platform verifying.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questionKey, unitQuestions } from '@edu/shared/content/unit-questions';
import { LTI_SESSION_HEADER, LTI_TOOL_MSG } from '@edu/shared/lti-tool';
import { STUDENT_LINK_HEADER } from '@edu/shared/student';
import { decodeProtectedHeader } from 'jose';
import { rents } from '../src/modules/rents/rents.tables';
import { subjectItems, subjects } from '../src/modules/curriculum/curriculum.tables';
import { ltiGrades } from '../src/modules/lti/lti-tool.tables';
import { ltiScoresWorker } from '../src/modules/lti/lti-grades';
import { rotateLtiKey } from '../src/modules/lti/lti-keys';
import { call, createTestApp, type TestApp } from './harness';
import { CLAIM, ROLE } from './lti-platform';
import { expectRefusal, FORM, form, launch, ltiWorld, studentLinkOf, type LtiWorld } from './lti-setup';

let t: TestApp;
let w: LtiWorld;
let subjectId = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await ltiWorld(t);
  await ltiScoresWorker(t.deps).start();
  const [subject] = await t.deps.db.insert(subjects).values({ sellerId: w.sellerId, name: 'Funções no LMS' }).returning({ id: subjects.id });
  subjectId = subject!.id;
  await t.deps.db.insert(subjectItems).values({ subjectId, itemId: w.item, itemContentId: w.content, position: 0 });
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
  expect(url.searchParams.get('lti')).toBe(String(w.connection.id));
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

    const first = await call(t.app, 'POST', '/api/student/lti/score', { headers, payload: { unitId: w.content, question: questionKey(q), option: wrong.id } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ correct: false, right: 0, total: questions.length });
    await expect.poll(() => w.platform.received.scores.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    const second = await call(t.app, 'POST', '/api/student/lti/score', { headers, payload: { unitId: w.content, question: questionKey(q), option: q.right } });
    expect(second.json()).toMatchObject({ correct: true, right: 1, total: questions.length });
    await expect
      .poll(() => w.platform.received.scores.at(-1)?.body.scoreGiven, { timeout: 15_000 })
      .toBe(1);
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
    const withGrades = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub: 'a', custom: { saber_unit: String(w.item) }, lineitem: w.platform.lineitemUrl(32), targetLinkUri: 'x' })));
    const unknown = await call(t.app, 'POST', '/api/student/lti/score', { headers: { [STUDENT_LINK_HEADER]: withGrades.token }, payload: { unitId: w.content, question: '["x"]', option: 'a' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(LTI_TOOL_MSG.questionUnknown);
    const without = studentLinkOf(await launch(t, w, w.platform.resourceLinkClaims({ sub: 'b', custom: { saber_unit: String(w.item) }, targetLinkUri: 'x' })));
    const refused = await call(t.app, 'POST', '/api/student/lti/score', { headers: { [STUDENT_LINK_HEADER]: without.token }, payload: { unitId: w.content, question: '["x"]', option: 'a' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LTI_TOOL_MSG.noGrades);
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
});
