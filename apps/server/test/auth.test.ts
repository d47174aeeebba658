/** Sign-in, sign-out, sign-ups, e-mail confirmation, first password and password recovery (spec 1 §2.2–§2.6). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { ALL_ROUTES } from '@edu/shared/api';
import { buildPath } from '@edu/shared/contract';
import { auditLogs, emails } from '../src/platform/platform.tables';
import { providers, sellers, users, userTokens } from '../src/db/schema';
import {
  DEMO_PASSWORD,
  PNG_1PX,
  call,
  createTestApp,
  demoEmail,
  lastEmailTo,
  linkIn,
  multipartFile,
  postSignin,
  signIn,
  type TestApp,
} from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const userByEmail = async (email: string) => (await t.deps.db.select().from(users).where(eq(users.email, email)))[0];
const countOf = async (table: typeof users | typeof providers | typeof sellers | typeof emails) =>
  Number((await t.deps.db.select({ n: count() }).from(table))[0]!.n);
const snapshotCounts = async () => ({
  users: await countOf(users),
  providers: await countOf(providers),
  sellers: await countOf(sellers),
  emails: await countOf(emails),
});
const auditActions = async (userId: number) =>
  (await t.deps.db.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.userId, userId))).map((r) => r.action);

describe('POST /api/signin', () => {
  it('answers the session user and a token, never the password hash', async () => {
    const res = await postSignin(t.app, demoEmail('admin'), DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['avatar', 'email', 'id', 'mustChangePassword', 'name', 'provider', 'seller', 'status', 'token', 'type']);
    expect(body).toMatchObject({ email: demoEmail('admin'), type: 'admin', status: 'active', mustChangePassword: false, provider: null, seller: null });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body).not.toMatch(/argon2|password_?hash/i);

    const me = await call(t.app, 'GET', '/api/me', { token: body.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: body.id, type: 'admin' });
  });

  it('accepts the e-mail in any case and signs a service provider in as serviceProvider', async () => {
    const res = await postSignin(t.app, demoEmail('ServiceProvider').toUpperCase(), DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'serviceProvider', provider: { isServiceProvider: true } });
    const seller = await postSignin(t.app, demoEmail('seller'), DEMO_PASSWORD);
    expect(seller.json()).toMatchObject({ type: 'seller', seller: { id: expect.any(Number) } });
  });

  it('a wrong password and an unknown e-mail fail alike: 401, the pt-BR message and no user', async () => {
    const wrong = await postSignin(t.app, demoEmail('admin'), 'not-the-password');
    const unknown = await postSignin(t.app, 'ninguem@exemplo.com.br', DEMO_PASSWORD);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      const body = res.json();
      expect(body).toEqual({ statusCode: 401, code: 'UNAUTHORIZED', message: MSG.loginFail });
      expect(body).not.toHaveProperty('token');
      expect(body).not.toHaveProperty('id');
    }
    expect(MSG.loginFail).toBe('Ocorreu um erro ao fazer login, verifique suas credencias.');
  });

  it('a malformed e-mail is 400 "Email inválido"; a missing password "Campo Obrigatório"', async () => {
    const res = await call(t.app, 'POST', '/api/signin', { payload: { email: 'admin', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, message: 'Email inválido', fields: { email: 'Email inválido' } });
    const missing = await call(t.app, 'POST', '/api/signin', { payload: { email: demoEmail('admin') } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { password: 'Campo Obrigatório' } });
  });

  it('an unknown field is 400 and names the field', async () => {
    const res = await call(t.app, 'POST', '/api/signin', { payload: { email: demoEmail('admin'), password: DEMO_PASSWORD, type: 'admin' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.unknownField('type'), fields: { type: MSG.unknownField('type') } });
  });

  it(`is rate limited: after RATE_LIMIT_SIGNIN attempts from one address for one e-mail, 429 even with the right password`, async () => {
    const max = t.deps.config.RATE_LIMIT_SIGNIN;
    // The client's own address (TRUST_PROXY is off: X-Forwarded-For is not believed, see defects.test.ts).
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/signin', payload: { email: demoEmail('curator'), password }, remoteAddress });
    for (let i = 0; i < max; i++) {
      const res = await from('203.0.113.7', `wrong-${i}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await from('203.0.113.7', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ statusCode: 429, message: MSG.tooManyAttempts });
    // Another address is not affected.
    const other = await from('203.0.113.8', DEMO_PASSWORD);
    expect(other.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: changing the rest of the address buys no attempts; another /64 is not affected', async () => {
    const max = t.deps.config.RATE_LIMIT_SIGNIN;
    const from = (remoteAddress: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/signin', payload: { email: demoEmail('director'), password }, remoteAddress });
    for (let i = 0; i < max; i++) {
      const res = await from(`2001:db8:5ab:1:${(i + 1).toString(16)}::${i + 7}`, `wrong-${i}`);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await from('2001:db8:5ab:1:ffff:eeee:dddd:cccc', DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ message: MSG.tooManyAttempts });
    expect((await from('2001:db8:5ab:2::1', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sessions and the audit log', () => {
  it('sign-out revokes the token; both are written to the audit log', async () => {
    const token = await signIn(t.app, 'director');
    expect((await call(t.app, 'GET', '/api/me', { token })).statusCode).toBe(200);
    const out = await call(t.app, 'POST', '/api/signout', { token });
    expect(out.statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', { token });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'UNAUTHORIZED', message: MSG.unauthorized });
    expect((await call(t.app, 'POST', '/api/signout', { token })).statusCode).toBe(401);

    const director = await userByEmail(demoEmail('director'));
    const actions = await auditActions(director!.id);
    expect(actions).toContain('logged');
    expect(actions).toContain('logged_out');
  });

  it('a missing, malformed or unknown token is 401', async () => {
    expect((await call(t.app, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { token: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('the database rejects UPDATE, DELETE and TRUNCATE on audit_logs', async () => {
    const before = Number((await t.deps.db.select({ n: count() }).from(auditLogs))[0]!.n);
    expect(before).toBeGreaterThan(0);
    await expect(t.deps.database.sql.executeSql("UPDATE audit_logs SET action = 'edited'")).rejects.toThrow(/append-only/);
    await expect(t.deps.database.sql.executeSql('DELETE FROM audit_logs')).rejects.toThrow(/append-only/);
    await expect(t.deps.database.sql.executeSql('TRUNCATE audit_logs')).rejects.toThrow(/append-only/);
    await expect(t.deps.db.delete(auditLogs)).rejects.toThrow();
    const after = await t.deps.db.select({ n: count() }).from(auditLogs);
    expect(Number(after[0]!.n)).toBe(before);
    const edited = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'edited'));
    expect(edited).toEqual([]);
  });
});

describe('provider sign-up (POST /api/providers/signup)', () => {
  const liberal = {
    nameUser: 'Helena Duarte',
    email: 'helena.duarte@exemplo.com.br',
    typePerson: 'Profissional Liberal',
    cpf: '390.533.447-05',
    lattes: 'http://lattes.cnpq.br/1234567890',
    linkdin: 'https://www.linkedin.com/in/helena',
    knowledgeLevel: [2, 3],
    professionalExperience: 'Professora de Química há 8 anos.',
  };

  it('Profissional Liberal: inactive user, provider under review, company name = name, an e-mail', async () => {
    const res = await call(t.app, 'POST', '/api/providers/signup', { payload: liberal });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ code: 201, message: MSG.providerSignupSuccess, userId: expect.any(Number) });

    const user = await userByEmail(liberal.email);
    expect(user).toMatchObject({ id: body.userId, name: liberal.nameUser, type: 'provider', status: 'inative' });
    const [provider] = await t.deps.db.select().from(providers).where(eq(providers.id, user!.providerId!));
    expect(provider).toMatchObject({
      status: 'review',
      typePerson: 'Profissional Liberal',
      companyName: liberal.nameUser,
      cpf: '39053344705',
      knowledgeLevel: [2, 3],
      lattes: liberal.lattes,
      linkedin: liberal.linkdin,
      isServiceProvider: false,
    });
    const mail = await lastEmailTo(t.deps, liberal.email);
    expect(mail?.subject).toBeTruthy();
    expect(mail?.text).toContain(liberal.nameUser);

    // Not approved yet: no way in.
    const signin = await postSignin(t.app, liberal.email, DEMO_PASSWORD);
    expect(signin.statusCode).toBe(401);
  });

  it('Fornecedor and Fornecedor de Servico: CNPJ stored as digits, the service flag set for the latter', async () => {
    const supplier = { nameUser: 'Otávio Reis', email: 'otavio@editoraboa.com.br', typePerson: 'Fornecedor', cnpj: '45.723.174/0001-10', companyName: 'Editora Boa' };
    const res = await call(t.app, 'POST', '/api/providers/signup', { payload: supplier });
    expect(res.statusCode).toBe(200);
    const user = await userByEmail(supplier.email);
    expect(user).toMatchObject({ status: 'inative', type: 'provider' });
    const [provider] = await t.deps.db.select().from(providers).where(eq(providers.id, user!.providerId!));
    expect(provider).toMatchObject({ status: 'review', companyName: 'Editora Boa', cnpj: '45723174000110', cpf: null, isServiceProvider: false });
    expect(await lastEmailTo(t.deps, supplier.email)).toBeDefined();

    const service = { ...supplier, email: 'contato@servicos.com.br', typePerson: 'Fornecedor de Servico', companyName: 'Serviços Educacionais' };
    expect((await call(t.app, 'POST', '/api/providers/signup', { payload: service })).statusCode).toBe(200);
    const serviceUser = await userByEmail(service.email);
    const [serviceProvider] = await t.deps.db.select().from(providers).where(eq(providers.id, serviceUser!.providerId!));
    expect(serviceProvider!.isServiceProvider).toBe(true);
  });

  it('a taken e-mail (in any case) is 409 "O email já está cadastrado!" and writes nothing', async () => {
    const before = await snapshotCounts();
    const res = await call(t.app, 'POST', '/api/providers/signup', {
      payload: { ...liberal, email: demoEmail('Provider').toUpperCase() },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ statusCode: 409, message: 'O email já está cadastrado!' });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('check digits: a bad CPF is 400 "CPF inválido", a bad CNPJ 400 "CNPJ inválido"; nothing written', async () => {
    const before = await snapshotCounts();
    const badCpf = await call(t.app, 'POST', '/api/providers/signup', { payload: { ...liberal, email: 'cpf@exemplo.com.br', cpf: '390.533.447-06' } });
    expect(badCpf.statusCode).toBe(400);
    expect(badCpf.json()).toMatchObject({ message: 'CPF inválido', fields: { cpf: 'CPF inválido' } });
    const badCnpj = await call(t.app, 'POST', '/api/providers/signup', {
      payload: { nameUser: 'X', email: 'cnpj@exemplo.com.br', typePerson: 'Fornecedor', cnpj: '45.723.174/0001-11', companyName: 'X Ltda' },
    });
    expect(badCnpj.statusCode).toBe(400);
    expect(badCnpj.json()).toMatchObject({ message: 'CNPJ inválido', fields: { cnpj: 'CNPJ inválido' } });
    const missing = await call(t.app, 'POST', '/api/providers/signup', { payload: { nameUser: 'X', email: 'x@x.com', typePerson: 'Fornecedor' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { cnpj: 'Campo Obrigatório', companyName: 'Campo Obrigatório' } });
    expect(await snapshotCounts()).toEqual(before);
    expect(await userByEmail('cpf@exemplo.com.br')).toBeUndefined();
  });
});

describe('institution sign-up, logo, e-mail confirmation and the first password', () => {
  const institution = {
    nameUser: 'Beatriz Lima',
    email: 'beatriz.lima@colegioaurora.edu.br',
    sellerName: 'Colégio Aurora',
    cnpj: '11.444.777/0001-61',
  };
  let planId: number;
  let signup: { userId: number; sellerId: number; logoUploadToken: string };

  it('GET /api/plans/signup lists the three tiers by student range', async () => {
    const res = await call(t.app, 'GET', '/api/plans/signup');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: number; name: string; minRent: number; maxRent: number }[]>();
    expect(list).toHaveLength(3);
    expect(list.map((p) => [p.minRent, p.maxRent])).toEqual([[1, 500], [501, 2000], [2001, 10000]]);
    planId = list[0]!.id;
  });

  it('an unknown plan is 400 and writes nothing', async () => {
    const before = await snapshotCounts();
    const res = await call(t.app, 'POST', '/api/signup', { payload: { ...institution, planId: 999999 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.planNotFound });
    expect(await snapshotCounts()).toEqual(before);
  });

  it('creates an inactive institution user and a pending seller, and e-mails a confirmation link with e-mail and token', async () => {
    const res = await call(t.app, 'POST', '/api/signup', { payload: { ...institution, planId } });
    expect(res.statusCode).toBe(200);
    signup = res.json();
    expect(signup).toEqual({ userId: expect.any(Number), sellerId: expect.any(Number), logoUploadToken: expect.any(String) });

    const user = await userByEmail(institution.email);
    expect(user).toMatchObject({ id: signup.userId, type: 'seller', status: 'inative', sellerId: signup.sellerId, emailConfirmedAt: null });
    const [seller] = await t.deps.db.select().from(sellers).where(eq(sellers.id, signup.sellerId));
    expect(seller).toMatchObject({ name: institution.sellerName, cnpj: '11444777000161', planId, status: 'pending' });

    const link = linkIn(await lastEmailTo(t.deps, institution.email));
    expect(link.pathname).toBe('/confirm-email');
    expect(link.searchParams.get('email')).toBe(institution.email);
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it('the same e-mail cannot sign up twice (409)', async () => {
    const before = await snapshotCounts();
    const res = await call(t.app, 'POST', '/api/signup', { payload: { ...institution, sellerName: 'Outra', planId } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: MSG.emailInUse });
    expect(await snapshotCounts()).toEqual(before);
  });

  describe('logo upload (POST /api/signup/logo/:id)', () => {
    const upload = (id: number, file: ReturnType<typeof multipartFile>, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/signup/logo/${id}`,
        payload: file.payload,
        headers: { ...file.headers, ...(token !== undefined ? { 'x-upload-token': token } : {}) },
      });

    it('refuses a missing or wrong token, and another user\'s id, with 403', async () => {
      const png = multipartFile(PNG_1PX);
      for (const res of [
        await upload(signup.userId, png),
        await upload(signup.userId, png, 'not-the-token'),
        await upload(signup.userId + 1000, png, signup.logoUploadToken),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ message: MSG.tokenInvalid });
      }
    });

    it('checks the content, not the name: a text file called .png is 400', async () => {
      const fake = multipartFile(Buffer.from('isto não é uma imagem, é um texto qualquer'), { filename: 'logo.png', contentType: 'image/png' });
      const res = await upload(signup.userId, fake, signup.logoUploadToken);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.imageNotSupported });
    });

    it('a file over 10 MB is 413 "Imagem pesada! …"', async () => {
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_1PX.length)]);
      const res = await upload(signup.userId, multipartFile(big), signup.logoUploadToken);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ message: MSG.imageTooLarge });
    });

    it('stores a real PNG, serves it, and the token works only once', async () => {
      const res = await upload(signup.userId, multipartFile(PNG_1PX), signup.logoUploadToken);
      expect(res.statusCode).toBe(200);
      const { logoUrl } = res.json<{ logoUrl: string }>();
      expect(logoUrl).toMatch(/^\/uploads\/logos\/[a-f0-9]{32}\.png$/);
      const [seller] = await t.deps.db.select().from(sellers).where(eq(sellers.id, signup.sellerId));
      // The row keeps the storage key; clients get its address.
      expect(seller!.logoKey).toBe(logoUrl.slice('/uploads/'.length));

      const served = await t.app.inject({ method: 'GET', url: logoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/png/);
      expect(served.rawPayload.equals(PNG_1PX)).toBe(true);

      const again = await upload(signup.userId, multipartFile(PNG_1PX), signup.logoUploadToken);
      expect(again.statusCode).toBe(403);
    });
  });

  let provisional: string;

  it('confirm-email activates the account, e-mails a random password, and the link works once', async () => {
    const link = linkIn(await lastEmailTo(t.deps, institution.email));
    const payload = { email: link.searchParams.get('email')!, token: link.searchParams.get('token')! };

    const notYet = await call(t.app, 'GET', '/api/confirmed', { query: payload });
    expect(notYet.json()).toEqual({ confirmed: false });

    // The token belongs to this e-mail only.
    const otherEmail = await call(t.app, 'POST', '/api/confirm-email', { payload: { ...payload, email: demoEmail('client') } });
    expect(otherEmail.statusCode).toBe(400);

    const res = await call(t.app, 'POST', '/api/confirm-email', { payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Email confirmado com sucesso!' });

    const user = await userByEmail(institution.email);
    expect(user).toMatchObject({ status: 'active', mustChangePassword: true });
    expect(user!.emailConfirmedAt).toBeInstanceOf(Date);
    const [seller] = await t.deps.db.select().from(sellers).where(eq(sellers.id, signup.sellerId));
    expect(seller!.status).toBe('active');

    const mail = await lastEmailTo(t.deps, institution.email);
    const match = mail!.text.match(/senha provisória é: (\S+)/);
    expect(match).not.toBeNull();
    provisional = match![1]!;
    expect(provisional.length).toBeGreaterThanOrEqual(8);

    const reuse = await call(t.app, 'POST', '/api/confirm-email', { payload });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ message: MSG.tokenInvalid });
    expect((await call(t.app, 'GET', '/api/confirmed', { query: payload })).json()).toEqual({ confirmed: true });
    expect(await auditActions(signup.userId)).toEqual(expect.arrayContaining(['signed_up', 'confirmed_email']));
  });

  it('the first sign-in must replace the password: every other route answers 403 PASSWORD_CHANGE_REQUIRED', async () => {
    const res = await postSignin(t.app, institution.email, provisional);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ mustChangePassword: true, type: 'seller', seller: { id: signup.sellerId } });
    const token = res.json<{ token: string }>().token;

    const blocked = ALL_ROUTES.filter((r) => r.access !== 'public' && !r.allowDuringPasswordChange);
    expect(blocked.length).toBeGreaterThan(0);
    for (const route of blocked) {
      const url = `/api${buildPath(route.path, Object.fromEntries([...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => [m[1]!, signup.userId])))}`;
      const r = await call(t.app, route.method, url, { token, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(r.statusCode, `${route.method} ${route.path}`).toBe(403);
      expect(r.json(), `${route.method} ${route.path}`).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED', message: MSG.mustChangePassword });
    }
    expect((await call(t.app, 'GET', '/api/me', { token })).statusCode).toBe(200);

    const mismatch = await call(t.app, 'POST', '/api/update-password', { token, payload: { password: 'nova-senha-1', password_confirmation: 'nova-senha-2' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ fields: { password_confirmation: 'As senhas não são iguais' } });

    const changed = await call(t.app, 'POST', '/api/update-password', { token, payload: { password: 'nova-senha-1', password_confirmation: 'nova-senha-1' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: MSG.passwordChanged });

    const view = await call(t.app, 'GET', `/api/users/view/${signup.userId}`, { token });
    expect(view.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token })).json()).toMatchObject({ mustChangePassword: false });

    expect((await postSignin(t.app, institution.email, provisional)).statusCode).toBe(401);
    expect((await postSignin(t.app, institution.email, 'nova-senha-1')).statusCode).toBe(200);
  });

  it('a later password change needs the current password', async () => {
    const token = await signIn(t.app, institution.email, 'nova-senha-1');
    const without = await call(t.app, 'POST', '/api/update-password', { token, payload: { password: 'outra-senha', password_confirmation: 'outra-senha' } });
    expect(without.statusCode).toBe(400);
    const wrong = await call(t.app, 'POST', '/api/update-password', {
      token,
      payload: { currentPassword: 'errada', password: 'outra-senha', password_confirmation: 'outra-senha' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: MSG.currentPasswordWrong });
  });
});

describe('forgot and reset password', () => {
  const email = demoEmail('user');
  const resetLink = async () => linkIn(await lastEmailTo(t.deps, email));

  it('an unknown e-mail is 404 "Não encontramos o email informado."', async () => {
    const res = await call(t.app, 'POST', '/api/forgot-password', { payload: { email: 'ninguem@exemplo.com.br' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Não encontramos o email informado.' });
    expect(await lastEmailTo(t.deps, 'ninguem@exemplo.com.br')).toBeUndefined();
  });

  it('a known e-mail gets a link with a single-use token; the reset revokes open sessions', async () => {
    const session = await signIn(t.app, 'user');
    const res = await call(t.app, 'POST', '/api/forgot-password', { payload: { email } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.forgotSuccess });
    const link = await resetLink();
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(link.search).not.toContain(encodeURIComponent(email));

    const mismatch = await call(t.app, 'POST', '/api/reset-password', { payload: { token, password: 'trocada1', password_confirmation: 'trocada2' } });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: 'As senha não correspondem', fields: { password_confirmation: 'As senha não correspondem' } });
    const short = await call(t.app, 'POST', '/api/reset-password', { payload: { token, password: 'abc', password_confirmation: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ fields: { password: MSG.passwordMin } });

    const ok = await call(t.app, 'POST', '/api/reset-password', { payload: { token, password: 'trocada1', password_confirmation: 'trocada1' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.resetSuccess });

    expect((await call(t.app, 'GET', '/api/me', { token: session })).statusCode).toBe(401);
    expect((await postSignin(t.app, email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await postSignin(t.app, email, 'trocada1')).statusCode).toBe(200);

    const again = await call(t.app, 'POST', '/api/reset-password', { payload: { token, password: 'trocada9', password_confirmation: 'trocada9' } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: MSG.tokenInvalid });
    expect((await postSignin(t.app, email, 'trocada1')).statusCode).toBe(200);
  });

  it('an expired token is 400 and changes nothing', async () => {
    expect((await call(t.app, 'POST', '/api/forgot-password', { payload: { email } })).statusCode).toBe(200);
    const token = (await resetLink()).searchParams.get('token')!;
    const user = await userByEmail(email);
    await t.deps.db
      .update(userTokens)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(and(eq(userTokens.userId, user!.id), eq(userTokens.kind, 'reset_password')));
    const res = await call(t.app, 'POST', '/api/reset-password', { payload: { token, password: 'expirada1', password_confirmation: 'expirada1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.tokenExpired });
    expect((await postSignin(t.app, email, 'expirada1')).statusCode).toBe(401);
  });

  it('only the newest link works; an invented token is 400', async () => {
    await call(t.app, 'POST', '/api/forgot-password', { payload: { email } });
    const first = (await resetLink()).searchParams.get('token')!;
    await call(t.app, 'POST', '/api/forgot-password', { payload: { email } });
    const second = (await resetLink()).searchParams.get('token')!;
    expect(second).not.toBe(first);
    const old = await call(t.app, 'POST', '/api/reset-password', { payload: { token: first, password: 'velha123', password_confirmation: 'velha123' } });
    expect(old.statusCode).toBe(400);
    const invented = await call(t.app, 'POST', '/api/reset-password', { payload: { token: 'a'.repeat(43), password: 'velha123', password_confirmation: 'velha123' } });
    expect(invented.statusCode).toBe(400);
    expect(invented.json()).toMatchObject({ message: MSG.tokenInvalid });
    const ok = await call(t.app, 'POST', '/api/reset-password', { payload: { token: second, password: 'nova1234', password_confirmation: 'nova1234' } });
    expect(ok.statusCode).toBe(200);
  });
});
