/**
 * Many writers on one row at once (PostgreSQL only: the embedded database has one connection, so nothing there runs
 * at the same time). Each path gets N ≥ 20 simultaneous calls through the real app — `app.inject` calls in
 * Promise.all, which reach the handlers together and take separate connections of the pool (the first test checks
 * that more than one was in use) — and every answer must be a 2xx or the documented 409/404, with exact totals
 * afterwards: the unit's rating equals its votes, a cart item and a rent exist once, a course's positions are
 * 0..n-1, a rate-limit window counts every hit, and every replay of a finished idempotency key answers its result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { IDEMPOTENCY_REPLAYED_HEADER } from '@edu/shared/contract';
import { MSG } from '@edu/shared/messages';
import { RENT_MSG } from '@edu/shared/rent-machine';
import { STUDENT_LINK_HEADER, STUDENT_MSG } from '@edu/shared/student';
import { COURSE_MSG } from '@edu/shared/courses';
import { SUBJECT_MSG } from '@edu/shared/subjects';
import { DEMO_PUBLISHED_UNIT_TITLE } from '../src/demo/seed';
import { accessEvents, cartItems, courseSubjects, curriculumImports, itemContents, items, knowledgeAreas, lmsItems, paymentRequests, plans, rents, subjectItems, subjects, unitVotes, users } from '../src/db/schema';
import { auditLogs, idempotencyKeys } from '../src/platform/platform.tables';
import { registerErrorHandler } from '../src/platform/errors';
import { isConcurrencyFailure } from '../src/platform/pg-errors';
import { unitLifecycle } from '../src/modules/units/lifecycle';
import { call, createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './harness';
import { buildInstitution, buildUser } from './factories';
import { buildUnitPayload } from './factories';

const postgres = !!process.env.DATABASE_URL;
/** Writers per path. */
const N = 40;
/** The forgot-password limit of this file's app: N calls from one address, this many pass. */
const FORGOT_LIMIT = 25;

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { seller: 0, provider: 0, item: 0, content: 0, buyer: 0, area: 0 };

const codesOf = (answers: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.statusCode] = (counts[a.statusCode] ?? 0) + 1;
  return counts;
};
const bodiesOf = (answers: LightMyRequestResponse[]) => answers.map((a) => `${a.statusCode} ${a.body}`).join('\n');

/** Runs `calls` at once and answers them with the most pool connections that were busy at one moment. */
async function together<T>(calls: (() => Promise<T>)[]): Promise<{ answers: T[]; busiest: number }> {
  let busiest = 0;
  let done = false;
  const watch = () => {
    const s = t.deps.database.poolStats();
    if (s) busiest = Math.max(busiest, s.total - s.idle);
    if (!done) setImmediate(watch);
  };
  watch();
  try {
    return { answers: await Promise.all(calls.map((c) => c())), busiest };
  } finally {
    done = true;
  }
}

const ratingOf = async (itemId: number) => {
  const [row] = await t.deps.db.select({ sum: items.ratingSum, count: items.ratingCount }).from(items).where(eq(items.id, itemId));
  return row!;
};
const votesOf = async (itemId: number) => {
  const [row] = await t.deps.db.select({ sum: sql<number>`coalesce(sum(${unitVotes.stars}), 0)::int`, count: sql<number>`count(*)::int` }).from(unitVotes).where(eq(unitVotes.itemId, itemId));
  return row!;
};

beforeAll(async () => {
  if (!postgres) return;
  t = await createTestApp({ env: { RATE_LIMIT_FORGOT: String(FORGOT_LIMIT) } });
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  ids.seller = seller!.id!;
  const [unit] = await db
    .select({ item: items.id, content: items.publishedContentId, provider: items.providerId })
    .from(items)
    .innerJoin(itemContents, eq(itemContents.id, items.publishedContentId))
    .where(and(eq(itemContents.title, DEMO_PUBLISHED_UNIT_TITLE), isNotNull(items.publishedContentId)));
  Object.assign(ids, { item: unit!.item, content: unit!.content!, provider: unit!.provider });
  const [area] = await db.select({ id: knowledgeAreas.id }).from(knowledgeAreas).limit(1);
  ids.area = area!.id;
  // An institution of its own for the cart (the demo institution already rents the demo provider), on the plan that
  // prices the demo provider.
  const [ampliado] = await db.select({ id: plans.id }).from(plans).where(eq(plans.name, 'Plano Ampliado'));
  ids.buyer = await buildInstitution(db, { name: 'Faculdade Concorrente', cnpj: '11444777000161', planId: ampliado!.id, status: 'active' });
  for (const [email, type] of [
    ['compras@concorrente.edu.br', 'seller'],
    ['gestor@concorrente.edu.br', 'seller_content_manager'],
  ] as const) {
    await buildUser(db, { name: `Concorrente ${type}`, email, password: DEMO_PASSWORD, type, sellerId: ids.buyer });
  }
  for (const [key, login] of [
    ['seller', 'seller'],
    ['provider', 'provider'],
    ['buyer', 'compras@concorrente.edu.br'],
    ['buyerManager', 'gestor@concorrente.edu.br'],
  ] as const) {
    tok[key] = await signIn(t.app, login);
  }
}, 120_000);
afterAll(async () => t?.close());

describe.skipIf(!postgres)('many writers on one row (PostgreSQL)', () => {
  it(`${N} students vote on one unit at once: every vote answers 200 and the rating counts each one`, async () => {
    // Links that name their student (an LMS launch's way): N students, one each.
    const links: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await call(t.app, 'POST', `/api/sellers/share-links/unit/${ids.item}`, { token: tok.seller, payload: { studentId: `votante-${i}` } });
      expect(res.statusCode, res.body).toBe(200);
      links.push(res.json<{ token: string }>().token);
    }
    const vote = (link: string, stars: number) =>
      call(t.app, 'PUT', `/api/student/units/${ids.content}/vote`, { headers: { [STUDENT_LINK_HEADER]: link }, payload: { stars } });
    const open = (link: string) => call(t.app, 'GET', `/api/student/units/${ids.content}`, { headers: { [STUDENT_LINK_HEADER]: link } });
    const before = await ratingOf(ids.item);

    // First votes, while every student also opens the unit (each opening's insert holds the unit's row as the votes do).
    const first = await together([...links.map((l, i) => () => vote(l, 1 + (i % 5))), ...links.map((l) => () => open(l))]);
    expect(codesOf(first.answers), bodiesOf(first.answers)).toEqual({ 200: 2 * N });
    expect(first.busiest, 'the calls ran on several connections at once').toBeGreaterThan(1);
    for (const a of first.answers.slice(0, N)) expect(a.json().message).toBe(STUDENT_MSG.voteSaved);
    const firstSum = links.reduce((s, _l, i) => s + 1 + (i % 5), 0);
    expect(await ratingOf(ids.item)).toEqual({ sum: before.sum + firstSum, count: before.count + N });
    const opened = await t.deps.db.select({ n: sql<number>`count(*)::int` }).from(accessEvents).where(and(eq(accessEvents.itemId, ids.item), sql`${accessEvents.studentId} like 'votante-%'`));
    expect(opened[0]!.n).toBe(N);

    // Every student changes the vote, and the first student sends 20 more at once: still one vote per student.
    const changes = await together([...links.map((l, i) => () => vote(l, 5 - (i % 5))), ...Array.from({ length: 20 }, () => () => vote(links[0]!, 3))]);
    expect(codesOf(changes.answers), bodiesOf(changes.answers)).toEqual({ 200: N + 20 });
    const rating = await ratingOf(ids.item);
    expect(rating).toEqual(await votesOf(ids.item));
    expect(rating.count).toBe(before.count + N);
    const [mine] = await t.deps.db.select({ stars: unitVotes.stars }).from(unitVotes).where(and(eq(unitVotes.itemId, ids.item), eq(unitVotes.studentId, 'votante-0')));
    expect([3, 5]).toContain(mine!.stars);
  });

  it('students vote while staff publish new versions of the unit: every call answers 200, the rating counts each vote', async () => {
    // Five new versions of the unit, waiting in 'send' (fixture rows: the authoring is not under test), published at
    // once by an admin while N more students vote.
    const [published] = await t.deps.db.select().from(itemContents).where(eq(itemContents.id, ids.content));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = published!;
    const [top] = await t.deps.db.select({ v: sql<number>`max(${itemContents.version})::int` }).from(itemContents).where(eq(itemContents.itemId, ids.item));
    const versions = await t.deps.db
      .insert(itemContents)
      .values([1, 2, 3, 4, 5].map((k) => ({ ...copy, version: top!.v + k, status: 'send' })))
      .returning({ id: itemContents.id });
    const admin = await signIn(t.app, 'admin');
    // Links of a subject that pins the version the students read (a unit's own link follows its published version).
    const subject = await call(t.app, 'POST', '/api/sellers/subjects', { token: tok.seller, payload: { name: 'Disciplina dos leitores', sellerId: ids.seller } });
    const subjectId = subject.json<{ subject_id: number }>().subject_id;
    const pinned = await call(t.app, 'POST', '/api/sellers/subjects/item', { token: tok.seller, payload: { subjectId, itemId: ids.item, itemContentId: ids.content } });
    expect(pinned.statusCode, pinned.body).toBe(200);
    const links: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await call(t.app, 'POST', `/api/sellers/share-links/subject/${subjectId}`, { token: tok.seller, payload: { studentId: `leitor-${i}` } });
      expect(res.statusCode, res.body).toBe(200);
      links.push(res.json<{ token: string }>().token);
    }
    const before = await ratingOf(ids.item);
    const { answers } = await together([
      ...links.map((l) => () => call(t.app, 'PUT', `/api/student/units/${ids.content}/vote`, { headers: { [STUDENT_LINK_HEADER]: l }, payload: { stars: 4 } })),
      ...versions.map((v) => () => call(t.app, 'PUT', `/api/items/item/update-item-version/${v.id}`, { token: admin })),
    ]);
    expect(codesOf(answers), bodiesOf(answers)).toEqual({ 200: N + versions.length });
    expect(await ratingOf(ids.item)).toEqual({ sum: before.sum + 4 * N, count: before.count + N });
    const [item] = await t.deps.db.select({ published: items.publishedContentId, current: items.currentContentId }).from(items).where(eq(items.id, ids.item));
    expect(versions.map((v) => v.id)).toContain(item!.published);
    expect(item!.current).toBe(versions.at(-1)!.id);
  });

  it("students vote while reviews approve new versions of the unit: the approvals' publish never deadlocks with a vote", async () => {
    // The review's decision moves a version from analysis to published (lifecycle `approve`): it writes the version
    // (items_keep_current then holds the unit's row) and then moves the published pointer. Run on the plain database
    // handle, without the services' retry, so a deadlock would fail the approval.
    const [published] = await t.deps.db.select().from(itemContents).where(eq(itemContents.id, ids.content));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = published!;
    const [top] = await t.deps.db.select({ v: sql<number>`max(${itemContents.version})::int` }).from(itemContents).where(eq(itemContents.itemId, ids.item));
    const versions = await t.deps.db
      .insert(itemContents)
      .values([1, 2, 3, 4, 5].map((k) => ({ ...copy, version: top!.v + k, status: 'analyze' })))
      .returning({ id: itemContents.id });
    const subject = await call(t.app, 'POST', '/api/sellers/subjects', { token: tok.seller, payload: { name: 'Disciplina das aprovações', sellerId: ids.seller } });
    const subjectId = subject.json<{ subject_id: number }>().subject_id;
    const [current] = await t.deps.db.select({ content: items.publishedContentId }).from(items).where(eq(items.id, ids.item));
    expect((await call(t.app, 'POST', '/api/sellers/subjects/item', { token: tok.seller, payload: { subjectId, itemId: ids.item, itemContentId: current!.content } })).statusCode).toBe(200);
    const links: string[] = [];
    for (let i = 0; i < N; i++) {
      const res = await call(t.app, 'POST', `/api/sellers/share-links/subject/${subjectId}`, { token: tok.seller, payload: { studentId: `aprovado-${i}` } });
      links.push(res.json<{ token: string }>().token);
    }
    const lifecycle = unitLifecycle(t.deps);
    const before = await ratingOf(ids.item);
    const results = await Promise.allSettled([
      ...links.map((l) =>
        call(t.app, 'PUT', `/api/student/units/${current!.content}/vote`, { headers: { [STUDENT_LINK_HEADER]: l }, payload: { stars: 2 } }).then((r) => {
          if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
        }),
      ),
      ...versions.map((v) => t.deps.database.db.transaction((tx) => lifecycle.transition(tx, v.id, 'approve', null)).then(() => undefined)),
    ]);
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);
    expect(await ratingOf(ids.item)).toEqual({ sum: before.sum + 2 * N, count: before.count + N });
  });

  it(`${N} replays of a finished idempotency key all answer the stored result; ${N} first tries with one key write once`, async () => {
    const unit = (title: string) => buildUnitPayload(ids.area, { title });
    const save = (title: string, key: string) =>
      call(t.app, 'POST', '/api/items/item/content/create', { token: tok.provider, payload: unit(title), headers: { 'idempotency-key': key } });
    const titled = async (title: string) => (await t.deps.db.select({ id: itemContents.id }).from(itemContents).where(eq(itemContents.title, title))).length;

    const first = await save('Replay concorrente', 'replay-finished');
    expect(first.statusCode, first.body).toBe(200);
    const replays = await together(Array.from({ length: N }, () => () => save('Replay concorrente', 'replay-finished')));
    expect(codesOf(replays.answers), bodiesOf(replays.answers)).toEqual({ 200: N });
    for (const r of replays.answers) {
      expect(r.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
      expect(r.json()).toEqual(first.json());
    }
    expect(await titled('Replay concorrente')).toBe(1);

    // N first tries with one new key: one runs; each other answers the result (it finished) or 409 (still running).
    const tries = await together(Array.from({ length: N }, () => () => save('Primeira concorrente', 'first-together')));
    const ran = tries.answers.filter((r) => r.statusCode === 200 && r.headers[IDEMPOTENCY_REPLAYED_HEADER] === undefined);
    expect(ran).toHaveLength(1);
    for (const r of tries.answers) {
      if (r.statusCode === 409) expect(r.json().message).toBe(MSG.idempotencyKeyInProgress);
      else {
        expect(r.statusCode, r.body).toBe(200);
        expect(r.json()).toEqual(ran[0]!.json());
      }
    }
    expect(await titled('Primeira concorrente')).toBe(1);
    expect(await t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'first-together'))).toHaveLength(1);
  });

  it(`${N} adds of one provider to a cart make one item; ${N} payment requests for it make one request and one rent`, async () => {
    const add = (token: string) => call(t.app, 'POST', '/api/sellers/cart/items', { token, payload: { providerId: ids.provider } });
    const adds = await together(Array.from({ length: N }, (_v, i) => () => add(i % 2 ? tok.buyer! : tok.buyerManager!)));
    expect(codesOf(adds.answers), bodiesOf(adds.answers)).toEqual({ 200: 1, 409: N - 1 });
    for (const a of adds.answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(RENT_MSG.duplicateCartItem);
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.sellerId, ids.buyer))).toHaveLength(1);

    const pay = (token: string) => call(t.app, 'POST', '/api/sellers/rents', { token, payload: { sellerId: ids.buyer, paymentMethod: 1 } });
    const pays = await together(Array.from({ length: N }, (_v, i) => () => pay(i % 2 ? tok.buyer! : tok.buyerManager!)));
    expect(codesOf(pays.answers), bodiesOf(pays.answers)).toEqual({ 200: 1, 409: N - 1 });
    for (const a of pays.answers.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(RENT_MSG.cartEmpty);
    expect(await t.deps.db.select().from(rents).where(eq(rents.sellerId, ids.buyer))).toEqual([
      expect.objectContaining({ providerId: ids.provider, status: 'requested' }),
    ]);
    expect(await t.deps.db.select().from(paymentRequests).where(eq(paymentRequests.sellerId, ids.buyer))).toHaveLength(1);
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.sellerId, ids.buyer))).toHaveLength(0);
  });

  it('subjects added to a course while some of them are removed: no call fails, positions stay 0..n-1', async () => {
    const req = (method: 'POST' | 'DELETE', url: string, payload?: object) => call(t.app, method, `/api${url}`, { token: tok.seller, payload });
    const newCourse = async (name: string) => {
      const res = await req('POST', '/sellers/courses', { name });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ course: { id: number } }>().course.id;
    };
    const [first, second] = [await newCourse('Curso de origem'), await newCourse('Curso de destino')];
    const made: number[] = [];
    for (let i = 0; i < N; i++) {
      const res = await req('POST', '/sellers/subjects', { name: `Disciplina concorrente ${i}`, sellerId: ids.seller });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json<{ subject_id: number }>().subject_id);
    }
    // Every subject in the first course (one at a time), then all at once: each goes to the second course, and every
    // fourth is removed meanwhile (its removal renumbers both courses).
    for (const s of made) expect((await req('POST', '/sellers/course-items/', { courseId: first, subjectId: s })).statusCode).toBe(200);
    const removed = made.filter((_s, i) => i % 4 === 0);
    const answers = (
      await together([
        ...made.map((s) => () => req('POST', '/sellers/course-items/', { courseId: second, subjectId: s })),
        ...removed.map((s) => () => req('DELETE', `/sellers/subjects/${s}`)),
      ])
    ).answers;
    const adds = answers.slice(0, N);
    for (const [i, a] of adds.entries()) {
      if (removed.includes(made[i]!)) {
        // Added before its removal, or found removed: 404 with the course's pt-BR message.
        if (a.statusCode !== 200) {
          expect(a.statusCode, a.body).toBe(404);
          expect(a.json().message).toBe(COURSE_MSG.subjectNotFound);
        }
      } else expect(a.statusCode, a.body).toBe(200);
    }
    expect(codesOf(answers.slice(N)), bodiesOf(answers.slice(N))).toEqual({ 200: removed.length });
    const kept = made.filter((s) => !removed.includes(s));
    for (const course of [first, second]) {
      const rows = await t.deps.db.select().from(courseSubjects).where(eq(courseSubjects.courseId, course));
      expect(rows.map((r) => r.position).sort((a, b) => a - b)).toEqual(rows.map((_r, i) => i));
      expect(rows.map((r) => r.subjectId).sort((a, b) => a - b)).toEqual(kept);
    }
    expect(await t.deps.db.select().from(subjects).where(inArray(subjects.id, removed))).toEqual([]);
  });

  it("a subject's units added, reordered and removed at once: duplicates 409, stale orders 409, positions 0..n-1", async () => {
    const req = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => call(t.app, method, `/api${url}`, { token: tok.seller, payload });
    const made = await req('POST', '/sellers/subjects', { name: 'Disciplina disputada', sellerId: ids.seller });
    expect(made.statusCode, made.body).toBe(200);
    const subjectId = made.json<{ subject_id: number }>().subject_id;
    const units = await t.deps.db
      .select({ itemId: items.id, itemContentId: items.publishedContentId })
      .from(items)
      .where(and(eq(items.providerId, ids.provider), isNotNull(items.publishedContentId)));
    expect(units.length).toBeGreaterThanOrEqual(6);
    const positions = async () =>
      (await t.deps.db.select({ id: subjectItems.id, position: subjectItems.position }).from(subjectItems).where(eq(subjectItems.subjectId, subjectId))).sort(
        (a, b) => a.position - b.position,
      );

    // Every unit three times at once: once each gets in.
    const adds = (await together(units.flatMap((u) => [0, 1, 2].map(() => () => req('POST', '/sellers/subjects/item', { subjectId, ...u }))))).answers;
    expect(codesOf(adds), bodiesOf(adds)).toEqual({ 200: units.length, 409: 2 * units.length });
    for (const a of adds.filter((x) => x.statusCode === 409)) expect(a.json().message).toBe(SUBJECT_MSG.unitAlreadyIn);
    const placed = await positions();
    expect(placed.map((p) => p.position)).toEqual(units.map((_u, i) => i));

    // 20 whole new orders and two removals at once: each order is applied whole or refused as stale.
    const orders = Array.from({ length: 20 }, (_v, k) => placed.map((p, i) => ({ subjectItemId: p.id, order: (i * (k + 1)) % placed.length })));
    const valid = orders.filter((o) => new Set(o.map((x) => x.order)).size === o.length);
    const removed = [placed[0]!.id, placed[placed.length - 1]!.id];
    const moves = (
      await together([
        ...valid.map((o) => () => req('PUT', '/sellers/subjects/item', { subjectItems: o })),
        ...removed.map((id) => () => req('DELETE', `/sellers/subjects/item/${id}`)),
      ])
    ).answers;
    for (const a of moves.slice(0, valid.length)) {
      if (a.statusCode !== 200) {
        expect(a.statusCode, a.body).toBe(409);
        expect(a.json().message).toBe(SUBJECT_MSG.reorderStale);
      }
    }
    expect(codesOf(moves.slice(valid.length)), bodiesOf(moves)).toEqual({ 200: 2 });
    const after = await positions();
    expect(after.map((p) => p.position)).toEqual(after.map((_p, i) => i));
    expect(after.map((p) => p.id).sort((a, b) => a - b)).toEqual(placed.map((p) => p.id).filter((id) => !removed.includes(id)).sort((a, b) => a - b));
  });

  it('the same team import sent 20 times at once creates each person once (the others: 400 or 409 e-mail in use)', async () => {
    const rows = Array.from({ length: 5 }, (_v, i) => ({ name: `Pessoa Concorrente ${i}`, email: `pessoa${i}@concorrente.edu.br` }));
    const { answers } = await together(
      Array.from({ length: 20 }, () => () => call(t.app, 'POST', '/api/users/import', { token: tok.buyer, payload: { type: 'seller_content_manager', rows } })),
    );
    expect(answers.filter((a) => a.statusCode === 200), bodiesOf(answers)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect([400, 409], a.body).toContain(a.statusCode);
      expect(a.body).toContain(MSG.emailInUse);
    }
    const made = await t.deps.db.select({ email: users.email }).from(users).where(inArray(users.email, rows.map((r) => r.email)));
    expect(made.map((u) => u.email).sort()).toEqual(rows.map((r) => r.email).sort());
  });

  it("the same provider's course imported 20 times at once starts one import (the others: 409)", async () => {
    const asProvider = (url: string, payload: object) => call(t.app, 'POST', `/api${url}`, { token: tok.provider, payload });
    const subject = await asProvider('/providers/subjects', { name: 'Disciplina para importar' });
    expect(subject.statusCode, subject.body).toBe(200);
    const course = await asProvider('/providers/courses', { name: 'Curso disputado' });
    expect(course.statusCode, course.body).toBe(200);
    const courseId = course.json<{ course: { id: number } }>().course.id;
    expect((await asProvider('/providers/course-items/', { courseId, subjectId: subject.json<{ subject_id: number }>().subject_id })).statusCode).toBe(200);
    const { answers } = await together(Array.from({ length: 20 }, () => () => call(t.app, 'POST', `/api/sellers/courses/import/${courseId}`, { token: tok.seller, payload: {} })));
    expect(codesOf(answers), bodiesOf(answers)).toEqual({ 200: 1, 409: 19 });
    for (const a of answers.filter((x) => x.statusCode === 409)) expect([COURSE_MSG.importRunning, COURSE_MSG.alreadyImported]).toContain(a.json().message);
    expect(await t.deps.db.select().from(curriculumImports).where(eq(curriculumImports.sourceId, courseId))).toHaveLength(1);
  });

  it('an LMS links one unit 20 times at once: one link, one audit row, the same address to every call', async () => {
    const keyed = await call(t.app, 'PUT', '/api/sellers/lms/key', { token: tok.seller, payload: { id: ids.seller } });
    expect(keyed.statusCode, keyed.body).toBe(200);
    const key = keyed.json<{ lms_key: string }>().lms_key;
    const { answers } = await together(
      Array.from({ length: 20 }, () => () => call(t.app, 'POST', '/api/saveDataInJson', { headers: { lms_key: key }, payload: { itemId: ids.item } })),
    );
    expect(codesOf(answers), bodiesOf(answers)).toEqual({ 200: 20 });
    const replies = answers.map((a) => a.json<{ url: string; alreadyLinked: boolean }>());
    expect(new Set(replies.map((r) => r.url)).size).toBe(1);
    expect(replies.filter((r) => !r.alreadyLinked)).toHaveLength(1);
    expect(await t.deps.db.select().from(lmsItems).where(and(eq(lmsItems.sellerId, ids.seller), eq(lmsItems.itemId, ids.item)))).toHaveLength(1);
    const audits = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'linked_lms_item'), eq(auditLogs.sellerId, ids.seller)));
    expect(audits).toHaveLength(1);
  });

  it("two services' transactions that deadlock both commit (the victim runs again); a victim left over answers 409", async () => {
    const [a, b] = (await t.deps.db.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(2)).map((p) => p.id);
    // Each takes its first row, waits until the other holds its own, then asks for the other's: a deadlock for sure.
    let arrived = 0;
    let release = () => undefined as void;
    const bothHold = new Promise<void>((resolve) => (release = resolve));
    const attempts = [0, 0];
    const crossing = (who: 0 | 1, first: number, second: number) =>
      t.deps.db.transaction(async (tx) => {
        attempts[who]!++;
        await tx.execute(sql`select 1 from plans where id = ${first} for update`);
        if (++arrived === 2) release();
        await bothHold;
        await tx.execute(sql`select 1 from plans where id = ${second} for update`);
        return who;
      });
    expect(await Promise.all([crossing(0, a!, b!), crossing(1, b!, a!)])).toEqual([0, 1]);
    expect(attempts[0]! + attempts[1]!).toBe(3);

    // Without the retry (the plain database handle) one of them is the victim; its error, should it reach a route,
    // answers 409 with the pt-BR text instead of 500.
    arrived = 0;
    const again = new Promise<void>((resolve) => (release = resolve));
    const plain = (first: number, second: number) =>
      t.deps.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from plans where id = ${first} for update`);
        if (++arrived === 2) release();
        await again;
        await tx.execute(sql`select 1 from plans where id = ${second} for update`);
      });
    const settled = await Promise.allSettled([plain(a!, b!), plain(b!, a!)]);
    const victims = settled.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as unknown);
    expect(victims).toHaveLength(1);
    expect(isConcurrencyFailure(victims[0])).toBe(true);
    const bare = Fastify({ logger: false });
    registerErrorHandler(bare);
    bare.get('/falha', async () => {
      throw victims[0];
    });
    const res = await bare.inject({ method: 'GET', url: '/falha' });
    await bare.close();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'CONCURRENT_CHANGE', message: MSG.concurrentChange });
  });

  it(`a rate-limit window counts every one of ${N} simultaneous calls: exactly the limit passes`, async () => {
    // An address nobody has: 404 while under the limit (the route's answer), 429 past it.
    const ask = () => call(t.app, 'POST', '/api/forgot-password', { payload: { email: 'ninguem@concorrente.edu.br' } });
    const { answers } = await together(Array.from({ length: N }, () => ask));
    expect(codesOf(answers), bodiesOf(answers)).toEqual({ 404: FORGOT_LIMIT, 429: N - FORGOT_LIMIT });
    for (const a of answers.filter((x) => x.statusCode === 429)) expect(a.json().message).toBe(MSG.tooManyAttempts);
    const rows = (await t.deps.database.sql.executeSql(`select hits from rate_limits where key like '%forgot:%'`)).rows as { hits: number }[];
    expect(rows.map((r) => Number(r.hits))).toEqual([N]);
  });
});

it.skipIf(postgres)('the concurrency suite needs PostgreSQL (DATABASE_URL): the embedded database runs one statement at a time', () => {
  expect(postgres).toBe(false);
});
