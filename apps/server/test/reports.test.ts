/** The logs report (spec 3 §2.17, §3 "Log row"; spec 1 §9 audit constants): range, filters, tenancy, paging, refusals. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { LogRow } from '@edu/shared/reports';
import { auditLogs } from '../src/platform/platform.tables';
import { users } from '../src/db/schema';
import { auditSearchRange, startOfDay } from '../src/modules/reports/report-dates';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution } from './factories';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
type Page = { data: LogRow[]; total: number; page: number; limit: number };
const userOf = async (local: string) => (await t.deps.db.select().from(users).where(eq(users.email, demoEmail(local))))[0]!;
const ids: Record<string, number> = {};
let otherSellerId: number;

const report = async (local: string, query: Record<string, string>) => call(t.app, 'GET', '/api/reports/logs', { token: await tok(local), query });
const page = async (local: string, query: Record<string, string>) => {
  const res = await report(local, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
};
const MARCH = { start_date: '2024-03-10', end_date: '2024-03-10' };

beforeAll(async () => {
  t = await createTestApp();
  for (const local of ['admin', 'seller', 'seller.assistente', 'provider', 'editor', 'client']) ids[local] = (await userOf(local)).id;
  const sellerId = (await userOf('seller')).sellerId!;
  otherSellerId = await buildInstitution(t.deps.db, { name: 'Colégio Outro Lugar', cnpj: '11444777000161', status: 'active' });
  const at = (iso: string) => new Date(iso);
  // São Paulo is UTC-3: 2024-03-10 00:00 there is 03:00Z.
  await t.deps.db.insert(auditLogs).values([
    { userId: ids.seller!, sellerId, action: 'logged', createdAt: at('2024-03-10T02:59:59.999Z') }, // 09/03 23:59 SP: before the range
    { userId: ids.seller!, sellerId, action: 'logged', createdAt: at('2024-03-10T03:00:00.000Z') }, // 10/03 00:00 SP
    { userId: ids['seller.assistente']!, sellerId, action: 'added_item_to_subject', createdAt: at('2024-03-10T15:00:00Z') },
    { userId: ids.seller!, sellerId, action: 'generated_lms_key', createdAt: at('2024-03-11T12:00:00Z') }, // the "next day"
    { userId: ids.seller!, sellerId, action: 'logged', createdAt: at('2024-03-12T02:59:59.999Z') }, // 11/03 23:59:59.999 SP: last instant
    { userId: ids.seller!, sellerId, action: 'logged', createdAt: at('2024-03-12T03:00:00.000Z') }, // 12/03 00:00 SP: after
    { userId: 999999, sellerId: otherSellerId, action: 'logged', createdAt: at('2024-03-10T18:00:00Z') }, // user that no longer exists
    { userId: ids.provider!, action: 'created_unity', createdAt: at('2024-03-10T19:00:00Z') },
    { userId: ids.editor!, action: 'updated_unity', createdAt: at('2024-03-10T20:00:00Z') },
    { userId: ids.client!, action: 'some_future_action', createdAt: at('2024-03-10T21:00:00Z') },
    { userId: ids.admin!, action: 'updated_seller_status', createdAt: at('2024-03-10T22:00:00Z') },
  ]);
});
afterAll(() => t?.close());

describe('report dates', () => {
  /** The instant a range expression stands for, as the database computes it. */
  const instant = async (expr: SQL) => {
    const res = (await t.deps.db.execute(sql`select ${expr} as v`)) as unknown as { rows: { v: Date | string }[] };
    return new Date(res.rows[0]!.v).toISOString();
  };

  it('reads dates in São Paulo and extends the end date to the next day at 23:59:59 (database time-zone functions)', async () => {
    expect(await instant(startOfDay('2024-03-10'))).toBe('2024-03-10T03:00:00.000Z');
    const march = auditSearchRange('2024-03-10', '2024-03-10');
    expect([await instant(march.from), await instant(march.until)]).toEqual(['2024-03-10T03:00:00.000Z', '2024-03-12T03:00:00.000Z']);
    // Summer time of 2018/2019 (UTC-2) is honoured too.
    expect(await instant(startOfDay('2019-01-15'))).toBe('2019-01-15T02:00:00.000Z');
    expect(await instant(auditSearchRange('2024-12-31', '2024-12-31').until)).toBe('2025-01-02T03:00:00.000Z');
  });
});

describe('GET /api/reports/logs', () => {
  it('admin sees every entry of the range, newest first, with action, user name and date', async () => {
    const res = await page('admin', MARCH);
    expect(res).toMatchObject({ total: 9, page: 1, limit: 20 });
    const stamps = res.data.map((r) => r.createdAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    expect(stamps[0]).toBe('2024-03-12T02:59:59.999Z');
    expect(stamps.at(-1)).toBe('2024-03-10T03:00:00.000Z');
    expect(stamps).not.toContain('2024-03-10T02:59:59.999Z');
    expect(stamps).not.toContain('2024-03-12T03:00:00.000Z');
    expect(Object.keys(res.data[0]!).sort()).toEqual(['action', 'createdAt', 'id', 'userId', 'userName']);
    expect(res.data.find((r) => r.action === 'generated_lms_key')).toMatchObject({ userName: 'Sílvia Coordenadora' });
    expect(res.data.find((r) => r.userId === 999999)).toMatchObject({ userName: null });
    expect(res.data.find((r) => r.userId === ids.client)).toMatchObject({ action: 'some_future_action' });
    expect((await page('director', MARCH)).total).toBe(9);
  });

  it('pages on the server', async () => {
    const all = (await page('admin', MARCH)).data.map((r) => r.id);
    const second = await page('admin', { ...MARCH, limit: '4', page: '2' });
    expect(second).toMatchObject({ total: 9, page: 2, limit: 4 });
    expect(second.data.map((r) => r.id)).toEqual(all.slice(4, 8));
    expect((await page('admin', { ...MARCH, limit: '4', page: '3' })).data).toHaveLength(1);
  });

  it('filters by log type and by user', async () => {
    const logged = await page('admin', { ...MARCH, log_type: 'logged' });
    expect(logged.total).toBe(3);
    expect(logged.data.every((r) => r.action === 'logged')).toBe(true);
    const assistant = await page('admin', { ...MARCH, user_id: String(ids['seller.assistente']) });
    expect(assistant.data.map((r) => r.action)).toEqual(['added_item_to_subject']);
    expect((await page('admin', { ...MARCH, user_id: String(ids.seller), log_type: 'generated_lms_key' })).total).toBe(1);
  });

  it("the institution sees only its own institution's entries", async () => {
    const res = await page('seller', MARCH);
    expect(res.total).toBe(4);
    expect(new Set(res.data.map((r) => r.userId))).toEqual(new Set([ids.seller, ids['seller.assistente']]));
    // Another institution's user: nothing, not an error that tells whether the user exists.
    expect((await page('seller', { ...MARCH, user_id: '999999' })).total).toBe(0);
    expect((await page('seller', { ...MARCH, user_id: String(ids.admin) })).total).toBe(0);
  });

  it("the provider sees only its team's entries", async () => {
    const res = await page('provider', MARCH);
    expect(res.data.map((r) => r.action).sort()).toEqual(['created_unity', 'updated_unity']);
    expect((await page('provider', { ...MARCH, user_id: String(ids.seller) })).total).toBe(0);
    expect((await page('provider', { ...MARCH, user_id: String(ids.editor) })).data.map((r) => r.action)).toEqual(['updated_unity']);
  });

  it("shows today's sign-ins with the default range", async () => {
    await tok('seller');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const res = await page('admin', { start_date: `${today.slice(0, 8)}01`, end_date: today, log_type: 'logged' });
    expect(res.data.some((r) => r.userId === ids.seller && r.userName === 'Sílvia Coordenadora')).toBe(true);
  });

  it('refuses other user types and requests without a session', async () => {
    for (const local of ['manager', 'curator', 'seller.assistente', 'seller.conteudo', 'editor', 'client', 'user']) {
      const res = await report(local, MARCH);
      expect(res.statusCode, local).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.forbidden });
    }
    expect((await call(t.app, 'GET', '/api/reports/logs', { query: MARCH })).statusCode).toBe(401);
  });

  it('refuses bad filters with pt-BR messages', async () => {
    const noDates = await report('admin', {});
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json()).toMatchObject({ message: MSG.required, fields: { start_date: MSG.required, end_date: MSG.required } });
    const impossible = await report('admin', { start_date: '2024-02-30', end_date: '2024-03-01' });
    expect(impossible.json()).toMatchObject({ statusCode: 400, fields: { start_date: MSG.invalidDate } });
    expect((await report('admin', { start_date: '10/03/2024', end_date: '2024-03-10' })).statusCode).toBe(400);
    const reversed = await report('admin', { start_date: '2024-03-10', end_date: '2024-03-01' });
    expect(reversed.json()).toMatchObject({ statusCode: 400, message: MSG.dateRangeInvalid });
    expect((await report('admin', { ...MARCH, log_type: 'drop_table' })).statusCode).toBe(400);
    expect((await report('admin', { ...MARCH, limit: '1000' })).statusCode).toBe(400);
    expect((await report('admin', { ...MARCH, user_id: 'abc' })).statusCode).toBe(400);
    const unknown = await report('admin', { ...MARCH, seller_id: '1' });
    expect(unknown.json()).toMatchObject({ statusCode: 400, message: MSG.unknownField('seller_id') });
  });
});

describe('GET /api/reports/logs/users', () => {
  const options = async (local: string, query: Record<string, string> = {}) => {
    const res = await call(t.app, 'GET', '/api/reports/logs/users', { token: await tok(local), query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; name: string }[]>();
  };

  it('staff may pick anyone; the institution and the provider only their own people', async () => {
    const all = await options('admin');
    expect(all.length).toBeGreaterThanOrEqual(14);
    expect(Object.keys(all[0]!).sort()).toEqual(['id', 'name']);
    expect((await options('seller')).map((u) => u.name)).toEqual(['Samuel Assistente', 'Sílvia Coordenadora', 'Sofia Gestora de Conteúdo']);
    expect((await options('provider')).map((u) => u.name)).toEqual(['Eduardo Editor', 'Marina Albuquerque']);
  });

  it('searches by name ignoring accents and case', async () => {
    expect((await options('admin', { name: 'SILVIA' })).map((u) => u.name)).toEqual(['Sílvia Coordenadora']);
    expect(await options('seller', { name: 'Ana' })).toEqual([]);
  });

  it('refuses other user types', async () => {
    const res = await call(t.app, 'GET', '/api/reports/logs/users', { token: await tok('client') });
    expect(res.statusCode).toBe(403);
  });
});
