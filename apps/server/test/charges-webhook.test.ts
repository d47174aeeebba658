/**
 * The Pix payment notice (POST /api/charges/webhook): a signed body pays the charge as the system; a forged, missing
 * or malformed signature is 401 and changes nothing; without PIX_WEBHOOK_SECRET the route answers 404; a replay of the
 * same signed body changes nothing; another amount is not paid (audited); an unknown txid is answered and ignored; a
 * notice and the team's hand payment at once pay once (the other 409), never 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { PixNoticeReply } from '@edu/shared/charge-payments';
import { auditLogs } from '../src/platform/platform.tables';
import { chargeRents, charges, plans, rents, users } from '../src/db/schema';
import { signPixNotice } from '../src/modules/charges/pix-webhook';
import { loadConfig } from '../src/config';
import { call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildRentRequest } from './factories';

const SECRET = 'segredo-do-webhook-pix-com-32-caracteres-ou-mais';

let t: TestApp;
let admin: string;
let sellerId: number;
let planId: number;
let adminId: number;

async function newCharge(valueCents: number) {
  const { rentId } = await buildRentRequest(t.deps.db, { sellerId, planId, valueCents, byUserId: adminId });
  const rent = { id: rentId };
  expect((await call(t.app, 'PUT', `/api/sellers/rents/${rent.id}`, { token: admin, payload: { status: 'waiting' } })).statusCode).toBe(200);
  const [row] = await t.deps.db.select({ charge: charges }).from(chargeRents).innerJoin(charges, eq(charges.id, chargeRents.chargeId)).where(eq(chargeRents.rentId, rent.id));
  return { ...row!.charge, rentId: rent.id };
}

const notice = (items: { txid?: string; valor: string; endToEndId?: string; horario?: string }[]) =>
  JSON.stringify({
    pix: items.map((i) => ({
      endToEndId: i.endToEndId ?? `E0000000020240110${Math.random().toString(36).slice(2, 12).toUpperCase()}`,
      txid: i.txid,
      valor: i.valor,
      chave: 'pix@sabercompartilhado.com.br',
      horario: i.horario ?? '2024-01-10T23:30:00.000-03:00',
      infoPagador: 'Mensalidade',
    })),
  });

const post = (raw: string, signature: string | undefined, contentType = 'application/json') =>
  call(t.app, 'POST', '/api/charges/webhook', { payload: raw, headers: { 'content-type': contentType, ...(signature === undefined ? {} : { 'x-signature': signature }) } });
const signed = (raw: string) => post(raw, signPixNotice(SECRET, raw));
const chargeNow = async (id: number) => (await t.deps.db.select().from(charges).where(eq(charges.id, id)))[0]!;
const auditsOf = (action: 'paid_charge' | 'refused_pix_notice', chargeId: number) =>
  t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, action), sql`${auditLogs.data}->>'chargeId' = ${String(chargeId)}`));

beforeAll(async () => {
  t = await createTestApp({ env: { PIX_WEBHOOK_SECRET: SECRET } });
  admin = await signIn(t.app, 'admin');
  const db = t.deps.db;
  sellerId = (await db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller'))))[0]!.sellerId!;
  adminId = (await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin'))))[0]!.id;
  planId = (await db.select({ id: plans.id }).from(plans).limit(1))[0]!.id;
});
afterAll(() => t?.close());

describe('configuration', () => {
  it('PIX_WEBHOOK_SECRET shorter than 32 characters is refused at start', () => {
    expect(() => loadConfig({ PIX_WEBHOOK_SECRET: 'curto' })).toThrow(/PIX_WEBHOOK_SECRET: use pelo menos 32 caracteres/);
  });
});

describe('the Pix notice', () => {
  it('a signed notice pays the charge as the system: the date of horario in São Paulo, the endToEndId as reference, audited', async () => {
    const charge = await newCharge(12_345);
    const raw = notice([{ txid: charge.code, valor: '123.45', endToEndId: 'E12345678202401110230abcdefghijk', horario: '2024-01-11T02:30:00Z' }]);
    const res = await signed(raw);
    expect(res.statusCode).toBe(200);
    expect(res.json<PixNoticeReply>()).toEqual({ results: [{ endToEndId: 'E12345678202401110230abcdefghijk', txid: charge.code, result: 'paid' }] });
    // 02:30 UTC on the 11th is 23:30 on the 10th in São Paulo.
    expect(await chargeNow(charge.id)).toMatchObject({ status: 'paid', paidOn: '2024-01-10', paidReference: 'E12345678202401110230abcdefghijk', paidBy: null });
    const audit = await auditsOf('paid_charge', charge.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: null, data: expect.objectContaining({ reference: 'E12345678202401110230abcdefghijk' }) });

    // The same signed body again (a provider's retry): 200, nothing changes.
    const before = await chargeNow(charge.id);
    const replay = await signed(raw);
    expect(replay.statusCode).toBe(200);
    expect(replay.json<PixNoticeReply>().results[0]!.result).toBe('already_paid');
    expect(await chargeNow(charge.id)).toEqual(before);
    expect(await auditsOf('paid_charge', charge.id)).toHaveLength(1);
    expect(await auditsOf('refused_pix_notice', charge.id)).toHaveLength(0);

    // ANOTHER Pix for the same charge (a second payment, another endToEndId): nothing changes, and the money to give
    // back is on the audit for the team.
    const second = await signed(notice([{ txid: charge.code, valor: '123.45', endToEndId: 'E99999999202401120000zzzzzzzzzzz', horario: '2024-01-12T12:00:00-03:00' }]));
    expect(second.json<PixNoticeReply>().results[0]!.result).toBe('already_paid');
    expect(await chargeNow(charge.id)).toEqual(before);
    const refused = await auditsOf('refused_pix_notice', charge.id);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.data).toMatchObject({ reason: 'duplicate_payment', endToEndId: 'E99999999202401120000zzzzzzzzzzz', receivedCents: 12_345 });
  });

  it('a horario without a time zone offset is refused (400): its day would depend on the server', async () => {
    const charge = await newCharge(2_500);
    const res = await signed(notice([{ txid: charge.code, valor: '25.00', horario: '2024-01-10T23:30:00' }]));
    expect(res.statusCode).toBe(400);
    expect((await chargeNow(charge.id)).status).toBe('open');
  });

  it('a payment by the system activates a first charge\'s waiting rent (the rent machine\'s paid move)', async () => {
    const charge = await newCharge(1_000);
    expect((await signed(notice([{ txid: charge.code, valor: '10.00' }]))).statusCode).toBe(200);
    expect((await chargeNow(charge.id)).status).toBe('paid');
    expect((await t.deps.db.select({ s: rents.status }).from(rents).where(eq(rents.id, charge.rentId)))[0]!.s).toBe('active');
  });

  it('forged, missing, malformed signatures and a signature of another body: 401, nothing changes', async () => {
    const charge = await newCharge(2_000);
    const raw = notice([{ txid: charge.code, valor: '20.00' }]);
    const good = signPixNotice(SECRET, raw);
    const attempts: (string | undefined)[] = [
      undefined,
      '',
      'sha256=',
      signPixNotice('outro-segredo-qualquer-com-32-caracteres!!', raw),
      signPixNotice(SECRET, `${raw} `),
      good.replace('sha256=', 'sha1='),
      good.slice(0, -2),
      good.toUpperCase(),
      `${good}00`,
    ];
    for (const signature of attempts) {
      const res = await post(raw, signature);
      expect(res.statusCode, String(signature)).toBe(401);
    }
    // The signed body changed by one byte after signing.
    expect((await post(raw.replace('20.00', '20.01'), good)).statusCode).toBe(401);
    expect(await chargeNow(charge.id)).toMatchObject({ status: 'open', paidAt: null });
    expect(await auditsOf('paid_charge', charge.id)).toHaveLength(0);
  });

  it('another amount is not paid (audited refused_pix_notice); an unknown txid is answered unknown; a canceled charge is not paid', async () => {
    const charge = await newCharge(3_000);
    const canceled = await newCharge(4_000);
    expect((await call(t.app, 'POST', `/api/charges/${canceled.id}/cancel`, { token: admin })).statusCode).toBe(200);
    const res = await signed(
      notice([
        { txid: charge.code, valor: '29.99', endToEndId: 'E-MENOS' },
        { txid: 'SCNAOEXISTE00000', valor: '10.00', endToEndId: 'E-DESCONHECIDO' },
        { valor: '10.00', endToEndId: 'E-SEM-TXID' },
        { txid: canceled.code, valor: '40.00', endToEndId: 'E-CANCELADA' },
      ]),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<PixNoticeReply>().results.map((r) => r.result)).toEqual(['amount_mismatch', 'unknown', 'unknown', 'canceled']);
    expect((await chargeNow(charge.id)).status).toBe('open');
    expect((await chargeNow(canceled.id)).status).toBe('canceled');
    expect(await auditsOf('refused_pix_notice', charge.id)).toEqual([expect.objectContaining({ data: expect.objectContaining({ reason: 'amount_mismatch', amountCents: 3_000, receivedCents: 2_999 }) })]);
  });

  it('a signed body that is not a Pix notice: 400, nothing changes', async () => {
    for (const raw of ['{', '{}', '{"pix":[]}', JSON.stringify({ pix: [{ txid: 'X', valor: '10,00', endToEndId: 'E', horario: '2024-01-10T10:00:00Z' }] }), JSON.stringify({ pix: [{ txid: 'X', valor: '10.00', endToEndId: 'E', horario: 'ontem' }] })]) {
      const res = await signed(raw);
      expect(res.statusCode, raw).toBe(400);
    }
  });

  it('a notice and the team\'s hand payment at the same time: one payment; the other answers 409 or already_paid, never 500', async () => {
    for (let i = 0; i < 3; i++) {
      const charge = await newCharge(5_000 + i);
      const raw = notice([{ txid: charge.code, valor: ((5_000 + i) / 100).toFixed(2) }]);
      const [hook, hand] = await Promise.all([
        signed(raw),
        call(t.app, 'POST', `/api/charges/${charge.id}/pay`, { token: admin, payload: { paidOn: '2024-01-10', reference: 'MAO' } }),
      ]);
      expect(hook.statusCode).toBe(200);
      expect([200, 409]).toContain(hand.statusCode);
      const result = hook.json<PixNoticeReply>().results[0]!.result;
      expect(result === 'paid' ? hand.statusCode === 409 : result === 'already_paid' && hand.statusCode === 200).toBe(true);
      expect(await auditsOf('paid_charge', charge.id)).toHaveLength(1);
    }
  });

  it('without PIX_WEBHOOK_SECRET the webhook answers 404, even to a body signed with the old secret', async () => {
    const charge = await newCharge(6_000);
    const raw = notice([{ txid: charge.code, valor: '60.00' }]);
    const config = t.deps.config as { PIX_WEBHOOK_SECRET: string };
    config.PIX_WEBHOOK_SECRET = '';
    try {
      expect((await signed(raw)).statusCode).toBe(404);
    } finally {
      config.PIX_WEBHOOK_SECRET = SECRET;
    }
    expect((await chargeNow(charge.id)).status).toBe('open');
  });
});
