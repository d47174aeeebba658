import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { REVIEW_MSG, type CommentRow, type ReviewDetail, type ReviewRow } from '@edu/shared/reviews';
import type { UnitContent } from '@edu/shared/units';
import { auditLogs } from '../src/platform/platform.tables';
import { hashPassword } from '../src/platform/security';
import { reviews, users } from '../src/db/schema';
import { authHeader, createTestApp, signIn, type TestApp } from './harness';

describe('reviews: delegation, curation, revision, decision, comments', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const id: Record<string, number> = {};
  let exatas: number;
  let humanas: number;
  let matematicaBasic: number;

  const req = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: authHeader(tok[who]!), ...(payload === undefined ? {} : { payload: payload as object }) });

  const complete = (title = 'Cinemática') => ({
    title,
    authors: ['Ana Souza'],
    introduction: '<p>Introdução</p>',
    learningObjectives: ['Descrever movimentos'],
    synthesis: '<p>Síntese</p>',
    bibliographicReference: ['HALLIDAY, D. Física. LTC, 2016.'],
    knowledges: [exatas],
    levelOfLearning: ['Graduação'],
    topics: [{ title: 'Velocidade', content: '<p>Texto</p>' }],
  });

  /** A unit of the demo provider sent for analysis. */
  async function sentUnit(title: string, who = 'provider'): Promise<UnitContent> {
    const created = await req(who, 'POST', '/items/item/content/create', complete(title));
    expect(created.statusCode, created.body).toBe(200);
    const unit = created.json() as UnitContent;
    const sent = await req(who, 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'send' });
    expect(sent.statusCode, sent.body).toBe(200);
    return unit;
  }

  async function delegated(title: string, who = 'provider'): Promise<{ unit: UnitContent; reviewId: number }> {
    const unit = await sentUnit(title, who);
    const res = await req('director', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [unit.id] });
    expect(res.statusCode, res.body).toBe(200);
    return { unit, reviewId: (res.json() as { ids: number[] }).ids[0]! };
  }

  const detail = async (who: string, reviewId: number) => {
    const res = await req(who, 'GET', `/items/review/find/${reviewId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReviewDetail;
  };
  const unitOf = async (contentId: number) => (await req('manager', 'GET', `/items/item/content/find/${contentId}`)).json() as UnitContent;
  const move = (who: string, ids: number[] | number, status: string, comment?: string) =>
    req(who, 'PUT', `/items/review/update/${[ids].flat().join(',')}`, comment === undefined ? { status } : { status, comment });

  beforeAll(async () => {
    t = await createTestApp();
    // A second curator and reviewer, to check that only the assigned ones act.
    const passwordHash = await hashPassword('demo1234');
    await t.deps.db.insert(users).values([
      { name: 'Outra Curadora', email: 'curator2@example.com', passwordHash, type: 'curator', status: 'active' },
      { name: 'Outro Revisor', email: 'review2@example.com', passwordHash, type: 'review', status: 'active' },
      { name: 'Curador Inativo', email: 'curator3@example.com', passwordHash, type: 'curator', status: 'inative' },
    ]);
    for (const who of ['provider', 'editor', 'provider.analise', 'seller', 'client', 'curator', 'review', 'manager', 'director', 'admin', 'user']) {
      tok[who] = await signIn(t.app, who);
    }
    tok.curator2 = await signIn(t.app, 'curator2@example.com');
    tok.review2 = await signIn(t.app, 'review2@example.com');
    for (const u of await t.deps.db.select({ id: users.id, email: users.email }).from(users)) {
      id[u.email.split('@')[0]!] = u.id;
    }
    const areas = (await req('provider', 'GET', '/items/knowledge/find')).json() as { id: number; title: string; type: string }[];
    exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
    humanas = areas.find((a) => a.type === 'university' && a.id !== exatas)!.id;
    matematicaBasic = areas.find((a) => a.title === 'Matemática' && a.type === 'basic')!.id;
  });
  afterAll(async () => t?.close());

  it('lists active curators and reviewers to publishing roles only', async () => {
    const curators = (await req('director', 'GET', '/items/review/staff?type=curator')).json() as { id: number; name: string }[];
    expect(curators.map((c) => c.id)).toEqual(expect.arrayContaining([id.curator, id.curator2]));
    expect(curators.map((c) => c.id)).not.toContain(id.curator3);
    expect(curators.map((c) => c.id)).not.toContain(id.review);
    const reviewers = (await req('manager', 'GET', '/items/review/staff?type=review')).json() as { id: number }[];
    expect(reviewers.map((r) => r.id)).toEqual(expect.arrayContaining([id.review, id.review2]));
    for (const who of ['curator', 'review', 'provider', 'seller', 'client']) {
      expect((await req(who, 'GET', '/items/review/staff?type=curator')).statusCode, who).toBe(403);
    }
    expect((await req('director', 'GET', '/items/review/staff?type=provider')).statusCode).toBe(400);
  });

  it('runs the whole path: send → delegate → correction → re-send → curation → revision → publish → published list', async () => {
    const unit = await sentUnit('Óptica geométrica');
    // Novas lists it (accent-insensitive search); delegation is for publishing roles only.
    const news = (await req('director', 'GET', '/items/item/content/new?title=optica')).json() as { content: { id: number }[]; total: number };
    expect(news.content.map((u) => u.id)).toContain(unit.id);
    expect((await req('curator', 'GET', '/items/item/content/new')).statusCode).toBe(403);

    const created = await req('director', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [unit.id] });
    expect(created.statusCode, created.body).toBe(200);
    const reviewId = (created.json() as { ids: number[] }).ids[0]!;
    expect((await unitOf(unit.id)).status).toBe('analyze');
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'delegate_unity')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit?.data).toMatchObject({ reviewId, itemContentId: unit.id });
    const news2 = (await req('director', 'GET', '/items/item/content/new?title=optica')).json() as { content: { id: number }[] };
    expect(news2.content.map((u) => u.id)).not.toContain(unit.id);

    let d = await detail('curator', reviewId);
    expect(d).toMatchObject({ version: 1, active: true, current: true, unitStatus: 'analyze', curatorStatus: null, canEditContent: true, canReopen: false });
    expect(d.curationStartedAt).not.toBeNull();
    expect(d.moves.map((m) => `${m.stage}:${m.status}`)).toEqual(['curation:approved', 'curation:correction', 'curation:reproved']);
    // The reviewer waits for the curation.
    expect((await detail('review', reviewId)).moves).toEqual([]);
    expect((await move('review', reviewId, 'approved')).statusCode).toBe(409);

    // Correction needs a comment (a blank one is refused).
    const blank = await move('curator', reviewId, 'correction', ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(REVIEW_MSG.commentRequired);
    const corr = await move('curator', reviewId, 'correction', 'Revise o tópico 1.');
    expect(corr.statusCode, corr.body).toBe(200);
    expect((await unitOf(unit.id)).status).toBe('correction');
    d = await detail('curator', reviewId);
    expect(d).toMatchObject({ curatorStatus: 'correction', unitStatus: 'correction', moves: [], canEditContent: false });

    // Ativas with the Correção filter; the author reads the comment.
    const ativas = (await req('curator', 'GET', '/items/review/find?active=true&itemContentStatus=correction')).json() as { content: ReviewRow[] };
    expect(ativas.content.map((r) => r.id)).toContain(reviewId);
    const comments = (await req('provider', 'GET', `/items/comment/find/${reviewId}`)).json() as CommentRow[];
    expect(comments.map((c) => c.comment)).toEqual(['Revise o tópico 1.']);
    expect(comments[0]!.author.id).toBe(id.curator);

    // The author fixes it and sends it again with the status call: the curation starts over.
    const current = await unitOf(unit.id);
    const fixed = await req('editor', 'PUT', '/items/item/content/update', { ...complete('Óptica geométrica'), id: unit.id, revision: current.revision, introduction: '<p>Nova</p>' });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const resent = await req('provider', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'analyze' });
    expect(resent.statusCode, resent.body).toBe(200);
    d = await detail('curator', reviewId);
    expect(d).toMatchObject({ unitStatus: 'analyze', curatorStatus: null, active: true });
    // The author cannot push it to analysis twice.
    expect((await req('provider', 'PUT', '/items/item/content/status/', { ids: [unit.id], status: 'analyze' })).statusCode).toBe(409);

    // Providers cannot approve; the curator approves (the revision starts), then the reviewer.
    expect((await move('provider', reviewId, 'approved')).statusCode).toBe(403);
    expect((await move('curator', reviewId, 'approved')).statusCode).toBe(200);
    d = await detail('review', reviewId);
    expect(d.curatorStatus).toBe('approved');
    expect(d.revisionStartedAt).not.toBeNull();
    expect(d.moves.map((m) => `${m.stage}:${m.status}`)).toEqual(['revision:approved', 'revision:correction', 'revision:reproved']);
    // The curator has nothing left to do.
    expect((await move('curator', reviewId, 'approved')).statusCode).toBe(409);
    expect((await move('review', reviewId, 'approved', 'Ótimo')).statusCode).toBe(200);

    // The director publishes.
    d = await detail('director', reviewId);
    expect(d.moves.map((m) => `${m.stage}:${m.status}`)).toEqual(['decision:approved', 'decision:reproved']);
    const pub = await move('director', reviewId, 'approved');
    expect(pub.statusCode, pub.body).toBe(200);
    const published = await unitOf(unit.id);
    expect(published).toMatchObject({ status: 'publish', publishedContentId: unit.id });
    d = await detail('director', reviewId);
    expect(d).toMatchObject({ active: false, managerStatus: 'approved', moves: [], canReopen: false, canEditContent: false });
    const [statusAudit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'update_unit_status')).orderBy(desc(auditLogs.id)).limit(1);
    expect(statusAudit?.data).toMatchObject({ reviewId, stage: 'decision', status: 'approved', to: 'publish' });

    // Publicadas and the dashboard table.
    const publicadas = (await req('manager', 'GET', '/items/review/find?active=false&managerStatus=approved&itemContentTitle=OPTICA')).json() as { content: ReviewRow[] };
    expect(publicadas.content.map((r) => r.id)).toEqual([reviewId]);
    const table = (await req('client', 'GET', '/items/review/find/units/published')).json() as { content: { id: number; title: string; provider: string; publishedAt: string }[] };
    expect(table.content[0]).toMatchObject({ id: unit.id, title: 'Óptica geométrica' });
    expect(table.content[0]!.provider).toBeTruthy();
    // All comments of the review, oldest first.
    const all = (await req('director', 'GET', `/items/comment/find/${reviewId}`)).json() as CommentRow[];
    expect(all.map((c) => c.comment)).toEqual(['Revise o tópico 1.', 'Ótimo']);
  });

  it('publishes version 2 of a published unit and keeps version 1 readable', async () => {
    const { unit, reviewId } = await delegated('Termodinâmica');
    for (const [who, s] of [['curator', 'approved'], ['review', 'approved'], ['manager', 'approved']] as const) {
      expect((await move(who, reviewId, s)).statusCode, who).toBe(200);
    }
    const v1 = await unitOf(unit.id);
    const updated = await req('provider', 'PUT', '/items/item/content/update', { ...complete('Termodinâmica II'), id: unit.id, revision: v1.revision, updateMessage: 'Novo tópico' });
    expect(updated.statusCode, updated.body).toBe(200);
    const v2 = updated.json() as UnitContent;
    expect(v2).toMatchObject({ version: 2, status: 'send' });
    const d2 = await req('director', 'POST', '/items/review/create', { curatorId: id.curator2, reviewerId: id.review2, contentIds: [v2.id] });
    expect(d2.statusCode, d2.body).toBe(200);
    const review2 = (d2.json() as { ids: number[] }).ids[0]!;
    // Only the newly assigned people act on it.
    expect((await req('curator', 'GET', `/items/review/find/${review2}`)).statusCode).toBe(404);
    for (const [who, s] of [['curator2', 'approved'], ['review2', 'approved'], ['admin', 'approved']] as const) {
      expect((await move(who, review2, s)).statusCode, who).toBe(200);
    }
    expect((await unitOf(v2.id)).publishedContentId).toBe(v2.id);
    const old = await unitOf(unit.id);
    expect(old).toMatchObject({ status: 'publish', title: 'Termodinâmica', publishedContentId: v2.id });
    const table = (await req('user', 'GET', '/items/review/find/units/published')).json() as { content: { id: number }[] };
    expect(table.content.map((r) => r.id)).toContain(v2.id);
    expect(table.content.map((r) => r.id)).not.toContain(unit.id);
    // type=content gives the latest review of that unit version.
    const byContent = await req('manager', 'GET', `/items/review/find/${v2.id}?type=content`);
    expect(byContent.json().id).toBe(review2);
  });

  it('does not let a version under review be published around its review', async () => {
    const { unit } = await delegated('Publicação direta');
    const res = await req('manager', 'PUT', `/items/item/update-item-version/${unit.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('UNDER_REVIEW');
    expect((await unitOf(unit.id)).status).toBe('analyze');
  });

  it('keeps curators and reviewers to their own reviews', async () => {
    const { reviewId } = await delegated('Ondulatória');
    expect((await req('curator2', 'GET', `/items/review/find/${reviewId}`)).statusCode).toBe(404);
    expect((await move('curator2', reviewId, 'approved')).statusCode).toBe(404);
    expect((await req('review2', 'GET', `/items/review/find/${reviewId}`)).statusCode).toBe(404);
    const list = (await req('curator2', 'GET', '/items/review/find?active=true')).json() as { content: ReviewRow[] };
    expect(list.content.map((r) => r.id)).not.toContain(reviewId);
    const mine = (await req('curator', 'GET', '/items/review/find?active=true&itemContentTitle=ondulatoria')).json() as { content: ReviewRow[]; total: number };
    expect(mine.content.map((r) => r.id)).toEqual([reviewId]);
    expect(mine.content[0]).toMatchObject({ curator: { id: id.curator }, reviewer: { id: id.review }, unitStatus: 'analyze' });
    // Another curator's review answers as missing (the access gate), on the comments too.
    expect((await req('curator2', 'GET', `/items/comment/find/${reviewId}`)).statusCode).toBe(404);
    expect((await req('curator2', 'POST', '/items/comment/post', { comment: 'Oi', reviewId, itemId: 1 })).statusCode).toBe(404);
  });

  it('refuses moves the table forbids, reproving without a comment, and other user types', async () => {
    const { unit, reviewId } = await delegated('Eletrostática');
    // Publishing needs both stages approved.
    expect((await move('director', reviewId, 'approved')).statusCode).toBe(409);
    // The director does not act for the curator; admin and manager do.
    expect((await move('director', reviewId, 'correction', 'x')).statusCode).toBe(409);
    const noComment = await move('curator', reviewId, 'reproved');
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().message).toBe(REVIEW_MSG.commentRequired);
    for (const who of ['seller', 'client', 'user', 'provider', 'editor']) {
      expect((await move(who, reviewId, 'approved')).statusCode, who).toBe(403);
      // The unit's own provider users read its review (their status screen); other types may not.
      expect((await req(who, 'GET', `/items/review/find/${reviewId}`)).statusCode, who).toBe(['provider', 'editor'].includes(who) ? 200 : 403);
      expect((await req(who, 'GET', '/items/review/find')).statusCode, who).toBe(403);
      expect((await req(who, 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [unit.id] })).statusCode, who).toBe(403);
    }
    // The curator reproves: the review stays open for the decision.
    expect((await move('curator', reviewId, 'reproved', 'Conteúdo copiado.')).statusCode).toBe(200);
    let d = await detail('manager', reviewId);
    expect(d).toMatchObject({ active: true, curatorStatus: 'reproved' });
    expect(d.moves.map((m) => `${m.stage}:${m.status}`)).toEqual(['decision:reproved']);
    expect((await move('manager', reviewId, 'reproved', ' ')).statusCode).toBe(400);
    expect((await move('manager', reviewId, 'reproved', 'Plágio.')).statusCode).toBe(200);
    expect((await unitOf(unit.id)).status).toBe('reproved');
    d = await detail('manager', reviewId);
    expect(d).toMatchObject({ active: false, managerStatus: 'reproved', canReopen: true });
    expect((await detail('curator', reviewId)).canReopen).toBe(false);
    const reprovadas = (await req('director', 'GET', '/items/review/find?managerStatus=reproved&itemContentTitle=eletrostatica')).json() as { content: ReviewRow[] };
    expect(reprovadas.content.map((r) => r.id)).toEqual([reviewId]);
    // Nothing more on a closed review; editing its delegation is refused.
    expect((await move('admin', reviewId, 'reproved', 'De novo')).statusCode).toBe(409);
    expect((await req('director', 'PUT', `/items/review/this/update/${reviewId}`, { curatorId: id.curator2, reviewerId: id.review2 })).statusCode).toBe(409);

    // Reopen: a new review version with other people, the unit back in analysis.
    expect((await req('curator', 'POST', '/items/review/reopen', { id: reviewId, curatorId: id.curator2, reviewerId: id.review2 })).statusCode).toBe(403);
    const reopened = await req('director', 'POST', '/items/review/reopen', { id: reviewId, curatorId: id.curator2, reviewerId: id.review2, contentIds: [unit.id] });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const newId = (reopened.json() as { ids: number[] }).ids[0]!;
    expect(newId).not.toBe(reviewId);
    const nd = await detail('curator2', newId);
    expect(nd).toMatchObject({ version: 2, active: true, current: true, unitStatus: 'analyze', curatorStatus: null });
    expect(nd.versions.map((v) => v.version)).toEqual([2, 1]);
    expect((await detail('director', reviewId)).current).toBe(false);
    // The old version cannot be reopened again; Reprovadas shows only the latest review of a unit.
    expect((await req('director', 'POST', '/items/review/reopen', { id: reviewId, curatorId: id.curator, reviewerId: id.review })).statusCode).toBe(409);
    const again = (await req('director', 'GET', '/items/review/find?managerStatus=reproved&itemContentTitle=eletrostatica')).json() as { content: ReviewRow[] };
    expect(again.content).toEqual([]);
  });

  it('validates delegation: active curator and reviewer, units sent, all or nothing; edits active delegations', async () => {
    const unit = await sentUnit('Magnetismo');
    const draft = (await req('provider', 'POST', '/items/item/content/create', complete('Rascunho'))).json() as UnitContent;
    const wrongCurator = await req('manager', 'POST', '/items/review/create', { curatorId: id.review, reviewerId: id.review, contentIds: [unit.id] });
    expect(wrongCurator.statusCode).toBe(400);
    expect(wrongCurator.json().message).toBe(REVIEW_MSG.wrongCurator);
    expect((await req('manager', 'POST', '/items/review/create', { curatorId: id.curator3, reviewerId: id.review, contentIds: [unit.id] })).json().message).toBe(REVIEW_MSG.wrongCurator);
    const wrongReviewer = await req('manager', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.curator2, contentIds: [unit.id] });
    expect(wrongReviewer.json().message).toBe(REVIEW_MSG.wrongReviewer);
    const notSent = await req('manager', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [unit.id, draft.id] });
    expect(notSent.statusCode).toBe(409);
    expect(notSent.json().message).toBe(REVIEW_MSG.notSent);
    expect((await unitOf(unit.id)).status).toBe('send');
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.itemContentId, unit.id))).toEqual([]);
    expect((await req('manager', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [] })).statusCode).toBe(400);
    expect((await req('manager', 'POST', '/items/review/create', { curatorId: 'x', reviewerId: id.review, contentIds: [unit.id] })).statusCode).toBe(400);

    const ok = await req('manager', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [unit.id] });
    const reviewId = (ok.json() as { ids: number[] }).ids[0]!;
    // Twice is refused: the unit is no longer 'send'.
    expect((await req('manager', 'POST', '/items/review/create', { curatorId: id.curator, reviewerId: id.review, contentIds: [unit.id] })).statusCode).toBe(409);

    expect((await req('curator', 'PUT', `/items/review/this/update/${reviewId}`, { curatorId: id.curator2, reviewerId: id.review2 })).statusCode).toBe(403);
    expect((await req('director', 'PUT', `/items/review/this/update/${reviewId}`, { curatorId: id.review2, reviewerId: id.review2 })).statusCode).toBe(400);
    const edit = await req('director', 'PUT', `/items/review/this/update/${reviewId}`, { curatorId: id.curator2, reviewerId: id.review2 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await req('curator', 'GET', `/items/review/find/${reviewId}`)).statusCode).toBe(404);
    expect((await detail('curator2', reviewId)).moves.length).toBe(3);
    const [audit] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'updated_delegate_unity')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(audit?.data).toMatchObject({ reviewId, to: { curatorId: id.curator2, reviewerId: id.review2 } });
    expect((await req('director', 'PUT', '/items/review/this/update/abc', { curatorId: id.curator2, reviewerId: id.review2 })).statusCode).toBe(400);
  });

  it('applies a bulk move to all reviews or to none', async () => {
    const a = await delegated('Acústica');
    const b = await delegated('Hidrostática');
    // b is moved first by its curator, so the bulk approval of both by the curator fails on b: nothing changes.
    expect((await move('curator', b.reviewId, 'approved')).statusCode).toBe(200);
    const bulk = await move('curator', [a.reviewId, b.reviewId], 'approved');
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().message).toBe(REVIEW_MSG.moveRefused);
    expect((await detail('curator', a.reviewId)).curatorStatus).toBeNull();
    // Admin acts for the curator on a and for the reviewer on b in one call.
    const both = await move('admin', [a.reviewId, b.reviewId], 'approved');
    expect(both.statusCode, both.body).toBe(200);
    expect((await detail('admin', a.reviewId)).curatorStatus).toBe('approved');
    expect((await detail('admin', b.reviewId)).reviewerStatus).toBe('approved');
    expect((await req('admin', 'PUT', '/items/review/update/1,x', { status: 'approved' })).statusCode).toBe(400);
    expect((await req('admin', 'PUT', `/items/review/update/${a.reviewId}`, { status: 'publish' })).statusCode).toBe(400);
    expect((await req('admin', 'PUT', '/items/review/update/999999', { status: 'approved' })).statusCode).toBe(404);
  });

  it('lets the unit provider users and the review staff comment; others are refused', async () => {
    const { unit, reviewId } = await delegated('Gravitação');
    const own = await req('editor', 'POST', '/items/comment/post', { comment: '  Dúvida do autor  ', reviewId, itemId: unit.id });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ comment: 'Dúvida do autor', author: { id: id.editor } });
    expect((await req('review', 'POST', '/items/comment/post', { comment: 'Resposta', reviewId, itemId: unit.id })).statusCode).toBe(200);
    // Another provider's review answers as missing (the access gate); other user types are refused by role (403).
    expect((await req('provider.analise', 'POST', '/items/comment/post', { comment: 'Intruso', reviewId, itemId: unit.id })).statusCode).toBe(404);
    expect((await req('provider.analise', 'GET', `/items/comment/find/${reviewId}`)).statusCode).toBe(404);
    for (const who of ['seller', 'client', 'user']) {
      expect((await req(who, 'POST', '/items/comment/post', { comment: 'x', reviewId, itemId: unit.id })).statusCode, who).toBe(403);
      expect((await req(who, 'GET', `/items/comment/find/${reviewId}`)).statusCode, who).toBe(403);
    }
    expect((await req('provider', 'POST', '/items/comment/post', { comment: '   ', reviewId, itemId: unit.id })).statusCode).toBe(400);
    expect((await req('provider', 'POST', '/items/comment/post', { comment: 'x', reviewId, itemId: unit.id + 1000 })).statusCode).toBe(400);
    expect((await req('provider', 'POST', '/items/comment/post', { comment: 'x', reviewId: 999999, itemId: unit.id })).statusCode).toBe(404);
    const list = (await req('provider', 'GET', `/items/comment/find/${reviewId}`)).json() as CommentRow[];
    expect(list.map((c) => c.comment)).toEqual(['Dúvida do autor', 'Resposta']);

    // The author's review status screen (spec 2 §2.7): its own provider reads the review, with no move to make.
    const mine = await req('editor', 'GET', `/items/review/find/${unit.id}?type=content`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: reviewId, moves: [], canReopen: false, canEditContent: false });
    expect((await req('provider.analise', 'GET', `/items/review/find/${unit.id}?type=content`)).statusCode).toBe(404);
    expect((await req('seller', 'GET', `/items/review/find/${reviewId}`)).statusCode).toBe(403);
    // An author cannot move its own review.
    expect((await req('provider', 'PUT', `/items/review/update/${reviewId}`, { status: 'approved', comment: ' ' })).statusCode).toBe(403);
  });

  it('lets the review staff edit the unit details and content while it is in analysis, sanitized', async () => {
    const { unit, reviewId } = await delegated('Relatividade');
    const k = await req('curator', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [humanas, exatas], levelOfLearning: ['Mestrado'] });
    expect(k.statusCode, k.body).toBe(200);
    expect((k.json() as UnitContent).knowledges.map((a) => a.id).sort()).toEqual([exatas, humanas].sort());
    expect((await req('curator', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [matematicaBasic], levelOfLearning: ['Graduação'] })).statusCode).toBe(400);
    expect((await req('curator', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [exatas], levelOfLearning: ['Ensino Médio'] })).statusCode).toBe(400);
    expect((await req('curator', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [], levelOfLearning: ['Graduação'] })).statusCode).toBe(400);
    expect((await req('curator2', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [exatas], levelOfLearning: ['Graduação'] })).statusCode).toBe(404);
    expect((await req('provider', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [exatas], levelOfLearning: ['Graduação'] })).statusCode).toBe(403);

    const current = await unitOf(unit.id);
    const fields = { ...complete('Relatividade restrita'), revision: current.revision };
    const saved = await req('review', 'PUT', `/items/review/content/${unit.id}`, { ...fields, introduction: '<p onclick="x()">Olá<script>alert(1)</script></p>' });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as UnitContent;
    expect(after.title).toBe('Relatividade restrita');
    expect(after.introduction).not.toMatch(/script|onclick/);
    expect(after.status).toBe('analyze');
    // Stale, learningType (not accepted here), incomplete, another reviewer.
    expect((await req('review', 'PUT', `/items/review/content/${unit.id}`, fields)).statusCode).toBe(409);
    expect((await req('review', 'PUT', `/items/review/content/${unit.id}`, { ...fields, revision: after.revision, learningType: 'basic' })).statusCode).toBe(400);
    expect((await req('review', 'PUT', `/items/review/content/${unit.id}`, { ...fields, revision: after.revision, authors: [] })).statusCode).toBe(400);
    expect((await req('review2', 'PUT', `/items/review/content/${unit.id}`, { ...fields, revision: after.revision })).statusCode).toBe(404);
    expect((await req('seller', 'PUT', `/items/review/content/${unit.id}`, { ...fields, revision: after.revision })).statusCode).toBe(403);

    // In correction (the author's turn) the staff cannot edit.
    expect((await move('curator', reviewId, 'correction', 'Ajuste')).statusCode).toBe(200);
    expect((await req('curator', 'PUT', `/items/review/content/${unit.id}`, { ...fields, revision: after.revision })).statusCode).toBe(409);
    expect((await req('curator', 'PUT', '/items/item/content/update/Knowledge', { id: unit.id, knowledges: [exatas], levelOfLearning: ['Graduação'] })).statusCode).toBe(409);
  });

  it('refuses bad list queries and sorts by title', async () => {
    expect((await req('director', 'GET', '/items/review/find?order=x')).statusCode).toBe(400);
    expect((await req('director', 'GET', '/items/review/find?page=0')).statusCode).toBe(400);
    expect((await req('director', 'GET', '/items/review/find?itemContentStatus=draft')).statusCode).toBe(400);
    expect((await req('director', 'GET', '/items/review/find?bogus=1')).statusCode).toBe(400);
    expect((await req('director', 'GET', '/items/review/find/1?type=x')).statusCode).toBe(400);
    const byTitle = (await req('director', 'GET', '/items/review/find?active=true&order=title')).json() as { content: ReviewRow[]; total: number };
    const titles = byTitle.content.map((r) => r.title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect(byTitle.content.length).toBeLessThanOrEqual(10);
    expect(byTitle.total).toBeGreaterThanOrEqual(byTitle.content.length);
    expect((await req('director', 'GET', '/items/review/find/units/published?page=0')).statusCode).toBe(400);
  });
});
