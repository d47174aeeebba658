/**
 * The student viewer's API. The share link's token in `x-student-link` is the student's only
 * credential, verified on every call (forged 400, expired 410, revoked by a new LMS key 403, rental ended 403, with
 * the pt-BR texts); a link opens its unit (or its subject's units) and nothing else; each opening records one access
 * event; one vote per student and unit; problem reports and free-text feedback stored with the institution and the
 * student; the AI question answered from the unit's text by the configured model (a fake OpenAI-compatible server
 * here), rate-limited per student and link.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { FEEDBACK_MSG, PROBLEM_CATEGORIES, STUDENT_FEEDBACK_TYPE, type FeedbackRow } from '@edu/shared/feedback';
import { MSG } from '@edu/shared/messages';
import { SHARE_MSG } from '@edu/shared/share-links';
import { STUDENT_MSG, STUDENT_QUESTIONS_PER_HOUR, type StudentUnit } from '@edu/shared/student';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/seed';
import { accessEvents, itemContents, itemFeedbacks, items, providers, rents, sellers, studentQuestions, unitVotes, users } from '../src/db/schema';
import { shareLinkSecret, signToken } from '../src/modules/delivery/share-links.service';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildSubject } from './factories';

type Mode = 'ok' | 'error' | 'hang';
/** A fake chat-completions server: answers according to `mode` and remembers the messages it was sent. */
function fakeAi() {
  const state = { mode: 'ok' as Mode, seen: [] as { role: string; content: string }[][] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      state.seen.push((JSON.parse(raw || '{}') as { messages: { role: string; content: string }[] }).messages);
      if (state.mode === 'hang') return;
      res.setHeader('content-type', 'application/json');
      if (state.mode === 'error') {
        res.statusCode = 500;
        return res.end('{}');
      }
      res.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: '  O coeficiente angular é a taxa de variação.  ' } }] }));
    });
  });
  return {
    state,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const fake = fakeAi();
let t: TestApp;
let sellerToken: string;
const ids = { seller: 0, provider: 0, rent: 0, itemA: 0, contentA: 0, itemB: 0, contentB: 0, subject: 0 };

const createLink = async (kind: 'unit' | 'subject', id: number, payload: object = {}) => {
  const res = await call(t.app, 'POST', `/api/sellers/share-links/${kind}/${id}`, { token: sellerToken, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
};
/** `POST /student/identify` on a link that names no student. */
const identify = (link: string, studentId: unknown) => call(t.app, 'POST', '/api/student/identify', { headers: { 'x-student-link': link }, payload: { studentId } as object });
/** The student token of `student` on `link` (identified once per pair), or the link alone. */
const tokens = new Map<string, string>();
const headersOf = async (link: string, student?: string): Promise<Record<string, string>> => {
  if (student === undefined) return { 'x-student-link': link };
  const pair = JSON.stringify([link, student]);
  if (!tokens.has(pair)) {
    const res = await identify(link, student);
    expect(res.statusCode, res.body).toBe(200);
    tokens.set(pair, res.json<{ token: string }>().token);
  }
  return { 'x-student-link': link, 'x-student-token': tokens.get(pair)! };
};
const open = async (link: string, contentId: number, student?: string) => call(t.app, 'GET', `/api/student/units/${contentId}`, { headers: await headersOf(link, student) });
const vote = async (link: string, contentId: number, stars: unknown, student?: string) =>
  call(t.app, 'PUT', `/api/student/units/${contentId}/vote`, { headers: await headersOf(link, student), payload: { stars } as object });
const feedback = async (link: string, fields: Record<string, unknown>, student?: string) =>
  call(t.app, 'POST', '/api/student/feedback', {
    headers: await headersOf(link, student),
    payload: { itemFeedback: { unit_id: ids.contentA, error_type: PROBLEM_CATEGORIES[0], error_description: 'O vídeo não abre no celular.', ...fields } },
  });
const ask = async (link: string, question: unknown, student?: string, unitId = ids.contentA) =>
  call(t.app, 'POST', '/api/student/ai/question', { headers: await headersOf(link, student), payload: { unitId, question } as object });

const eventsOf = (studentId: string) =>
  t.deps.db.select().from(accessEvents).where(and(eq(accessEvents.sellerId, ids.seller), eq(accessEvents.studentId, studentId)));
const ratingOf = async (itemId: number) => {
  const [row] = await t.deps.db.select({ sum: items.ratingSum, count: items.ratingCount }).from(items).where(eq(items.id, itemId));
  return row!;
};

beforeAll(async () => {
  const baseUrl = await fake.start();
  t = await createTestApp({ env: { AI_BASE_URL: baseUrl, AI_API_KEY: 'k', AI_MODEL: 'fake-model', AI_TIMEOUT_MS: '400' } });
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  ids.seller = seller!.id!;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.provider = provider!.id;
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, ids.seller), eq(rents.providerId, ids.provider), eq(rents.status, 'active')));
  ids.rent = rent!.id;
  const published = await db
    .select({ item: items.id, content: items.publishedContentId, title: itemContents.title })
    .from(items)
    .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
    .where(and(eq(items.providerId, ids.provider), isNotNull(items.publishedContentId)));
  const a = published.find((p) => p.title === DEMO_PUBLISHED_UNIT_TITLE)!;
  const b = published.find((p) => p.item !== a.item)!;
  Object.assign(ids, { itemA: a.item, contentA: a.content!, itemB: b.item, contentB: b.content! });
  ids.subject = await buildSubject(db, { sellerId: ids.seller, name: 'Funções' }, [
    { itemId: ids.itemB, contentId: ids.contentB },
    { itemId: ids.itemA, contentId: ids.contentA },
  ]);
  sellerToken = await signIn(t.app, 'seller');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake.stop();
});

describe('opening a unit', () => {
  it('answers the unit the link pins and records ONE access event per opening (source link)', async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-42' });
    const res = await open(link, ids.contentA);
    expect(res.statusCode, res.body).toBe(200);
    const unit = res.json<StudentUnit>();
    expect(unit).toMatchObject({ id: ids.contentA, itemId: ids.itemA, title: DEMO_PUBLISHED_UNIT_TITLE, myVote: null, provider: { name: 'Editora Horizonte Educacional' } });
    expect(unit.topics.length).toBeGreaterThan(0);
    // What students do not get: the staff's classification and the question bank.
    expect(unit).not.toHaveProperty('tags');
    expect(unit).not.toHaveProperty('questions');
    const events = await eventsOf('aluno-42');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ itemId: ids.itemA, itemContentId: ids.contentA, providerId: ids.provider, source: 'link' });
    expect((await open(link, ids.contentA)).statusCode).toBe(200);
    expect(await eventsOf('aluno-42')).toHaveLength(2);
  });

  it('a link that names no student needs the student token of the identifier the student typed, kept as sent (an e-mail in lower case)', async () => {
    const link = await createLink('unit', ids.itemA);
    const missing = await open(link, ids.contentA);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(STUDENT_MSG.tokenRequired);
    for (const [typed, message] of [
      [undefined, STUDENT_MSG.identityRequired],
      ['   ', STUDENT_MSG.identityRequired],
      ['x'.repeat(201), STUDENT_MSG.identityInvalid],
      ['lti:1:42', STUDENT_MSG.identityReserved],
    ] as const) {
      const refused = await identify(link, typed);
      expect(refused.statusCode, String(typed)).toBe(400);
      expect(refused.json().message).toBe(message);
    }
    const ana = await identify(link, '  Ana.Souza@Escola.EDU.br ');
    expect(ana.statusCode, ana.body).toBe(200);
    expect(ana.json()).toMatchObject({ studentId: 'ana.souza@escola.edu.br' });
    expect((await open(link, ids.contentA, '  Ana.Souza@Escola.EDU.br ')).statusCode).toBe(200);
    expect(await eventsOf('ana.souza@escola.edu.br')).toHaveLength(1);
    expect((await open(link, ids.contentA, 'João 2024')).statusCode).toBe(200);
    expect(await eventsOf('João 2024')).toHaveLength(1);
    // A link that names its student needs no token, ignores one, and has nobody to identify.
    const named = await createLink('unit', ids.itemA, { studentId: 'aluno-7' });
    const otherToken = (await headersOf(link, 'outro'))['x-student-token']!;
    expect((await call(t.app, 'GET', `/api/student/units/${ids.contentA}`, { headers: { 'x-student-link': named, 'x-student-token': otherToken } })).statusCode).toBe(200);
    expect(await eventsOf('aluno-7')).toHaveLength(1);
    expect(await eventsOf('outro')).toHaveLength(0);
    const needless = await identify(named, 'outro');
    expect(needless.statusCode).toBe(400);
    expect(needless.json().message).toBe(STUDENT_MSG.identityNamed);
  });

  it('a subject link opens its units (the versions the subject pins) and no other', async () => {
    const link = await createLink('subject', ids.subject);
    const verify = await call(t.app, 'GET', '/api/student/link/verify', { query: { token: link } });
    expect(verify.json().units.map((u: { itemContentId: number }) => u.itemContentId)).toEqual([ids.contentB, ids.contentA]);
    expect((await open(link, ids.contentB, 'aluno-s')).statusCode).toBe(200);
    expect((await open(link, ids.contentA, 'aluno-s')).statusCode).toBe(200);
    const [other] = await t.deps.db
      .select({ content: items.publishedContentId })
      .from(items)
      .where(and(eq(items.providerId, ids.provider), isNotNull(items.publishedContentId)))
      .orderBy(desc(items.id))
      .limit(1);
    const outside = other!.content === ids.contentA || other!.content === ids.contentB ? 999_999 : other!.content!;
    const refused = await open(link, outside, 'aluno-s');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(STUDENT_MSG.notInLink);
    expect(await eventsOf('aluno-s')).toHaveLength(2);
  });
});

describe('the link is the only credential, verified on every call', () => {
  it('a token for unit A opens neither unit B nor any other route of the API', async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-a' });
    const other = await open(link, ids.contentB);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(STUDENT_MSG.notInLink);
    expect((await vote(link, ids.contentB, 5)).statusCode).toBe(404);
    expect((await feedback(link, { unit_id: ids.contentB })).statusCode).toBe(404);
    expect((await ask(link, 'O que é?', undefined, ids.contentB)).statusCode).toBe(404);
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', `/api/items/item/catalogue/${ids.contentA}`],
      ['GET', `/api/items/item/content/find/${ids.contentB}`],
      ['GET', '/api/items/item/feedback'],
      ['GET', '/api/sellers/subjects/seller/1'],
      ['POST', `/api/sellers/share-links/unit/${ids.itemA}`],
    ] as const) {
      const res = await call(t.app, method, url, { headers: await headersOf(link), payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await eventsOf('aluno-a')).toHaveLength(0);
  });

  it('a session is not a student: the student-only routes refuse signed-in users (403) and calls without a link (401)', async () => {
    const bySession = await call(t.app, 'GET', `/api/student/units/${ids.contentA}`, { token: sellerToken });
    expect(bySession.statusCode).toBe(403);
    expect(bySession.json().message).toBe(MSG.forbidden);
    expect((await call(t.app, 'GET', `/api/student/units/${ids.contentA}`)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', `/api/student/units/${ids.contentA}/vote`, { payload: { stars: 3 } })).statusCode).toBe(401);
  });

  it('refuses a forged or altered link (400), an expired one (410), one revoked by a new LMS key (403) and one whose rental ended (403), on every route', async () => {
    const db = t.deps.db;
    const secret = shareLinkSecret(t.deps.config);
    const good = await createLink('unit', ids.itemA, { studentId: 'aluno-r' });
    const [body, signature] = good.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    const altered = `${Buffer.from(JSON.stringify({ ...payload, i: ids.itemB })).toString('base64url')}.${signature}`;
    const forged = signToken(Buffer.alloc(32, 7), payload);
    const expired = signToken(secret, { ...payload, e: Math.floor(Date.now() / 1000) - 1 });
    const everyRoute = (link: string) => [
      open(link, ids.contentA),
      vote(link, ids.contentA, 4),
      feedback(link, {}),
      ask(link, 'O que é uma função?'),
    ];
    const expectRefused = async (link: string, status: number, message: string) => {
      for (const res of await Promise.all(everyRoute(link))) {
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().message).toBe(message);
      }
    };
    for (const bad of [altered, forged, `${body}.${signature.slice(0, -3)}`, 'abc', '']) await expectRefused(bad, 400, SHARE_MSG.invalid);
    await expectRefused(expired, 410, SHARE_MSG.expired);

    // The rental is canceled: the link stops at once, and works again when the rent is active.
    await db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    try {
      await expectRefused(good, 403, SHARE_MSG.unavailable);
    } finally {
      await db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    }
    expect((await open(good, ids.contentA)).statusCode).toBe(200);

    // A new LMS key revokes every older link.
    const key = await call(t.app, 'PUT', '/api/sellers/lms/key', { token: sellerToken, payload: { id: ids.seller } });
    expect(key.statusCode, key.body).toBe(200);
    await expectRefused(good, 403, SHARE_MSG.revoked);

    // Nothing was recorded for the refused calls: one opening (the one that passed), no vote, no report, no question.
    expect(await eventsOf('aluno-r')).toHaveLength(1);
    expect(await db.select().from(unitVotes).where(eq(unitVotes.studentId, 'aluno-r'))).toHaveLength(0);
    expect(await db.select().from(itemFeedbacks).where(eq(itemFeedbacks.studentId, 'aluno-r'))).toHaveLength(0);
    expect(await db.select().from(studentQuestions).where(eq(studentQuestions.studentId, 'aluno-r'))).toHaveLength(0);
  });

  it('a suspended institution opens nothing', async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-s2' });
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.seller));
    try {
      const res = await open(link, ids.contentA);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_MSG.unavailable);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.seller));
    }
  });
});

describe('the star vote', () => {
  it('one vote per student and unit: voting again changes it; the catalogue rating follows', async () => {
    const link = await createLink('unit', ids.itemA);
    const before = await ratingOf(ids.itemA);
    const first = await vote(link, ids.contentA, 4, 'votante-1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ stars: 4, message: STUDENT_MSG.voteSaved });
    expect(await ratingOf(ids.itemA)).toEqual({ sum: before.sum + 4, count: before.count + 1 });

    const changed = await vote(link, ids.contentA, 2, 'votante-1');
    expect(changed.json()).toEqual({ stars: 2, message: STUDENT_MSG.voteChanged });
    expect(await ratingOf(ids.itemA)).toEqual({ sum: before.sum + 2, count: before.count + 1 });
    expect((await open(link, ids.contentA, 'votante-1')).json<StudentUnit>().myVote).toBe(2);

    expect((await vote(link, ids.contentA, 5, 'votante-2')).statusCode).toBe(200);
    expect(await ratingOf(ids.itemA)).toEqual({ sum: before.sum + 7, count: before.count + 2 });
    const rows = await t.deps.db.select().from(unitVotes).where(and(eq(unitVotes.itemId, ids.itemA), eq(unitVotes.studentId, 'votante-1')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sellerId: ids.seller, itemContentId: ids.contentA, stars: 2 });
  });

  it('refuses stars outside 1–5, fractions and text (400 with the pt-BR message); nothing changes', async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'votante-3' });
    for (const stars of [0, 6, 2.5, '5', null, undefined]) {
      const res = await vote(link, ids.contentA, stars);
      expect(res.statusCode, String(stars)).toBe(400);
      expect(res.json().message).toBe(STUDENT_MSG.starsInvalid);
    }
    expect(await t.deps.db.select().from(unitVotes).where(eq(unitVotes.studentId, 'votante-3'))).toHaveLength(0);
  });
});

describe('POST /student/feedback', () => {
  it("stores a student's problem report and free-text feedback with the institution and the student; the report lists both", async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-fb' });
    const report = await feedback(link, { error_type: 'Erros de ortografia', error_description: '  "Funsão" no tópico 1.  ' });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toEqual({ message: FEEDBACK_MSG.reported });
    const free = await feedback(link, { error_type: STUDENT_FEEDBACK_TYPE, error_description: 'Gostei muito dos exemplos!' });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toEqual({ message: FEEDBACK_MSG.sent });

    const rows = await t.deps.db.select().from(itemFeedbacks).where(eq(itemFeedbacks.studentId, 'aluno-fb')).orderBy(itemFeedbacks.id);
    expect(rows.map((r) => [r.errorType, r.errorDescription, r.sellerId, r.reporterId, r.itemContentId, r.unitName])).toEqual([
      ['Erros de ortografia', '"Funsão" no tópico 1.', ids.seller, null, ids.contentA, DEMO_PUBLISHED_UNIT_TITLE],
      [STUDENT_FEEDBACK_TYPE, 'Gostei muito dos exemplos!', ids.seller, null, ids.contentA, DEMO_PUBLISHED_UNIT_TITLE],
    ]);
    const admin = await signIn(t.app, 'admin');
    const page = (await call(t.app, 'GET', '/api/items/item/feedback', { token: admin })).json<{ data: FeedbackRow[] }>();
    expect(page.data.slice(0, 2).map((r) => [r.error_type, r.error_description, r.status])).toEqual([
      [STUDENT_FEEDBACK_TYPE, 'Gostei muito dos exemplos!', 'created'],
      ['Erros de ortografia', '"Funsão" no tópico 1.', 'created'],
    ]);
  });

  it('refuses bad input with the pt-BR messages', async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-fb2' });
    expect((await feedback(link, { error_type: 'Outro' })).statusCode).toBe(400);
    const empty = await feedback(link, { error_description: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.required);
    expect((await feedback(link, { student_id: 'aluno-x' })).statusCode).toBe(400);
    expect(await t.deps.db.select().from(itemFeedbacks).where(eq(itemFeedbacks.studentId, 'aluno-fb2'))).toHaveLength(0);
  });

  it("a signed-in reader's problem report still works with the session; the students' free-text type is theirs only", async () => {
    const provider = await signIn(t.app, 'provider');
    const body = (fields: object) => ({ itemFeedback: { unit_id: ids.contentA, error_type: PROBLEM_CATEGORIES[2], error_description: 'Texto e vídeo diferentes.', student_id: null, ...fields } });
    const res = await call(t.app, 'POST', '/api/student/feedback', { token: provider, payload: body({}) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: FEEDBACK_MSG.reported });
    const [row] = await t.deps.db.select().from(itemFeedbacks).orderBy(desc(itemFeedbacks.id)).limit(1);
    expect(row).toMatchObject({ errorType: PROBLEM_CATEGORIES[2], sellerId: null, studentId: null });
    expect(row!.reporterId).not.toBeNull();
    const free = await call(t.app, 'POST', '/api/student/feedback', { token: provider, payload: body({ error_type: STUDENT_FEEDBACK_TYPE }) });
    expect(free.statusCode).toBe(400);
    expect(free.json().message).toBe(FEEDBACK_MSG.studentOnly);
    expect((await call(t.app, 'POST', '/api/student/feedback', { payload: body({}) })).statusCode).toBe(401);
  });
});

describe('POST /student/ai/question', () => {
  it("answers through the configured model from the unit's own text, in pt-BR", async () => {
    fake.state.mode = 'ok';
    fake.state.seen = [];
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-ia' });
    const res = await ask(link, '  O que é o coeficiente angular?  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ answer: 'O coeficiente angular é a taxa de variação.', remaining: STUDENT_QUESTIONS_PER_HOUR - 1 });
    const [system, user] = fake.state.seen[0]!;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('SOMENTE com base no texto da unidade');
    expect(system!.content).toContain('português do Brasil');
    expect(system!.content).toContain('não aborda esse assunto');
    expect(user!.content).toContain(`Título: ${DEMO_PUBLISHED_UNIT_TITLE}`);
    expect(user!.content).toContain('O que é o coeficiente angular?');
    // Stored for the limit, with the link's signature.
    const [row] = await t.deps.db.select().from(studentQuestions).where(eq(studentQuestions.studentId, 'aluno-ia'));
    expect(row).toMatchObject({ sellerId: ids.seller, itemContentId: ids.contentA, question: 'O que é o coeficiente angular?', linkId: link.split('.')[1] });
  });

  it(`allows ${STUDENT_QUESTIONS_PER_HOUR} questions per student and link an hour, then 429 with the pt-BR message`, async () => {
    fake.state.mode = 'ok';
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-limite' });
    for (let i = 0; i < STUDENT_QUESTIONS_PER_HOUR; i++) expect((await ask(link, `Pergunta ${i}`)).statusCode).toBe(200);
    const refused = await ask(link, 'Mais uma?');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(STUDENT_MSG.aiRateLimited);
    // Another student on the same (anonymous) link, and the same student on another link, have their own limits.
    const anonymous = await createLink('unit', ids.itemA);
    for (let i = 0; i < STUDENT_QUESTIONS_PER_HOUR; i++) expect((await ask(anonymous, `P${i}`, 'aluno-a1')).statusCode).toBe(200);
    expect((await ask(anonymous, 'P', 'aluno-a1')).statusCode).toBe(429);
    expect((await ask(anonymous, 'P', 'aluno-a2')).statusCode).toBe(200);
    // An hour later the questions no longer count.
    await t.deps.db.execute(`update student_questions set created_at = now() - interval '61 minutes' where student_id = 'aluno-limite'`);
    expect((await ask(link, 'Depois de uma hora')).statusCode).toBe(200);
  });

  it('refuses an empty question (400) and says so when the model fails (502), times out (504) or is not configured (503)', async () => {
    const link = await createLink('unit', ids.itemA, { studentId: 'aluno-falha' });
    const empty = await ask(link, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(STUDENT_MSG.aiRequired);
    expect((await ask(link, 'x'.repeat(1001))).statusCode).toBe(400);
    fake.state.mode = 'error';
    const failed = await ask(link, 'Pergunta?');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(STUDENT_MSG.aiFail);
    fake.state.mode = 'hang';
    const slow = await ask(link, 'Pergunta?');
    expect(slow.statusCode).toBe(504);
    expect(slow.json().message).toBe(STUDENT_MSG.aiTimeout);
    fake.state.mode = 'ok';
    const config = t.deps.config as { AI_BASE_URL: string };
    const saved = config.AI_BASE_URL;
    config.AI_BASE_URL = '';
    try {
      const off = await ask(link, 'Pergunta?');
      expect(off.statusCode).toBe(503);
      expect(off.json().message).toBe(STUDENT_MSG.aiUnavailable);
    } finally {
      config.AI_BASE_URL = saved;
    }
  });
});

describe('per-address limits of the student routes', () => {
  it('RATE_LIMIT_STUDENT openings per address a minute, then 429 in pt-BR and no access recorded; AI questions have their own hourly limit', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_STUDENT: '2', RATE_LIMIT_STUDENT_AI: '1', AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'm' } });
    try {
      const token = await signIn(limited.app, 'seller');
      const res = await call(limited.app, 'POST', `/api/sellers/share-links/unit/${ids.itemA}`, { token, payload: { studentId: 'limite-1' } });
      const link = res.json<{ token: string }>().token;
      const openHere = async () => call(limited.app, 'GET', `/api/student/units/${ids.contentA}`, { headers: await headersOf(link) });
      expect((await openHere()).statusCode).toBe(200);
      expect((await openHere()).statusCode).toBe(200);
      const refused = await openHere();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(MSG.tooManyAttempts);
      const recorded = await limited.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, 'limite-1'));
      expect(recorded).toHaveLength(2);
      // The AI question's bucket is its own: the first is let through (and fails at the unreachable model), the second is refused.
      const askHere = async () => call(limited.app, 'POST', '/api/student/ai/question', { headers: await headersOf(link), payload: { unitId: ids.contentA, question: 'O que é?' } });
      expect((await askHere()).statusCode).not.toBe(429);
      expect((await askHere()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
