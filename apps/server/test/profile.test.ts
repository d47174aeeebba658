/** Meu Perfil: own user data, provider data, logo and cover (spec 1 §2.11, §5 "Profile", §6, §7 "Provider updates"). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { ProviderProfile } from '@edu/shared/providers';
import { providers, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { PNG_1PX, call, createTestApp, demoEmail, multipartFile, postSignin, signIn, type TestApp } from './harness';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
const providerIdOf = async (local: string) =>
  (await t.deps.db.select({ id: users.providerId }).from(users).where(eq(users.email, demoEmail(local))))[0]!.id!;
const providerOf = async (id: number) => (await t.deps.db.select().from(providers).where(eq(providers.id, id)))[0]!;
const fileOf = (url: string) => path.join(t.deps.config.uploadsDir, url.slice('/uploads/'.length));
const profileAudits = async () => t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'updated_profile')).orderBy(auditLogs.id);

let horizonte: number; // provider@ (Fornecedor)
let trilhas: number; // serviceprovider@ (Fornecedor de Servico)
let juliana: number; // provider.analise@ (Profissional Liberal, in review)

beforeAll(async () => {
  t = await createTestApp();
  horizonte = await providerIdOf('provider');
  trilhas = await providerIdOf('serviceprovider');
  juliana = await providerIdOf('provider.analise');
});
afterAll(() => t?.close());

const view = async (local: string, id: number) => call(t.app, 'GET', `/api/providers/view/${id}`, { token: await tok(local) });
const update = async (local: string, id: number, payload: Record<string, unknown>) =>
  call(t.app, 'PUT', `/api/providers/update/${id}`, { token: await tok(local), payload });
const upload = async (local: string, kind: 'logo' | 'cover', id: number, file = multipartFile(PNG_1PX)) =>
  call(t.app, 'PUT', `/api/providers/${kind}/${id}`, { token: await tok(local), payload: file.payload, headers: file.headers });

describe('GET /api/providers/view/:id', () => {
  it('a provider user sees its own provider data', async () => {
    const res = await view('provider', horizonte);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: horizonte,
      companyName: 'Editora Horizonte Educacional',
      typePerson: 'Fornecedor',
      description: 'Conteúdos digitais para o ensino superior e a educação básica.',
      imgLogoUrl: null,
      imgCoverUrl: null,
      knowledgeLevel: [],
    });
    expect((await view('serviceprovider', trilhas)).json()).toMatchObject({ id: trilhas, isServiceProvider: true });
  });

  it("another provider's id is 404; other user types are 403; admin and director see any", async () => {
    expect((await view('provider', trilhas)).statusCode).toBe(404);
    expect((await view('serviceprovider', horizonte)).statusCode).toBe(404);
    for (const local of ['editor', 'seller', 'seller.assistente', 'curator', 'manager', 'client']) {
      expect((await view(local, horizonte)).statusCode, local).toBe(403);
    }
    expect((await view('admin', trilhas)).statusCode).toBe(200);
    expect((await view('director', juliana)).json()).toMatchObject({ typePerson: 'Profissional Liberal', cpf: '52998224725' });
    expect((await view('admin', 999999)).statusCode).toBe(404);
  });
});

describe('PUT /api/providers/update/:id', () => {
  it('a provider updates its own company name and description, with an audit entry', async () => {
    const before = (await profileAudits()).length;
    const res = await update('provider', horizonte, { id: horizonte, companyName: '  Editora Horizonte  ', description: 'Novos conteúdos de ciências.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ companyName: 'Editora Horizonte', description: 'Novos conteúdos de ciências.' });
    expect(await providerOf(horizonte)).toMatchObject({ companyName: 'Editora Horizonte', description: 'Novos conteúdos de ciências.' });
    const audits = await profileAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ data: { providerId: horizonte, fields: ['companyName', 'description'] } });
  });

  it("refuses another provider's id, a seller, and a team editor; nothing changes", async () => {
    const before = await providerOf(trilhas);
    const other = await update('provider', trilhas, { companyName: 'Tomada' });
    expect(other.statusCode).toBe(404);
    for (const local of ['seller', 'editor', 'curator']) {
      const res = await update(local, horizonte, { companyName: 'Tomada' });
      expect(res.statusCode, local).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.forbidden });
    }
    expect(await providerOf(trilhas)).toEqual(before);
    expect((await providerOf(horizonte)).companyName).toBe('Editora Horizonte');
  });

  it('the service provider edits its own data; the admin may edit any provider', async () => {
    expect((await update('serviceprovider', trilhas, { description: 'Consultoria pedagógica.' })).statusCode).toBe(200);
    expect((await update('admin', trilhas, { companyName: 'Trilhas do Saber' })).json()).toMatchObject({
      companyName: 'Trilhas do Saber',
      description: 'Consultoria pedagógica.',
    });
  });

  it('required fields cannot be emptied; bad input is 400 with the pt-BR message and changes nothing', async () => {
    const before = await providerOf(horizonte);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ companyName: '   ' }, { companyName: MSG.required }],
      [{ description: '' }, { description: MSG.required }],
      [{ companyName: 'X', extra: 1 }, { extra: MSG.unknownField('extra') }],
      [{ id: trilhas, companyName: 'X' }, { id: MSG.invalidValue }],
      [{ imgLogoUrl: 'https://exemplo.com/logo.png' }, { imgLogoUrl: MSG.invalidValue }],
    ];
    for (const [payload, fields] of cases) {
      const res = await update('provider', horizonte, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields, JSON.stringify(payload)).toMatchObject(fields);
    }
    expect(await providerOf(horizonte)).toEqual(before);
  });

  it('the independent professional keeps LinkedIn, Lattes, knowledge levels and experience; others ignore them', async () => {
    const bad = await update('provider.analise', juliana, { linkedin: 'meu linkedin', lattes: '', knowledgeLevel: [], professional_experience: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      linkedin: MSG.mustBeLink,
      lattes: MSG.required,
      knowledgeLevel: MSG.requiredLower,
      professional_experience: MSG.required,
    });
    expect((await update('provider.analise', juliana, { knowledgeLevel: [7] })).statusCode).toBe(400);

    const ok = await update('provider.analise', juliana, {
      companyName: 'Juliana Prado',
      description: 'Aulas de biologia para o ensino médio.',
      linkedin: 'https://www.linkedin.com/in/juliana-prado',
      lattes: 'http://lattes.cnpq.br/1234567890',
      knowledgeLevel: [5, 2, 5],
      professional_experience: 'Professora de Biologia há 13 anos.',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      linkedin: 'https://www.linkedin.com/in/juliana-prado',
      lattes: 'http://lattes.cnpq.br/1234567890',
      knowledgeLevel: [2, 5],
      professional_experience: 'Professora de Biologia há 13 anos.',
    });

    const supplier = await update('provider', horizonte, { lattes: 'http://lattes.cnpq.br/1', knowledgeLevel: [1] });
    expect(supplier.statusCode).toBe(200);
    expect(supplier.json()).toMatchObject({ lattes: null, knowledgeLevel: [] });
  });
});

describe('logo and cover', () => {
  it.each(['logo', 'cover'] as const)('%s: upload, replace (old file removed), delete with null (file removed)', async (kind) => {
    const key = kind === 'logo' ? 'imgLogoUrl' : 'imgCoverUrl';
    const column = kind === 'logo' ? 'imgLogoKey' : 'imgCoverKey';
    const first = await upload('provider', kind, horizonte);
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json<{ url: string }>().url;
    expect(url).toMatch(/^\/uploads\/(logos|covers)\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(fileOf(url))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    expect((await view('provider', horizonte)).json<ProviderProfile>()[key]).toBe(url);

    const second = await upload('provider', kind, horizonte);
    const newUrl = second.json<{ url: string }>().url;
    expect(newUrl).not.toBe(url);
    expect(fs.existsSync(fileOf(url))).toBe(false);
    expect(`/uploads/${(await providerOf(horizonte))[column]}`).toBe(newUrl);

    // Sending the current URL back changes nothing.
    expect((await update('provider', horizonte, { [key]: newUrl })).json<ProviderProfile>()[key]).toBe(newUrl);

    const deleted = await update('provider', horizonte, { [key]: null });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json<ProviderProfile>()[key]).toBeNull();
    expect((await providerOf(horizonte))[column]).toBeNull();
    expect(fs.existsSync(fileOf(newUrl))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: newUrl })).statusCode).toBe(404);

    const audits = (await profileAudits()).slice(-3).map((a) => a.data);
    expect(audits).toEqual([
      { providerId: horizonte, [kind]: 'set' },
      { providerId: horizonte, [kind]: 'set' },
      { providerId: horizonte, fields: [key] },
    ]);
  });

  it('a text file renamed .png is 400; over 10 MB is 413; the wrong field is 400; nothing is stored', async () => {
    const fake = multipartFile(Buffer.from('isto não é uma imagem, é um texto qualquer'), { filename: 'logo.png', contentType: 'image/png' });
    const bad = await upload('provider', 'logo', horizonte, fake);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: MSG.imageNotSupported });

    const big = multipartFile(Buffer.concat([PNG_1PX, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG_1PX.length)]));
    const tooBig = await upload('provider', 'cover', horizonte, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: MSG.imageTooLarge });

    const wrongField = await upload('provider', 'logo', horizonte, multipartFile(PNG_1PX, { field: 'file' }));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toMatchObject({ message: MSG.uploadFail });
    expect(await providerOf(horizonte)).toMatchObject({ imgLogoKey: null, imgCoverKey: null });
  });

  it("another provider's logo is 404; a seller is 403", async () => {
    expect((await upload('provider', 'logo', trilhas)).statusCode).toBe(404);
    expect((await upload('serviceprovider', 'cover', horizonte)).statusCode).toBe(404);
    expect((await upload('seller', 'logo', horizonte)).statusCode).toBe(403);
    expect((await providerOf(trilhas)).imgLogoKey).toBeNull();
    expect((await providerOf(horizonte)).imgCoverKey).toBeNull();
  });
});

describe('own user data of the profile', () => {
  it('name and e-mail save through PUT /users/update and show in /me; the password change needs the current one', async () => {
    const token = await tok('client');
    const saved = await call(t.app, 'PUT', '/api/users/update', { token, payload: { name: 'Clara Cliente Souza', email: demoEmail('client') } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token })).json()).toMatchObject({ name: 'Clara Cliente Souza' });

    const wrong = await call(t.app, 'POST', '/api/update-password', {
      token,
      payload: { currentPassword: 'errada', password: 'nova-senha', password_confirmation: 'nova-senha' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fields: { currentPassword: MSG.currentPasswordWrong } });
    const mismatch = await call(t.app, 'POST', '/api/update-password', {
      token,
      payload: { currentPassword: 'demo1234', password: 'nova-senha', password_confirmation: 'outra-senha' },
    });
    expect(mismatch.json()).toMatchObject({ fields: { password_confirmation: MSG.profilePasswordsDontMatch } });
    const ok = await call(t.app, 'POST', '/api/update-password', {
      token,
      payload: { currentPassword: 'demo1234', password: 'nova-senha', password_confirmation: 'nova-senha' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await postSignin(t.app, demoEmail('client'), 'nova-senha')).statusCode).toBe(200);
  });
});
