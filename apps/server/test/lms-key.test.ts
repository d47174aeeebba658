/** The LMS key (spec 1 §2.7, §4 "LMS key", §7): generated, shown or e-mailed once, stored hashed; a new key refuses the old one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { TUTORIAL_TITLES } from '@edu/shared/system';
import { auditLogs } from '../src/platform/platform.tables';
import { sellers, users } from '../src/db/schema';
import { createSession } from '../src/platform/sessions';
import { sha256 } from '../src/platform/security';
import { verifyLmsKey } from '../src/modules/lms/lms-key.service';
import { call, createTestApp, demoEmail, lastEmailTo, signIn, type TestApp } from './harness';
import { buildInstitution, buildUser } from './factories';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
let sellerId: number;
let otherSellerId: number;
const KEY_SHAPE = /^lms_[A-Za-z0-9_-]{43}$/;

const generate = async (local: string, id: number) =>
  call(t.app, 'PUT', '/api/sellers/lms/key', { token: await tok(local), payload: { id } });
const whoami = (key?: string, header = 'lms_key') => call(t.app, 'GET', '/api/lms/whoami', { headers: key === undefined ? {} : { [header]: key } });
const sellerRow = async (id: number) => (await t.deps.db.select().from(sellers).where(eq(sellers.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      LMS_TUTORIAL_VIDEO_URL: 'https://cdn.exemplo.com.br/tutorial-chave-lms.mp4',
      // The third is malformed and the eighth is missing: those tutorials show without a video.
      TUTORIAL_VIDEO_IDS: 'dQw4w9WgXcQ, abcDEF12345 ,<script>,id_4-abcdef,id5abcdefgh,id6abcdefgh,id7abcdefgh',
    },
  });
  const [seller] = await t.deps.db.select().from(users).where(eq(users.email, demoEmail('seller')));
  sellerId = seller!.sellerId!;
  otherSellerId = await buildInstitution(t.deps.db, { name: 'Colégio Outro Lugar', cnpj: '11444777000161', status: 'active' });
});
afterAll(() => t?.close());

describe('PUT /api/sellers/lms/key', () => {
  it('gives the institution a new key once, stores only its hash and audits it', async () => {
    const res = await generate('seller', sellerId);
    expect(res.statusCode, res.body).toBe(200);
    const { lms_key } = res.json<{ lms_key: string }>();
    expect(lms_key).toMatch(KEY_SHAPE);
    const row = await sellerRow(sellerId);
    expect(row.lmsKeyHash).toBe(sha256(lms_key));
    expect(JSON.stringify(row)).not.toContain(lms_key);
    expect(row.lmsKeyGeneratedAt).toBeInstanceOf(Date);
    expect(await verifyLmsKey(t.deps.db, lms_key)).toBe(sellerId);

    const audit = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'generated_lms_key'), eq(auditLogs.sellerId, sellerId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ via: 'page', unlinked: 0 });
    expect(JSON.stringify(audit[0]!.data)).not.toContain(lms_key);
  });

  it('a new key refuses the old one, for the helper and for the LMS API', async () => {
    const first = (await generate('seller', sellerId)).json<{ lms_key: string }>().lms_key;
    expect((await whoami(first)).json()).toEqual({ sellerId, sellerName: 'Faculdade Vale do Saber' });

    const second = (await generate('seller', sellerId)).json<{ lms_key: string }>().lms_key;
    expect(second).not.toBe(first);
    expect(await verifyLmsKey(t.deps.db, first)).toBeNull();
    expect(await verifyLmsKey(t.deps.db, second)).toBe(sellerId);

    const old = await whoami(first);
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ code: 'LMS_KEY_INVALID', message: MSG.lmsKeyInvalid });
    expect((await whoami(second)).statusCode).toBe(200);
    // Proxies that drop underscores in header names: the hyphenated header works too.
    expect((await whoami(second, 'lms-key')).json()).toMatchObject({ sellerId });
  });

  it('the LMS API refuses a missing, unknown or malformed key', async () => {
    const missing = await whoami();
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: MSG.lmsKeyMissing });
    expect((await whoami('lms_' + 'A'.repeat(43))).statusCode).toBe(403);
    expect((await whoami('not-a-key')).statusCode).toBe(403);
    expect((await whoami('lms_' + 'x'.repeat(400))).statusCode).toBe(403);
    expect(await verifyLmsKey(t.deps.db, '')).toBeNull();
    expect(await verifyLmsKey(t.deps.db, null)).toBeNull();
  });

  it("a suspended institution's key no longer answers", async () => {
    const key = 'lms_' + 'S'.repeat(43);
    await t.deps.db.update(sellers).set({ lmsKeyHash: sha256(key), status: 'suspended' }).where(eq(sellers.id, otherSellerId));
    expect(await verifyLmsKey(t.deps.db, key)).toBeNull();
    await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, otherSellerId));
    expect(await verifyLmsKey(t.deps.db, key)).toBe(otherSellerId);
    await t.deps.db.update(sellers).set({ lmsKeyHash: null }).where(eq(sellers.id, otherSellerId));
  });

  it("refuses another institution's key and changes nothing", async () => {
    const before = await sellerRow(otherSellerId);
    // Another institution answers as missing (the access gate), like an institution that does not exist.
    const res = await generate('seller', otherSellerId);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await sellerRow(otherSellerId)).lmsKeyHash).toBe(before.lmsKeyHash);
    expect((await generate('seller', 999999)).statusCode).toBe(404);
  });

  it('only the institution user (type seller) may generate: assistants, content managers and staff get 403', async () => {
    const before = (await sellerRow(sellerId)).lmsKeyHash;
    for (const local of ['seller.assistente', 'seller.conteudo', 'admin', 'provider']) {
      const res = await generate(local, sellerId);
      expect(res.statusCode, local).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.forbidden });
    }
    expect((await sellerRow(sellerId)).lmsKeyHash).toBe(before);
  });

  it('a seller user without an institution gets 403 with the pt-BR reason', async () => {
    const orphan = await buildUser(t.deps.db, { name: 'Sem Instituição', email: 'sem.instituicao@exemplo.com.br', type: 'seller' });
    const token = await createSession(t.deps.db, orphan);
    const res = await call(t.app, 'PUT', '/api/sellers/lms/key', { token, payload: { id: sellerId } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: MSG.lmsKeySellerOnly });
  });

  it('needs a session and a valid body', async () => {
    expect((await call(t.app, 'PUT', '/api/sellers/lms/key', { payload: { id: sellerId } })).statusCode).toBe(401);
    const token = await tok('seller');
    const empty = await call(t.app, 'PUT', '/api/sellers/lms/key', { token, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: MSG.required, fields: { id: MSG.required } });
    const text = await call(t.app, 'PUT', '/api/sellers/lms/key', { token, payload: { id: 'um' } });
    expect(text.statusCode).toBe(400);
    const extra = await call(t.app, 'PUT', '/api/sellers/lms/key', { token, payload: { id: sellerId, lms_key: 'mine' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toMatchObject({ message: MSG.unknownField('lms_key') });
  });
});

describe('POST /api/sellers/request/lms/key', () => {
  it('replaces the key and e-mails the new one with instructions to the requesting user', async () => {
    const shown = (await generate('seller', sellerId)).json<{ lms_key: string }>().lms_key;
    const res = await call(t.app, 'POST', '/api/sellers/request/lms/key', { token: await tok('seller'), payload: { id: sellerId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.lmsKeyEmailSent });
    expect(res.body).not.toMatch(/lms_[A-Za-z0-9_-]{43}/);

    const mail = await lastEmailTo(t.deps, demoEmail('seller'));
    expect(mail?.subject).toBe('Sua nova chave LMS');
    const emailed = mail!.text.match(/lms_[A-Za-z0-9_-]{43}/)![0];
    expect(mail!.text).toContain('/docs/lms/key_generator');
    expect(await verifyLmsKey(t.deps.db, emailed)).toBe(sellerId);
    expect(await verifyLmsKey(t.deps.db, shown)).toBeNull();

    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'generated_lms_key'));
    expect(audit.at(-1)!.data).toMatchObject({ via: 'email' });
  });

  it("refuses another institution and other user types, sending nothing", async () => {
    const other = await call(t.app, 'POST', '/api/sellers/request/lms/key', { token: await tok('seller'), payload: { id: otherSellerId } });
    expect(other.statusCode).toBe(404);
    const assistant = await call(t.app, 'POST', '/api/sellers/request/lms/key', { token: await tok('seller.assistente'), payload: { id: sellerId } });
    expect(assistant.statusCode).toBe(403);
    expect(await lastEmailTo(t.deps, demoEmail('seller.assistente'))).toBeUndefined();
  });
});

describe('GET /api/public-config (tutorial videos)', () => {
  it('publishes the LMS tutorial video and the eight tutorials, without broken ids', async () => {
    const res = await call(t.app, 'GET', '/api/public-config');
    expect(res.statusCode).toBe(200);
    const config = res.json<{ lmsTutorialVideoUrl: string | null; tutorials: { title: string; videoId: string | null }[] }>();
    expect(config.lmsTutorialVideoUrl).toBe('https://cdn.exemplo.com.br/tutorial-chave-lms.mp4');
    expect(config.tutorials.map((v) => v.title)).toEqual([...TUTORIAL_TITLES]);
    expect(config.tutorials.map((v) => v.videoId)).toEqual([
      'dQw4w9WgXcQ', 'abcDEF12345', null, 'id_4-abcdef', 'id5abcdefgh', 'id6abcdefgh', 'id7abcdefgh', null,
    ]);
  });
});
