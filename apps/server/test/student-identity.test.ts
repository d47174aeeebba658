/**
 * One student, one voice: on a share link that names no student, a student is who a student token says
 * (`POST /student/identify`, student-auth.ts), never a bare identifier; new identities per client address and link are
 * limited (RATE_LIMIT_STUDENT_IDENTITIES an hour), so one person cannot vote, rate or ask the AI as many invented
 * students; a class behind one school address still gets in. Links naming the student need no token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { PROBLEM_CATEGORIES } from '@edu/shared/feedback';
import { STUDENT_MSG, STUDENT_QUESTIONS_PER_HOUR, STUDENT_TOKEN_DAYS, type IdentifyReply } from '@edu/shared/student';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/seed';
import { accessEvents, itemContents, itemFeedbacks, items, providers, studentQuestions, unitVotes } from '../src/db/schema';
import { seal, shareLinkSecret, signToken } from '../src/modules/delivery/share-links.service';
import { studentTokenKey } from '../src/modules/student/student-auth';
import { call, createTestApp, signIn, type TestApp } from './harness';

let t: TestApp;
let sellerToken: string;
const ids = { item: 0, content: 0 };
const SCHOOL = '203.0.113.10';

const createLink = async (payload: object = {}) => {
  const res = await call(t.app, 'POST', `/api/sellers/share-links/unit/${ids.item}`, { token: sellerToken, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
};
/**
 * A link to the unit that names no student, of its own: the permanent link of a unit is always the same token, so each
 * test signs one with its own (distant) expiry, as the server would.
 */
let linkCount = 0;
const freshLink = async () => {
  const payload = JSON.parse(Buffer.from((await createLink()).split('.')[0]!, 'base64url').toString()) as Parameters<typeof signToken>[1];
  return signToken(shareLinkSecret(t.deps.config), { ...payload, e: Math.floor(Date.now() / 1000) + 365 * 86_400 + ++linkCount });
};
/** Another valid link to the same unit (pinned to its version): another signature. */
const pinnedLinkOf = (link: string) => {
  const payload = JSON.parse(Buffer.from(link.split('.')[0]!, 'base64url').toString()) as Parameters<typeof signToken>[1];
  return signToken(shareLinkSecret(t.deps.config), { ...payload, c: ids.content });
};
const identify = (link: string, studentId: string, address = SCHOOL) =>
  t.app.inject({ method: 'POST', url: '/api/student/identify', remoteAddress: address, headers: { 'x-student-link': link }, payload: { studentId } });
const tokenOf = async (link: string, studentId: string) => {
  const res = await identify(link, studentId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IdentifyReply>().token;
};
const as = (link: string, token?: string, extra: Record<string, string> = {}) => ({ 'x-student-link': link, ...(token ? { 'x-student-token': token } : {}), ...extra });
const open = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/student/units/${ids.content}`, remoteAddress: SCHOOL, headers });
const vote = (headers: Record<string, string>, stars = 5) =>
  t.app.inject({ method: 'PUT', url: `/api/student/units/${ids.content}/vote`, remoteAddress: SCHOOL, headers, payload: { stars } });
const feedback = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST', url: '/api/student/feedback', remoteAddress: SCHOOL, headers,
    payload: { itemFeedback: { unit_id: ids.content, error_type: PROBLEM_CATEGORIES[0], error_description: 'Não abre.' } },
  });
const ask = (headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/student/ai/question', remoteAddress: SCHOOL, headers, payload: { unitId: ids.content, question: 'O que é?' } });
const ratingCount = async () => (await t.deps.db.select({ count: items.ratingCount }).from(items).where(eq(items.id, ids.item)))[0]!.count;
const config = () => t.deps.config as { RATE_LIMIT_STUDENT_IDENTITIES: number };
/** Runs `work` with RATE_LIMIT_STUDENT_IDENTITIES at `max`. */
async function withLimit<T>(max: number, work: () => Promise<T>): Promise<T> {
  const saved = config().RATE_LIMIT_STUDENT_IDENTITIES;
  config().RATE_LIMIT_STUDENT_IDENTITIES = max;
  try {
    return await work();
  } finally {
    config().RATE_LIMIT_STUDENT_IDENTITIES = saved;
  }
}

beforeAll(async () => {
  // A model that never answers: a question still counts once accepted (then 502).
  t = await createTestApp({ env: { AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'm', AI_TIMEOUT_MS: '2000' } });
  const [provider] = await t.deps.db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  const [unit] = await t.deps.db
    .select({ item: items.id, content: items.publishedContentId })
    .from(items)
    .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
    .where(and(eq(items.providerId, provider!.id), isNotNull(items.publishedContentId), eq(itemContents.title, DEMO_PUBLISHED_UNIT_TITLE)));
  Object.assign(ids, { item: unit!.item, content: unit!.content! });
  sellerToken = await signIn(t.app, 'seller');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('new identities per address and link', () => {
  it('a class of 40 behind one school address identifies at once on one link and every student votes (default limit)', async () => {
    expect(t.deps.config.RATE_LIMIT_STUDENT_IDENTITIES).toBe(60);
    const link = await freshLink();
    const before = await ratingCount();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => identify(link, `turma-${i}@escola.br`)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(40).fill(200));
    for (const res of answers) expect((await vote(as(link, res.json<IdentifyReply>().token), 4)).statusCode).toBe(200);
    expect(await ratingCount()).toBe(before + 40);
  });

  it('30 invented students from one address on one link: only the limit gets a token, and the rating count stays bounded', async () => {
    await withLimit(5, async () => {
      const link = await freshLink();
      const before = await ratingCount();
      const answers = [];
      for (let i = 0; i < 30; i++) answers.push(await identify(link, `inventado-${i}`));
      expect(answers.map((r) => r.statusCode)).toEqual([...Array(5).fill(200), ...Array(25).fill(429)]);
      expect(answers[5]!.json().message).toBe(STUDENT_MSG.identityTooMany);
      for (const res of answers.slice(0, 5)) expect((await vote(as(link, res.json<IdentifyReply>().token))).statusCode).toBe(200);
      // The refused ones cannot vote with their bare identifier either.
      expect((await vote(as(link, undefined, { 'x-student-id': 'inventado-9' }))).statusCode).toBe(400);
      expect(await ratingCount()).toBe(before + 5);

      // Asking again for a refused identity is still refused; a student this address already took identifies again freely.
      expect((await identify(link, 'inventado-9')).statusCode).toBe(429);
      const again = await identify(link, 'inventado-2');
      expect(again.statusCode, again.body).toBe(200);
      expect((await vote(as(link, again.json<IdentifyReply>().token), 1)).statusCode).toBe(200);
      expect(await ratingCount()).toBe(before + 5);
      // The limit is per address and link: another address, or another link from this address, has its own.
      expect((await identify(link, 'inventado-9', '198.51.100.7')).statusCode).toBe(200);
      expect((await identify(pinnedLinkOf(link), 'inventado-9')).statusCode).toBe(200);
    });
  });

  it('at once, too: 30 parallel invented students on a fresh link get exactly the limit of tokens', async () => {
    await withLimit(5, async () => {
      const fresh = await freshLink();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => identify(fresh, `paralelo-${i}`)));
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(25);
    });
  });

  it('at the limit, the same new student asked many times at once gets no token (the refused request is not undone by the others)', async () => {
    await withLimit(5, async () => {
      const fresh = await freshLink();
      for (let i = 0; i < 5; i++) expect((await identify(fresh, `cheio-${i}`)).statusCode).toBe(200);
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all(Array.from({ length: 10 }, () => identify(fresh, `corrida-${round}`)));
        expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(429));
      }
      // One already taken stays free at once, however many ask.
      const again = await Promise.all(Array.from({ length: 10 }, () => identify(fresh, 'cheio-0')));
      expect(again.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    });
  });

  it('the AI limit per student and link cannot be dodged by inventing students', async () => {
    await withLimit(2, async () => {
      const link = await freshLink();
      for (const student of ['curioso-1', 'curioso-2']) {
        const token = await tokenOf(link, student);
        for (let i = 0; i < STUDENT_QUESTIONS_PER_HOUR; i++) expect((await ask(as(link, token))).statusCode).not.toBe(429);
        const over = await ask(as(link, token));
        expect(over.statusCode).toBe(429);
        expect(over.json().message).toBe(STUDENT_MSG.aiRateLimited);
      }
      expect((await identify(link, 'curioso-3')).statusCode).toBe(429);
      expect((await ask(as(link, undefined, { 'x-student-id': 'curioso-3' }))).statusCode).toBe(400);
      const asked = await t.deps.db.select().from(studentQuestions).where(eq(studentQuestions.linkId, link.split('.')[1]!));
      expect(asked).toHaveLength(2 * STUDENT_QUESTIONS_PER_HOUR);
    });
  });
});

describe('the student token', () => {
  it('a bare x-student-id opens, votes, reports and asks nothing (400, identify first); nothing is recorded', async () => {
    const link = await freshLink();
    const bare = as(link, undefined, { 'x-student-id': 'sem-token' });
    for (const res of [await open(bare), await vote(bare), await feedback(bare), await ask(bare)]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'STUDENT_TOKEN_REQUIRED', message: STUDENT_MSG.tokenRequired });
    }
    const db = t.deps.db;
    expect(await db.select().from(accessEvents).where(eq(accessEvents.studentId, 'sem-token'))).toHaveLength(0);
    expect(await db.select().from(unitVotes).where(eq(unitVotes.studentId, 'sem-token'))).toHaveLength(0);
    expect(await db.select().from(itemFeedbacks).where(eq(itemFeedbacks.studentId, 'sem-token'))).toHaveLength(0);
    expect(await db.select().from(studentQuestions).where(eq(studentQuestions.studentId, 'sem-token'))).toHaveLength(0);
  });

  it("refuses another link's token, an altered or forged one and an expired one, on every route", async () => {
    const link = await freshLink();
    const other = pinnedLinkOf(link);
    const good = await tokenOf(link, 'aluna-token');
    const [body, signature] = good.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { l: string; st: string; iat: number; e: number };
    const key = studentTokenKey(t.deps.config);
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, string, string][] = [
      ["another link's", await tokenOf(other, 'aluna-token'), 'STUDENT_TOKEN_INVALID'],
      ['altered signature', `${body}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`, 'STUDENT_TOKEN_INVALID'],
      ['altered student', `${Buffer.from(JSON.stringify({ ...payload, st: 'outra-pessoa' })).toString('base64url')}.${signature}`, 'STUDENT_TOKEN_INVALID'],
      ["signed with the links' own secret", seal(shareLinkSecret(t.deps.config), payload), 'STUDENT_TOKEN_INVALID'],
      ['the link itself', link, 'STUDENT_TOKEN_INVALID'],
      ['too long', 'x'.repeat(5000), 'STUDENT_TOKEN_INVALID'],
      ['expired', seal(key, { ...payload, e: now - 1 }), 'STUDENT_TOKEN_EXPIRED'],
    ];
    for (const [name, token, code] of cases) {
      const headers = as(link, token);
      for (const res of [await open(headers), await vote(headers), await feedback(headers), await ask(headers)]) {
        expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
        expect(res.json().code, name).toBe(code);
        expect(res.json().message).toBe(code === 'STUDENT_TOKEN_EXPIRED' ? STUDENT_MSG.tokenExpired : STUDENT_MSG.tokenInvalid);
      }
    }
    expect(await t.deps.db.select().from(unitVotes).where(eq(unitVotes.studentId, 'outra-pessoa'))).toHaveLength(0);
    // The good one works, and names its student.
    expect((await open(as(link, good))).statusCode).toBe(200);
    expect(await t.deps.db.select().from(accessEvents).where(eq(accessEvents.studentId, 'aluna-token'))).toHaveLength(1);
  });

  it(`lasts ${STUDENT_TOKEN_DAYS} days, never past its link's expiry`, async () => {
    const link = await createLink();
    const permanent = (await identify(link, 'aluna-prazo')).json<IdentifyReply>();
    expect(Math.abs(Date.parse(permanent.expiresAt) - (Date.now() + STUDENT_TOKEN_DAYS * 86_400_000))).toBeLessThan(60_000);
    const payload = JSON.parse(Buffer.from(link.split('.')[0]!, 'base64url').toString()) as Parameters<typeof signToken>[1];
    const ends = Math.floor(Date.now() / 1000) + 3600;
    const temporary = signToken(shareLinkSecret(t.deps.config), { ...payload, e: ends });
    expect((await identify(temporary, 'aluna-prazo')).json<IdentifyReply>().expiresAt).toBe(new Date(ends * 1000).toISOString());
  });
});

describe('links that name the student', () => {
  it('need no token and have nobody to identify', async () => {
    const link = await createLink({ studentId: 'matricula-99' });
    const before = await ratingCount();
    expect((await open(as(link))).statusCode).toBe(200);
    expect((await vote(as(link), 3)).statusCode).toBe(200);
    expect(await ratingCount()).toBe(before + 1);
    const refused = await identify(link, 'outra');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STUDENT_MSG.identityNamed);
  });
});
