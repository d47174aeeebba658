/**
 * Students' share links, signed with HMAC-SHA256. Created by the institution's seller and content
 * manager (never the assistant); 'Gerar link provisório' only with the tempLinks grant; verified by the public route,
 * which refuses a forged or altered token, an expired one, one revoked by a new LMS key, one whose rent ended, and a
 * unit or subject of another institution.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SHARE_LINK_PATH, SHARE_MSG, type VerifiedLink } from '@edu/shared/share-links';
import { items, providers, rents, sellers, users } from '../src/db/schema';
import { readToken, shareLinkSecret, signToken } from '../src/modules/delivery/share-links.service';
import { DEMO_PASSWORD, call, createTestApp, signIn, type TestApp } from './harness';
import { buildInstitution, buildSubject, buildUser, buildVersion } from './factories';

let t: TestApp;
const tok: Record<string, string> = {};
const ids = { demoSeller: 0, otherSeller: 0, item: 0, content: 0, rent: 0, subject: 0, otherSubject: 0 };

const create = (kind: 'unit' | 'subject', id: number, token: string, payload: object = {}) =>
  call(t.app, 'POST', `/api/sellers/share-links/${kind}/${id}`, { token, payload });
const verify = (token: string) => call(t.app, 'GET', '/api/student/link/verify', { query: { token } });
const tokenOf = (res: { json: () => { token: string } }) => res.json().token;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, 'seller@demo.sabercompartilhado.com.br'));
  ids.demoSeller = seller!.id!;
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  const [item] = await db.select({ id: items.id, content: items.publishedContentId }).from(items).where(and(eq(items.providerId, provider!.id)));
  const published = (await db.select({ id: items.id, content: items.publishedContentId }).from(items).where(eq(items.providerId, provider!.id))).find((i) => i.content !== null) ?? item!;
  ids.item = published.id;
  ids.content = published.content!;
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, ids.demoSeller), eq(rents.providerId, provider!.id), eq(rents.status, 'active')));
  ids.rent = rent!.id;
  ids.subject = await buildSubject(db, { sellerId: ids.demoSeller, name: 'Matemática básica' }, [{ itemId: ids.item, contentId: ids.content }]);
  ids.otherSeller = await buildInstitution(db, { name: 'Faculdade Outra', cnpj: '11444777000161', status: 'active', grants: ['tempLinks'] });
  await buildUser(db, { name: 'Outra', email: 'outra@exemplo.com.br', password: DEMO_PASSWORD, type: 'seller', sellerId: ids.otherSeller });
  ids.otherSubject = await buildSubject(db, { sellerId: ids.otherSeller, name: 'Da outra' });
  for (const [key, login] of [
    ['seller', 'seller'], ['assistant', 'seller.assistente'], ['manager', 'seller.conteudo'], ['provider', 'provider'], ['admin', 'admin'], ['other', 'outra@exemplo.com.br'],
  ] as const) {
    tok[key] = await signIn(t.app, login);
  }
}, 120_000);
afterAll(() => t?.close());

describe('creating links', () => {
  it('the seller and the content manager create a permanent unit link; the assistant and others may not', async () => {
    const res = await create('unit', ids.item, tok.seller!, { studentId: 'aluno-42' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url).toBe(`http://localhost:3000${SHARE_LINK_PATH}?token=${body.token}`);
    expect(body.expiresAt).toBeNull();
    expect((await create('unit', ids.item, tok.manager!)).statusCode).toBe(200);
    for (const key of ['assistant', 'provider', 'admin']) expect((await create('unit', ids.item, tok[key]!)).statusCode).toBe(403);
    expect((await create('unit', ids.item, tok.seller!, { studentId: '' })).statusCode).toBe(400);
    expect((await create('unit', ids.item, tok.seller!, { days: 3 })).statusCode).toBe(400);
  });

  it("'Gerar link provisório' needs the tempLinks grant; the link then expires in 7 days", async () => {
    const refused = await create('unit', ids.item, tok.seller!, { temporary: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(SHARE_MSG.noTempGrant);
    await t.deps.db.update(sellers).set({ grants: ['tempLinks'] }).where(eq(sellers.id, ids.demoSeller));
    const res = await create('subject', ids.subject, tok.seller!, { temporary: true });
    expect(res.statusCode, res.body).toBe(200);
    const days = (Date.parse(res.json().expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("another institution's unit or subject answers 404", async () => {
    expect((await create('unit', ids.item, tok.other!)).statusCode).toBe(404);
    expect((await create('subject', ids.subject, tok.other!)).statusCode).toBe(404);
    expect((await create('subject', ids.otherSubject, tok.seller!)).statusCode).toBe(404);
    expect((await create('unit', 999_999, tok.seller!)).statusCode).toBe(404);
  });
});

describe('verifying links', () => {
  it('answers what a unit link and a subject link open', async () => {
    const unit = await verify(tokenOf(await create('unit', ids.item, tok.seller!, { studentId: 'aluno-42' })));
    expect(unit.statusCode, unit.body).toBe(200);
    expect(unit.json<VerifiedLink>()).toMatchObject({ kind: 'unit', sellerId: ids.demoSeller, studentId: 'aluno-42', expiresAt: null, subject: null, units: [{ itemId: ids.item, itemContentId: ids.content }] });
    const subject = await verify(tokenOf(await create('subject', ids.subject, tok.seller!)));
    expect(subject.json<VerifiedLink>()).toMatchObject({ kind: 'subject', subject: { id: ids.subject, name: 'Matemática básica' }, units: [{ itemId: ids.item }] });
  });

  it('refuses a forged signature, an altered payload and garbage (400)', async () => {
    const good = tokenOf(await create('unit', ids.item, tok.seller!));
    const [body, signature] = good.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    // Pointing the link at another institution, or removing its expiry, breaks the signature.
    const altered = Buffer.from(JSON.stringify({ ...payload, s: ids.otherSeller })).toString('base64url');
    const forged = signToken(crypto.randomBytes(32), payload);
    for (const bad of [`${altered}.${signature}`, forged, `${body}.${signature.slice(0, -2)}`, 'abc', `${body}.${signature}.x`]) {
      const res = await verify(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe(SHARE_MSG.invalid);
    }
    expect(readToken(shareLinkSecret(t.deps.config), good)).toMatchObject({ s: ids.demoSeller, k: 'u', i: ids.item });
  });

  it('refuses other spellings of a right signature (the decoder would skip the extra characters)', async () => {
    const good = tokenOf(await create('unit', ids.item, tok.seller!));
    const [body, signature] = good.split('.') as [string, string];
    const secret = shareLinkSecret(t.deps.config);
    for (const respelled of [`${body}.${signature}=`, `${body}.${signature.slice(0, 10)}!${signature.slice(10)}`, `${body}.${signature.slice(0, 10)}*~*${signature.slice(10)}`]) {
      // The decoded bytes are the right signature: only the spelling differs.
      expect(() => readToken(secret, respelled), respelled).toThrow(SHARE_MSG.invalid);
      const res = await verify(respelled);
      expect(res.statusCode, respelled).toBe(400);
    }
  });

  it('refuses an expired link (410)', async () => {
    const secret = shareLinkSecret(t.deps.config);
    const expired = signToken(secret, { v: 1, s: ids.demoSeller, k: 'u', i: ids.item, e: Math.floor(Date.now() / 1000) - 1, g: 0 });
    const res = await verify(expired);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toBe(SHARE_MSG.expired);
  });

  it('a new LMS key revokes every older link (403)', async () => {
    const before = tokenOf(await create('unit', ids.item, tok.seller!));
    expect((await verify(before)).statusCode).toBe(200);
    const key = await call(t.app, 'PUT', '/api/sellers/lms/key', { token: tok.seller, payload: { id: ids.demoSeller } });
    expect(key.statusCode, key.body).toBe(200);
    const res = await verify(before);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SHARE_MSG.revoked);
    // A link made after the new key works.
    expect((await verify(tokenOf(await create('unit', ids.item, tok.seller!)))).statusCode).toBe(200);
  });

  it('stops working when the rent is canceled or the institution suspended, and works again when active', async () => {
    const unitLink = tokenOf(await create('unit', ids.item, tok.seller!));
    const subjectLink = tokenOf(await create('subject', ids.subject, tok.seller!));
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    try {
      const res = await verify(unitLink);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_MSG.unavailable);
      // A subject whose every unit's rent ended says why, as the unit link does (not 'ainda não tem unidades').
      const subject = await verify(subjectLink);
      expect(subject.statusCode).toBe(403);
      expect(subject.json().message).toBe(SHARE_MSG.unavailable);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    }
    expect((await verify(unitLink)).statusCode).toBe(200);
    expect((await verify(subjectLink)).json<VerifiedLink>().units).not.toEqual([]);
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.demoSeller));
    try {
      expect((await verify(unitLink)).statusCode).toBe(403);
      expect((await create('unit', ids.item, tok.seller!)).statusCode).toBe(403);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.demoSeller));
    }
  });

  it("a signed link naming another institution's subject opens nothing", async () => {
    const secret = shareLinkSecret(t.deps.config);
    const crossed = signToken(secret, { v: 1, s: ids.demoSeller, k: 's', i: ids.otherSubject, g: (await lmsGeneration(ids.demoSeller)) });
    expect((await verify(crossed)).statusCode).toBe(403);
  });
});

async function lmsGeneration(sellerId: number) {
  const [row] = await t.deps.db.select({ at: sellers.lmsKeyGeneratedAt }).from(sellers).where(eq(sellers.id, sellerId));
  return row?.at?.getTime() ?? 0;
}

describe("a subject's unit link keeps the subject's version (opt-in updates)", () => {
  it('opens the version the subject keeps after the provider publishes a newer one; a version not the institution\'s is refused', async () => {
    const db = t.deps.db;
    const pinned = await create('unit', ids.item, tok.seller!, { itemContentId: ids.content });
    expect(pinned.statusCode, pinned.body).toBe(200);
    // The provider publishes version 2 (raw fixture: the lifecycle is not under test).
    const v2 = { id: await buildVersion(db, ids.item, { version: 99, title: 'Versão nova', status: 'publish' }) };
    await db.update(items).set({ publishedContentId: v2!.id }).where(eq(items.id, ids.item));
    try {
      const opened = (await verify(tokenOf(pinned))).json() as VerifiedLink;
      expect(opened.units.map((u) => u.itemContentId)).toEqual([ids.content]);
      // Without a version: the newest published one.
      const latest = (await verify(tokenOf(await create('unit', ids.item, tok.seller!)))).json() as VerifiedLink;
      expect(latest.units.map((u) => u.itemContentId)).toEqual([v2!.id]);
      // A version of another unit, or one the institution does not use: 404 on creation.
      expect((await create('unit', ids.item, tok.seller!, { itemContentId: 99_999_999 })).statusCode).toBe(404);
    } finally {
      await db.update(items).set({ publishedContentId: ids.content }).where(eq(items.id, ids.item));
    }
  });
});

describe('the share-link secret kept in DATA_DIR', () => {
  it('is never used when the kept file is shorter than 32 bytes (a crash between creating and writing it)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'share-secret-'));
    try {
      fs.mkdirSync(path.join(dataDir, 'secrets'));
      fs.writeFileSync(path.join(dataDir, 'secrets', 'share-link.key'), '');
      expect(() => shareLinkSecret({ ...t.deps.config, SHARE_LINK_SECRET: '', dataDir })).toThrow(/shorter than 32 bytes/);
      fs.rmSync(path.join(dataDir, 'secrets', 'share-link.key'));
      const made = shareLinkSecret({ ...t.deps.config, SHARE_LINK_SECRET: '', dataDir });
      expect(made.length).toBe(32);
      expect(shareLinkSecret({ ...t.deps.config, SHARE_LINK_SECRET: '', dataDir }).equals(made)).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
