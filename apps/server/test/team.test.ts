/** Meu Time: seller and provider team lists, seller-team edit/delete, provider create, CSV import (spec 1 §2.12, §6, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { CSV_MSG } from '@edu/shared/csv';
import type { ImportPreview } from '@edu/shared/team';
import type { UserRow } from '@edu/shared/users';
import { users } from '../src/db/schema';
import { auditLogs, emails } from '../src/platform/platform.tables';
import { DEMO_PASSWORD, call, createTestApp, demoEmail, emailsTo, multipartFile, signIn, type TestApp } from './harness';
import { buildInstitution, buildUser } from './factories';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
type Page = { data: UserRow[]; total: number; page: number; limit: number };
const idOf = async (email: string) => (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const rowOf = async (id: number) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
const names = (page: Page) => page.data.map((u) => u.name);

/** A second institution with its own seller user and one assistant (all with the demo password). */
let other: { sellerId: number; sellerEmail: string; assistantId: number };

beforeAll(async () => {
  t = await createTestApp();
  const sellerId = await buildInstitution(t.deps.db, {
    name: 'Colégio Outro', companyName: 'Colégio Outro Ltda', cnpj: '11444777000161', status: 'active', acceptedTerms: true, acceptedLatePaymentTerms: true,
  });
  const base = { password: DEMO_PASSWORD, sellerId, emailConfirmedAt: new Date() };
  await buildUser(t.deps.db, { ...base, name: 'Otávio Outro', email: 'otavio@outro.com.br', type: 'seller' });
  const assistantId = await buildUser(t.deps.db, { ...base, name: 'Olga Assistente', email: 'olga@outro.com.br', type: 'seller_assistent' });
  other = { sellerId, sellerEmail: 'otavio@outro.com.br', assistantId };
});
afterAll(() => t?.close());

describe('GET /api/sellers/my-team', () => {
  const list = async (local: string, query: Record<string, string | string[]> = {}) =>
    call(t.app, 'GET', '/api/sellers/my-team', { token: await tok(local), query });

  it('a seller lists its own institution only, without itself, newest first', async () => {
    const res = await list('seller');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({ total: 2, page: 1, limit: 20 });
    expect(names(page).sort()).toEqual(['Samuel Assistente', 'Sofia Gestora de Conteúdo']);
    expect(res.body).not.toMatch(/password|argon2/i);

    const theirs = (await list(other.sellerEmail)).json<Page>();
    expect(names(theirs)).toEqual(['Olga Assistente']);
  });

  it('filters by name (accents ignored), type and status, orders A-Z and pages', async () => {
    expect(names((await list('seller', { name: 'gestora de conteudo' })).json<Page>())).toEqual(['Sofia Gestora de Conteúdo']);
    expect(names((await list('seller', { type: 'seller_assistent' })).json<Page>())).toEqual(['Samuel Assistente']);
    expect(names((await list('seller', { type: ['seller_assistent', 'seller_content_manager'], order: 'name' })).json<Page>())).toEqual([
      'Samuel Assistente',
      'Sofia Gestora de Conteúdo',
    ]);
    expect((await list('seller', { status: 'exclused' })).json<Page>().total).toBe(0);
    const second = (await list('seller', { order: 'name', limit: '1', page: '2' })).json<Page>();
    expect(second).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect(names(second)).toEqual(['Sofia Gestora de Conteúdo']);
    const bad = await list('seller', { order: 'salary' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.invalidValue });
    expect((await list('seller', { sellerId: String(other.sellerId) })).statusCode).toBe(400);
  });

  it('the seller_assistent lists the team too; other types are refused; no token is 401', async () => {
    const page = (await list('seller.assistente')).json<Page>();
    expect(names(page).sort()).toEqual(['Sofia Gestora de Conteúdo', 'Sílvia Coordenadora']);
    for (const local of ['seller.conteudo', 'provider', 'admin']) expect((await list(local)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/sellers/my-team')).statusCode).toBe(401);
  });
});

describe('seller team edit and delete', () => {
  it("a seller edits a member of its team (audit edit_user) but not another seller's (404) nor itself (403)", async () => {
    const token = await tok('seller');
    const sofia = await idOf(demoEmail('seller.conteudo'));
    const res = await call(t.app, 'PUT', `/api/sellers/my-team/${sofia}`, {
      token,
      payload: { name: 'Sofia Gestora', email: demoEmail('seller.conteudo'), type: 'seller_content_manager' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: sofia, name: 'Sofia Gestora', type: 'seller_content_manager' });
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'edit_user'));
    expect(audit.some((a) => (a.data as { targetUserId?: number }).targetUserId === sofia)).toBe(true);
    await call(t.app, 'PUT', `/api/sellers/my-team/${sofia}`, {
      token,
      payload: { name: 'Sofia Gestora de Conteúdo', email: demoEmail('seller.conteudo'), type: 'seller_content_manager' },
    });

    const foreign = await call(t.app, 'PUT', `/api/sellers/my-team/${other.assistantId}`, {
      token,
      payload: { name: 'Invasão', email: 'olga@outro.com.br', type: 'seller_assistent' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await rowOf(other.assistantId)).name).toBe('Olga Assistente');

    const self = await idOf(demoEmail('seller'));
    const own = await call(t.app, 'PUT', `/api/sellers/my-team/${self}`, { token, payload: { name: 'X', email: demoEmail('seller'), type: 'seller' } });
    expect(own.statusCode).toBe(403);
  });

  it('refuses a type the seller may not give, a taken e-mail, bad input, and the assistant', async () => {
    const token = await tok('seller');
    const samuel = await idOf(demoEmail('seller.assistente'));
    const url = `/api/sellers/my-team/${samuel}`;
    const asAdmin = await call(t.app, 'PUT', url, { token, payload: { name: 'Samuel', email: demoEmail('seller.assistente'), type: 'admin' } });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json()).toMatchObject({ message: MSG.cannotManageType });
    const taken = await call(t.app, 'PUT', url, { token, payload: { name: 'Samuel', email: demoEmail('admin'), type: 'seller_assistent' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: MSG.emailInUse });
    const bad = await call(t.app, 'PUT', url, { token, payload: { name: '', email: 'x', type: 'seller_assistent', extra: 1 } });
    expect(bad.statusCode).toBe(400);
    const missing = await call(t.app, 'PUT', url, { token, payload: { name: '', email: 'nao-e-email' } });
    expect(missing.json().fields).toMatchObject({ name: MSG.required, email: MSG.invalidEmail, type: MSG.required });
    expect((await rowOf(samuel)).type).toBe('seller_assistent');

    const assistant = await tok('seller.assistente');
    const sofia = await idOf(demoEmail('seller.conteudo'));
    expect((await call(t.app, 'PUT', `/api/sellers/my-team/${sofia}`, { token: assistant, payload: { name: 'S', email: 's@x.com', type: 'seller_assistent' } })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/sellers/my-team/${sofia}`, { token: assistant })).statusCode).toBe(403);
  });

  it('the seller_assistent cannot create users nor change statuses in bulk', async () => {
    const assistant = await tok('seller.assistente');
    const created = await call(t.app, 'POST', '/api/create', { token: assistant, payload: { name: 'Novo', email: 'novo.assist@x.com', type: 'seller_content_manager' } });
    expect(created.statusCode).toBe(403);
    const sofia = await idOf(demoEmail('seller.conteudo'));
    const bulk = await call(t.app, 'PUT', '/api/users/status', { token: assistant, payload: { ids: [sofia], status: 'exclused' } });
    expect(bulk.statusCode).toBe(403);
    expect((await rowOf(sofia)).status).toBe('active');
    const [n] = await t.deps.db.select({ n: count() }).from(users).where(eq(users.email, 'novo.assist@x.com'));
    expect(n!.n).toBe(0);
  });

  it('DELETE sets exclused (audit update_user_status, sessions revoked); restore sets active; another seller is 404', async () => {
    const token = await tok('seller');
    const member = await call(t.app, 'POST', '/api/create', { token, payload: { name: 'Tales Temporário', email: 'tales@vale.com.br', type: 'seller_assistent' } });
    expect(member.statusCode, member.body).toBe(200);
    const id = member.json<UserRow>().id;
    await t.deps.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
    const password = (await emailsTo(t.deps, 'tales@vale.com.br'))[0]!.text.match(/senha provisória é: (\S+)/)![1]!;
    const memberToken = await signIn(t.app, 'tales@vale.com.br', password);

    const foreign = await call(t.app, 'DELETE', `/api/sellers/my-team/${other.assistantId}`, { token });
    expect(foreign.statusCode).toBe(404);
    expect((await rowOf(other.assistantId)).status).toBe('active');

    const res = await call(t.app, 'DELETE', `/api/sellers/my-team/${id}`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.statusEdited });
    expect((await rowOf(id)).status).toBe('exclused');
    expect((await call(t.app, 'GET', '/api/me', { token: memberToken })).statusCode).toBe(401);
    const trash = (await call(t.app, 'GET', '/api/sellers/my-team', { token, query: { status: 'exclused' } })).json<Page>();
    expect(names(trash)).toEqual(['Tales Temporário']);
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'update_user_status'));
    expect(audit.some((a) => JSON.stringify((a.data as { ids: number[] }).ids) === JSON.stringify([id]))).toBe(true);

    const restore = await call(t.app, 'PUT', '/api/users/status', { token, payload: { ids: [id], status: 'active' } });
    expect(restore.statusCode).toBe(200);
    expect((await rowOf(id)).status).toBe('active');
    // Another seller cannot touch it through the bulk call either.
    const otherToken = await tok(other.sellerEmail);
    expect((await call(t.app, 'PUT', '/api/users/status', { token: otherToken, payload: { ids: [id], status: 'exclused' } })).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/sellers/my-team/${id}`, { token: otherToken })).statusCode).toBe(404);
  });
});

describe('provider team', () => {
  it('GET /providers/my-team lists only its own provider users, without itself', async () => {
    const res = await call(t.app, 'GET', '/api/providers/my-team', { token: await tok('provider') });
    expect(res.statusCode).toBe(200);
    expect(names(res.json<Page>())).toEqual(['Eduardo Editor']);
    expect((await call(t.app, 'GET', '/api/providers/my-team', { token: await tok('seller') })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/providers/my-team', { token: await tok('editor') })).statusCode).toBe(403);
  });

  it('POST /providers/editor/create creates an editor or service provider of its own provider, nothing else', async () => {
    const token = await tok('provider');
    const res = await call(t.app, 'POST', '/api/providers/editor/create', { token, payload: { email: 'Nova.Editora@Horizonte.com', nameUser: 'Nova Editora', type: 'editor' } });
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json<UserRow>();
    const providerId = (await rowOf(await idOf(demoEmail('provider')))).providerId;
    expect(row).toMatchObject({ name: 'Nova Editora', email: 'nova.editora@horizonte.com', type: 'editor', status: 'active', providerId, sellerId: null });
    expect(await emailsTo(t.deps, 'nova.editora@horizonte.com')).toHaveLength(1);
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'created_new_user'));
    expect(audit.some((a) => (a.data as { createdUserId?: number }).createdUserId === row.id)).toBe(true);
    const service = await call(t.app, 'POST', '/api/providers/editor/create', { token, payload: { email: 'servico@horizonte.com', nameUser: 'Serviço', type: 'serviceProvider' } });
    expect(service.statusCode).toBe(200);
    expect(names((await call(t.app, 'GET', '/api/providers/my-team', { token, query: { order: 'name' } })).json<Page>())).toEqual([
      'Eduardo Editor',
      'Nova Editora',
      'Serviço',
    ]);

    for (const type of ['admin', 'seller_assistent', 'provider']) {
      const refused = await call(t.app, 'POST', '/api/providers/editor/create', { token, payload: { email: `${type}@horizonte.com`, nameUser: 'X', type } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ fields: { type: MSG.cannotManageType } });
    }
    const missing = await call(t.app, 'POST', '/api/providers/editor/create', { token, payload: {} });
    expect(missing.json()).toMatchObject({ statusCode: 400, fields: { email: MSG.required, nameUser: MSG.required } });
    const taken = await call(t.app, 'POST', '/api/providers/editor/create', { token, payload: { email: demoEmail('admin'), nameUser: 'X', type: 'editor' } });
    expect(taken.statusCode).toBe(409);
    // The service-provider company signs in as serviceProvider and has no team to manage.
    const sp = await tok('serviceprovider');
    expect((await call(t.app, 'POST', '/api/providers/editor/create', { token: sp, payload: { email: 'sp@x.com', nameUser: 'X', type: 'editor' } })).statusCode).toBe(403);
  });

  it('director cannot create an admin; admin can', async () => {
    const director = await call(t.app, 'POST', '/api/create', { token: await tok('director'), payload: { name: 'Adm', email: 'adm.dir@x.com', type: 'admin' } });
    expect(director.statusCode).toBe(403);
    expect(director.json()).toMatchObject({ message: MSG.cannotManageType });
    const admin = await call(t.app, 'POST', '/api/create', { token: await tok('admin'), payload: { name: 'Adm', email: 'adm.dir@x.com', type: 'admin' } });
    expect(admin.statusCode).toBe(200);
  });
});

describe('CSV import', () => {
  const csvFile = (text: string | Buffer, field = 'file') =>
    multipartFile(typeof text === 'string' ? Buffer.from(text, 'utf8') : text, { field, filename: 'equipe.csv', contentType: 'text/csv' });
  const preview = async (local: string, type: string, text: string | Buffer, field?: string) => {
    const { payload, headers } = csvFile(text, field);
    return t.app.inject({ method: 'POST', url: '/api/users/import/preview', query: { type }, payload, headers: { ...headers, authorization: `Bearer ${await tok(local)}` } });
  };
  const commit = async (local: string, body: unknown) => call(t.app, 'POST', '/api/users/import', { token: await tok(local), payload: body as object });
  const userCount = async () => Number((await t.deps.db.select({ n: count() }).from(users))[0]!.n);
  const emailCount = async () => Number((await t.deps.db.select({ n: count() }).from(emails))[0]!.n);

  const BROKEN =
    '\uFEFFnome;e-mail\r\n' +
    'Lia Lima;lia@vale.com.br\r\n' +
    ';semnome@vale.com.br\r\n' +
    'Caio;caio-sem-arroba\r\n' +
    'Lia Repetida;LIA@vale.com.br\r\n' +
    `Samuel de novo;${demoEmail('seller.assistente')}\r\n` +
    '"Pereira; Rui";rui@vale.com.br\r\n';

  it('previews a CSV with broken rows: every problem per row, nothing written', async () => {
    const before = await userCount();
    const res = await preview('seller', 'seller_content_manager', BROKEN);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ImportPreview>();
    expect(body).toMatchObject({ type: 'seller_content_manager', total: 6, valid: 2, invalid: 4 });
    expect(body.rows).toEqual([
      { line: 2, name: 'Lia Lima', email: 'lia@vale.com.br', errors: [] },
      { line: 3, name: '', email: 'semnome@vale.com.br', errors: [{ field: 'name', message: MSG.required }] },
      { line: 4, name: 'Caio', email: 'caio-sem-arroba', errors: [{ field: 'email', message: MSG.invalidEmail }] },
      { line: 5, name: 'Lia Repetida', email: 'LIA@vale.com.br', errors: [{ field: 'email', message: CSV_MSG.duplicate }] },
      { line: 6, name: 'Samuel de novo', email: demoEmail('seller.assistente'), errors: [{ field: 'email', message: MSG.emailInUse }] },
      { line: 7, name: 'Pereira; Rui', email: 'rui@vale.com.br', errors: [] },
    ]);
    expect(await userCount()).toBe(before);
  });

  it('marks every row when the type is not one the importer may create; refuses bad files', async () => {
    const res = await preview('seller', 'admin', 'name,email\nAna,ana@x.com');
    expect(res.json<ImportPreview>().rows[0]!.errors).toEqual([{ field: 'type', message: MSG.cannotManageType }]);
    // The shared web client names its file field `images`: accepted too.
    expect((await preview('seller', 'seller_assistent', 'name,email\nAna,ana@x.com', 'images')).statusCode).toBe(200);

    const expect400 = async (text: string | Buffer, message: string) => {
      const r = await preview('seller', 'seller_assistent', text);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ message });
    };
    await expect400('Ana,ana@x.com\n', CSV_MSG.header);
    await expect400('', CSV_MSG.empty);
    await expect400('name,email\n', CSV_MSG.noRows);
    await expect400(Buffer.from('name,email\nJos\xe9,jose@x.com\n', 'latin1'), CSV_MSG.notUtf8);
    await expect400(['name,email', ...Array.from({ length: 501 }, (_, i) => `U${i},u${i}@x.com`)].join('\n'), CSV_MSG.tooManyRows);
    const big = await preview('seller', 'seller_assistent', `name,email\n${'x'.repeat(1024 * 1024)},a@x.com`);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: CSV_MSG.tooLarge });
    const wrongField = await preview('seller', 'seller_assistent', 'name,email\nAna,ana@x.com', 'other');
    expect(wrongField.statusCode).toBe(400);
    const json = await call(t.app, 'POST', '/api/users/import/preview', { token: await tok('seller'), query: { type: 'seller_assistent' }, payload: { rows: [] } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: CSV_MSG.notCsv });
    const noType = await call(t.app, 'POST', '/api/users/import/preview', { token: await tok('seller') });
    expect(noType.statusCode).toBe(400);
  });

  it('a commit with one bad row is 400 with the row errors and changes nothing', async () => {
    const [users0, emails0] = [await userCount(), await emailCount()];
    const res = await commit('seller', {
      type: 'seller_content_manager',
      rows: [
        { name: 'Lia Lima', email: 'lia@vale.com.br' },
        { name: 'Caio', email: 'caio-sem-arroba' },
        { name: 'Lia Repetida', email: 'lia@vale.com.br' },
        { name: 'Sam', email: demoEmail('seller.assistente') },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: CSV_MSG.fixRows,
      fields: { 'rows.1.email': MSG.invalidEmail, 'rows.2.email': CSV_MSG.duplicate, 'rows.3.email': MSG.emailInUse },
    });
    expect([await userCount(), await emailCount()]).toEqual([users0, emails0]);
    const none = await t.deps.db.select().from(users).where(eq(users.email, 'lia@vale.com.br'));
    expect(none).toHaveLength(0);
  });

  it('a commit of good rows creates them all in the seller, one e-mail and one audit row each; repeating it is refused', async () => {
    const token = await tok('seller');
    const sellerId = (await rowOf(await idOf(demoEmail('seller')))).sellerId;
    const rows = [
      { name: 'Lia Lima', email: 'Lia@Vale.com.br ' },
      { name: ' Pereira; Rui ', email: 'rui@vale.com.br' },
      { name: 'Zé Três', email: 'ze@vale.com.br' },
    ];
    const auditBefore = Number((await t.deps.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'created_new_user')))[0]!.n);
    const res = await call(t.app, 'POST', '/api/users/import', { token, payload: { type: 'seller_content_manager', rows } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 3, message: CSV_MSG.imported(3) });
    const created = await t.deps.db.select().from(users).where(inArray(users.email, ['lia@vale.com.br', 'rui@vale.com.br', 'ze@vale.com.br']));
    expect(created.map((u) => [u.name, u.type, u.status, u.sellerId, u.providerId, u.mustChangePassword]).sort()).toEqual([
      ['Lia Lima', 'seller_content_manager', 'active', sellerId, null, true],
      ['Pereira; Rui', 'seller_content_manager', 'active', sellerId, null, true],
      ['Zé Três', 'seller_content_manager', 'active', sellerId, null, true],
    ]);
    for (const u of created) {
      expect(u.passwordHash).toMatch(/^\$argon2id\$/);
      const mails = await emailsTo(t.deps, u.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toMatch(/senha provisória é: \S{12}/);
    }
    // The e-mailed first password works (and asks for a new one).
    const password = (await emailsTo(t.deps, 'ze@vale.com.br'))[0]!.text.match(/senha provisória é: (\S+)/)![1]!;
    const signin = await call(t.app, 'POST', '/api/signin', { payload: { email: 'ze@vale.com.br', password } });
    expect(signin.json()).toMatchObject({ type: 'seller_content_manager', mustChangePassword: true });
    const auditAfter = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'created_new_user'), sql`${auditLogs.data}->>'imported' = 'true'`));
    expect(auditAfter.length).toBeGreaterThanOrEqual(3);
    expect(auditBefore + 3).toBe(Number((await t.deps.db.select({ n: count() }).from(auditLogs).where(eq(auditLogs.action, 'created_new_user')))[0]!.n));
    expect(auditAfter.every((a) => a.sellerId === sellerId)).toBe(true);
    expect(names((await call(t.app, 'GET', '/api/sellers/my-team', { token, query: { name: 'Lia' } })).json<Page>())).toEqual(['Lia Lima']);

    const again = await call(t.app, 'POST', '/api/users/import', { token, payload: { type: 'seller_content_manager', rows } });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toMatchObject({ 'rows.0.email': MSG.emailInUse });
  });

  it('provider imports editors into its provider; types and roles it may not use are refused', async () => {
    const res = await commit('provider', { type: 'editor', rows: [{ name: 'Ed Importado', email: 'ed.importado@horizonte.com' }] });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'ed.importado@horizonte.com'));
    expect(row!.providerId).toBe((await rowOf(await idOf(demoEmail('provider')))).providerId);

    const notAllowed = await commit('provider', { type: 'seller_assistent', rows: [{ name: 'X', email: 'x1@x.com' }] });
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json()).toMatchObject({ message: MSG.cannotManageType });
    const director = await commit('director', { type: 'admin', rows: [{ name: 'X', email: 'x2@x.com' }] });
    expect(director.statusCode).toBe(403);
    expect((await commit('director', { type: 'curator', rows: [{ name: 'Cura Nova', email: 'cura.nova@x.com' }] })).statusCode).toBe(200);
    for (const local of ['seller.assistente', 'seller.conteudo', 'editor', 'manager']) {
      expect((await commit(local, { type: 'seller_assistent', rows: [{ name: 'X', email: 'x3@x.com' }] })).statusCode).toBe(403);
      expect((await preview(local, 'seller_assistent', 'name,email\nA,a@x.com')).statusCode).toBe(403);
    }
    const empty = await commit('seller', { type: 'seller_assistent', rows: [] });
    expect(empty.statusCode).toBe(400);
    const extra = await commit('seller', { type: 'seller_assistent', rows: [{ name: 'A', email: 'a@x.com', cpf: '1' }] });
    expect(extra.statusCode).toBe(400);
    const tooMany = await commit('seller', { type: 'seller_assistent', rows: Array.from({ length: 501 }, (_, i) => ({ name: `U${i}`, email: `u${i}@x.com` })) });
    expect(tooMany.statusCode).toBe(400);
    expect((await t.deps.db.select().from(users).where(inArray(users.email, ['x1@x.com', 'x2@x.com', 'x3@x.com', 'a@x.com', 'u0@x.com']))).length).toBe(0);
  });
});
