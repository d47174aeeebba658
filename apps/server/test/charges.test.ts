/**
 * Cobranças through the routes: the first charge issued when the team accepts a rent request, paying it by hand (the
 * rent becomes active in the same transaction, audited), the machine's refusals (409 with its pt-BR message), every
 * route's refusals (401, 403 by type, another institution's charge 404), bad input (400 in pt-BR), the Pix copia e cola
 * of unpaid charges, and what a rent's cancellation does to its charges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHARGE_MSG } from '@edu/shared/charge-machine';
import { CHARGES_MSG, type ChargeMoveReply, type ChargeReply, type ChargesPage } from '@edu/shared/charges';
import { MSG } from '@edu/shared/messages';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import { auditLogs } from '../src/platform/platform.tables';
import { chargeRents, charges, plans, rents, users } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { pixReceiver, pixStateOf } from '../src/modules/charges/pix-settings';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { writersOutside, writesInFile, type WriteScan } from './source-scan';
import { buildInstitution, buildRentRequest, buildUser } from './factories';

const PIX_ENV = { PIX_KEY: 'pix@sabercompartilhado.com.br', PIX_NAME: 'Saber Compartilhado', PIX_CITY: 'São Paulo', CHARGE_SUSPEND_AFTER_DAYS: '15' };

let t: TestApp;
const tok: Record<string, string> = {};
let sellerA: number;
let sellerB: number;
let planId: number;
let adminId: number;

/** A rent request (requested) of `sellerId` for a new provider at `valueCents`. */
const requestedRent = async (sellerId: number, valueCents = 12_345) =>
  (await buildRentRequest(t.deps.db, { sellerId, planId, valueCents, byUserId: adminId })).rentId;

const accept = (rentId: number) => call(t.app, 'PUT', `/api/sellers/rents/${rentId}`, { token: tok.admin, payload: { status: 'waiting' } });
const pay = (token: string | undefined, id: number, payload: object = { paidOn: '2024-01-10', reference: 'E2E123' }) =>
  call(t.app, 'POST', `/api/charges/${id}/pay`, { token, payload });
const chargeOfRent = async (rentId: number) => {
  const rows = await t.deps.db.select({ charge: charges }).from(chargeRents).innerJoin(charges, eq(charges.id, chargeRents.chargeId)).where(eq(chargeRents.rentId, rentId));
  return rows.map((r) => r.charge);
};
const rentStatus = async (id: number) => (await t.deps.db.select({ s: rents.status }).from(rents).where(eq(rents.id, id)))[0]!.s;

beforeAll(async () => {
  t = await createTestApp({ env: PIX_ENV });
  for (const local of ['admin', 'director', 'manager', 'curator', 'seller', 'seller.assistente', 'seller.conteudo', 'provider']) tok[local] = await signIn(t.app, local);
  const db = t.deps.db;
  const [seller] = await db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
  sellerA = seller!.sellerId!;
  adminId = admin!.id;
  [{ id: planId }] = (await db.select({ id: plans.id }).from(plans).limit(1)) as [{ id: number }];
  sellerB = await buildInstitution(db, { name: 'Instituto Outro', cnpj: '11444777000161', status: 'active' });
  await buildUser(db, { name: 'Outro', email: 'outro@inst-b.com', type: 'seller', sellerId: sellerB, password: 'Senha@123' });
  tok.sellerB = await signIn(t.app, 'outro@inst-b.com', 'Senha@123');
});
afterAll(() => t?.close());

/** Writes of charges.status and of charge_rents (Drizzle calls, where a spread may carry it, and raw SQL). */
const CHARGE_WRITES: WriteScan = {
  tables: ['charges', 'chargeRents'],
  columns: /\bstatus\s*[:,}]|\.\.\.|chargeId|rentId/,
  raw: /(update\s+charges\s+set[^;`]*?status|insert\s+into\s+(charges|charge_rents)\b)/gi,
};

describe('one writer', () => {
  it('no file of apps/server/src other than modules/charges/charges.commands.ts writes a charge\'s status or its rents', () => {
    expect(writersOutside(CHARGE_WRITES, ['modules/charges/charges.commands.ts', 'demo/'])).toEqual([]);
    expect(writesInFile(CHARGE_WRITES, 'modules/charges/charges.commands.ts').length).toBeGreaterThan(0);
  });
});

describe('the first charge and its payment', () => {
  let rentId: number;
  let chargeId: number;

  it('accepting a rent request (requested → waiting) issues its first charge for the month, at the rent\'s price', async () => {
    rentId = await requestedRent(sellerA, 12_345);
    expect((await accept(rentId)).statusCode).toBe(200);
    const [charge] = await chargeOfRent(rentId);
    expect(charge).toMatchObject({ sellerId: sellerA, amountCents: 12_345, status: 'open' });
    expect(charge!.period).toMatch(/^\d{4}-\d{2}-01$/);
    expect(charge!.code).toMatch(/^SC[0-9A-Z]{14}$/);
    chargeId = charge!.id;
    // Accepting again after a step back issues nothing more this month.
    expect((await call(t.app, 'PUT', `/api/sellers/rents/${rentId}`, { token: tok.admin, payload: { status: 'requested' } })).statusCode).toBe(200);
    expect((await accept(rentId)).statusCode).toBe(200);
    expect(await chargeOfRent(rentId)).toHaveLength(1);
  });

  it('the institution reads it with its rents and the Pix copia e cola (txid = the code, the amount)', async () => {
    for (const who of ['seller', 'seller.assistente', 'seller.conteudo']) {
      const res = await call(t.app, 'GET', '/api/sellers/charges', { token: tok[who] });
      expect(res.statusCode).toBe(200);
      const page = res.json<ChargesPage>();
      expect(page.pix).toEqual({ configured: true, demo: false, message: null });
      // The late-payment rule the screens write is the configured one.
      expect(page.suspendAfterDays).toBe(15);
      const row = page.data.find((c) => c.id === chargeId)!;
      expect(row.rents).toEqual([expect.objectContaining({ rentId, amountCents: 12_345 })]);
      const pix = parsePix(row.pixCopiaECola!);
      if (hasError(pix) || !isStaticPix(pix)) throw new Error(`not a static Pix: ${row.pixCopiaECola}`);
      expect(pix).toMatchObject({ txid: row.code, transactionAmount: 123.45, pixKey: PIX_ENV.PIX_KEY, merchantName: 'SABER COMPARTILHADO', merchantCity: 'SAO PAULO' });
    }
    const one = await call(t.app, 'GET', `/api/sellers/charges/${chargeId}`, { token: tok['seller.assistente'] });
    expect(one.statusCode).toBe(200);
    expect(one.json<ChargeReply>().charge.id).toBe(chargeId);
  });

  it('the team lists it, filtered by status and institution', async () => {
    const res = await call(t.app, 'GET', `/api/charges?status=open&sellerId=${sellerA}`, { token: tok.director });
    expect(res.statusCode).toBe(200);
    const page = res.json<ChargesPage>();
    expect(page.data.map((c) => c.id)).toContain(chargeId);
    expect(page.data.every((c) => c.status === 'open' && c.sellerId === sellerA)).toBe(true);
    const paid = await call(t.app, 'GET', `/api/charges?status=paid&sellerId=${sellerA}`, { token: tok.admin });
    expect(paid.json<ChargesPage>().data.map((c) => c.id)).not.toContain(chargeId);
  });

  it('pay: refused to every other type (403), without a session (401), with bad input (400 in pt-BR)', async () => {
    for (const who of ['manager', 'curator', 'seller', 'seller.assistente', 'provider']) {
      const res = await pay(tok[who], chargeId);
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.forbidden });
    }
    expect((await pay(undefined, chargeId)).statusCode).toBe(401);
    const missing = await pay(tok.admin, chargeId, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { paidOn: MSG.required, reference: MSG.required } });
    const badDate = await pay(tok.admin, chargeId, { paidOn: '2024-02-30', reference: 'x' });
    expect(badDate.json()).toMatchObject({ fields: { paidOn: MSG.invalidDate } });
    const future = await pay(tok.admin, chargeId, { paidOn: '2099-01-01', reference: 'x' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: CHARGES_MSG.paidOnFuture, fields: { paidOn: CHARGES_MSG.paidOnFuture } });
    const extra = await pay(tok.admin, chargeId, { paidOn: '2024-01-10', reference: 'x', amountCents: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await pay(tok.admin, 'abc' as unknown as number)).statusCode).toBe(400);
    expect((await pay(tok.admin, 999_999)).statusCode).toBe(404);
    expect(await rentStatus(rentId)).toBe('waiting');
  });

  it('paying the first charge makes the waiting rent active, in the same transaction, audited', async () => {
    const res = await pay(tok.director, chargeId, { paidOn: '2024-01-10', reference: ' E2E-REF-1 ' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ChargeMoveReply>();
    expect(body).toMatchObject({ message: CHARGES_MSG.paid, activatedRentIds: [rentId] });
    expect(body.charge).toMatchObject({ status: 'paid', paidOn: '2024-01-10', paidReference: 'E2E-REF-1', pixCopiaECola: null });
    expect(await rentStatus(rentId)).toBe('active');
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'paid_charge'));
    expect(audit.some((a) => (a.data as { chargeId: number }).chargeId === chargeId)).toBe(true);
    const rentAudit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'updated_rent_status'));
    expect(rentAudit.some((a) => (a.data as { rentId: number; to: string }).rentId === rentId && (a.data as { to: string }).to === 'active')).toBe(true);
  });

  it('paying it again is 409 with the machine\'s message, and cancelling a paid charge too', async () => {
    const again = await pay(tok.admin, chargeId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.alreadyPaid });
    const cancel = await call(t.app, 'POST', `/api/charges/${chargeId}/cancel`, { token: tok.admin });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toMatchObject({ code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.paidNotCanceled });
  });
});

describe('cancel', () => {
  it('the team cancels an unpaid charge; paying a canceled one is 409; other types 403', async () => {
    const rentId = await requestedRent(sellerA, 5_000);
    await accept(rentId);
    const [charge] = await chargeOfRent(rentId);
    expect((await call(t.app, 'POST', `/api/charges/${charge!.id}/cancel`, { token: tok.seller })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', `/api/charges/${charge!.id}/cancel`)).statusCode).toBe(401);
    const res = await call(t.app, 'POST', `/api/charges/${charge!.id}/cancel`, { token: tok.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<ChargeMoveReply>()).toMatchObject({ message: CHARGES_MSG.canceled, charge: { status: 'canceled', pixCopiaECola: null } });
    const paid = await pay(tok.admin, charge!.id);
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'CHARGE_WRONG_STATUS', message: CHARGE_MSG.canceled });
    expect(await rentStatus(rentId)).toBe('waiting');
  });

  it("the institution cancels its unpaid (waiting) rent: the rent's first charge is canceled with it", async () => {
    const rentId = await requestedRent(sellerA, 7_000);
    await accept(rentId);
    const res = await call(t.app, 'DELETE', `/api/sellers/rents/${rentId}`, { token: tok.seller });
    expect(res.statusCode).toBe(200);
    const [charge] = await chargeOfRent(rentId);
    expect(charge).toMatchObject({ status: 'canceled', canceledBy: null });
  });

  it("the team cancels an ACTIVE rent: the month's charge stays owed (a month begun is owed)", async () => {
    const rentId = await requestedRent(sellerA, 8_000);
    await accept(rentId);
    const [charge] = await chargeOfRent(rentId);
    // Activated by hand (the payment arrives later): the charge stays open.
    await call(t.app, 'PUT', `/api/sellers/rents/${rentId}`, { token: tok.admin, payload: { status: 'active' } });
    expect((await call(t.app, 'DELETE', `/api/sellers/rents/${rentId}`, { token: tok.admin })).statusCode).toBe(200);
    expect((await chargeOfRent(rentId))[0]).toMatchObject({ id: charge!.id, status: 'open' });
  });
});

describe("another institution's charges", () => {
  it('are not in the list and answer 404 by id; the team-only routes refuse institutions by type', async () => {
    const rentId = await requestedRent(sellerB, 9_900);
    await accept(rentId);
    const [charge] = await chargeOfRent(rentId);
    const list = await call(t.app, 'GET', '/api/sellers/charges?limit=100', { token: tok.seller });
    expect(list.json<ChargesPage>().data.every((c) => c.sellerId === sellerA)).toBe(true);
    for (const who of ['seller', 'seller.assistente', 'seller.conteudo']) {
      const res = await call(t.app, 'GET', `/api/sellers/charges/${charge!.id}`, { token: tok[who] });
      expect(res.statusCode, who).toBe(404);
    }
    expect((await call(t.app, 'GET', `/api/sellers/charges/${charge!.id}`, { token: tok.sellerB })).statusCode).toBe(200);
    const own = await call(t.app, 'GET', '/api/sellers/charges', { token: tok.sellerB });
    expect(own.json<ChargesPage>().data.map((c) => c.id)).toEqual([charge!.id]);
    expect((await call(t.app, 'GET', '/api/charges', { token: tok.seller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/charges', { token: tok.manager })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/sellers/charges', { token: tok.admin })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/sellers/charges', { token: tok.provider })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/sellers/charges')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/charges')).statusCode).toBe(401);
  });

  it('bad list filters are 400 in pt-BR', async () => {
    const res = await call(t.app, 'GET', '/api/charges?status=pago&page=0', { token: tok.admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: { status: MSG.invalidValue, page: MSG.invalidValue } });
    expect((await call(t.app, 'GET', '/api/sellers/charges?sellerId=1', { token: tok.seller })).statusCode).toBe(400);
  });
});

describe('Pix configuration', () => {
  const base = { DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db' };
  it('without PIX_KEY a production start has no code and says so; a demo start shows a flagged demonstration code', () => {
    const prod = loadConfig(base);
    expect(pixReceiver(prod)).toBeNull();
    expect(pixStateOf(pixReceiver(prod))).toEqual({ configured: false, demo: false, message: CHARGES_MSG.pixNotConfigured });
    const demo = loadConfig({ ...base, DEMO_DATA: 'true' });
    expect(pixStateOf(pixReceiver(demo))).toEqual({ configured: true, demo: true, message: CHARGES_MSG.pixDemo });
    const embedded = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(pixReceiver(embedded)?.demo).toBe(true);
    expect(pixReceiver(loadConfig({ ...base, ...PIX_ENV }))).toMatchObject({ key: PIX_ENV.PIX_KEY, demo: false });
  });

  it('the charges of the demo institution answer no code on a start without Pix (the page says why)', async () => {
    // This app has PIX_KEY; the answer of an unconfigured one is pixStateOf(null), above. Here: a paid charge has none.
    const [paid] = await t.deps.db.select().from(charges).where(and(eq(charges.sellerId, sellerA), eq(charges.status, 'paid')));
    const res = await call(t.app, 'GET', `/api/sellers/charges/${paid!.id}`, { token: tok.seller });
    expect(res.json<ChargeReply>().charge.pixCopiaECola).toBeNull();
  });
});
