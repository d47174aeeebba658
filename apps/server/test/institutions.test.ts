/** Institutions and their LTI connections as the platform team manages them (spec 3 §2.9–§2.11, §4, §5, §8). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { INSTITUTION_MSG, type InstitutionRow, type InstitutionsPage } from '@edu/shared/institutions';
import { CANVAS_PLATFORM_URL, D2L_TOKEN_URL, LTI_MSG, type LtiConnectionView } from '@edu/shared/lti';
import type { SessionUser } from '@edu/shared/auth';
import { ltiConnections, notifications, plans, sellers, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { call, createTestApp, lastEmailTo, multipartFile, PNG_1PX, postSignin, signIn, type TestApp } from './harness';
import { buildInstitution, buildUser } from './factories';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
let planId: number;
let adminId: number;

const VALID_CNPJ = '11.444.777/0001-61';
const BAD_CNPJ = '11.444.777/0001-62';

const newBody = (over: Record<string, unknown> = {}) => ({
  nameUser: 'Renata Diretora',
  cnpj: VALID_CNPJ,
  sellerName: 'Colégio Ipê Amarelo',
  email: 'renata@ipeamarelo.edu.br',
  planId,
  ...over,
});

const passwordIn = (text: string | undefined) => text?.match(/senha provisória é: (\S+)/)?.[1];

async function audits(action: string) {
  return t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(desc(auditLogs.id));
}

async function create(over: Record<string, unknown> = {}) {
  const res = await call(t.app, 'POST', '/api/sellers/create', { token: await tok('admin'), payload: newBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sellerId: number; userId: number; message: string }>();
}

beforeAll(async () => {
  t = await createTestApp();
  const [plan] = await t.deps.db.select({ id: plans.id }).from(plans).orderBy(plans.minRent).limit(1);
  planId = plan!.id;
  const [admin] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')).limit(1);
  adminId = admin!.id;
});
afterAll(() => t?.close());

describe('who may manage institutions', () => {
  it('only admin and director: other types 403 with the pt-BR refusal, no token 401', async () => {
    const routes: [string, string, object?][] = [
      ['GET', '/api/sellers'],
      ['GET', '/api/sellers/plan-options'],
      ['POST', '/api/sellers/create', newBody({ email: 'intruso@exemplo.com.br' })],
      ['PUT', '/api/sellers/status/1', { status: 'suspended' }],
      ['GET', '/api/sellers/1/lti-connections'],
      ['POST', '/api/sellers/1/lti-connections', { platform: 'moodle', clientId: 'x', url: 'https://moodle.exemplo.com.br' }],
    ];
    for (const local of ['seller', 'seller.conteudo', 'provider', 'manager', 'curator']) {
      for (const [method, url, payload] of routes) {
        const res = await call(t.app, method as 'GET', url, { token: await tok(local), payload });
        expect(res.statusCode, `${local} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ message: MSG.forbidden });
      }
    }
    expect((await call(t.app, 'GET', '/api/sellers')).statusCode).toBe(401);
    const [n] = await t.deps.db.select({ n: count() }).from(users).where(eq(users.email, 'intruso@exemplo.com.br'));
    expect(n!.n).toBe(0);
    for (const local of ['admin', 'director']) {
      expect((await call(t.app, 'GET', '/api/sellers', { token: await tok(local) })).statusCode).toBe(200);
    }
  });

  it('an unknown institution answers 404 on every route that names one', async () => {
    const token = await tok('director');
    const png = multipartFile(PNG_1PX);
    const asks: [string, string, object?][] = [
      ['GET', '/api/sellers/institution/999999'],
      ['PUT', '/api/sellers/update/999999', { nameUser: 'X', cnpj: VALID_CNPJ, name: 'X', email: 'x@exemplo.com.br', planId }],
      ['PUT', '/api/sellers/status/999999', { status: 'active' }],
      ['PUT', '/api/sellers/status', { ids: [999999], status: 'active' }],
      ['GET', '/api/sellers/999999/lti-connections'],
      ['POST', '/api/sellers/999999/lti-connections', { platform: 'moodle', clientId: 'x', url: 'https://moodle.exemplo.com.br' }],
      ['DELETE', '/api/sellers/999999/lti-connections', { clientId: 'x', url: 'https://moodle.exemplo.com.br' }],
    ];
    for (const [method, url, payload] of asks) {
      const res = await call(t.app, method as 'GET', url, { token, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const logo = await call(t.app, 'PUT', '/api/sellers/logo/999999', { token, payload: png.payload, headers: png.headers });
    expect(logo.statusCode).toBe(404);
  });
});

describe('creating an institution with its user', () => {
  it('refuses a CNPJ with wrong check digits (400, pt-BR, on the field) and creates nothing', async () => {
    const res = await call(t.app, 'POST', '/api/sellers/create', { token: await tok('admin'), payload: newBody({ cnpj: BAD_CNPJ, email: 'cnpj@exemplo.com.br' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { cnpj: MSG.invalidCnpj } });
    const [n] = await t.deps.db.select({ n: count() }).from(users).where(eq(users.email, 'cnpj@exemplo.com.br'));
    expect(n!.n).toBe(0);
    const [s] = await t.deps.db.select({ n: count() }).from(sellers).where(eq(sellers.name, 'Colégio Ipê Amarelo'));
    expect(s!.n).toBe(0);
  });

  it("missing fields say 'Campo Obrigatório'; an unknown plan is refused", async () => {
    const token = await tok('admin');
    const empty = await call(t.app, 'POST', '/api/sellers/create', { token, payload: { nameUser: '', cnpj: '', sellerName: '', email: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ nameUser: MSG.required, cnpj: MSG.required, sellerName: MSG.required, email: MSG.required, planId: MSG.required });
    const plan = await call(t.app, 'POST', '/api/sellers/create', { token, payload: newBody({ planId: 999999, email: 'plano@exemplo.com.br' }) });
    expect(plan.statusCode).toBe(400);
    expect(plan.json()).toMatchObject({ fields: { planId: MSG.planNotFound } });
  });

  it('creates an active institution and its seller user; the first password goes by e-mail and must be changed', async () => {
    const created = await create();
    expect(created.message).toBe(INSTITUTION_MSG.created);
    const [seller] = await t.deps.db.select().from(sellers).where(eq(sellers.id, created.sellerId));
    expect(seller).toMatchObject({ name: 'Colégio Ipê Amarelo', cnpj: '11444777000161', planId, status: 'active', acceptedTerms: false });
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, created.userId));
    expect(user).toMatchObject({ type: 'seller', status: 'active', sellerId: created.sellerId, mustChangePassword: true });
    const mail = await lastEmailTo(t.deps, 'renata@ipeamarelo.edu.br');
    const password = passwordIn(mail?.text);
    expect(password).toBeTruthy();
    const signin = await postSignin(t.app, 'renata@ipeamarelo.edu.br', password!);
    expect(signin.statusCode, signin.body).toBe(200);
    expect(signin.json<SessionUser>()).toMatchObject({ mustChangePassword: true, type: 'seller', seller: { id: created.sellerId, status: 'active' } });
    const [entry] = await audits('created_institution');
    expect(entry).toMatchObject({ userId: adminId, data: { sellerId: created.sellerId, userId: created.userId, planId } });
  });

  it("an e-mail already used (any case) answers 'Este e-mail já está cadastrado em outra instituição.' and creates nothing", async () => {
    const before = await t.deps.db.select({ n: count() }).from(sellers);
    const res = await call(t.app, 'POST', '/api/sellers/create', {
      token: await tok('director'),
      payload: newBody({ email: 'RENATA@ipeamarelo.edu.br', sellerName: 'Outra Escola' }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: INSTITUTION_MSG.emailTaken, fields: { email: INSTITUTION_MSG.emailTaken } });
    expect(await t.deps.db.select({ n: count() }).from(sellers)).toEqual(before);
  });
});

describe('editing an institution and its logo', () => {
  it('updates the institution and its user in one go; a taken e-mail or bad CNPJ changes nothing', async () => {
    const { sellerId, userId } = await create({ email: 'edita@escola.edu.br', sellerName: 'Escola Edita' });
    const token = await tok('admin');
    const body = { id: sellerId, nameUser: 'Edna Editada', cnpj: '04.252.011/0001-10', name: 'Escola Editada', email: 'edna@escola.edu.br', planId };
    const res = await call(t.app, 'PUT', `/api/sellers/update/${sellerId}`, { token, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    // An edit, not a sign-up: the toast says so.
    expect(res.json<{ message: string }>().message).toBe('Instituição editada com sucesso!');
    expect(res.json<{ institution: InstitutionRow }>().institution).toMatchObject({
      id: sellerId, name: 'Escola Editada', cnpj: '04252011000110', user: { id: userId, name: 'Edna Editada', email: 'edna@escola.edu.br' },
    });
    const taken = await call(t.app, 'PUT', `/api/sellers/update/${sellerId}`, { token, payload: { ...body, email: 'renata@ipeamarelo.edu.br', name: 'Nunca' } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: INSTITUTION_MSG.emailTaken });
    const bad = await call(t.app, 'PUT', `/api/sellers/update/${sellerId}`, { token, payload: { ...body, cnpj: BAD_CNPJ, name: 'Nunca' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: { cnpj: MSG.invalidCnpj } });
    const other = await call(t.app, 'PUT', `/api/sellers/update/${sellerId}`, { token, payload: { ...body, id: sellerId + 1 } });
    expect(other.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row!.name).toBe('Escola Editada');
    const [entry] = await audits('updated_institution');
    expect(entry!.data).toMatchObject({ sellerId, fields: ['name', 'cnpj', 'nameUser', 'email'] });
  });

  it('the logo: an image up to 10 MB by its content; too large or not an image is refused', async () => {
    const { sellerId } = await create({ email: 'logo@escola.edu.br', sellerName: 'Escola Logo' });
    const token = await tok('admin');
    const big = multipartFile(Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024)]));
    const tooLarge = await call(t.app, 'PUT', `/api/sellers/logo/${sellerId}`, { token, payload: big.payload, headers: big.headers });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: MSG.imageTooLarge });
    const fake = multipartFile(Buffer.from('<svg onload=alert(1)>'), { filename: 'logo.png', contentType: 'image/png' });
    const notImage = await call(t.app, 'PUT', `/api/sellers/logo/${sellerId}`, { token, payload: fake.payload, headers: fake.headers });
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ message: MSG.imageNotSupported });
    let [row] = await t.deps.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row!.logoKey).toBeNull();
    const png = multipartFile(PNG_1PX);
    const ok = await call(t.app, 'PUT', `/api/sellers/logo/${sellerId}`, { token, payload: png.payload, headers: png.headers });
    expect(ok.statusCode, ok.body).toBe(200);
    [row] = await t.deps.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(`/uploads/${row!.logoKey}`).toBe(ok.json().url);
    expect(ok.json().url).toMatch(/^\/uploads\/logos\/.+\.png$/);
  });
});

describe('institution status', () => {
  it('suspending keeps sign-in but the session says suspended; the team is told; reactivating restores; audited', async () => {
    const { sellerId, userId } = await create({ email: 'suspensa@escola.edu.br', sellerName: 'Escola Suspensa' });
    const mail = await lastEmailTo(t.deps, 'suspensa@escola.edu.br');
    const token = await tok('admin');
    const res = await call(t.app, 'PUT', `/api/sellers/status/${sellerId}`, { token, payload: { status: 'suspended' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 1, message: INSTITUTION_MSG.statusChanged });
    const [entry] = await audits('updated_seller_status');
    expect(entry).toMatchObject({ userId: adminId, data: { ids: [sellerId], status: 'suspended', changed: [sellerId] } });

    const signin = await postSignin(t.app, 'suspensa@escola.edu.br', passwordIn(mail?.text)!);
    expect(signin.statusCode).toBe(200);
    expect(signin.json<SessionUser>().seller).toEqual({ id: sellerId, status: 'suspended', grants: [], suspensionReason: null, overdueCharges: 0 });
    const bell = await t.deps.db.select().from(notifications).where(eq(notifications.userId, userId));
    expect(bell.some((n) => n.text.includes('suspenso'))).toBe(true);

    // The same status again changes nothing (and says so).
    const again = await call(t.app, 'PUT', `/api/sellers/status/${sellerId}`, { token, payload: { status: 'suspended' } });
    expect(again.json()).toMatchObject({ updated: 0 });

    const back = await call(t.app, 'PUT', `/api/sellers/status/${sellerId}`, { token: await tok('director'), payload: { status: 'active' } });
    expect(back.json()).toMatchObject({ updated: 1 });
    const me = await call(t.app, 'GET', '/api/me', { token: signin.json<{ token: string }>().token });
    expect(me.json<SessionUser>().seller).toEqual({ id: sellerId, status: 'active', grants: [], suspensionReason: null, overdueCharges: 0 });
  });

  it('an empty or unknown status is refused with nothing changed', async () => {
    const { sellerId } = await create({ email: 'status@escola.edu.br', sellerName: 'Escola Status' });
    const token = await tok('admin');
    for (const payload of [{}, { status: '' }, { status: 'deleted' }]) {
      const res = await call(t.app, 'PUT', `/api/sellers/status/${sellerId}`, { token, payload });
      expect(res.statusCode).toBe(400);
    }
    const [row] = await t.deps.db.select().from(sellers).where(eq(sellers.id, sellerId));
    expect(row!.status).toBe('active');
  });

  it('bulk: several at once, all or nothing when one id is unknown', async () => {
    const a = await create({ email: 'lote.a@escola.edu.br', sellerName: 'Escola Lote A' });
    const b = await create({ email: 'lote.b@escola.edu.br', sellerName: 'Escola Lote B' });
    const token = await tok('admin');
    const missing = await call(t.app, 'PUT', '/api/sellers/status', { token, payload: { ids: [a.sellerId, 999999], status: 'pending' } });
    expect(missing.statusCode).toBe(404);
    const ok = await call(t.app, 'PUT', '/api/sellers/status', { token, payload: { ids: [a.sellerId, b.sellerId], status: 'pending' } });
    expect(ok.json()).toMatchObject({ updated: 2 });
    const rows = await t.deps.db.select({ status: sellers.status }).from(sellers).where(sql`${sellers.id} in (${a.sellerId}, ${b.sellerId})`);
    expect(rows.map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it("activating a self-signed-up pending institution whose user never confirmed the e-mail makes it usable", async () => {
    const seller = { id: await buildInstitution(t.deps.db, { name: 'Escola Pendente', cnpj: '11444777000161', planId, status: 'pending' }) };
    await buildUser(t.deps.db, { name: 'Paulo Pendente', email: 'paulo@pendente.edu.br', type: 'seller', status: 'inative', sellerId: seller.id, mustChangePassword: true });
    const res = await call(t.app, 'PUT', `/api/sellers/status/${seller!.id}`, { token: await tok('admin'), payload: { status: 'active' } });
    expect(res.json()).toMatchObject({ updated: 1 });
    const password = passwordIn((await lastEmailTo(t.deps, 'paulo@pendente.edu.br'))?.text);
    const signin = await postSignin(t.app, 'paulo@pendente.edu.br', password!);
    expect(signin.statusCode, signin.body).toBe(200);
    expect(signin.json()).toMatchObject({ mustChangePassword: true, seller: { id: seller!.id, status: 'active' } });
  });
});

describe('the institutions list', () => {
  it('filters by status with counts, searches without accents, orders A-Z or newest first', async () => {
    const token = await tok('admin');
    const page = async (query: Record<string, string>) => {
      const res = await call(t.app, 'GET', '/api/sellers', { token, query });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<InstitutionsPage>();
    };
    const ipe = await page({ companyName: 'colegio ipe' });
    expect(ipe.data.map((r) => r.name)).toEqual(['Colégio Ipê Amarelo']);
    expect(ipe.data[0]!.user).toMatchObject({ email: 'renata@ipeamarelo.edu.br' });
    expect(ipe.data[0]!.planName).toBeTruthy();
    const all = await page({ companyName: 'escola' });
    expect(all.counts.all).toBe(all.counts.active + all.counts.pending + all.counts.suspended);
    expect(all.counts.pending).toBeGreaterThanOrEqual(2);
    const pending = await page({ companyName: 'escola', status: 'pending' });
    expect(pending.total).toBe(all.counts.pending);
    expect(pending.data.every((r) => r.status === 'pending')).toBe(true);
    const az = await page({ companyName: 'escola', order: 'name', limit: '100' });
    const names = az.data.map((r) => r.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y, 'pt-BR')));
    const recent = await page({ companyName: 'escola', order: 'date', limit: '100' });
    const dates = recent.data.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const bad = await call(t.app, 'GET', '/api/sellers', { token, query: { status: 'deleted' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('LTI connections', () => {
  let sellerId: number;
  beforeAll(async () => {
    ({ sellerId } = await create({ email: 'lti@escola.edu.br', sellerName: 'Escola LTI' }));
  });
  const url = () => `/api/sellers/${sellerId}/lti-connections`;

  it('adds one per platform with the endpoints of spec 3 §3, and lists them', async () => {
    const token = await tok('admin');
    const add = async (payload: object) => {
      const res = await call(t.app, 'POST', url(), { token, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(LTI_MSG.created);
      return res.json<{ connection: LtiConnectionView }>().connection;
    };
    const canvas = await add({ platform: 'canvas', name: 'Canvas da escola', clientId: '10000000000001', url: 'https://escola.instructure.com/' });
    expect(canvas).toMatchObject({
      url: 'https://escola.instructure.com',
      platformUrl: CANVAS_PLATFORM_URL,
      authenticationEndpoint: 'https://escola.instructure.com/api/lti/authorize_redirect',
      accesstokenEndpoint: 'https://escola.instructure.com/login/oauth2/token',
      authConfig: { method: 'JWK_SET', key: 'https://escola.instructure.com/api/lti/security/jwks' },
    });
    const d2l = await add({ platform: 'd2l', name: 'Brightspace', clientId: 'd2l-client', url: 'https://ead.escola.edu.br' });
    expect(d2l).toMatchObject({ authenticationEndpoint: 'https://ead.escola.edu.br/d2l/lti/authenticate', accesstokenEndpoint: D2L_TOKEN_URL, authConfig: { key: 'https://ead.escola.edu.br/d2l/.well-known/jwks' } });
    const moodle = await add({ platform: 'moodle', clientId: 'moodle-client', url: 'https://moodle.escola.edu.br' });
    expect(moodle).toMatchObject({ name: '', authenticationEndpoint: 'https://moodle.escola.edu.br/mod/lti/auth.php', accesstokenEndpoint: 'https://moodle.escola.edu.br/mod/lti/token.php', authConfig: { key: 'https://moodle.escola.edu.br/mod/lti/certs.php' } });
    const list = await call(t.app, 'GET', url(), { token: await tok('director') });
    expect(list.json<{ data: LtiConnectionView[] }>().data.map((c) => c.clientId)).toEqual(['10000000000001', 'd2l-client', 'moodle-client']);
    const [entry] = await audits('added_lti_connection');
    expect(entry).toMatchObject({ userId: adminId, data: { sellerId, connectionId: moodle.id, platform: 'moodle', clientId: 'moodle-client' } });
  });

  it('refuses bad input with pt-BR messages and a duplicate client id with 409; nothing stored', async () => {
    const token = await tok('admin');
    const before = await t.deps.db.select({ n: count() }).from(ltiConnections);
    const empty = await call(t.app, 'POST', url(), { token, payload: { name: 'x', clientId: '', url: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ platform: LTI_MSG.platformRequired, clientId: MSG.required, url: MSG.required });
    const http = await call(t.app, 'POST', url(), { token, payload: { platform: 'moodle', clientId: 'novo', url: 'http://moodle.escola.edu.br' } });
    expect(http.statusCode).toBe(400);
    expect(http.json()).toMatchObject({ fields: { url: LTI_MSG.urlNotHttps } });
    const local = await call(t.app, 'POST', url(), { token, payload: { platform: 'moodle', clientId: 'local', url: 'http://localhost:8080' } });
    expect(local.statusCode).toBe(200);
    const dup = await call(t.app, 'POST', url(), { token, payload: { platform: 'moodle', clientId: 'moodle-client', url: 'https://outro.escola.edu.br' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ message: LTI_MSG.duplicate });
    const after = await t.deps.db.select({ n: count() }).from(ltiConnections);
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });

  it('deletes by ClientId and URL as a tombstone; a delete matching nothing is 404; the client id can be added again', async () => {
    const token = await tok('admin');
    const wrongUrl = await call(t.app, 'DELETE', url(), { token, payload: { clientId: 'moodle-client', url: 'https://outro.escola.edu.br' } });
    expect(wrongUrl.statusCode).toBe(404);
    expect(wrongUrl.json()).toMatchObject({ message: LTI_MSG.notFound });
    const res = await call(t.app, 'DELETE', url(), { token, payload: { clientId: 'moodle-client', url: 'https://MOODLE.escola.edu.br/' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(LTI_MSG.deleted);
    const [row] = await t.deps.db.select().from(ltiConnections).where(eq(ltiConnections.id, res.json().id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(row!.deletedBy).toBe(adminId);
    const list = await call(t.app, 'GET', url(), { token });
    expect(list.json<{ data: LtiConnectionView[] }>().data.map((c) => c.clientId)).not.toContain('moodle-client');
    const twice = await call(t.app, 'DELETE', url(), { token, payload: { clientId: 'moodle-client', url: 'https://moodle.escola.edu.br' } });
    expect(twice.statusCode).toBe(404);
    const [entry] = await audits('removed_lti_connection');
    expect(entry).toMatchObject({ data: { sellerId, connectionId: row!.id, clientId: 'moodle-client' } });
    const readd = await call(t.app, 'POST', url(), { token, payload: { platform: 'moodle', clientId: 'moodle-client', url: 'https://moodle.escola.edu.br' } });
    expect(readd.statusCode).toBe(200);
    const rows = await t.deps.db.select().from(ltiConnections).where(and(eq(ltiConnections.sellerId, sellerId), eq(ltiConnections.clientId, 'moodle-client')));
    expect(rows).toHaveLength(2);
    const missing = await call(t.app, 'DELETE', url(), { token, payload: { clientId: '', url: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({ clientId: MSG.required, url: MSG.required });
  });

  it("another institution's connection is not reachable through this one", async () => {
    const other = await create({ email: 'lti.outra@escola.edu.br', sellerName: 'Escola LTI Outra' });
    const token = await tok('admin');
    const res = await call(t.app, 'DELETE', `/api/sellers/${other.sellerId}/lti-connections`, { token, payload: { clientId: 'd2l-client', url: 'https://ead.escola.edu.br' } });
    expect(res.statusCode).toBe(404);
    const list = await call(t.app, 'GET', `/api/sellers/${other.sellerId}/lti-connections`, { token });
    expect(list.json().data).toEqual([]);
  });
});
