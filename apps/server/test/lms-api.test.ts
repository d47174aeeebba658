/**
 * The LMS API (spec 1 §7 "LMS API", §2.7): `POST /saveDataInJson` with the `lms_key` header and
 * `{ itemId }` links a unit of an ACTIVE rental of the key's institution and answers its launch address (a signed
 * student link); linking twice changes nothing; a missing, wrong or replaced key is 401 and changes nothing; a unit
 * outside the institution's active rentals is 404; a bad body 400; a new key unlinks everything and revokes the
 * addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LMS_MSG, LMS_STUDENT_PARAM, type SaveDataReply } from '@edu/shared/lms';
import { MSG } from '@edu/shared/messages';
import { SHARE_LINK_PATH, SHARE_MSG, type VerifiedLink } from '@edu/shared/share-links';
import { auditLogs } from '../src/platform/platform.tables';
import { accessEvents, items, lmsItems, plans, providers, rents, sellers, users } from '../src/db/schema';
import { studentHeaders } from './student-tokens';
import { call, createTestApp, demoEmail, lastEmailTo, signIn, type TestApp } from './harness';
import { buildInstitution, buildProvider, buildRent, buildUnit } from './factories';

const RATE_LIMIT = 40;
let t: TestApp;
let sellerToken = '';
const ids = { seller: 0, demoProvider: 0, item: 0, content: 0, item2: 0, draftItem: 0, rent: 0, otherItem: 0 };

/** Each call from an address of its own unless told (the rate limit is per address). */
let addressCounter = 0;
const nextAddress = () => `10.13.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function lms(opts: { key?: string; payload?: unknown; header?: string; address?: string; raw?: string }) {
  const headers: Record<string, string> = {};
  if (opts.key !== undefined) headers[opts.header ?? 'lms_key'] = opts.key;
  if (opts.raw !== undefined || opts.payload !== undefined) headers['content-type'] = 'application/json';
  return t.app.inject({
    method: 'POST',
    url: '/api/saveDataInJson',
    headers,
    payload: opts.raw ?? (opts.payload === undefined ? undefined : JSON.stringify(opts.payload)),
    remoteAddress: opts.address ?? nextAddress(),
  });
}

const newKey = async () => {
  const res = await call(t.app, 'PUT', '/api/sellers/lms/key', { token: sellerToken, payload: { id: ids.seller } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ lms_key: string }>().lms_key;
};
const linkedItems = async () =>
  (await t.deps.db.select({ itemId: lmsItems.itemId }).from(lmsItems).where(eq(lmsItems.sellerId, ids.seller))).map((r) => r.itemId).sort((a, b) => a - b);
const linkAudits = async () => t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'linked_lms_item'), eq(auditLogs.sellerId, ids.seller)));
const verify = (token: string) => call(t.app, 'GET', '/api/student/link/verify', { query: { token } });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_LMS: String(RATE_LIMIT) } });
  const db = t.deps.db;
  const [seller] = await db.select({ id: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  ids.seller = seller!.id!;
  const [demo] = await db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  ids.demoProvider = demo!.id;
  const published = await db
    .select({ id: items.id, content: items.publishedContentId })
    .from(items)
    .where(eq(items.providerId, demo!.id))
    .orderBy(items.id);
  const withVersion = published.filter((i) => i.content !== null);
  ids.item = withVersion[0]!.id;
  ids.content = withVersion[0]!.content!;
  ids.item2 = withVersion[1]!.id;
  ids.draftItem = published.find((i) => i.content === null)!.id;
  const [rent] = await db.select({ id: rents.id }).from(rents).where(and(eq(rents.sellerId, ids.seller), eq(rents.providerId, demo!.id), eq(rents.status, 'active')));
  ids.rent = rent!.id;
  // A published unit of a provider the demo institution does not rent (another institution does).
  const other = await buildProvider(db, { companyName: 'Editora Não Alugada', name: 'Não Alugada', email: 'nao.alugada@exemplo.com.br', condition: 'basic' });
  ids.otherItem = (await buildUnit(db, other, { title: 'Unidade de quem não foi alugado' })).itemId;
  const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
  const otherSeller = await buildInstitution(db, { name: 'Outra Escola', cnpj: '11444777000161', status: 'active', planId: plan!.id });
  await buildRent(db, { sellerId: otherSeller, providerId: other, planId: plan!.id, status: 'active' });
  sellerToken = await signIn(t.app, 'seller');
}, 120_000);
afterAll(() => t?.close());

describe('POST /api/saveDataInJson', () => {
  it('links a unit of an active rental and answers its launch address, which the student link verification opens', async () => {
    const key = await newKey();
    expect(await linkedItems()).toEqual([]);
    const res = await lms({ key, payload: { itemId: ids.item } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<SaveDataReply>();
    expect(body).toMatchObject({ itemId: ids.item, itemContentId: ids.content, companyName: 'Editora Horizonte Educacional', studentParam: LMS_STUDENT_PARAM, alreadyLinked: false });
    expect(body.title.length).toBeGreaterThan(0);
    expect(body.url).toBe(`http://localhost:3000${SHARE_LINK_PATH}?token=${body.token}`);
    expect(Date.parse(body.linkedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await linkedItems()).toEqual([ids.item]);

    const opened = await verify(body.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<VerifiedLink>()).toMatchObject({ kind: 'unit', sellerId: ids.seller, studentId: null, expiresAt: null, units: [{ itemId: ids.item, itemContentId: ids.content, title: body.title }] });

    // A student launched from the LMS (it appends the student, which the viewer exchanges for a student token): the
    // opening is recorded as the LMS's.
    const launched = await call(t.app, 'GET', `/api/student/units/${ids.content}`, { headers: await studentHeaders(t.app, body.token, 'aluno-lms-1') });
    expect(launched.statusCode, launched.body).toBe(200);
    await expect
      .poll(async () => (await t.deps.db.select({ source: accessEvents.source }).from(accessEvents).where(eq(accessEvents.studentId, 'aluno-lms-1'))).map((r) => r.source))
      .toEqual(['lms']);

    const audits = await linkAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: null, data: { itemId: ids.item, itemContentId: ids.content } });
  });

  it('linking the same unit again changes nothing and answers the same address', async () => {
    const key = await newKey();
    const first = (await lms({ key, payload: { itemId: ids.item2 } })).json<SaveDataReply>();
    expect(first.alreadyLinked).toBe(false);
    const auditsBefore = (await linkAudits()).length;
    // The hyphenated header (proxies that drop underscores) and the id as text are the same call.
    const again = await lms({ key, header: 'lms-key', payload: { itemId: String(ids.item2) } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<SaveDataReply>()).toEqual({ ...first, alreadyLinked: true });
    expect(await linkedItems()).toEqual([ids.item2]);
    expect(await linkAudits()).toHaveLength(auditsBefore);
  });

  it('a missing, wrong or replaced key answers 401 in Portuguese, before the body, and changes nothing', async () => {
    const old = await newKey();
    const current = await newKey();
    const before = await linkedItems();
    const auditsBefore = (await linkAudits()).length;
    for (const [key, message] of [
      [undefined, MSG.lmsKeyMissing],
      ['', MSG.lmsKeyMissing],
      [old, MSG.lmsKeyInvalid],
      [`${current}x`, MSG.lmsKeyInvalid],
      ['lms_nao-existe', MSG.lmsKeyInvalid],
      ['x'.repeat(500), MSG.lmsKeyInvalid],
    ] as const) {
      for (const payload of [{ itemId: ids.item }, { itemId: 'abc' }]) {
        const res = await lms({ key, payload });
        expect(res.statusCode, `${key?.slice(0, 12)}: ${res.body}`).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, message });
      }
    }
    expect(await linkedItems()).toEqual(before);
    expect(await linkAudits()).toHaveLength(auditsBefore);
  });

  it('the key of a suspended institution answers 401', async () => {
    const key = await newKey();
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.seller));
    try {
      const res = await lms({ key, payload: { itemId: ids.item } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.lmsKeyInvalid);
      expect(await linkedItems()).toEqual([]);
    } finally {
      await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.seller));
    }
  });

  it("refuses a unit outside the institution's active rentals (404), and links nothing", async () => {
    const key = await newKey();
    const refuse = async (itemId: number) => {
      const res = await lms({ key, payload: { itemId } });
      expect(res.statusCode, `${itemId}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'LMS_UNIT_NOT_RENTED', message: LMS_MSG.unitNotRented });
    };
    // Another provider's published unit (rented by another institution only), a draft never published, no unit at all.
    await refuse(ids.otherItem);
    await refuse(ids.draftItem);
    await refuse(999_999);
    // The demo provider's rent canceled: its units too, until it is active again.
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    try {
      await refuse(ids.item);
    } finally {
      await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    }
    expect(await linkedItems()).toEqual([]);
    expect((await lms({ key, payload: { itemId: ids.item } })).statusCode).toBe(200);
  });

  it('a bad body answers 400 in Portuguese', async () => {
    const key = await newKey();
    for (const payload of [{}, { itemId: 0 }, { itemId: -3 }, { itemId: 1.5 }, { itemId: 'abc' }, { itemId: '' }, { itemId: null }, { itemId: true }]) {
      const res = await lms({ key, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(LMS_MSG.itemIdRequired);
    }
    const extra = await lms({ key, payload: { itemId: ids.item, studentId: 'a1' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe(MSG.unknownField('studentId'));
    const broken = await lms({ key, raw: '{"itemId": ' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe(MSG.bodyInvalidJson);
    const none = await lms({ key });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.bodyMustBeObject);
    expect(await linkedItems()).toEqual([]);
  });

  it('a new key (on the page or by e-mail) unlinks every unit in its transaction and revokes their launch addresses', async () => {
    const key = await newKey();
    const links = [];
    for (const itemId of [ids.item, ids.item2]) links.push((await lms({ key, payload: { itemId } })).json<SaveDataReply>());
    expect(await linkedItems()).toEqual([ids.item, ids.item2].sort((a, b) => a - b));

    const next = await newKey();
    expect(await linkedItems()).toEqual([]);
    const [audit] = await t.deps.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'generated_lms_key'), eq(auditLogs.sellerId, ids.seller)))
      .orderBy(auditLogs.id)
      .then((rows) => rows.slice(-1));
    expect(audit!.data).toMatchObject({ via: 'page', unlinked: 2 });
    for (const link of links) {
      const res = await verify(link.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(SHARE_MSG.revoked);
    }
    expect((await lms({ key, payload: { itemId: ids.item } })).statusCode).toBe(401);

    // Linking again with the new key: a new link and a new address.
    const relinked = (await lms({ key: next, payload: { itemId: ids.item } })).json<SaveDataReply>();
    expect(relinked.alreadyLinked).toBe(false);
    expect(relinked.token).not.toBe(links[0]!.token);
    expect((await verify(relinked.token)).statusCode).toBe(200);

    // The e-mail variant unlinks the same way.
    const mailed = await call(t.app, 'POST', '/api/sellers/request/lms/key', { token: sellerToken, payload: { id: ids.seller } });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(await linkedItems()).toEqual([]);
    const mailKey = (await lastEmailTo(t.deps, demoEmail('seller')))!.text.match(/lms_[A-Za-z0-9_-]{43}/)![0];
    expect((await lms({ key: next, payload: { itemId: ids.item } })).statusCode).toBe(401);
    expect((await lms({ key: mailKey, payload: { itemId: ids.item } })).json<SaveDataReply>().alreadyLinked).toBe(false);
  });

  it(`is rate-limited per client address (${RATE_LIMIT} calls a minute), wrong keys included`, async () => {
    const key = await newKey();
    const address = '10.99.0.1';
    for (let i = 0; i < RATE_LIMIT; i++) expect((await lms({ key: i % 2 ? key : 'lms_errada', payload: { itemId: ids.item }, address })).statusCode).not.toBe(429);
    const limited = await lms({ key, payload: { itemId: ids.item }, address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MSG.tooManyAttempts);
    // Another address is not affected.
    expect((await lms({ key, payload: { itemId: ids.item } })).statusCode).toBe(200);
  });
});
