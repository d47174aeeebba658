/** Users: team listing, viewing, creating, bulk status and avatar (spec 1 §2.12, §6, §7 "Auth and users"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { UserRow } from '@edu/shared/users';
import { users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { DEMO_PASSWORD, PNG_1PX, call, createTestApp, demoEmail, lastEmailTo, multipartFile, postSignin, signIn, type TestApp } from './harness';

let t: TestApp;
const tokens = new Map<string, string>();
/** One sign-in per demo account for the whole file. */
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
const idOf = async (email: string) => (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const rowOf = async (id: number) => (await t.deps.db.select().from(users).where(eq(users.id, id)))[0]!;
type Page = { data: UserRow[]; total: number; page: number; limit: number };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The demo accounts' names, in pt-BR alphabetical order (accents and case ignored). */
const DEMO_NAMES = [
  'Ana Administradora', 'Diego Diretor', 'Marta Gerente', 'Carlos Curador', 'Renata Revisora', 'Marina Albuquerque',
  'Rafael Nogueira', 'Eduardo Editor', 'Sílvia Coordenadora', 'Samuel Assistente', 'Sofia Gestora de Conteúdo',
  'Clara Cliente', 'Ulisses Usuário', 'Juliana Prado',
].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' }));

describe('GET /api/users/filter', () => {
  const filter = async (local: string, query: Record<string, string | string[]> = {}) =>
    call(t.app, 'GET', '/api/users/filter', { token: await tok(local), query });

  it('admin lists everyone, newest first by default, with paging metadata and no secrets', async () => {
    const res = await filter('admin');
    expect(res.statusCode).toBe(200);
    const page = res.json<Page>();
    expect(page).toMatchObject({ total: DEMO_NAMES.length, page: 1, limit: 20 });
    expect(page.data).toHaveLength(DEMO_NAMES.length);
    expect(Object.keys(page.data[0]!).sort()).toEqual(['avatar_url', 'createdAt', 'email', 'id', 'name', 'providerId', 'sellerId', 'status', 'type']);
    expect(res.body).not.toMatch(/password|argon2/i);
    const stamps = page.data.map((u) => `${u.createdAt}#${String(u.id).padStart(9, '0')}`);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('orders by name A-Z ignoring accents and case, and pages through', async () => {
    const all = (await filter('admin', { order: 'name', limit: '100' })).json<Page>();
    expect(all.data.map((u) => u.name)).toEqual(DEMO_NAMES);

    const second = (await filter('admin', { order: 'name', limit: '5', page: '2' })).json<Page>();
    expect(second).toMatchObject({ total: DEMO_NAMES.length, page: 2, limit: 5 });
    expect(second.data.map((u) => u.name)).toEqual(DEMO_NAMES.slice(5, 10));
    const last = (await filter('admin', { order: 'name', limit: '5', page: '3' })).json<Page>();
    expect(last.data.map((u) => u.name)).toEqual(DEMO_NAMES.slice(10));
    const beyond = (await filter('admin', { order: 'name', limit: '5', page: '9' })).json<Page>();
    expect(beyond).toMatchObject({ data: [], total: DEMO_NAMES.length });
  });

  it('searches names ignoring accents and case', async () => {
    const names = async (name: string) => (await filter('admin', { name })).json<Page>().data.map((u) => u.name);
    expect(await names('SILVIA')).toEqual(['Sílvia Coordenadora']);
    expect(await names('sílvia')).toEqual(['Sílvia Coordenadora']);
    expect(await names('usuario')).toEqual(['Ulisses Usuário']);
    expect(await names('gestora de conteudo')).toEqual(['Sofia Gestora de Conteúdo']);
    expect((await names('AR')).sort()).toEqual(['Carlos Curador', 'Clara Cliente', 'Eduardo Editor', 'Marina Albuquerque', 'Marta Gerente', 'Ulisses Usuário']);
    expect(await names('%')).toEqual([]);
    expect(await names('nobody-called-this')).toEqual([]);
  });

  it('filters by one or several types and by status', async () => {
    const one = (await filter('admin', { type: 'seller_assistent' })).json<Page>();
    expect(one.data.map((u) => u.name)).toEqual(['Samuel Assistente']);
    const two = (await filter('admin', { type: ['curator', 'review'], order: 'name' })).json<Page>();
    expect(two.data.map((u) => u.type)).toEqual(['curator', 'review']);
    expect(two.total).toBe(2);
    expect((await filter('admin', { status: 'exclused' })).json<Page>().total).toBe(0);
    const bad = await filter('admin', { type: 'superuser' });
    expect(bad.statusCode).toBe(400);
    const badOrder = await filter('admin', { order: 'password_hash' });
    expect(badOrder.statusCode).toBe(400);
  });

  it('director lists users too', async () => {
    expect((await filter('director')).statusCode).toBe(200);
  });

  it('a provider sees only its own team, whatever provider id it asks for', async () => {
    const own = (await filter('provider', { order: 'name' })).json<Page>();
    expect(own.data.map((u) => u.name)).toEqual(['Eduardo Editor', 'Marina Albuquerque']);
    const otherProviderId = (await rowOf(await idOf(demoEmail('provider.analise')))).providerId!;
    const asked = (await filter('provider', { providerId: String(otherProviderId) })).json<Page>();
    expect(asked.data.map((u) => u.email).sort()).toEqual([demoEmail('editor'), demoEmail('provider')].sort());
    const analise = (await filter('provider.analise')).json<Page>();
    expect(analise.data.map((u) => u.name)).toEqual(['Juliana Prado']);
  });

  it('seller, curator and the other types are refused with 403', async () => {
    for (const local of ['seller', 'curator', 'seller.assistente', 'client']) {
      const res = await filter(local);
      expect(res.statusCode, local).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
    }
  });
});

describe('GET /api/users/view/:id', () => {
  const view = async (local: string, id: number) => call(t.app, 'GET', `/api/users/view/${id}`, { token: await tok(local) });

  it('anyone sees oneself; admin and director see anyone', async () => {
    const clientId = await idOf(demoEmail('client'));
    const res = await view('client', clientId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: clientId, email: demoEmail('client'), type: 'client', status: 'active' });
    expect((await view('admin', await idOf(demoEmail('seller')))).statusCode).toBe(200);
    expect((await view('director', await idOf(demoEmail('editor')))).statusCode).toBe(200);
  });

  it('a team owner sees its team; another tenant\'s user is 404', async () => {
    expect((await view('seller', await idOf(demoEmail('seller.assistente')))).statusCode).toBe(200);
    expect((await view('provider', await idOf(demoEmail('editor')))).statusCode).toBe(200);

    const crossTenant: [string, string][] = [
      ['seller', 'editor'],
      ['provider', 'seller.assistente'],
      ['provider.analise', 'editor'],
      ['client', 'admin'],
      ['seller.assistente', 'seller.conteudo'],
    ];
    for (const [who, whom] of crossTenant) {
      const res = await view(who, await idOf(demoEmail(whom)));
      expect(res.statusCode, `${who} -> ${whom}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: MSG.notFound });
    }
    expect((await view('admin', 999999)).statusCode).toBe(404);
  });
});

describe('POST /api/create', () => {
  const create = async (local: string, payload: object) => call(t.app, 'POST', '/api/create', { token: await tok(local), payload });

  it('admin creates a curator; the new user gets an e-mail with a password that works once', async () => {
    const email = 'carla.curadora@exemplo.com.br';
    const res = await create('admin', { name: 'Carla Curadora', email, type: 'curator' });
    expect(res.statusCode).toBe(200);
    const row = res.json<UserRow>();
    expect(row).toMatchObject({ name: 'Carla Curadora', email, type: 'curator', status: 'active', providerId: null, sellerId: null });
    const mail = await lastEmailTo(t.deps, email);
    const password = mail!.text.match(/senha provisória é: (\S+)/)?.[1];
    expect(password).toBeTruthy();
    const signin = await postSignin(t.app, email, password!);
    expect(signin.statusCode).toBe(200);
    expect(signin.json()).toMatchObject({ type: 'curator', mustChangePassword: true });
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'created_new_user'));
    expect(audit.some((a) => (a.data as { createdUserId?: number }).createdUserId === row.id)).toBe(true);
  });

  it('director cannot create an admin (403 with the pt-BR message) and nothing is written', async () => {
    const email = 'novo.admin@exemplo.com.br';
    const res = await create('director', { name: 'Novo Admin', email, type: 'admin' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'Você não pode cadastrar ou editar usuários deste tipo.' });
    expect(await t.deps.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await lastEmailTo(t.deps, email)).toBeUndefined();
    expect((await create('director', { name: 'Gabriel Gerente', email: 'gabriel@exemplo.com.br', type: 'manager' })).statusCode).toBe(200);
  });

  it('a provider creates an editor linked to its own provider, visible in its team', async () => {
    const res = await create('provider', { name: 'Elisa Editora', email: 'elisa@editora.com.br', type: 'editor' });
    expect(res.statusCode).toBe(200);
    const providerId = (await rowOf(await idOf(demoEmail('provider')))).providerId;
    expect(res.json()).toMatchObject({ type: 'editor', providerId, sellerId: null });
    const team = (await call(t.app, 'GET', '/api/users/filter', { token: await tok('provider') })).json<Page>();
    expect(team.data.map((u) => u.email)).toContain('elisa@editora.com.br');
    const denied = await create('provider', { name: 'X', email: 'x.curator@editora.com.br', type: 'curator' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ message: MSG.cannotManageType });
  });

  it('a seller creates a seller_assistent of its own institution, not other types', async () => {
    const res = await create('seller', { name: 'Paulo Assistente', email: 'paulo@faculdade.edu.br', type: 'seller_assistent' });
    expect(res.statusCode).toBe(200);
    const sellerId = (await rowOf(await idOf(demoEmail('seller')))).sellerId;
    expect(res.json()).toMatchObject({ type: 'seller_assistent', sellerId, providerId: null });
    for (const type of ['editor', 'seller', 'admin']) {
      const denied = await create('seller', { name: 'X', email: `x.${type}@faculdade.edu.br`, type });
      expect(denied.statusCode, type).toBe(403);
    }
  });

  it('a taken e-mail is 409; types outside the access list are 403; bad input is 400 in pt-BR', async () => {
    const dup = await create('admin', { name: 'Outra Ana', email: demoEmail('ADMIN'), type: 'manager' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: MSG.emailInUse });
    const assistant = await create('seller.assistente', { name: 'Y', email: 'y@faculdade.edu.br', type: 'seller_assistent' });
    expect(assistant.statusCode).toBe(403);
    const bad = await create('admin', { name: '', email: 'nao-e-email', type: 'curator' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { name: 'Campo Obrigatório', email: 'Email inválido' } });
  });
});

describe('PUT /api/users/status', () => {
  const setStatus = async (local: string, ids: number[], status: string) =>
    call(t.app, 'PUT', '/api/users/status', { token: await tok(local), payload: { ids, status } });

  it('admin changes several users at once', async () => {
    const ids = [await idOf(demoEmail('manager')), await idOf('carla.curadora@exemplo.com.br')];
    const res = await setStatus('admin', ids, 'inative');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const rows = await t.deps.db.select().from(users).where(inArray(users.id, ids));
    expect(rows.map((r) => r.status)).toEqual(['inative', 'inative']);
    const inactive = await postSignin(t.app, demoEmail('manager'), DEMO_PASSWORD);
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toMatchObject({ message: MSG.userInactive });
    expect((await setStatus('admin', ids, 'active')).statusCode).toBe(200);
    expect((await postSignin(t.app, demoEmail('manager'), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses the whole batch when one id may not be managed (or does not exist); nothing changes', async () => {
    const managerId = await idOf(demoEmail('manager'));
    for (const other of [await idOf(demoEmail('seller')), await idOf(demoEmail('admin')), 999999]) {
      const res = await setStatus('admin', [managerId, other], 'exclused');
      expect(res.statusCode, String(other)).toBe(403);
      expect((await rowOf(managerId)).status).toBe('active');
    }
    // A seller manages only its own institution's team.
    const res = await setStatus('seller', [await idOf(demoEmail('seller.assistente')), await idOf(demoEmail('editor'))], 'exclused');
    expect(res.statusCode).toBe(403);
    expect((await rowOf(await idOf(demoEmail('seller.assistente')))).status).toBe('active');
    expect((await setStatus('curator', [managerId], 'exclused')).statusCode).toBe(403);
  });

  it('a disabled user\'s token stops working at once; restoring lets the user sign in again', async () => {
    const reviewToken = await signIn(t.app, 'review');
    expect((await call(t.app, 'GET', '/api/me', { token: reviewToken })).statusCode).toBe(200);
    const reviewId = await idOf(demoEmail('review'));
    expect((await setStatus('director', [reviewId], 'exclused')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: reviewToken })).statusCode).toBe(401);
    const signin = await postSignin(t.app, demoEmail('review'), DEMO_PASSWORD);
    expect(signin.statusCode).toBe(401);
    expect(signin.json()).toMatchObject({ message: MSG.loginFail });

    expect((await setStatus('director', [reviewId], 'active')).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: reviewToken })).statusCode).toBe(401);
    expect((await postSignin(t.app, demoEmail('review'), DEMO_PASSWORD)).statusCode).toBe(200);
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'update_user_status'));
    expect(audit.length).toBeGreaterThanOrEqual(3);
  });

  it('a seller disables a member of its own team', async () => {
    const paulo = await idOf('paulo@faculdade.edu.br');
    expect((await setStatus('seller', [paulo], 'exclused')).statusCode).toBe(200);
    expect((await rowOf(paulo)).status).toBe('exclused');
  });
});

describe('avatar', () => {
  const put = async (local: string, id: number, file = multipartFile(PNG_1PX)) =>
    t.app.inject({ method: 'PUT', url: `/api/user/avatar/${id}`, payload: file.payload, headers: { ...file.headers, authorization: `Bearer ${await tok(local)}` } });
  const del = async (local: string, id: number) => call(t.app, 'DELETE', `/api/users/avatar/delete/${id}`, { token: await tok(local) });

  it('uploads an avatar, serves it at the returned URL, replaces and deletes it', async () => {
    const clientId = await idOf(demoEmail('client'));
    const none = await del('client', clientId);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: 'Nenhuma foto encontrada para exclusão, envie uma foto.' });

    const res = await put('client', clientId);
    expect(res.statusCode).toBe(200);
    const { avatar_url: url } = res.json<{ avatar_url: string }>();
    expect(url).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/png/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await call(t.app, 'GET', '/api/me', { token: await tok('client') })).json()).toMatchObject({ avatar: url });

    const replaced = await put('client', clientId);
    const newUrl = replaced.json<{ avatar_url: string }>().avatar_url;
    expect(newUrl).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const deleted = await del('client', clientId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: MSG.avatarDeleted });
    expect((await rowOf(clientId)).avatarKey).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(404);
    expect((await del('client', clientId)).json()).toMatchObject({ message: MSG.avatarNone });
  });

  it('only for oneself or a managed user; the type is checked by content', async () => {
    const adminId = await idOf(demoEmail('admin'));
    const curatorId = await idOf(demoEmail('curator'));
    const denied = await put('client', adminId);
    expect(denied.statusCode).toBe(404);
    expect((await rowOf(adminId)).avatarKey).toBeNull();
    expect((await put('admin', curatorId)).statusCode).toBe(200);
    expect((await del('seller', curatorId)).statusCode).toBe(404);
    expect((await del('admin', curatorId)).statusCode).toBe(200);

    const text = multipartFile(Buffer.from('<svg onload="alert(1)"></svg>'), { filename: 'avatar.png', contentType: 'image/png' });
    const bad = await put('client', await idOf(demoEmail('client')), text);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.imageNotSupported });
    const wrongField = await put('client', await idOf(demoEmail('client')), multipartFile(PNG_1PX, { field: 'file' }));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: MSG.uploadFail });
  });
});
