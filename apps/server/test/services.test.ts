/** 'Meus Serviços' (spec 2 §2.13, §5 "Services", §7.5): CRUD of a service provider's own services. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { SERVICE_MSG, type ProviderService } from '@edu/shared/services';
import { providers, providerServices } from '../src/db/schema';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildUser } from './factories';

let t: TestApp;
/** The demo service provider (provider 'Consultoria Trilhas do Saber', signs in as serviceProvider). */
let sp: string;
/** A serviceProvider-type member of another provider (the demo 'Editora Horizonte Educacional'). */
let other: string;

const URL_BASE = '/api/providers/services';
const valid = { title: 'Mentoria pedagógica', description: 'Acompanhamento de professores.', price: 'R$ 200 por hora' };

beforeAll(async () => {
  t = await createTestApp();
  sp = await signIn(t.app, 'serviceprovider');
  const [horizonte] = await t.deps.db.select().from(providers).where(eq(providers.email, demoEmail('provider')));
  await buildUser(t.deps.db, {
    name: 'Outro Prestador',
    email: 'outro.prestador@exemplo.com.br',
    password: 'senha-outro',
    type: 'serviceProvider',
    providerId: horizonte!.id,
    emailConfirmedAt: new Date(),
  });
  other = await signIn(t.app, 'outro.prestador@exemplo.com.br', 'senha-outro');
});
afterAll(() => t?.close());

const list = async (token: string) => {
  const res = await call(t.app, 'GET', URL_BASE, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProviderService[]>();
};
const create = (token: string, payload: unknown) => call(t.app, 'POST', URL_BASE, { token, payload: payload as object });

describe('CRUD', () => {
  it('starts empty, creates, lists newest first, updates and deletes', async () => {
    // The demo partner's own services (demo/marketplace.ts) come first in time.
    const seeded = (await list(sp)).map((s) => s.id);

    const first = await create(sp, { ...valid, image: '/uploads/images/a.png', link: 'https://exemplo.com.br/mentoria' });
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json<ProviderService>();
    expect(a).toMatchObject({ ...valid, image: '/uploads/images/a.png', link: 'https://exemplo.com.br/mentoria' });

    // Only the required fields; text is trimmed; an uploaded file's path is a valid image.
    const second = await create(sp, { title: '  Oficina  ', description: 'Formação presencial', price: 'Sob consulta', image: '/uploads/galleries/abc-123.png' });
    expect(second.statusCode, second.body).toBe(200);
    const b = second.json<ProviderService>();
    expect(b).toMatchObject({ title: 'Oficina', image: '/uploads/galleries/abc-123.png', link: null });

    // Empty optional fields count as absent.
    const third = await create(sp, { ...valid, title: 'Consultoria', image: '', link: '  ' });
    expect(third.statusCode, third.body).toBe(200);
    const c = third.json<ProviderService>();
    expect(c).toMatchObject({ image: null, link: null });

    expect((await list(sp)).map((s) => s.id)).toEqual([c.id, b.id, a.id, ...seeded]);

    // Partial update: the fields left out stay as they are.
    const up = await call(t.app, 'PUT', `${URL_BASE}/${a.id}`, { token: sp, payload: { price: 'R$ 250 por hora' } });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ ...valid, price: 'R$ 250 por hora', image: '/uploads/images/a.png', link: 'https://exemplo.com.br/mentoria' });

    // null removes the image and the link.
    const cleared = await call(t.app, 'PUT', `${URL_BASE}/${a.id}`, { token: sp, payload: { image: null, link: null, title: 'Mentoria' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ title: 'Mentoria', image: null, link: null });

    // An empty body changes nothing.
    const noop = await call(t.app, 'PUT', `${URL_BASE}/${a.id}`, { token: sp, payload: {} });
    expect(noop.statusCode, noop.body).toBe(200);
    expect(noop.json()).toMatchObject({ title: 'Mentoria', price: 'R$ 250 por hora' });

    const del = await call(t.app, 'DELETE', `${URL_BASE}/${b.id}`, { token: sp });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ message: SERVICE_MSG.deleted });
    expect((await list(sp)).map((s) => s.id)).toEqual([c.id, a.id, ...seeded]);

    // Gone for good.
    expect((await call(t.app, 'DELETE', `${URL_BASE}/${b.id}`, { token: sp })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', `${URL_BASE}/${b.id}`, { token: sp, payload: { title: 'x' } })).statusCode).toBe(404);
  });
});

describe('refusals', () => {
  it('other user types get 403 on every call; no session gets 401', async () => {
    const [row] = await t.deps.db.select().from(providerServices).limit(1);
    const id = row!.id;
    for (const local of ['provider', 'editor', 'seller', 'admin', 'director', 'curator']) {
      const token = await signIn(t.app, local);
      for (const [method, url, payload] of [
        ['GET', URL_BASE, undefined],
        ['POST', URL_BASE, valid],
        ['PUT', `${URL_BASE}/${id}`, { title: 'Invadido' }],
        ['DELETE', `${URL_BASE}/${id}`, undefined],
      ] as const) {
        const res = await call(t.app, method, url, { token, payload });
        expect(res.statusCode, `${local} ${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: MSG.forbidden });
      }
    }
    expect((await call(t.app, 'GET', URL_BASE)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', URL_BASE, { payload: valid })).statusCode).toBe(401);
    const [after] = await t.deps.db.select().from(providerServices).where(eq(providerServices.id, id));
    expect(after!.title).toBe(row!.title);
  });

  it("a service provider neither sees nor changes another provider's services (404)", async () => {
    const mine = (await list(sp))[0]!;
    expect(await list(other)).toEqual([]);

    const put = await call(t.app, 'PUT', `${URL_BASE}/${mine.id}`, { token: other, payload: { title: 'Invadido' } });
    expect(put.statusCode, put.body).toBe(404);
    expect(put.json()).toMatchObject({ code: 'NOT_FOUND', message: SERVICE_MSG.notFound });
    const del = await call(t.app, 'DELETE', `${URL_BASE}/${mine.id}`, { token: other });
    expect(del.statusCode, del.body).toBe(404);

    const [still] = await t.deps.db.select().from(providerServices).where(eq(providerServices.id, mine.id));
    expect(still).toMatchObject({ title: mine.title });

    // Its own service is its own: the demo service provider cannot touch it either.
    const own = await create(other, { ...valid, title: 'Serviço da Horizonte' });
    expect(own.statusCode, own.body).toBe(200);
    const ownId = own.json<ProviderService>().id;
    expect((await list(other)).map((s) => s.id)).toEqual([ownId]);
    expect((await list(sp)).map((s) => s.id)).not.toContain(ownId);
    expect((await call(t.app, 'DELETE', `${URL_BASE}/${ownId}`, { token: sp })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `${URL_BASE}/${ownId}`, { token: other })).statusCode).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses a new service without title, description or price', async () => {
    const res = await create(sp, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', fields: { title: MSG.required, description: MSG.required, price: MSG.required } });
    const blank = await create(sp, { ...valid, title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ fields: { title: MSG.required } });
  });

  it.each([
    ['image', 'nao-e-url'],
    ['image', 'javascript:alert(1)'],
    ['image', '/uploads/../etc/passwd'],
    ['image', 'ftp://exemplo.com.br/a.png'],
    ['link', 'exemplo.com.br'],
    ['link', '/uploads/galleries/a.png'],
    ['link', 'http://sem espaco.com'],
    ['link', 'data:text/html,oi'],
  ])('refuses %s %j', async (field, value) => {
    const res = await create(sp, { ...valid, [field]: value });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ fields: { [field]: SERVICE_MSG.invalidUrl } });
  });

  it('refuses unknown fields, wrong types, too-long texts and bad ids', async () => {
    const unknown = await create(sp, { ...valid, providerId: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: MSG.unknownField('providerId') });

    const typed = await create(sp, { ...valid, price: 200 });
    expect(typed.statusCode).toBe(400);

    const long = await create(sp, { ...valid, title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fields: { title: 'Máximo de 200 caracteres' } });

    const [mine] = await list(sp);
    const put = (payload: unknown) => call(t.app, 'PUT', `${URL_BASE}/${mine!.id}`, { token: sp, payload: payload as object });
    expect((await put({ title: '' })).json()).toMatchObject({ fields: { title: MSG.required } });
    expect((await put({ link: 'nao-e-url' })).json()).toMatchObject({ fields: { link: SERVICE_MSG.invalidUrl } });
    expect((await put({ id: 5 })).json()).toMatchObject({ message: MSG.unknownField('id') });
    expect((await call(t.app, 'PUT', `${URL_BASE}/abc`, { token: sp, payload: { title: 'x' } })).statusCode).toBe(400);
    expect((await call(t.app, 'DELETE', `${URL_BASE}/0`, { token: sp })).statusCode).toBe(400);
    const [unchanged] = await t.deps.db.select().from(providerServices).where(eq(providerServices.id, mine!.id));
    expect(unchanged).toMatchObject({ title: mine!.title, link: mine!.link });
  });
});
