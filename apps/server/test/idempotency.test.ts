/**
 * Crash safety: routes whose contract says `idempotent` take an `Idempotency-Key`. A retry with the
 * key answers the first result and writes nothing more (rows and audit rows counted in the database); the key with
 * another body is 422 and changes nothing; simultaneous duplicates write once; keys belong to their user (or LMS
 * institution); a malformed key is 400; a failed request leaves no key; an expired key runs again; routes without the
 * flag ignore the header.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_REPLAYED_HEADER } from '@edu/shared/contract';
import { MSG } from '@edu/shared/messages';
import { ALL_ROUTES } from '@edu/shared/api';
import { auditLogs, emails, idempotencyKeys } from '../src/platform/platform.tables';
import { itemContents, lmsItems, providers, providerServices, rents, serviceRequests, users } from '../src/db/schema';
import { authHeader, createTestApp, demoEmail, multipartFile, PNG_1PX, signIn, type TestApp } from './harness';
import { buildUnitPayload } from './factories';

let t: TestApp;
const tok: Record<string, string> = {};
let exatas = 0;

const send = (who: string, method: 'POST' | 'PUT', url: string, payload: unknown, key?: string) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...authHeader(tok[who]!), ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: payload as object,
  });

const unit = (title: string) => buildUnitPayload(exatas, { title });

const unitsTitled = async (title: string) => t.deps.db.select({ id: itemContents.id }).from(itemContents).where(eq(itemContents.title, title));
const auditsOf = async (action: string, title: string) =>
  t.deps.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), sql`${auditLogs.data}->>'title' = ${title}`));
const keysNamed = async (key: string) => t.deps.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['provider', 'editor', 'seller', 'curator']) tok[who] = await signIn(t.app, who);
  const areas = (await t.app.inject({ method: 'GET', url: '/api/items/knowledge/find', headers: authHeader(tok.provider!) })).json() as {
    id: number;
    title: string;
  }[];
  exatas = areas.find((a) => a.title === 'Ciências Exatas e da Terra')!.id;
}, 120_000);

afterAll(async () => t?.close());

describe('Idempotency-Key on a unit save (POST /items/item/content/create)', () => {
  it('a retry answers the first result, marked as replayed, and writes once (one unit, one audit row, one key)', async () => {
    const first = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente A'), 'key-a');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    const again = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente A'), 'key-a');
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await unitsTitled('Idempotente A')).toHaveLength(1);
    expect(await auditsOf('created_unity', 'Idempotente A')).toHaveLength(1);
    expect(await keysNamed('key-a')).toHaveLength(1);
    // The same body in another key order is the same request.
    const body = unit('Idempotente A');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const third = await send('provider', 'POST', '/items/item/content/create', reordered, 'key-a');
    expect(third.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(await unitsTitled('Idempotente A')).toHaveLength(1);
  });

  it('the same key with another body is 422 in Portuguese and changes nothing', async () => {
    await send('provider', 'POST', '/items/item/content/create', unit('Idempotente B'), 'key-b');
    const other = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente B2'), 'key-b');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ statusCode: 422, code: 'IDEMPOTENCY_KEY_REUSED', message: MSG.idempotencyKeyReused });
    expect(await unitsTitled('Idempotente B2')).toHaveLength(0);
    expect(await auditsOf('created_unity', 'Idempotente B2')).toHaveLength(0);
    expect(await unitsTitled('Idempotente B')).toHaveLength(1);
  });

  it('simultaneous duplicates write once: the others get 409 (still running) or the first answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => send('provider', 'POST', '/items/item/content/create', unit('Idempotente C'), 'key-c')),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const busy = answers.filter((a) => a.statusCode === 409);
    expect(ok.length + busy.length, answers.map((a) => a.body).join('\n')).toBe(6);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.json().id).toBe(ok[0]!.json().id);
    for (const a of busy) expect(a.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', message: MSG.idempotencyKeyInProgress });
    expect(await unitsTitled('Idempotente C')).toHaveLength(1);
    expect(await auditsOf('created_unity', 'Idempotente C')).toHaveLength(1);
    // Once the first is done, a retry gets its answer.
    const later = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente C'), 'key-c');
    expect(later.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(later.json().id).toBe(ok[0]!.json().id);
  });

  it('the key is written in the transaction of the write: when storing it fails, the write is rolled back too', async () => {
    // Stands for a crash between the write and the commit: the key's insert fails, so the whole request must leave nothing.
    await t.deps.db.execute(sql`
      create function refuse_key() returns trigger language plpgsql as $$
      begin if new.key = 'key-crash' then raise exception 'simulated crash'; end if; return new; end $$`);
    await t.deps.db.execute(sql`create trigger refuse_key before insert on idempotency_keys for each row execute function refuse_key()`);
    try {
      const res = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente H'), 'key-crash');
      expect(res.statusCode).toBe(500);
      expect(await unitsTitled('Idempotente H')).toHaveLength(0);
      expect(await auditsOf('created_unity', 'Idempotente H')).toHaveLength(0);
    } finally {
      await t.deps.db.execute(sql`drop trigger refuse_key on idempotency_keys`);
      await t.deps.db.execute(sql`drop function refuse_key()`);
    }
    const retry = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente H'), 'key-crash');
    expect(retry.statusCode).toBe(200);
    expect(await unitsTitled('Idempotente H')).toHaveLength(1);
  });

  it("another user's equal key is another key", async () => {
    const mine = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente D'), 'shared-key');
    const theirs = await send('editor', 'POST', '/items/item/content/create', unit('Idempotente D'), 'shared-key');
    expect(mine.statusCode).toBe(200);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await unitsTitled('Idempotente D')).toHaveLength(2);
  });

  it('a key that is empty, longer than 255 characters or not printable is 400 and nothing is written', async () => {
    for (const key of ['', 'x'.repeat(256), 'tab\there']) {
      const res = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente E'), key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toEqual({ statusCode: 400, code: 'IDEMPOTENCY_KEY_INVALID', message: MSG.idempotencyKeyInvalid });
    }
    expect(await unitsTitled('Idempotente E')).toHaveLength(0);
    expect((await send('provider', 'POST', '/items/item/content/create', unit('Idempotente E'), 'k'.repeat(255))).statusCode).toBe(200);
  });

  it('a failed request leaves no key: the retry with the key runs again and may succeed', async () => {
    const refused = await send('provider', 'POST', '/items/item/content/create', { ...unit('Idempotente F'), title: '  ' }, 'key-f');
    expect(refused.statusCode).toBe(400);
    expect(await keysNamed('key-f')).toHaveLength(0);
    const ok = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente F'), 'key-f');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await unitsTitled('Idempotente F')).toHaveLength(1);
  });

  it('an expired key (24 h) is forgotten: the request runs again', async () => {
    await send('provider', 'POST', '/items/item/content/create', unit('Idempotente G'), 'key-g');
    await t.deps.db.update(idempotencyKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(idempotencyKeys.key, 'key-g'));
    const again = await send('provider', 'POST', '/items/item/content/create', unit('Idempotente G'), 'key-g');
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    expect(await unitsTitled('Idempotente G')).toHaveLength(2);
    expect(await keysNamed('key-g')).toHaveLength(1);
  });
});

describe('the other flagged writes', () => {
  it('payment request: a retry answers the first result; one service request, one audit row', async () => {
    const [seller] = await t.deps.db.select({ id: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
    const [partner] = await t.deps.db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Consultoria Trilhas do Saber'));
    const [service] = await t.deps.db.select({ id: providerServices.id }).from(providerServices).where(eq(providerServices.providerId, partner!.id)).limit(1);
    const added = await send('seller', 'POST', '/sellers/cart/items', { serviceId: service!.id });
    expect(added.statusCode, added.body).toBe(200);
    const count = async () => ({
      requests: (await t.deps.db.select().from(serviceRequests).where(eq(serviceRequests.sellerId, seller!.id!))).length,
      audits: (await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'payment_requested'), eq(auditLogs.sellerId, seller!.id!)))).length,
    });
    const before = await count();
    const body = { sellerId: seller!.id!, paymentMethod: 1 };
    const first = await send('seller', 'POST', '/sellers/rents', body, 'pay-1');
    expect(first.statusCode, first.body).toBe(200);
    // Without the key, the second request would find the cart empty (409); with it, the first answer again.
    const retry = await send('seller', 'POST', '/sellers/rents', body, 'pay-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await count()).toEqual({ requests: before.requests + 1, audits: before.audits + 1 });
    const other = await send('seller', 'POST', '/sellers/rents', { ...body, paymentMethod: 2 }, 'pay-1');
    expect(other.statusCode).toBe(422);
    expect(await count()).toEqual({ requests: before.requests + 1, audits: before.audits + 1 });
  });

  it('team CSV import: the retry answers "2 imported" again instead of "e-mail in use", and creates nobody nor any e-mail', async () => {
    const body = {
      type: 'seller_content_manager',
      rows: [
        { name: 'Ida Idempotente', email: 'ida.idem@vale.com.br' },
        { name: 'Ivo Idempotente', email: 'ivo.idem@vale.com.br' },
      ],
    };
    const first = await send('seller', 'POST', '/users/import', body, 'import-1');
    expect(first.statusCode, first.body).toBe(200);
    const counts = async () => ({
      users: (await t.deps.db.select().from(users).where(sql`${users.email} like '%.idem@vale.com.br'`)).length,
      emails: (await t.deps.db.select().from(emails).where(sql`${emails.to} like '%.idem@vale.com.br'`)).length,
      audits: (await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'created_new_user'))).length,
    });
    const after = await counts();
    expect(after.users).toBe(2);
    const retry = await send('seller', 'POST', '/users/import', body, 'import-1');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await counts()).toEqual(after);
    // Without the key, the same import is refused: the e-mails are taken.
    expect((await send('seller', 'POST', '/users/import', body)).statusCode).toBe(400);
  });

  it('upload (avatar): the same file again is replayed; another file with the key is 422', async () => {
    const [me] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('curator')));
    const upload = (data: Buffer, key: string) => {
      const { payload, headers } = multipartFile(data);
      return t.app.inject({ method: 'PUT', url: `/api/user/avatar/${me!.id}`, payload, headers: { ...headers, ...authHeader(tok.curator!), 'idempotency-key': key } });
    };
    const first = await upload(PNG_1PX, 'avatar-1');
    expect(first.statusCode, first.body).toBe(200);
    const audits = async () => (await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'updated_profile'), eq(auditLogs.userId, me!.id)))).length;
    const after = await audits();
    const again = await upload(PNG_1PX, 'avatar-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await audits()).toBe(after);
    const [row] = await t.deps.db.select({ avatarKey: users.avatarKey }).from(users).where(eq(users.id, me!.id));
    expect(`/uploads/${row!.avatarKey}`).toBe(first.json().avatar_url);
    const otherFile = Buffer.concat([PNG_1PX, Buffer.from([0])]);
    const other = await upload(otherFile, 'avatar-1');
    expect(other.statusCode).toBe(422);
    expect(await audits()).toBe(after);
  });

  it('LMS API: the key belongs to the institution of the LMS key; a retry is replayed', async () => {
    const [seller] = await t.deps.db.select({ id: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
    const keyRes = await send('seller', 'PUT', '/sellers/lms/key', { id: seller!.id });
    const lmsKey = keyRes.json<{ lms_key: string }>().lms_key;
    const [rent] = await t.deps.db.select({ providerId: rents.providerId }).from(rents).where(and(eq(rents.sellerId, seller!.id!), eq(rents.status, 'active')));
    const [item] = await t.deps.db.execute<{ id: number }>(
      sql`select id from items where provider_id = ${rent!.providerId} and published_content_id is not null order by id limit 1`,
    ).then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const link = () =>
      t.app.inject({ method: 'POST', url: '/api/saveDataInJson', headers: { lms_key: lmsKey, 'idempotency-key': 'lms-1' }, payload: { itemId: item!.id } });
    const first = await link();
    expect(first.statusCode, first.body).toBe(200);
    const again = await link();
    expect(again.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await t.deps.db.select().from(lmsItems).where(eq(lmsItems.sellerId, seller!.id!))).toHaveLength(1);
    const [stored] = await keysNamed('lms-1');
    expect(stored).toMatchObject({ principal: `lms:${seller!.id}`, route: 'POST /saveDataInJson' });
  });
});

describe('routes without the flag', () => {
  it('ignore the header, even a malformed one: each request runs', async () => {
    const a = await send('curator', 'POST', '/items/tag', { names: ['Idempotência 1'] }, 'tag-key');
    const b = await send('curator', 'POST', '/items/tag', { names: ['Idempotência 2'] }, 'tag-key');
    const c = await send('curator', 'POST', '/items/tag', { names: ['Idempotência 3'] }, '');
    for (const res of [a, b, c]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers[IDEMPOTENCY_REPLAYED_HEADER]).toBeUndefined();
    }
    expect(await keysNamed('tag-key')).toHaveLength(0);
  });

  it('the flag is on the writes the issue names', () => {
    const flagged = ALL_ROUTES.filter((r) => r.idempotent).map((r) => `${r.method} ${r.path}`);
    expect(flagged).toEqual(
      expect.arrayContaining([
        'POST /sellers/rents',
        'POST /sellers/rents/plans-rents',
        'POST /sellers/subjects/import',
        'POST /sellers/courses/import/:courseId',
        'POST /users/import',
        'POST /items/item/content/create',
        'PUT /items/item/content/update',
        'PUT /user/avatar/:id',
        'POST /saveDataInJson',
      ]),
    );
    // Every flagged route is a write.
    for (const r of ALL_ROUTES.filter((x) => x.idempotent)) expect(r.method).not.toBe('GET');
  });
});
