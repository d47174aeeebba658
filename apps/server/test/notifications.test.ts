/**
 * Notifications (spec 1 §2.14, §3, §5, §7 "Seller notices and templates", "Notifications bell"):
 * templates (HTML sanitized on write), notices to all or selected institutions, unread notices and
 * read-marking per user, the bell, and the refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { NoticeTemplate, SellerNotice, UnreadNotice } from '@edu/shared/notifications';
import { notifications, sellerNoticeReads, sellers, users } from '../src/db/schema';
import { notifyUsers } from '../src/modules/notifications/notify';
import { auditLogs } from '../src/platform/platform.tables';
import { hashPassword } from '../src/platform/security';
import { DEMO_PASSWORD, PNG_1PX, call, createTestApp, demoEmail, multipartFile, signIn, type TestApp } from './harness';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
const idOf = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!;

/** The demo institution, and a second one (with its own seller user) that the demo users must not reach. */
let sellerA: number;
let sellerB: number;
let inactiveSeller: number;
const OTHER_SELLER_EMAIL = 'outra.instituicao@exemplo.com.br';

beforeAll(async () => {
  t = await createTestApp();
  sellerA = (await idOf(demoEmail('seller'))).sellerId!;
  const [b] = await t.deps.db
    .insert(sellers)
    .values({ name: 'Colégio Água Viva', companyName: 'Colégio Água Viva Ltda', cnpj: '11444777000161', status: 'active' })
    .returning();
  sellerB = b!.id;
  const [c] = await t.deps.db
    .insert(sellers)
    .values({ name: 'Escola Pendente', companyName: 'Escola Pendente Ltda', cnpj: '45997418000153', status: 'pending' })
    .returning();
  inactiveSeller = c!.id;
  await t.deps.db.insert(users).values({
    name: 'Otávio Outra Instituição',
    email: OTHER_SELLER_EMAIL,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    type: 'seller',
    status: 'active',
    sellerId: sellerB,
    emailConfirmedAt: new Date(),
  });
});
afterAll(() => t?.close());

const createTemplate = async (payload: Record<string, unknown>, local = 'admin') =>
  call(t.app, 'POST', '/api/sellers/notices/templates', { token: await tok(local), payload });

async function newTemplate(title = 'Aviso de manutenção', htmlContent = '<p>Manutenção no sábado.</p>') {
  const res = await createTemplate({ title, htmlContent, requiresReadConfirmation: false });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<NoticeTemplate>();
}

async function newNotice(payload: Record<string, unknown>, url = '/api/sellers/notices/') {
  const res = await call(t.app, 'POST', url, { token: await tok('admin'), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SellerNotice>();
}

const unreadFor = async (local: string, sellerId: number) => {
  const res = await call(t.app, 'GET', `/api/sellers/notices/unread/${sellerId}`, { token: await tok(local) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UnreadNotice[]>();
};

describe('templates', () => {
  it('admin and director create, list, edit and delete templates, each with its audit entry', async () => {
    const created = await createTemplate({ title: 'Boas-vindas', htmlContent: '<p>Olá, <strong>instituição</strong>!</p>', requiresReadConfirmation: true });
    expect(created.statusCode, created.body).toBe(200);
    const tpl = created.json<NoticeTemplate>();
    expect(tpl).toMatchObject({ title: 'Boas-vindas', htmlContent: '<p>Olá, <strong>instituição</strong>!</p>', requiresReadConfirmation: true });

    const list = await call(t.app, 'GET', '/api/sellers/notices/templates', { token: await tok('director') });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: NoticeTemplate[]; total: number }>().data.map((x) => x.id)).toContain(tpl.id);

    const updated = await call(t.app, 'PUT', `/api/sellers/notices/templates/${tpl.id}`, {
      token: await tok('director'),
      payload: { id: tpl.id, title: 'Boas-vindas 2026', htmlContent: '<p>Novo texto</p>', requiresReadConfirmation: false },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ id: tpl.id, title: 'Boas-vindas 2026', htmlContent: '<p>Novo texto</p>', requiresReadConfirmation: false });

    const removed = await call(t.app, 'DELETE', `/api/sellers/notices/templates/${tpl.id}`, { token: await tok('admin') });
    expect(removed.json()).toEqual({ message: MSG.templateDeleted });
    const again = await call(t.app, 'DELETE', `/api/sellers/notices/templates/${tpl.id}`, { token: await tok('admin') });
    expect(again.statusCode).toBe(404);

    const actions = (await t.deps.db.select().from(auditLogs)).filter((a) => (a.data as { templateId?: number }).templateId === tpl.id).map((a) => a.action);
    expect(actions.sort()).toEqual(['created_notice_template', 'removed_notice_template', 'updated_notice_template']);
  });

  it('stores HTML clean: no script, event handlers, javascript: links, iframes or styles', async () => {
    const dirty =
      '<p style="color:red" onclick="steal()">Texto <script>alert(1)</script><strong>forte</strong></p>' +
      '<img src="x" onerror="alert(1)"><img src="/uploads/notices/abc123.png" class="img-rounded img-center evil" onload="x()" style="position:fixed">' +
      '<a href="javascript:alert(1)">um</a><a href="JaVaScRiPt&#58;alert(2)">dois</a><a href="https://exemplo.com.br" target="_blank">três</a>' +
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><h2 style="text-align:center">Título</h2>';
    const res = await createTemplate({ title: 'Sujo', htmlContent: dirty });
    expect(res.statusCode, res.body).toBe(200);
    const html = res.json<NoticeTemplate>().htmlContent;
    expect(html).not.toMatch(/<script|alert\(1\)|onerror|onclick|onload|javascript|<iframe|<style|color:red|position/i);
    expect(html).toBe(
      '<p>Texto <strong>forte</strong></p>' +
        '<img src="/uploads/notices/abc123.png" class="img-rounded img-center" />' +
        '<a>um</a><a>dois</a><a href="https://exemplo.com.br" target="_blank" rel="noopener noreferrer nofollow">três</a>' +
        '<h2 style="text-align:center">Título</h2>',
    );
    // Editing goes through the same sanitizer.
    const id = res.json<NoticeTemplate>().id;
    const edited = await call(t.app, 'PUT', `/api/sellers/notices/templates/${id}`, {
      token: await tok('admin'),
      payload: { title: 'Sujo', htmlContent: '<p>ok<img src="data:image/png;base64,AAAA"><script>x</script></p>', requiresReadConfirmation: false },
    });
    expect(edited.json<NoticeTemplate>().htmlContent).toBe('<p>ok</p>');
  });

  it('refuses a missing title, unknown fields and a wrong id in the body', async () => {
    const noTitle = await createTemplate({ title: '  ', htmlContent: '<p>x</p>' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json()).toMatchObject({ message: MSG.required, fields: { title: MSG.required } });
    const unknown = await createTemplate({ title: 'x', htmlContent: '', extra: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(MSG.unknownField('extra'));
    const tpl = await newTemplate('Com id');
    const wrongId = await call(t.app, 'PUT', `/api/sellers/notices/templates/${tpl.id}`, {
      token: await tok('admin'),
      payload: { id: tpl.id + 1, title: 'x', htmlContent: '', requiresReadConfirmation: false },
    });
    expect(wrongId.statusCode).toBe(400);
    const missing = await call(t.app, 'PUT', '/api/sellers/notices/templates/999999', {
      token: await tok('admin'),
      payload: { title: 'x', htmlContent: '', requiresReadConfirmation: false },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.templateNotFound);
  });

  it('uploads an editor image (checked by content) and serves it from /uploads', async () => {
    const upload = multipartFile(PNG_1PX);
    const res = await call(t.app, 'POST', '/api/sellers/notices/templates/images', { token: await tok('admin'), payload: upload.payload, headers: upload.headers });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/notices\/[0-9a-f]{32}\.png$/);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const fake = multipartFile(Buffer.from('<script>alert(1)</script>'), { filename: 'x.png' });
    const bad = await call(t.app, 'POST', '/api/sellers/notices/templates/images', { token: await tok('admin'), payload: fake.payload, headers: fake.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.imageNotSupported);

    const seller = await call(t.app, 'POST', '/api/sellers/notices/templates/images', { token: await tok('seller'), payload: upload.payload, headers: upload.headers });
    expect(seller.statusCode).toBe(403);
  });

  it('refuses sellers and other staff (403) and anonymous callers (401)', async () => {
    for (const local of ['seller', 'manager', 'provider', 'curator']) {
      expect((await call(t.app, 'GET', '/api/sellers/notices/templates', { token: await tok(local) })).statusCode).toBe(403);
      expect((await createTemplate({ title: 'x', htmlContent: '' }, local)).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', '/api/sellers/notices/templates/1', { token: await tok(local) })).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/sellers/notices/templates')).statusCode).toBe(401);
  });
});

describe('seller notices', () => {
  it('lists active institutions A-Z for the picker, staff only', async () => {
    const res = await call(t.app, 'GET', '/api/sellers/options', { token: await tok('admin') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: sellerB, name: 'Colégio Água Viva' },
      { id: sellerA, name: 'Faculdade Vale do Saber' },
    ]);
    expect(res.json<{ id: number }[]>().some((s) => s.id === inactiveSeller)).toBe(false);
    expect((await call(t.app, 'GET', '/api/sellers/options', { token: await tok('seller') })).statusCode).toBe(403);
  });

  it('refuses SELECTED without institutions, unknown templates and inactive institutions (400, nothing stored)', async () => {
    const tpl = await newTemplate();
    const token = await tok('admin');
    const before = (await call(t.app, 'GET', '/api/sellers/notices', { token })).json<{ total: number }>().total;

    const empty = await call(t.app, 'POST', '/api/sellers/notices/', { token, payload: { templateId: tpl.id, targetType: 'SELECTED', selectedSellerIds: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MSG.noticeSellersRequired, fields: { selectedSellerIds: MSG.noticeSellersRequired } });

    const noTemplate = await call(t.app, 'POST', '/api/sellers/notices/', { token, payload: { targetType: 'ALL' } });
    expect(noTemplate.statusCode).toBe(400);
    expect(noTemplate.json().message).toBe(MSG.noticeTemplateRequired);

    const unknownTemplate = await call(t.app, 'POST', '/api/sellers/notices/', { token, payload: { templateId: 999999, targetType: 'ALL' } });
    expect(unknownTemplate.statusCode).toBe(400);
    expect(unknownTemplate.json().message).toBe(MSG.templateNotFound);

    const inactive = await call(t.app, 'POST', '/api/sellers/notices/', {
      token,
      payload: { templateId: tpl.id, targetType: 'SELECTED', selectedSellerIds: [sellerA, inactiveSeller] },
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().message).toBe(MSG.noticeSellerInvalid);

    const badType = await call(t.app, 'POST', '/api/sellers/notices/', { token, payload: { templateId: tpl.id, targetType: 'SOME' } });
    expect(badType.statusCode).toBe(400);

    expect((await call(t.app, 'GET', '/api/sellers/notices', { token })).json<{ total: number }>().total).toBe(before);
  });

  it('a SELECTED notice reaches only the chosen institution; its seller reads it once; editing makes it unread again', async () => {
    const tpl = await newTemplate('Prazo de matrícula', '<p>O prazo termina <em>sexta</em>.</p>');
    const notice = await newNotice({ templateId: tpl.id, targetType: 'SELECTED', selectedSellerIds: [sellerA] });
    expect(notice).toMatchObject({
      templateId: tpl.id,
      targetType: 'SELECTED',
      template: { title: 'Prazo de matrícula', htmlContent: '<p>O prazo termina <em>sexta</em>.</p>' },
      targets: [{ seller: { id: sellerA, name: 'Faculdade Vale do Saber' } }],
    });

    const list = (await call(t.app, 'GET', '/api/sellers/notices', { token: await tok('director') })).json<{ data: SellerNotice[] }>();
    expect(list.data[0]!.id).toBe(notice.id);

    expect((await unreadFor('seller', sellerA)).map((n) => n.id)).toContain(notice.id);
    const unreadA = (await unreadFor('seller', sellerA)).find((n) => n.id === notice.id)!;
    expect(unreadA).not.toHaveProperty('targets');
    expect((await unreadFor(OTHER_SELLER_EMAIL, sellerB)).map((n) => n.id)).not.toContain(notice.id);

    // The other institution's seller cannot mark it, nor read-mark for the demo institution.
    const otherMarks = await call(t.app, 'PATCH', `/api/sellers/notices/${notice.id}/read/${sellerB}`, { token: await tok(OTHER_SELLER_EMAIL) });
    expect(otherMarks.statusCode).toBe(404);
    const forA = await call(t.app, 'PATCH', `/api/sellers/notices/${notice.id}/read/${sellerA}`, { token: await tok(OTHER_SELLER_EMAIL) });
    expect(forA.statusCode).toBe(404);

    const read = await call(t.app, 'PATCH', `/api/sellers/notices/${notice.id}/read/${sellerA}`, { token: await tok('seller') });
    expect(read.statusCode, read.body).toBe(200);
    expect((await unreadFor('seller', sellerA)).map((n) => n.id)).not.toContain(notice.id);
    const twice = await call(t.app, 'PATCH', `/api/sellers/notices/${notice.id}/read/${sellerA}`, { token: await tok('seller') });
    expect(twice.statusCode).toBe(200);
    const readAudits = (await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'read_notice'))).filter(
      (a) => (a.data as { noticeId?: number }).noticeId === notice.id,
    );
    expect(readAudits).toHaveLength(1);

    // Edited: now for both institutions, unread again.
    const edited = await call(t.app, 'PUT', `/api/sellers/notices/${notice.id}`, {
      token: await tok('admin'),
      payload: { templateId: tpl.id, targetType: 'SELECTED', selectedSellerIds: [sellerA, sellerB] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SellerNotice>().targets.map((x) => x.seller.name)).toEqual(['Colégio Água Viva', 'Faculdade Vale do Saber']);
    expect((await unreadFor('seller', sellerA)).map((n) => n.id)).toContain(notice.id);
    expect((await unreadFor(OTHER_SELLER_EMAIL, sellerB)).map((n) => n.id)).toContain(notice.id);

    // Edited to ALL: the stored target list is cleared.
    const toAll = await call(t.app, 'PUT', `/api/sellers/notices/${notice.id}`, {
      token: await tok('admin'),
      payload: { templateId: tpl.id, targetType: 'ALL', selectedSellerIds: [sellerA] },
    });
    expect(toAll.json()).toMatchObject({ targetType: 'ALL', targets: [] });

    // A template in use is not deleted.
    const inUse = await call(t.app, 'DELETE', `/api/sellers/notices/templates/${tpl.id}`, { token: await tok('admin') });
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(MSG.templateInUse);

    const removed = await call(t.app, 'DELETE', `/api/sellers/notices/${notice.id}`, { token: await tok('admin') });
    expect(removed.json()).toEqual({ message: MSG.noticeDeleted });
    expect((await unreadFor('seller', sellerA)).map((n) => n.id)).not.toContain(notice.id);
    expect(await t.deps.db.select().from(sellerNoticeReads).where(eq(sellerNoticeReads.noticeId, notice.id))).toEqual([]);
    expect((await call(t.app, 'DELETE', `/api/sellers/notices/templates/${tpl.id}`, { token: await tok('admin') })).statusCode).toBe(200);

    const actions = (await t.deps.db.select().from(auditLogs)).filter((a) => (a.data as { noticeId?: number }).noticeId === notice.id).map((a) => a.action);
    expect(actions.sort()).toEqual(['created_notice', 'read_notice', 'removed_notice', 'updated_notice', 'updated_notice']);
  });

  it('an ALL notice reaches every institution; the spec path with and without the trailing slash', async () => {
    const tpl = await newTemplate('Para todos');
    const withSlash = await newNotice({ templateId: tpl.id, targetType: 'ALL' });
    const noSlash = await newNotice({ templateId: tpl.id }, '/api/sellers/notices');
    expect(noSlash.targetType).toBe('ALL');
    for (const [local, seller] of [['seller', sellerA], [OTHER_SELLER_EMAIL, sellerB]] as const) {
      const ids = (await unreadFor(local, seller)).map((n) => n.id);
      expect(ids).toEqual(expect.arrayContaining([withSlash.id, noSlash.id]));
      expect(ids.indexOf(noSlash.id)).toBeLessThan(ids.indexOf(withSlash.id));
    }
  });

  it('refuses notices to sellers and other staff, and unread/read to anyone but a seller of that institution', async () => {
    for (const local of ['seller', 'seller.assistente', 'manager']) {
      expect((await call(t.app, 'GET', '/api/sellers/notices', { token: await tok(local) })).statusCode).toBe(403);
      expect((await call(t.app, 'POST', '/api/sellers/notices/', { token: await tok(local), payload: { templateId: 1, targetType: 'ALL' } })).statusCode).toBe(403);
      expect((await call(t.app, 'PUT', '/api/sellers/notices/1', { token: await tok(local), payload: { templateId: 1, targetType: 'ALL' } })).statusCode).toBe(403);
      expect((await call(t.app, 'DELETE', '/api/sellers/notices/1', { token: await tok(local) })).statusCode).toBe(403);
    }
    // Only type seller reads notices (spec 1 §6).
    expect((await call(t.app, 'GET', `/api/sellers/notices/unread/${sellerA}`, { token: await tok('seller.assistente') })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/sellers/notices/unread/${sellerA}`, { token: await tok('admin') })).statusCode).toBe(403);
    // Another institution's unread list answers as missing (the access gate), like one that does not exist: 404.
    expect((await call(t.app, 'GET', `/api/sellers/notices/unread/${sellerB}`, { token: await tok('seller') })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/sellers/notices/unread/999999', { token: await tok('seller') })).statusCode).toBe(404);
    expect((await call(t.app, 'PATCH', `/api/sellers/notices/999999/read/${sellerA}`, { token: await tok('seller') })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/sellers/notices/unread/${sellerA}`)).statusCode).toBe(401);
  });
});

describe('the bell', () => {
  it('shows my own entries of the last 5 days, newest first, sanitized; marks one and all as read', async () => {
    const me = await idOf(demoEmail('director'));
    const other = await idOf(demoEmail('manager'));
    await t.deps.db.transaction(async (tx) => {
      await notifyUsers(tx, [me.id], '<p>Primeira <script>alert(1)</script><a href="javascript:x()">link</a></p>');
    });
    await t.deps.db.transaction((tx) => notifyUsers(tx, [me.id, other.id], '<p>Segunda</p>'));
    await t.deps.db.insert(notifications).values({ userId: me.id, text: '<p>Antiga</p>', createdAt: new Date(Date.now() - 6 * 24 * 60 * 60 * 1000) });

    const token = await tok('director');
    const bell = await call(t.app, 'GET', '/api/notifications', { token });
    expect(bell.statusCode).toBe(200);
    const body = bell.json<{ data: { id: number; text: string; read: boolean; createdAt: string }[]; unread: number }>();
    expect(body.data.map((n) => n.text)).toEqual(['<p>Segunda</p>', '<p>Primeira <a>link</a></p>']);
    expect(body.unread).toBe(2);

    const [newest] = body.data;
    const marked = await call(t.app, 'PATCH', `/api/notifications/${newest!.id}/read`, { token });
    expect(marked.json()).toMatchObject({ id: newest!.id, read: true });
    expect((await call(t.app, 'GET', '/api/notifications', { token })).json()).toMatchObject({ unread: 1 });

    // Someone else's notification: as if it did not exist.
    const managerBell = (await call(t.app, 'GET', '/api/notifications', { token: await tok('manager') })).json<{ data: { id: number }[] }>();
    const foreign = await call(t.app, 'PATCH', `/api/notifications/${managerBell.data[0]!.id}/read`, { token });
    expect(foreign.statusCode).toBe(404);
    const [stillUnread] = await t.deps.db.select().from(notifications).where(and(eq(notifications.id, managerBell.data[0]!.id)));
    expect(stillUnread!.read).toBe(false);

    const all = await call(t.app, 'PATCH', '/api/notifications/read-all', { token });
    expect(all.json()).toEqual({ updated: 2 });
    const after = (await call(t.app, 'GET', '/api/notifications', { token })).json<{ data: { read: boolean }[]; unread: number }>();
    expect(after.unread).toBe(0);
    expect(after.data.every((n) => n.read)).toBe(true);
    expect((await call(t.app, 'GET', '/api/notifications')).statusCode).toBe(401);
  });
});
