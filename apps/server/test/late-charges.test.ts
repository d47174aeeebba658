/**
 * The late-payment rule on a controlled clock (`runLateCharges(deps, now)`): an open charge turns overdue the day after
 * its due date, the institution's account holders are told (bell and e-mail with the Pix code) on the due date and 3
 * and 7 days after it — each notice once, however many runs, in parallel too, and only the latest one due after a
 * pause —, more than 10 days late the institution is suspended for non-payment (its users told, the reason in the
 * session and the team's list), and paying reactivates it; a suspension by hand is never lifted by a payment and a
 * status set by hand clears the reason; a pending institution is never suspended. The charge e-mails: the new charge
 * with its Pix code and the receipt of a paid one.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { SessionUser } from '@edu/shared/auth';
import { CHARGES_MSG } from '@edu/shared/charges';
import type { InstitutionsPage } from '@edu/shared/institutions';
import { formatCents, spToday } from '@edu/shared/format';
import { auditLogs, emails } from '../src/platform/platform.tables';
import { chargeNotices, charges, notifications, plans, rentHistory, rents, sellers, users } from '../src/db/schema';
import { openRent } from '../src/modules/rents/rent-lifecycle';
import { insertCharge } from '../src/modules/charges/charges.commands';
import { payCharge, runLateCharges, SYSTEM_ACTOR } from '../src/modules/charges/index';
import { latestNoticeDay } from '../src/modules/charges/late-charges';
import { addDays, periodOf } from '../src/modules/charges/charge-dates';
import { chargePix, pixReceiver } from '../src/modules/charges/pix-settings';
import { call, createTestApp, createTestCluster, signIn, type TestApp, type TestInstance } from './harness';
import { buildInstitution, buildPlanPrice, buildProvider, buildRentRequest, buildUser } from './factories';

const PIX_ENV = { PIX_KEY: 'pix@sabercompartilhado.com.br', PIX_NAME: 'Saber Compartilhado', PIX_CITY: 'São Paulo' };
const PASSWORD = 'Senha@123';

let t: TestApp;
let planId: number;
let adminToken: string;
let adminId: number;
let n = 0;

/** Noon in São Paulo of calendar day `iso` (the job's clock). */
const at = (iso: string) => new Date(`${iso}T15:00:00Z`);
const run = (iso: string) => runLateCharges(t.deps, at(iso));

interface Institution {
  sellerId: number;
  holderId: number;
  holderEmail: string;
  assistantId: number;
}

/** An institution with its account holder (type seller, can sign in) and an assistant. */
async function institution(status: 'active' | 'pending' = 'active'): Promise<Institution> {
  n += 1;
  const db = t.deps.db;
  const sellerId = await buildInstitution(db, { name: `Colégio Atraso ${n}`, cnpj: '11444777000161', status });
  const holderEmail = `titular${n}@atraso.com.br`;
  const holderId = await buildUser(db, { name: `Titular ${n}`, email: holderEmail, type: 'seller', sellerId, password: PASSWORD });
  const assistantId = await buildUser(db, { name: `Assistente ${n}`, email: `assistente${n}@atraso.com.br`, type: 'seller_assistent', sellerId });
  return { sellerId, holderId, holderEmail, assistantId };
}

/** An open charge of `sellerId` due on `dueOn`, for a new active rent at `amountCents`. */
async function chargeDue(sellerId: number, dueOn: string, amountCents = 15_990) {
  const db = t.deps.db;
  const providerId = await buildProvider(db, { companyName: `Editora Atraso ${n}-${amountCents}-${dueOn}`, email: `editora${n}@atraso.com.br` });
  await buildPlanPrice(db, { planId, providerId, valueCents: amountCents });
  return db.transaction(async (tx) => {
    const rent = await openRent(tx, 'create', { sellerId, providerId, planId, valueCents: amountCents }, { id: adminId, type: 'admin' });
    return insertCharge(tx, t.deps, { sellerId, period: periodOf(addDays(dueOn, -5)), dueOn, rents: [{ rentId: rent.id, amountCents }] });
  });
}

const statusOf = async (chargeId: number) => (await t.deps.db.select({ s: charges.status }).from(charges).where(eq(charges.id, chargeId)))[0]!.s;
const sellerOf = async (sellerId: number) =>
  (await t.deps.db.select({ status: sellers.status, reason: sellers.suspensionReason }).from(sellers).where(eq(sellers.id, sellerId)))[0]!;
const noticesOf = async (chargeId: number) =>
  (await t.deps.db.select({ day: chargeNotices.day }).from(chargeNotices).where(eq(chargeNotices.chargeId, chargeId)).orderBy(chargeNotices.day)).map((r) => r.day);
const mailsTo = (address: string, subject: string) =>
  t.deps.db.select().from(emails).where(and(eq(emails.to, address), like(emails.subject, `${subject}%`))).orderBy(desc(emails.id));
const bellsOf = (userId: number, text: string) =>
  t.deps.db.select().from(notifications).where(and(eq(notifications.userId, userId), like(notifications.text, `%${text}%`)));
const pixOf = async (chargeId: number) => {
  const [charge] = await t.deps.db.select().from(charges).where(eq(charges.id, chargeId));
  return chargePix(pixReceiver(t.deps.config), charge!)!;
};
const payByHand = (chargeId: number, paidOn = spToday(), reference = 'E2E-ATRASO') =>
  call(t.app, 'POST', `/api/charges/${chargeId}/pay`, { token: adminToken, payload: { paidOn, reference } });
const setStatusByHand = (sellerId: number, status: string) => call(t.app, 'PUT', `/api/sellers/status/${sellerId}`, { token: adminToken, payload: { status } });
const dd = (iso: string) => iso.split('-').reverse().join('/');

beforeAll(async () => {
  t = await createTestApp({ env: PIX_ENV });
  adminToken = await signIn(t.app, 'admin');
  const db = t.deps.db;
  [{ id: planId }] = (await db.select({ id: plans.id }).from(plans).limit(1)) as [{ id: number }];
  [{ id: adminId }] = (await db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')).limit(1)) as [{ id: number }];
});
afterAll(() => t?.close());

describe('the notice days', () => {
  it('the latest notice due, or none before the first', () => {
    expect(latestNoticeDay([0, 3, 7], -1)).toBeNull();
    expect(latestNoticeDay([0, 3, 7], 0)).toBe(0);
    expect(latestNoticeDay([0, 3, 7], 2)).toBe(0);
    expect(latestNoticeDay([0, 3, 7], 3)).toBe(3);
    expect(latestNoticeDay([0, 3, 7], 30)).toBe(7);
  });
});

describe('the timeline of one unpaid charge', () => {
  const today = spToday();
  // Due 30 days ago, so paying it today by hand is a real payment of a charge long overdue.
  const due = addDays(today, -30);
  let inst: Institution;
  let chargeId: number;

  it('day 0 (the due date): still open, the first notice (bell and e-mail with the Pix code and the link to Financeiro)', async () => {
    inst = await institution();
    chargeId = (await chargeDue(inst.sellerId, due)).id;
    await run(addDays(due, -1));
    expect(await noticesOf(chargeId)).toEqual([]);
    const r = await run(due);
    expect(r.expired).not.toContain(chargeId);
    expect(await statusOf(chargeId)).toBe('open');
    expect(r.notices).toContainEqual({ chargeId, day: 0 });
    expect(await noticesOf(chargeId)).toEqual([0]);
    const [mail] = await mailsTo(inst.holderEmail, 'Sua cobrança de');
    expect(mail!.subject).toBe(`Sua cobrança de ${formatCents(15_990)} vence hoje`);
    expect(mail!.text).toContain(await pixOf(chargeId));
    expect(mail!.text).toContain(`${t.deps.config.PUBLIC_URL}/dashboard/financeiro`);
    expect(mail!.text).toContain(dd(addDays(due, 11)));
    expect(await bellsOf(inst.holderId, 'vence hoje')).toHaveLength(1);
    // The assistant does not manage the money: no notice.
    expect(await bellsOf(inst.assistantId, 'vence hoje')).toHaveLength(0);
    // The same day again: nothing more.
    expect((await run(due)).notices).not.toContainEqual(expect.objectContaining({ chargeId }));
  });

  it('day 1: overdue (the system, audited), no notice', async () => {
    const r = await run(addDays(due, 1));
    expect(r.expired).toContain(chargeId);
    expect(await statusOf(chargeId)).toBe('overdue');
    expect(r.notices.filter((x) => x.chargeId === chargeId)).toEqual([]);
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'expired_charge')).orderBy(desc(auditLogs.id));
    expect(audit).toMatchObject({ userId: null, data: expect.objectContaining({ chargeId, from: 'open', to: 'overdue' }) });
    expect((await run(addDays(due, 2))).notices.filter((x) => x.chargeId === chargeId)).toEqual([]);
  });

  it('day 3 and day 7: one notice each, even with two runs at once', async () => {
    for (const day of [3, 7]) {
      const runs = await Promise.all([run(addDays(due, day)), run(addDays(due, day))]);
      expect(runs.flatMap((r) => r.notices).filter((x) => x.chargeId === chargeId)).toEqual([{ chargeId, day }]);
      expect((await run(addDays(due, day))).notices.filter((x) => x.chargeId === chargeId)).toEqual([]);
    }
    expect(await noticesOf(chargeId)).toEqual([0, 3, 7]);
    const late = await mailsTo(inst.holderEmail, 'Cobrança em atraso');
    expect(late.map((m) => m.text.match(/vencida há (\d+) dias/)?.[1])).toEqual(['7', '3']);
    for (const m of late) expect(m.text).toContain(await pixOf(chargeId));
    expect(await bellsOf(inst.holderId, 'Cobrança em atraso')).toHaveLength(2);
    const audits = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'sent_charge_late_notice'));
    expect(audits.filter((a) => (a.data as { chargeId: number }).chargeId === chargeId)).toHaveLength(3);
  });

  it('day 10: still active; day 11: suspended for non-payment, its users and the team told', async () => {
    expect((await run(addDays(due, 10))).suspended).not.toContain(inst.sellerId);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'active', reason: null });
    const runs = await Promise.all([run(addDays(due, 11)), run(addDays(due, 11))]);
    expect(runs.flatMap((r) => r.suspended).filter((id) => id === inst.sellerId)).toEqual([inst.sellerId]);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: 'non_payment' });
    for (const userId of [inst.holderId, inst.assistantId]) expect(await bellsOf(userId, 'inadimplência')).toHaveLength(1);
    expect(await mailsTo(inst.holderEmail, 'Acesso suspenso por inadimplência')).toHaveLength(1);
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'suspended_seller_non_payment')).orderBy(desc(auditLogs.id));
    expect(audit).toMatchObject({ userId: null, data: expect.objectContaining({ sellerId: inst.sellerId, chargeIds: [chargeId], reason: 'non_payment' }) });
  });

  it('the session and the team’s list show the reason; the notice of overdue charges is counted', async () => {
    const token = await signIn(t.app, inst.holderEmail, PASSWORD);
    const me = await call(t.app, 'GET', '/api/me', { token });
    expect(me.json<SessionUser>().seller).toMatchObject({ id: inst.sellerId, status: 'suspended', suspensionReason: 'non_payment', overdueCharges: 1 });
    const list = await call(t.app, 'GET', '/api/sellers?page=1&status=suspended&limit=100', { token: adminToken });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<InstitutionsPage>().data.find((r) => r.id === inst.sellerId)).toMatchObject({ status: 'suspended', suspensionReason: 'non_payment' });
  });

  it('paying the overdue charge reactivates it (audited as the system), with the receipt e-mail', async () => {
    const res = await payByHand(chargeId, today, 'E2E-PAGO-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'active', reason: null });
    const [receipt] = await mailsTo(inst.holderEmail, 'Recibo');
    expect(receipt!.subject).toBe(`Recibo: pagamento de ${formatCents(15_990)} confirmado`);
    expect(receipt!.text).toContain(`Data do pagamento: ${dd(today)}.`);
    expect(receipt!.text).toContain('Referência do pagamento: E2E-PAGO-1.');
    expect(receipt!.text).toContain(`${t.deps.config.PUBLIC_URL}/dashboard/financeiro`);
    expect(await bellsOf(inst.holderId, 'Pagamento confirmado')).toHaveLength(1);
    expect(await bellsOf(inst.assistantId, 'foi reativado')).toHaveLength(1);
    const [audit] = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'reactivated_seller_after_payment')).orderBy(desc(auditLogs.id));
    expect(audit).toMatchObject({ userId: null, data: expect.objectContaining({ sellerId: inst.sellerId, chargeId }) });
    // Paid: no more notices, no more suspension.
    const later = await run(addDays(due, 12));
    expect(later.suspended).not.toContain(inst.sellerId);
    expect(later.notices.filter((x) => x.chargeId === chargeId)).toEqual([]);
    const me = await call(t.app, 'GET', '/api/me', { token: await signIn(t.app, inst.holderEmail, PASSWORD) });
    expect(me.json<SessionUser>().seller).toMatchObject({ status: 'active', suspensionReason: null, overdueCharges: 0 });
  });
});

describe('after a pause', () => {
  it('a job that did not run for days sends only the latest notice due, once', async () => {
    const inst = await institution();
    const due = addDays(spToday(), -60);
    const { id } = await chargeDue(inst.sellerId, due);
    const r = await run(addDays(due, 8));
    expect(r.expired).toContain(id);
    expect(r.notices.filter((x) => x.chargeId === id)).toEqual([{ chargeId: id, day: 7 }]);
    expect((await run(addDays(due, 9))).notices.filter((x) => x.chargeId === id)).toEqual([]);
    expect(await noticesOf(id)).toEqual([7]);
    expect(await mailsTo(inst.holderEmail, 'Cobrança em atraso')).toHaveLength(1);
  });
});

describe('suspensions by hand and pending institutions', () => {
  it('an institution suspended by hand is never suspended for non-payment nor reactivated by a payment', async () => {
    const inst = await institution();
    const due = addDays(spToday(), -20);
    const { id } = await chargeDue(inst.sellerId, due);
    expect((await setStatusByHand(inst.sellerId, 'suspended')).statusCode).toBe(200);
    expect((await run(addDays(due, 12))).suspended).not.toContain(inst.sellerId);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: null });
    expect((await payByHand(id)).statusCode).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: null });
    expect((await run(addDays(due, 13))).reactivated).not.toContain(inst.sellerId);
  });

  it('a suspension for non-payment confirmed by hand becomes a suspension by hand: the payment does not lift it', async () => {
    const inst = await institution();
    const due = addDays(spToday(), -20);
    const { id } = await chargeDue(inst.sellerId, due);
    await run(addDays(due, 11));
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: 'non_payment' });
    expect((await setStatusByHand(inst.sellerId, 'suspended')).statusCode).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: null });
    expect((await payByHand(id)).statusCode).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: null });
  });

  it('a reactivation by hand clears the reason', async () => {
    const inst = await institution();
    const due = addDays(spToday(), -20);
    await chargeDue(inst.sellerId, due);
    await run(addDays(due, 11));
    expect((await setStatusByHand(inst.sellerId, 'active')).statusCode).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'active', reason: null });
  });

  it('a pending institution is not suspended', async () => {
    const inst = await institution('pending');
    const due = addDays(spToday(), -20);
    await chargeDue(inst.sellerId, due);
    const r = await run(addDays(due, 15));
    expect(r.suspended).not.toContain(inst.sellerId);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'pending', reason: null });
  });

  it('one of two late charges paid: still suspended while the other is beyond the tolerance; canceling it lifts the suspension', async () => {
    const inst = await institution();
    const due = addDays(spToday(), -25);
    const a = await chargeDue(inst.sellerId, due, 1_000);
    const b = await chargeDue(inst.sellerId, addDays(due, 1), 2_000);
    await run(addDays(due, 13));
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: 'non_payment' });
    expect((await payByHand(a.id)).statusCode).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'suspended', reason: 'non_payment' });
    const canceled = await call(t.app, 'POST', `/api/charges/${b.id}/cancel`, { token: adminToken });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await sellerOf(inst.sellerId)).toEqual({ status: 'active', reason: null });
  });
});

describe('the charge e-mails', () => {
  it('accepting a rent request e-mails the new charge with its Pix code to the account holder; paying it e-mails the receipt', async () => {
    const inst = await institution();
    const db = t.deps.db;
    const { rentId } = await buildRentRequest(db, { sellerId: inst.sellerId, planId, valueCents: 12_345, byUserId: inst.holderId, companyName: 'Editora Aceite' });
    const rent = { id: rentId };
    const accepted = await call(t.app, 'PUT', `/api/sellers/rents/${rent.id}`, { token: adminToken, payload: { status: 'waiting' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [charge] = await db.select().from(charges).where(inArray(charges.sellerId, [inst.sellerId]));
    const [mail] = await mailsTo(inst.holderEmail, 'Nova cobrança');
    expect(mail!.subject).toBe(`Nova cobrança de ${formatCents(12_345)} — vencimento em ${dd(charge!.dueOn)}`);
    expect(mail!.text).toContain(await pixOf(charge!.id));
    expect(mail!.text).toContain('Editora Aceite');
    expect(mail!.text).toContain(`${t.deps.config.PUBLIC_URL}/dashboard/financeiro`);
    expect(mail!.text).not.toContain(CHARGES_MSG.pixDemo);
    expect(await bellsOf(inst.holderId, 'Nova cobrança')).toHaveLength(1);
    expect((await payByHand(charge!.id, spToday(), 'E2E-ACEITE')).statusCode).toBe(200);
    const [receipt] = await mailsTo(inst.holderEmail, 'Recibo');
    expect(receipt!.text).toContain('Referência do pagamento: E2E-ACEITE.');
    expect(receipt!.text).toContain(`Valor: ${formatCents(12_345)}.`);
  });
});

describe('a system payment (payCharge with SYSTEM_ACTOR)', () => {
  it('pays a first charge: the waiting rent becomes active by the system, audited without a user, the receipt sent', async () => {
    const inst = await institution();
    const db = t.deps.db;
    const { rentId } = await buildRentRequest(db, { sellerId: inst.sellerId, planId, valueCents: 4_321, byUserId: inst.holderId, companyName: 'Editora Sistema' });
    const rent = { id: rentId };
    expect((await call(t.app, 'PUT', `/api/sellers/rents/${rent.id}`, { token: adminToken, payload: { status: 'waiting' } })).statusCode).toBe(200);
    const [charge] = await db.select().from(charges).where(eq(charges.sellerId, inst.sellerId));
    const paid = await db.transaction((tx) => payCharge(t.deps, tx, charge!.id, SYSTEM_ACTOR, { paidOn: spToday(), reference: 'PIX-E2E-SISTEMA' }));
    expect(paid).toMatchObject({ from: 'open', to: 'paid', activatedRentIds: [rent.id], reactivated: false });
    expect(paid.charge).toMatchObject({ status: 'paid', paidBy: null, paidReference: 'PIX-E2E-SISTEMA' });
    const [r] = await db.select({ status: rents.status }).from(rents).where(eq(rents.id, rent.id));
    expect(r!.status).toBe('active');
    const [history] = await db.select().from(rentHistory).where(eq(rentHistory.rentId, rent.id)).orderBy(desc(rentHistory.id)).limit(1);
    expect(history).toMatchObject({ status: 'active', byUserId: null });
    const [audit] = await db.select().from(auditLogs).where(eq(auditLogs.action, 'paid_charge')).orderBy(desc(auditLogs.id)).limit(1);
    expect(audit).toMatchObject({ userId: null, data: expect.objectContaining({ chargeId: charge!.id, by: 'system', activatedRentIds: [rent.id] }) });
    const [receipt] = await mailsTo(inst.holderEmail, 'Recibo');
    expect(receipt!.text).toContain('Referência do pagamento: PIX-E2E-SISTEMA.');
    // Paying again: 409, nothing changed.
    const again = await db.transaction((tx) => payCharge(t.deps, tx, charge!.id, SYSTEM_ACTOR, { paidOn: spToday(), reference: 'X' })).then(
      () => null,
      (e: unknown) => e as { statusCode?: number },
    );
    expect(again?.statusCode).toBe(409);
  });
});

describe('the demonstration Pix', () => {
  it('the e-mail of a charge in a demonstration carries the demonstration code and says not to pay it', async () => {
    const demo = await createTestApp({ env: { DEMO_DATA: 'true' } });
    try {
      const db = demo.deps.db;
      const sellerId = await buildInstitution(db, { name: 'Colégio Demonstração', cnpj: '11444777000161', status: 'active' });
      await buildUser(db, { name: 'Titular Demo', email: 'titular@demo-atraso.com.br', type: 'seller', sellerId });
      const [{ id: plan }] = (await db.select({ id: plans.id }).from(plans).limit(1)) as [{ id: number }];
      const [{ id: admin }] = (await db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')).limit(1)) as [{ id: number }];
      const providerId = await buildProvider(db, { companyName: 'Editora Demo', email: 'demo@atraso.com.br' });
      const charge = await db.transaction(async (tx) => {
        const rent = await openRent(tx, 'create', { sellerId, providerId, planId: plan, valueCents: 5_000 }, { id: admin, type: 'admin' });
        return insertCharge(tx, demo.deps, { sellerId, period: periodOf(spToday()), dueOn: spToday(), rents: [{ rentId: rent.id, amountCents: 5_000 }] });
      });
      const [mail] = await db.select().from(emails).where(eq(emails.to, 'titular@demo-atraso.com.br'));
      expect(mail!.text).toContain(chargePix(pixReceiver(demo.deps.config), charge)!);
      expect(mail!.text).toContain(CHARGES_MSG.pixDemo);
    } finally {
      await demo.close();
    }
  });
});

describe.skipIf(!inject('testDatabase'))('two server instances', () => {
  it('running the rule at once on one database: one expiry, one notice per day, one suspension', { timeout: 60_000 }, async () => {
    const cluster = await createTestCluster(2, { env: PIX_ENV });
    try {
      const [one, two] = cluster.instances as [TestInstance, TestInstance];
      const db = one.deps.db;
      const sellerId = await buildInstitution(db, { name: 'Colégio Dois Servidores', cnpj: '11444777000161', status: 'active' });
      const holderEmail = 'titular@dois-servidores.com.br';
      await buildUser(db, { name: 'Titular Dois', email: holderEmail, type: 'seller', sellerId });
      const [{ id: plan }] = (await db.select({ id: plans.id }).from(plans).limit(1)) as [{ id: number }];
      const [{ id: admin }] = (await db.select({ id: users.id }).from(users).where(eq(users.type, 'admin')).limit(1)) as [{ id: number }];
      const providerId = await buildProvider(db, { companyName: 'Editora Dois Servidores', email: 'dois@atraso.com.br' });
      const due = addDays(spToday(), -20);
      const charge = await db.transaction(async (tx) => {
        const rent = await openRent(tx, 'create', { sellerId, providerId, planId: plan, valueCents: 7_000 }, { id: admin, type: 'admin' });
        return insertCharge(tx, one.deps, { sellerId, period: periodOf(addDays(due, -5)), dueOn: due, rents: [{ rentId: rent.id, amountCents: 7_000 }] });
      });
      for (const day of [0, 1, 3, 7, 11]) {
        const now = at(addDays(due, day));
        const runs = await Promise.all([runLateCharges(one.deps, now), runLateCharges(two.deps, now), runLateCharges(one.deps, now), runLateCharges(two.deps, now)]);
        const expired = runs.flatMap((r) => r.expired).filter((id) => id === charge.id);
        expect(expired).toHaveLength(day === 1 ? 1 : 0);
        const notices = runs.flatMap((r) => r.notices).filter((x) => x.chargeId === charge.id);
        expect(notices).toEqual([0, 3, 7].includes(day) ? [{ chargeId: charge.id, day }] : []);
        expect(runs.flatMap((r) => r.suspended).filter((id) => id === sellerId)).toHaveLength(day === 11 ? 1 : 0);
      }
      const notices = await db.select().from(chargeNotices).where(eq(chargeNotices.chargeId, charge.id));
      expect(notices.map((x) => x.day).sort((a, b) => a - b)).toEqual([0, 3, 7]);
      const mails = await db.select().from(emails).where(eq(emails.to, holderEmail));
      // The new charge, three notices, the suspension.
      expect(mails.map((m) => m.subject.split(' ')[0]).sort()).toEqual(['Acesso', 'Cobrança', 'Cobrança', 'Nova', 'Sua']);
    } finally {
      await cluster.close();
    }
  });
});
