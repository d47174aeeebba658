/**
 * Courses and the course import (spec 3 §2.16, §7 "Courses"): scoping (another owner's
 * course, item or subject answers 404), the assistant's refusals, bad input, the atomic whole-order reorder under two
 * simultaneous requests, and 'Importar Curso' through the real job: the copy pinned to the current published
 * versions, skipping units of providers not actively rented, twice → 409 then a named copy, only actively rented
 * providers, and a failure that leaves nothing half imported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { COURSE_MSG, type CourseDetail, type CourseImport, type CourseMoveReply, type CoursesReply } from '@edu/shared/courses';
import { MSG } from '@edu/shared/messages';
import { RENT_MSG } from '@edu/shared/rent-machine';
import { call, createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './harness';
import { auditLogs } from '../src/platform/platform.tables';
import { courses, courseSubjects, curriculumImports, items, notifications, plans, providers, rents, sellers, subjectItems, subjects, users } from '../src/db/schema';
import { courseImportWorker, runCourseImport } from '../src/modules/courses/course-import';
import { waitUntil } from './wait';
import { buildCourse, buildInstitution, buildProvider, buildSubject, buildUnit, buildUser, buildVersion } from './factories';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { seller: 0, otherSeller: 0, demoProvider: 0, strayProvider: 0, sellerUser: 0, demoRent: 0 };

type Owner = { sellerId: number } | { providerId: number };

/** A subject fixture (the subjects module is not under test here) with units pinned to the given versions. */
async function subject(owner: Owner, name: string, units: { itemId: number; contentId: number }[] = []) {
  return buildSubject(t.deps.db, { ...owner, name }, units);
}

/** A unit fixture of `providerId`: v1 and v2 both published once, the pointer on v2 (the current published version). */
async function unit(providerId: number, title: string) {
  const db = t.deps.db;
  const { itemId, contentId: v1 } = await buildUnit(db, providerId, { version: 1, title });
  const v2 = await buildVersion(db, itemId, { version: 2, title: `${title} v2`, status: 'publish' });
  await db.update(items).set({ publishedContentId: v2 }).where(eq(items.id, itemId));
  return { itemId, v1, v2 };
}

const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  call(t.app, method, `/api${url}`, { token, payload });

async function newCourse(token: string, name: string, side: 'sellers' | 'providers' = 'sellers') {
  const res = await req(token, 'POST', `/${side}/courses`, { name });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CourseMoveReply>().course.id;
}

async function addSubject(token: string, courseId: number, subjectId: number, side: 'sellers' | 'providers' = 'sellers') {
  const res = await req(token, 'POST', `/${side}/course-items/`, { courseId, subjectId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CourseMoveReply>().course;
}

const detail = async (token: string, id: number, side: 'sellers' | 'providers' = 'sellers') => {
  const res = await req(token, 'GET', `/${side}/courses/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CourseDetail>();
};

/** The positions of a course straight from the table. */
async function positions(courseId: number) {
  return t.deps.db
    .select({ id: courseSubjects.id, position: courseSubjects.position })
    .from(courseSubjects)
    .where(eq(courseSubjects.courseId, courseId))
    .orderBy(asc(courseSubjects.position));
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  for (const local of ['seller', 'seller.conteudo', 'seller.assistente', 'provider', 'admin']) tok[local] = await signIn(t.app, local);
  const [seller] = await db.select({ id: users.sellerId, userId: users.id }).from(users).where(eq(users.type, 'seller')).limit(1);
  ids.seller = seller!.id!;
  ids.sellerUser = seller!.userId;
  const [demo] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.demoProvider = demo!.id;
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, ids.seller), eq(rents.providerId, ids.demoProvider)));
  ids.demoRent = rent!.id;
  // Another institution with its own seller, and a provider nobody rents.
  const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
  ids.otherSeller = await buildInstitution(db, { name: 'Faculdade Outra', cnpj: '11222333000181', planId: plan!.id, status: 'active' });
  await buildUser(db, { name: 'Olga Outra', email: 'outra.seller@exemplo.com.br', password: DEMO_PASSWORD, type: 'seller', sellerId: ids.otherSeller });
  tok.other = await signIn(t.app, 'outra.seller@exemplo.com.br');
  ids.strayProvider = await buildProvider(db, { companyName: 'Editora Sem Aluguel', name: 'Sem Aluguel', email: 'semaluguel@exemplo.com.br', condition: 'basic' });
  await courseImportWorker(t.deps).start();
});
afterAll(async () => t?.close());

describe('the institution’s courses', () => {
  it('creates, lists, renames and removes with the spec texts and audits each change', async () => {
    const created = await req(tok.seller!, 'POST', '/sellers/courses', { name: '  Engenharia Civil  ' });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json<CourseMoveReply>();
    expect(body.message).toBe('Curso cadastrado com sucesso!');
    expect(body.course).toMatchObject({ name: 'Engenharia Civil', itemsCount: 0, courseItems: [], importedFromId: null });
    const id = body.course.id;
    const list = (await req(tok['seller.assistente']!, 'GET', '/sellers/courses')).json<CoursesReply>();
    expect(list.data.map((c) => c.id)).toContain(id);

    const renamed = await req(tok['seller.conteudo']!, 'PUT', `/sellers/courses/${id}`, { name: 'Engenharia Civil 2026' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ message: 'Curso editado editado com sucesso!', course: { name: 'Engenharia Civil 2026' } });

    const removed = await req(tok.seller!, 'DELETE', `/sellers/courses/${id}`);
    expect(removed.json()).toEqual({ message: 'Curso removido com sucesso!' });
    expect((await req(tok.seller!, 'GET', `/sellers/courses/${id}`)).statusCode).toBe(404);

    const actions = await t.deps.db.select({ action: auditLogs.action, data: auditLogs.data }).from(auditLogs).where(inArray(auditLogs.action, ['create_course', 'updated_course', 'removed_course']));
    const mine = actions.filter((a) => (a.data as { courseId?: number }).courseId === id).map((a) => a.action);
    expect(mine).toEqual(expect.arrayContaining(['create_course', 'updated_course', 'removed_course']));
  });

  it('refuses a missing or blank name with a pt-BR 400 and changes nothing', async () => {
    const before = (await t.deps.db.select({ n: count() }).from(courses))[0]!.n;
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(201) }, { name: 'Ok', extra: 1 }]) {
      const res = await req(tok.seller!, 'POST', '/sellers/courses', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const blank = await req(tok.seller!, 'POST', '/sellers/courses', { name: ' ' });
    expect(blank.json<{ fields: Record<string, string> }>().fields.name).toBe(MSG.required);
    const id = await newCourse(tok.seller!, 'Nome fixo');
    expect((await req(tok.seller!, 'PUT', `/sellers/courses/${id}`, { name: '' })).statusCode).toBe(400);
    expect((await detail(tok.seller!, id)).name).toBe('Nome fixo');
    expect((await t.deps.db.select({ n: count() }).from(courses))[0]!.n).toBe(before + 1);
  });

  it('the assistant reads but every change answers 403; a provider cannot use the seller routes', async () => {
    const id = await newCourse(tok.seller!, 'Curso do assistente');
    const s = await subject({ sellerId: ids.seller }, 'Disciplina do assistente');
    const item = (await addSubject(tok.seller!, id, s)).courseItems[0]!;
    const a = tok['seller.assistente']!;
    expect((await req(a, 'GET', `/sellers/courses/${id}`)).statusCode).toBe(200);
    const refused = [
      await req(a, 'POST', '/sellers/courses', { name: 'Não' }),
      await req(a, 'PUT', `/sellers/courses/${id}`, { name: 'Não' }),
      await req(a, 'DELETE', `/sellers/courses/${id}`),
      await req(a, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems: [item.id] }),
      await req(a, 'POST', '/sellers/course-items/', { courseId: id, subjectId: s }),
      await req(a, 'DELETE', `/sellers/course-items/${item.id}`, { courseId: id }),
      await req(a, 'GET', `/sellers/courses/${id}/candidates`),
      await req(a, 'POST', `/sellers/courses/import/${id}`, {}),
      await req(a, 'GET', `/providers/courses/provider/${ids.demoProvider}`),
      await req(tok.provider!, 'GET', '/sellers/courses'),
      await req(tok.admin!, 'POST', '/sellers/courses', { name: 'Admin' }),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe('Você não tem permissão para realizar esta operação.');
    }
    expect(await detail(tok.seller!, id)).toMatchObject({ name: 'Curso do assistente', itemsCount: 1 });
  });

  it("another institution's course, course item or subject answers 404, and nothing changes", async () => {
    const id = await newCourse(tok.seller!, 'Curso privado');
    const mine = await subject({ sellerId: ids.seller }, 'Disciplina privada');
    const item = (await addSubject(tok.seller!, id, mine)).courseItems[0]!;
    const theirs = await subject({ sellerId: ids.otherSeller }, 'Disciplina da outra');
    const providerSubject = await subject({ providerId: ids.demoProvider }, 'Disciplina do fornecedor');
    const o = tok.other!;
    for (const res of [
      await req(o, 'GET', `/sellers/courses/${id}`),
      await req(o, 'GET', `/sellers/courses/${id}/candidates`),
      await req(o, 'PUT', `/sellers/courses/${id}`, { name: 'Roubado' }),
      await req(o, 'DELETE', `/sellers/courses/${id}`),
      await req(o, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems: [item.id] }),
      await req(o, 'POST', '/sellers/course-items/', { courseId: id, subjectId: theirs }),
      await req(o, 'DELETE', `/sellers/course-items/${item.id}`, { courseId: id }),
      // The provider's routes do not reach an institution's course either.
      await req(tok.provider!, 'GET', `/providers/courses/${id}`),
      await req(tok.provider!, 'DELETE', `/providers/courses/${id}`),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await req(o, 'GET', '/sellers/courses')).json<CoursesReply>().data.map((c) => c.id)).not.toContain(id);
    // A course holds subjects of its own owner only.
    for (const subjectId of [theirs, providerSubject]) {
      const res = await req(tok.seller!, 'POST', '/sellers/course-items/', { courseId: id, subjectId });
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe(COURSE_MSG.subjectNotFound);
    }
    // A course item named with another course's id.
    const otherCourse = await newCourse(tok.seller!, 'Outro curso');
    expect((await req(tok.seller!, 'DELETE', `/sellers/course-items/${item.id}`, { courseId: otherCourse })).statusCode).toBe(404);
    expect(await detail(tok.seller!, id)).toMatchObject({ name: 'Curso privado', courseItems: [{ id: item.id, subjectId: mine, position: 0 }] });
  });
});

describe('the subjects of a course and their order', () => {
  it('adds at the end, refuses a duplicate, offers the missing ones, removes and closes the gap', async () => {
    const id = await newCourse(tok.seller!, 'Curso com ordem');
    const [a, b, c] = [await subject({ sellerId: ids.seller }, 'Álgebra'), await subject({ sellerId: ids.seller }, 'Biologia'), await subject({ sellerId: ids.seller }, 'Cálculo')];
    await addSubject(tok.seller!, id, a);
    const candidates = (await req(tok.seller!, 'GET', `/sellers/courses/${id}/candidates`)).json<{ id: number }[]>().map((s) => s.id);
    expect(candidates).toEqual(expect.arrayContaining([b, c]));
    expect(candidates).not.toContain(a);
    await addSubject(tok.seller!, id, b);
    const course = await addSubject(tok.seller!, id, c);
    expect(course.courseItems.map((i) => [i.subjectId, i.position])).toEqual([[a, 0], [b, 1], [c, 2]]);
    const dup = await req(tok.seller!, 'POST', '/sellers/course-items/', { courseId: id, subjectId: b });
    expect(dup.statusCode).toBe(409);
    expect(dup.json<{ message: string }>().message).toBe(COURSE_MSG.subjectAlreadyIn);

    const removed = await req(tok.seller!, 'DELETE', `/sellers/course-items/${course.courseItems[1]!.id}`, { courseId: id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<CourseMoveReply>().course.courseItems.map((i) => [i.subjectId, i.position])).toEqual([[a, 0], [c, 1]]);
    // The subject itself stays.
    expect(await t.deps.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, b))).toHaveLength(1);
    expect((await req(tok.seller!, 'DELETE', `/sellers/course-items/${course.courseItems[1]!.id}`, { courseId: id })).statusCode).toBe(404);
  });

  it('applies a whole new order; a list that is not exactly the current items is a 409 and changes nothing', async () => {
    const id = await newCourse(tok.seller!, 'Curso reordenado');
    for (const n of ['Um', 'Dois', 'Três']) await addSubject(tok.seller!, id, await subject({ sellerId: ids.seller }, n));
    const items0 = (await detail(tok.seller!, id)).courseItems.map((i) => i.id);
    const [x, y, z] = items0 as [number, number, number];
    const foreign = (await addSubject(tok.seller!, await newCourse(tok.seller!, 'Alheio'), await subject({ sellerId: ids.seller }, 'Alheia'))).courseItems[0]!.id;
    for (const orderedItems of [[x, y], [x, y, z, foreign], [x, y, foreign]]) {
      const res = await req(tok.seller!, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(COURSE_MSG.staleOrder);
    }
    for (const orderedItems of [[x, x, y], 'x', [x, -1, z]]) {
      expect((await req(tok.seller!, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems })).statusCode).toBe(400);
    }
    expect((await positions(id)).map((p) => p.id)).toEqual([x, y, z]);
    const ok = await req(tok.seller!, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems: [z, x, y] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await positions(id)).toEqual([{ id: z, position: 0 }, { id: x, position: 1 }, { id: y, position: 2 }]);
  });

  it('two simultaneous reorders are applied one after the other: never duplicate or missing positions', async () => {
    const id = await newCourse(tok.seller!, 'Curso concorrido');
    for (const n of ['A', 'B', 'C', 'D', 'E']) await addSubject(tok.seller!, id, await subject({ sellerId: ids.seller }, `Concorrida ${n}`));
    const base = (await detail(tok.seller!, id)).courseItems.map((i) => i.id);
    for (let round = 0; round < 6; round++) {
      const first = [...base].reverse();
      const second = [...base.slice(2), ...base.slice(0, 2)];
      const [r1, r2] = await Promise.all([
        req(tok.seller!, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems: first }),
        req(tok['seller.conteudo']!, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems: second }),
      ]);
      expect([r1.statusCode, r2.statusCode], r1.body + r2.body).toEqual([200, 200]);
      const now = await positions(id);
      expect(now.map((p) => p.position)).toEqual([0, 1, 2, 3, 4]);
      expect([first, second]).toContainEqual(now.map((p) => p.id));
    }
    // A reorder racing a removal: one of them sees the other's result (the reorder then answers 409), never a mix.
    const gone = base[0]!;
    const [reorder, removal] = await Promise.all([
      req(tok.seller!, 'PATCH', `/sellers/courses/reorder/${id}`, { orderedItems: base }),
      req(tok['seller.conteudo']!, 'DELETE', `/sellers/course-items/${gone}`, { courseId: id }),
    ]);
    expect(removal.statusCode).toBe(200);
    expect([200, 409]).toContain(reorder.statusCode);
    expect((await positions(id)).map((p) => p.position)).toEqual([0, 1, 2, 3]);
  });
});

describe("the provider's courses", () => {
  it('the provider organises its own courses over its own subjects through the provider calls', async () => {
    const p = tok.provider!;
    const id = await newCourse(p, 'Trilha do fornecedor', 'providers');
    const s1 = await subject({ providerId: ids.demoProvider }, 'Fornecedor 1');
    const s2 = await subject({ providerId: ids.demoProvider }, 'Fornecedor 2');
    await addSubject(p, id, s1, 'providers');
    const course = await addSubject(p, id, s2, 'providers');
    const [i1, i2] = course.courseItems.map((i) => i.id) as [number, number];
    const reordered = await req(p, 'PATCH', `/providers/courses/${id}`, { orderedItems: [i2, i1] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json<CourseMoveReply>().course.courseItems.map((i) => i.subjectId)).toEqual([s2, s1]);
    // An institution's subject is not the provider's.
    const sellerSubject = await subject({ sellerId: ids.seller }, 'Da instituição');
    expect((await req(p, 'POST', '/providers/course-items/', { courseId: id, subjectId: sellerSubject })).statusCode).toBe(404);
    expect((await req(p, 'GET', '/providers/courses')).json<CoursesReply>().data.map((c) => c.id)).toContain(id);
    // The institution's routes do not reach it.
    expect((await req(tok.seller!, 'GET', `/sellers/courses/${id}`)).statusCode).toBe(404);
    expect((await req(tok.seller!, 'PATCH', `/providers/courses/${id}`, { orderedItems: [i1, i2] })).statusCode).toBe(403);
    expect((await req(p, 'DELETE', `/providers/course-items/${i1}`, { courseId: id })).json<CourseMoveReply>().course.courseItems.map((i) => i.subjectId)).toEqual([s2]);
    expect((await req(p, 'DELETE', `/providers/courses/${id}`)).statusCode).toBe(200);
  });
});

describe('Importar Curso', () => {
  let source = 0;
  let rentedA: Awaited<ReturnType<typeof unit>>;
  let rentedB: Awaited<ReturnType<typeof unit>>;
  let strayUnit: Awaited<ReturnType<typeof unit>>;

  /** The import, once finished (done or failed). */
  const importFinished = (importId: number): Promise<CourseImport> =>
    waitUntil(
      async () => (await req(tok.seller!, 'GET', `/sellers/courses/imports/${importId}`)).json<CourseImport>(),
      (last) => ['done', 'failed'].includes(last.status),
      { timeout: 20_000, interval: 100 },
    );

  const sellerCounts = async () => {
    const db = t.deps.db;
    const mineCourses = await db.select({ id: courses.id }).from(courses).where(eq(courses.sellerId, ids.seller));
    const mineSubjects = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.sellerId, ids.seller));
    const subjectIds = mineSubjects.map((s) => s.id);
    const units = subjectIds.length ? (await db.select({ n: count() }).from(subjectItems).where(inArray(subjectItems.subjectId, subjectIds)))[0]!.n : 0;
    const parts = mineCourses.length ? (await db.select({ n: count() }).from(courseSubjects).where(inArray(courseSubjects.courseId, mineCourses.map((c) => c.id))))[0]!.n : 0;
    return { courses: mineCourses.length, subjects: subjectIds.length, units, parts };
  };

  const bell = async () =>
    t.deps.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, ids.sellerUser)).orderBy(desc(notifications.id)).limit(1);

  beforeAll(async () => {
    rentedA = await unit(ids.demoProvider, 'Unidade alugada A');
    rentedB = await unit(ids.demoProvider, 'Unidade alugada B');
    strayUnit = await unit(ids.strayProvider, 'Unidade sem aluguel');
    // The provider's subjects pin OLD versions (v1): the import pins the current published one (v2).
    const s1 = await subject({ providerId: ids.demoProvider }, 'Fundamentos', [
      { itemId: rentedA.itemId, contentId: rentedA.v1 },
      { itemId: rentedB.itemId, contentId: rentedB.v2 },
    ]);
    const s2 = await subject({ providerId: ids.demoProvider }, 'Aplicações', [
      { itemId: strayUnit.itemId, contentId: strayUnit.v2 },
      { itemId: rentedB.itemId, contentId: rentedB.v1 },
    ]);
    source = await newCourse(tok.provider!, 'Curso do fornecedor', 'providers');
    await addSubject(tok.provider!, source, s1, 'providers');
    await addSubject(tok.provider!, source, s2, 'providers');
  });

  it("lists the courses of a provider the institution actively rents, and only those", async () => {
    const listed = await req(tok.seller!, 'GET', `/providers/courses/provider/${ids.demoProvider}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ id: number; name: string; itemsCount: number; imported: boolean }[]>()).toContainEqual(
      expect.objectContaining({ id: source, name: 'Curso do fornecedor', itemsCount: 2, imported: false }),
    );
    expect((await req(tok.seller!, 'GET', `/providers/courses/provider/${ids.strayProvider}`)).statusCode).toBe(404);
    expect((await req(tok.other!, 'GET', `/providers/courses/provider/${ids.demoProvider}`)).statusCode).toBe(404);
    expect((await req(tok.provider!, 'GET', `/providers/courses/provider/${ids.demoProvider}`)).statusCode).toBe(200);
    expect((await req(tok.provider!, 'GET', `/providers/courses/provider/${ids.strayProvider}`)).statusCode).toBe(404);
  });

  it('copies the course through the job: current published versions, unrented units skipped, bell and audit', async () => {
    const before = await sellerCounts();
    const res = await req(tok.seller!, 'POST', `/sellers/courses/import/${source}`, {});
    expect(res.statusCode, res.body).toBe(200);
    const queued = res.json<{ message: string; import: CourseImport }>();
    expect(queued.import).toMatchObject({ sourceId: source, status: 'queued', resultId: null });
    const done = await importFinished(queued.import.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    const course = await detail(tok.seller!, done.resultId!);
    expect(course).toMatchObject({ name: 'Curso do fornecedor', importedFromId: source });
    expect(course.courseItems.map((i) => [i.name, i.position, i.unitsCount])).toEqual([['Fundamentos', 0, 2], ['Aplicações', 1, 1]]);
    const pinned = await t.deps.db
      .select({ subjectId: subjectItems.subjectId, itemId: subjectItems.itemId, contentId: subjectItems.itemContentId, position: subjectItems.position })
      .from(subjectItems)
      .where(inArray(subjectItems.subjectId, course.courseItems.map((i) => i.subjectId)))
      .orderBy(asc(subjectItems.subjectId), asc(subjectItems.position));
    expect(pinned).toEqual([
      { subjectId: course.courseItems[0]!.subjectId, itemId: rentedA.itemId, contentId: rentedA.v2, position: 0 },
      { subjectId: course.courseItems[0]!.subjectId, itemId: rentedB.itemId, contentId: rentedB.v2, position: 1 },
      { subjectId: course.courseItems[1]!.subjectId, itemId: rentedB.itemId, contentId: rentedB.v2, position: 0 },
    ]);
    const copied = await t.deps.db.select({ sellerId: subjects.sellerId, providerId: subjects.providerId }).from(subjects).where(inArray(subjects.id, course.courseItems.map((i) => i.subjectId)));
    expect(copied).toEqual([{ sellerId: ids.seller, providerId: null }, { sellerId: ids.seller, providerId: null }]);
    expect(await sellerCounts()).toEqual({ courses: before.courses + 1, subjects: before.subjects + 2, units: before.units + 3, parts: before.parts + 2 });
    const [note] = await bell();
    expect(note!.text).toContain('O Curso foi importado com sucesso!');
    expect(note!.text).toContain('1 unidade não foi incluída');
    const [audit] = await t.deps.db.select({ data: auditLogs.data, userId: auditLogs.userId, sellerId: auditLogs.sellerId }).from(auditLogs).where(eq(auditLogs.action, 'imported_course')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit).toMatchObject({ userId: ids.sellerUser, sellerId: ids.seller, data: { courseId: course.id, sourceId: source, skippedUnits: 1 } });
    expect((await req(tok.seller!, 'GET', `/providers/courses/provider/${ids.demoProvider}`)).json<{ id: number; imported: boolean }[]>().find((c) => c.id === source)!.imported).toBe(true);
  });

  it('a second import of the same course is a 409 question; with copy: true it makes a named copy', async () => {
    const before = await sellerCounts();
    const again = await req(tok['seller.conteudo']!, 'POST', `/sellers/courses/import/${source}`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'COURSE_ALREADY_IMPORTED', message: COURSE_MSG.alreadyImported });
    expect(await sellerCounts()).toEqual(before);
    const copy = await req(tok['seller.conteudo']!, 'POST', `/sellers/courses/import/${source}`, { copy: true });
    expect(copy.statusCode, copy.body).toBe(200);
    const done = await importFinished(copy.json<{ import: CourseImport }>().import.id);
    expect(done.status).toBe('done');
    const course = await detail(tok.seller!, done.resultId!);
    expect(course.name).toBe('Curso do fornecedor (cópia)');
    expect(course.courseItems.map((i) => i.name)).toEqual(['Fundamentos (cópia)', 'Aplicações (cópia)']);
    // Another institution's import status is not readable.
    expect((await req(tok.other!, 'GET', `/sellers/courses/imports/${done.id}`)).statusCode).toBe(404);
  });

  it('a failure during the copy leaves nothing half imported, marks the import failed and rings the bell', async () => {
    const before = await sellerCounts();
    const worker = courseImportWorker(t.deps);
    worker.hooks.beforeSubject = (index) => {
      if (index === 1) throw new Error('falha simulada no meio da cópia');
    };
    try {
      const res = await req(tok.seller!, 'POST', `/sellers/courses/import/${source}`, { copy: true });
      expect(res.statusCode, res.body).toBe(200);
      const failed = await importFinished(res.json<{ import: CourseImport }>().import.id);
      expect(failed).toMatchObject({ status: 'failed', resultId: null, error: COURSE_MSG.importFailed('Curso do fornecedor') });
    } finally {
      worker.hooks.beforeSubject = undefined;
    }
    expect(await sellerCounts()).toEqual(before);
    expect((await bell())[0]!.text).toContain('Não foi possível importar o curso');
    // The list shows no import in progress.
    expect((await req(tok.seller!, 'GET', '/sellers/courses')).json<CoursesReply>().imports).toEqual([]);
  });

  it('only a provider the institution actively rents: otherwise 404, and a rent that ends before the job runs fails it', async () => {
    const strayCourse = await buildCourse(t.deps.db, { providerId: ids.strayProvider, name: 'Curso sem aluguel' });
    const before = await sellerCounts();
    expect((await req(tok.seller!, 'POST', `/sellers/courses/import/${strayCourse}`, {})).statusCode).toBe(404);
    // An institution's course is not importable either.
    const own = await newCourse(tok.other!, 'Curso de instituição');
    expect((await req(tok.seller!, 'POST', `/sellers/courses/import/${own}`, { copy: true })).statusCode).toBe(404);
    // The demo rent stops being active: the import is refused, and a queued one fails when it runs.
    const [queued] = await t.deps.db
      .insert(curriculumImports)
      .values({ sellerId: ids.seller, kind: 'course', sourceId: source, status: 'queued', requestedBy: ids.sellerUser })
      .returning({ id: curriculumImports.id });
    await t.deps.db.update(rents).set({ status: 'waiting' }).where(eq(rents.id, ids.demoRent));
    try {
      expect((await req(tok.seller!, 'POST', `/sellers/courses/import/${source}`, { copy: true })).statusCode).toBe(404);
      expect((await req(tok.seller!, 'GET', `/providers/courses/provider/${ids.demoProvider}`)).statusCode).toBe(404);
      await runCourseImport(t.deps, { importId: queued!.id, copy: true });
      const [row] = await t.deps.db.select().from(curriculumImports).where(eq(curriculumImports.id, queued!.id));
      expect(row).toMatchObject({ status: 'failed', error: COURSE_MSG.providerNotRented, resultId: null });
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.demoRent));
    }
    expect(await sellerCounts()).toEqual(before);
  });

  it('a suspended institution loses its courses and the import until it is reactivated (403)', async () => {
    const before = await sellerCounts();
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.seller));
    try {
      for (const res of [
        await req(tok.seller!, 'POST', `/sellers/courses/import/${source}`, { copy: true }),
        await req(tok.seller!, 'GET', '/sellers/courses'),
        await req(tok.seller!, 'POST', '/sellers/courses', { name: 'Suspensa' }),
        await req(tok.seller!, 'GET', `/providers/courses/provider/${ids.demoProvider}`),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json<{ message: string }>().message).toBe(RENT_MSG.suspended);
      }
      expect(await sellerCounts()).toEqual(before);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.seller));
    }
  });
});
