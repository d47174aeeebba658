/** Providers admin: list, counts, search, approval with access e-mail, rejection, Premium (spec 3 §2.2, §4, §6, §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { ProvidersPage } from '@edu/shared/providers';
import { providers, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { call, createTestApp, emailsTo, lastEmailTo, postSignin, signIn, type TestApp } from './harness';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
const providerOf = async (id: number) => (await t.deps.db.select().from(providers).where(eq(providers.id, id)))[0]!;
const userByEmail = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0]!;
const auditOf = async (action: string) =>
  t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(auditLogs.id);

let counter = 0;
/** A provider signed up through the public API (user inative, provider review). */
async function signUpProvider(companyName: string) {
  const email = `fornecedor.${++counter}.${Date.now()}@exemplo.com.br`;
  const res = await call(t.app, 'POST', '/api/providers/signup', {
    payload: { nameUser: `Responsável ${counter}`, email, typePerson: 'Fornecedor', cnpj: '45.723.174/0001-10', companyName },
  });
  expect(res.statusCode, res.body).toBe(200);
  const user = await userByEmail(email);
  return { email, userId: user.id, providerId: user.providerId! };
}

const BASE = new Date('2024-01-01T12:00:00Z').getTime();
const SEEDED = [
  { companyName: 'Ávila Conteúdos', name: 'José Ávila', email: 'jose@avila.com.br', typePerson: 'Fornecedor', status: 'review', cnpj: '11444777000161' },
  { companyName: 'Bússola Educação', name: 'Maria Souza', email: 'maria@bussola.com.br', typePerson: 'Instituição de Ensino', status: 'pending', cnpj: '04252011000110' },
  { companyName: 'colégio Ômega', name: 'Pedro Lima', email: 'pedro@omega.com.br', typePerson: 'Instituição de Ensino', status: 'active', cnpj: '11222333000181' },
  { companyName: 'Dados & Cia', name: 'Lúcia Prates', email: 'lucia@dados.com.br', typePerson: 'Fornecedor de Servico', status: 'rejected', cnpj: '45723174000110' },
];

beforeAll(async () => {
  t = await createTestApp();
  // Older than the demo providers, one second apart, so "Mais Recentes" has a known order.
  await t.deps.db.insert(providers).values(SEEDED.map((p, i) => ({ ...p, createdAt: new Date(BASE + i * 1000) })));
});
afterAll(() => t?.close());

const ADMIN_CALLS = [
  { method: 'GET', url: '/api/providers/filter' },
  { method: 'GET', url: '/api/providers/search' },
  { method: 'PUT', url: '/api/providers/status', payload: { ids: [1], status: 'active' } },
  { method: 'PUT', url: '/api/providers/condition/1', payload: { condition: 'premium' } },
] as const;

describe('who may administer providers', () => {
  it('no session: 401', async () => {
    for (const c of ADMIN_CALLS) {
      const res = await call(t.app, c.method, c.url, { payload: 'payload' in c ? c.payload : undefined });
      expect(res.statusCode, c.url).toBe(401);
    }
  });

  it.each(['provider', 'serviceprovider', 'editor', 'seller', 'curator', 'manager', 'review', 'client'])('%s: 403 and nothing changes', async (local) => {
    const before = await t.deps.db.select().from(providers).orderBy(providers.id);
    for (const c of ADMIN_CALLS) {
      const res = await call(t.app, c.method, c.url, { token: await tok(local), payload: 'payload' in c ? c.payload : undefined });
      expect(res.statusCode, `${local} ${c.url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
    }
    expect(await t.deps.db.select().from(providers).orderBy(providers.id)).toEqual(before);
  });
});

describe('GET /api/providers/filter', () => {
  const filter = async (query: Record<string, string> = {}, local = 'admin') =>
    call(t.app, 'GET', '/api/providers/filter', { token: await tok(local), query });
  const names = (res: { json(): unknown }) => (res.json() as ProvidersPage).data.map((p) => p.companyName);

  it('Mais Recentes by default, with counts per status (review and pending are Análise)', async () => {
    const res = await filter();
    expect(res.statusCode).toBe(200);
    const page = res.json<ProvidersPage>();
    expect(page).toMatchObject({ total: 7, page: 1, limit: 20, counts: { all: 7, review: 3, active: 3, rejected: 1 } });
    // The three demo providers were created after the seeded ones.
    expect(page.data.slice(3).map((p) => p.companyName)).toEqual(['Dados & Cia', 'colégio Ômega', 'Bússola Educação', 'Ávila Conteúdos']);
    expect(Object.keys(page.data[0]!).sort()).toEqual(
      ['cnpj', 'companyName', 'condition', 'cpf', 'createdAt', 'email', 'id', 'isServiceProvider', 'name', 'status', 'typePerson'],
    );
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('the director sees the same list', async () => {
    expect((await filter({}, 'director')).json<ProvidersPage>().total).toBe(7);
  });

  it('filters by status; the counts keep every status', async () => {
    const review = (await filter({ status: 'review', order: 'name' })).json<ProvidersPage>();
    expect(review.data.map((p) => p.companyName)).toEqual(['Ávila Conteúdos', 'Bússola Educação', 'Juliana Prado']);
    expect(review).toMatchObject({ total: 3, counts: { all: 7, review: 3, active: 3, rejected: 1 } });
    expect(names(await filter({ status: 'active', order: 'name' }))).toEqual(['colégio Ômega', 'Consultoria Trilhas do Saber', 'Editora Horizonte Educacional']);
    expect(names(await filter({ status: 'rejected' }))).toEqual(['Dados & Cia']);
  });

  it('searches company, responsible and e-mail ignoring accents and case; counts follow the search', async () => {
    expect(names(await filter({ name: 'AVILA' }))).toEqual(['Ávila Conteúdos']);
    expect(names(await filter({ name: 'bussola educacao' }))).toEqual(['Bússola Educação']);
    expect(names(await filter({ name: 'omega' }))).toEqual(['colégio Ômega']);
    expect(names(await filter({ name: 'lucia' }))).toEqual(['Dados & Cia']); // responsible person
    expect(names(await filter({ name: 'PEDRO@OMEGA' }))).toEqual(['colégio Ômega']); // e-mail
    const educ = (await filter({ name: 'educa', order: 'name' })).json<ProvidersPage>();
    expect(educ.data.map((p) => p.companyName)).toEqual(['Bússola Educação', 'Editora Horizonte Educacional']);
    expect(educ.counts).toEqual({ all: 2, review: 1, active: 1, rejected: 0 });
    expect(names(await filter({ name: '%' }))).toEqual([]);
    expect(names(await filter({ name: 'ninguém-com-este-nome' }))).toEqual([]);
  });

  it('filters by provider type', async () => {
    const inst = (await filter({ typePerson: 'Instituição de Ensino', order: 'name' })).json<ProvidersPage>();
    expect(inst.data.map((p) => p.companyName)).toEqual(['Bússola Educação', 'colégio Ômega']);
    expect(inst.counts).toEqual({ all: 2, review: 1, active: 1, rejected: 0 });
    expect(names(await filter({ typePerson: 'Profissional Liberal' }))).toEqual(['Juliana Prado']);
    const bad = await filter({ typePerson: 'Qualquer' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.invalidValue });
  });

  it('orders A-Z ignoring accents and case, and pages on the server', async () => {
    const all = ['Ávila Conteúdos', 'Bússola Educação', 'colégio Ômega', 'Consultoria Trilhas do Saber', 'Dados & Cia', 'Editora Horizonte Educacional', 'Juliana Prado'];
    expect(names(await filter({ order: 'name' }))).toEqual(all);
    const second = (await filter({ order: 'name', limit: '3', page: '2' })).json<ProvidersPage>();
    expect(second).toMatchObject({ total: 7, page: 2, limit: 3 });
    expect(second.data.map((p) => p.companyName)).toEqual(all.slice(3, 6));
    expect(names(await filter({ order: 'name', limit: '3', page: '3' }))).toEqual(all.slice(6));
    expect((await filter({ order: 'name', limit: '3', page: '9' })).json<ProvidersPage>()).toMatchObject({ data: [], total: 7 });
    const badQueries: Record<string, string>[] = [{ order: 'price' }, { status: 'exclused' }, { limit: '1000' }, { page: '0' }, { unknown: '1' }];
    for (const query of badQueries) {
      expect((await filter(query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('GET /api/providers/search answers the same listing', async () => {
    const query = { name: 'educa', order: 'name' };
    const search = await call(t.app, 'GET', '/api/providers/search', { token: await tok('admin'), query });
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual((await filter(query)).json());
  });
});

describe('PUT /api/providers/status', () => {
  const setStatus = async (ids: number[], status: string, local = 'admin') =>
    call(t.app, 'PUT', '/api/providers/status', { token: await tok(local), payload: { ids, status } });

  it('approval activates the account, e-mails a temporary password that signs in and must be replaced', async () => {
    const p = await signUpProvider('Editora Aprovada');
    expect((await postSignin(t.app, p.email, 'qualquer')).statusCode).toBe(401);
    const res = await setStatus([p.providerId], 'active');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 1, message: MSG.providerStatusChanged });
    expect((await providerOf(p.providerId)).status).toBe('active');
    expect(await userByEmail(p.email)).toMatchObject({ status: 'active', mustChangePassword: true });

    const mail = await lastEmailTo(t.deps, p.email);
    expect(mail?.subject).toBe('Cadastro aprovado: seus dados de acesso');
    expect(mail?.text).toContain('Editora Aprovada');
    expect(mail?.text).toContain(`Seu e-mail de acesso é ${p.email}`);
    expect(mail?.text).toContain('http://localhost:3000/');
    const password = mail!.text.match(/senha provisória é: (\S+)/)![1]!;
    const signin = await postSignin(t.app, p.email, password);
    expect(signin.statusCode, signin.body).toBe(200);
    expect(signin.json()).toMatchObject({ type: 'provider', mustChangePassword: true, provider: { id: p.providerId, status: 'active' } });
    // Nothing but the password change until it is replaced.
    const token = signin.json<{ token: string }>().token;
    expect((await call(t.app, 'GET', `/api/providers/view/${p.providerId}`, { token })).statusCode).toBe(403);
    const changed = await call(t.app, 'POST', '/api/update-password', { token, payload: { password: 'nova-senha-1', password_confirmation: 'nova-senha-1' } });
    expect(changed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/providers/view/${p.providerId}`, { token })).statusCode).toBe(200);

    const [audit] = (await auditOf('updated_provider_status')).slice(-1);
    expect(audit).toMatchObject({ userId: (await userByEmail('admin@demo.sabercompartilhado.com.br')).id, data: { ids: [p.providerId], status: 'active' } });

    // Rejecting an approved provider locks its account: sessions revoked, sign-in refused, polite e-mail.
    const rejected = await setStatus([p.providerId], 'rejected', 'director');
    expect(rejected.json()).toEqual({ updated: 1, message: MSG.providerStatusChanged });
    expect((await call(t.app, 'GET', '/api/me', { token })).statusCode).toBe(401);
    expect((await userByEmail(p.email)).status).toBe('inative');
    expect((await postSignin(t.app, p.email, 'nova-senha-1')).statusCode).toBe(403);
    const notice = await lastEmailTo(t.deps, p.email);
    expect(notice?.subject).toBe('Resultado da análise do seu cadastro');
    expect(notice?.text).not.toMatch(/senha/i);
  });

  it('bulk reject then bulk approve; a provider already in the status is left alone', async () => {
    const a = await signUpProvider('Lote A');
    const b = await signUpProvider('Lote B');
    const ids = [a.providerId, b.providerId];

    const rejected = await setStatus(ids, 'rejected');
    expect(rejected.json()).toEqual({ updated: 2, message: MSG.providerStatusChanged });
    for (const p of [a, b]) {
      expect((await providerOf(p.providerId)).status).toBe('rejected');
      expect((await lastEmailTo(t.deps, p.email))?.subject).toBe('Resultado da análise do seu cadastro');
      expect((await userByEmail(p.email)).status).toBe('inative');
    }

    const approved = await setStatus(ids, 'active', 'director');
    expect(approved.json()).toEqual({ updated: 2, message: MSG.providerStatusChanged });
    for (const p of [a, b]) {
      expect((await providerOf(p.providerId)).status).toBe('active');
      expect(await userByEmail(p.email)).toMatchObject({ status: 'active', mustChangePassword: true });
      expect((await lastEmailTo(t.deps, p.email))?.subject).toBe('Cadastro aprovado: seus dados de acesso');
    }
    const mailsBefore = (await emailsTo(t.deps, a.email)).length;
    const again = await setStatus(ids, 'active');
    expect(again.json()).toEqual({ updated: 0, message: MSG.providerStatusChanged });
    expect((await emailsTo(t.deps, a.email)).length).toBe(mailsBefore);

    const audits = (await auditOf('updated_provider_status')).slice(-3);
    expect(audits.map((r) => r.data)).toEqual([
      { ids, status: 'rejected', changed: ids },
      { ids, status: 'active', changed: ids },
      { ids, status: 'active', changed: [] },
    ]);
  });

  it('refuses bad input and unknown providers, changing nothing', async () => {
    const p = await signUpProvider('Editora Intocada');
    const auditsBefore = (await auditOf('updated_provider_status')).length;
    const unknown = await setStatus([p.providerId, 999999], 'active');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MSG.notFound });
    expect((await providerOf(p.providerId)).status).toBe('review');
    expect((await userByEmail(p.email)).status).toBe('inative');

    for (const payload of [{ ids: [p.providerId], status: 'review' }, { ids: [], status: 'active' }, { status: 'active' }, { ids: [p.providerId], status: 'active', extra: 1 }]) {
      const res = await call(t.app, 'PUT', '/api/providers/status', { token: await tok('admin'), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const unknownField = await call(t.app, 'PUT', '/api/providers/status', { token: await tok('admin'), payload: { ids: [p.providerId], status: 'active', extra: 1 } });
    expect(unknownField.json()).toMatchObject({ message: MSG.unknownField('extra') });
    expect((await providerOf(p.providerId)).status).toBe('review');
    expect((await auditOf('updated_provider_status')).length).toBe(auditsBefore);
  });
});

describe('PUT /api/providers/condition/:id', () => {
  it('toggles Premium and Basic, with an audit entry', async () => {
    const [omega] = await t.deps.db.select().from(providers).where(eq(providers.email, 'pedro@omega.com.br'));
    const put = async (condition: string, id = omega!.id) =>
      call(t.app, 'PUT', `/api/providers/condition/${id}`, { token: await tok('admin'), payload: { condition } });
    expect(omega!.condition).toBe('basic');

    const premium = await put('premium');
    expect(premium.statusCode).toBe(200);
    expect(premium.json()).toEqual({ id: omega!.id, condition: 'premium', message: MSG.providerConditionChanged });
    expect((await providerOf(omega!.id)).condition).toBe('premium');
    const listed = await call(t.app, 'GET', '/api/providers/filter', { token: await tok('admin'), query: { name: 'omega' } });
    expect(listed.json<ProvidersPage>().data[0]).toMatchObject({ condition: 'premium' });

    expect((await put('basic')).json()).toMatchObject({ condition: 'basic' });
    expect((await providerOf(omega!.id)).condition).toBe('basic');

    const audits = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'updated_condition_provider')))
      .orderBy(auditLogs.id);
    expect(audits.map((a) => a.data)).toEqual([
      { providerId: omega!.id, condition: 'premium' },
      { providerId: omega!.id, condition: 'basic' },
    ]);

    expect((await put('gold')).statusCode).toBe(400);
    expect((await put('premium', 999999)).statusCode).toBe(404);
    expect((await providerOf(omega!.id)).condition).toBe('basic');
    const remaining = await t.deps.db.select().from(auditLogs).where(inArray(auditLogs.action, ['updated_condition_provider']));
    expect(remaining).toHaveLength(2);
  });
});
