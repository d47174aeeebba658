/** Seller view and the terms flags (spec 1 §2.13, §7 "Seller account … terms"). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { SellerView } from '@edu/shared/institutions';
import { sellers, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { DEMO_PASSWORD, call, createTestApp, demoEmail, signIn, type TestApp } from './harness';
import { buildInstitution, buildUser } from './factories';

let t: TestApp;
const tokens = new Map<string, string>();
const tok = async (local: string) => {
  if (!tokens.has(local)) tokens.set(local, await signIn(t.app, local));
  return tokens.get(local)!;
};
let demoSellerId: number;
/** A new institution that has not accepted anything yet, with a seller user and an assistant. */
let fresh: { id: number; seller: string; assistant: string };

beforeAll(async () => {
  t = await createTestApp();
  const [demoSeller] = await t.deps.db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller')));
  demoSellerId = demoSeller!.sellerId!;
  const sellerId = await buildInstitution(t.deps.db, { name: 'Escola Nova', companyName: 'Escola Nova Ltda', cnpj: '11444777000161', status: 'active' });
  const base = { password: DEMO_PASSWORD, sellerId, emailConfirmedAt: new Date() };
  await buildUser(t.deps.db, { ...base, name: 'Nina Nova', email: 'nina@escolanova.com.br', type: 'seller' });
  await buildUser(t.deps.db, { ...base, name: 'Nico Assistente', email: 'nico@escolanova.com.br', type: 'seller_assistent' });
  fresh = { id: sellerId, seller: 'nina@escolanova.com.br', assistant: 'nico@escolanova.com.br' };
});
afterAll(() => t?.close());

const flags = async (id: number) => {
  const [row] = await t.deps.db.select().from(sellers).where(eq(sellers.id, id));
  return [row!.acceptedTerms, row!.acceptedLatePaymentTerms];
};

describe('GET /api/sellers/view/:id', () => {
  it("a seller's users see their own seller with the terms flags, and no secrets", async () => {
    for (const local of [fresh.seller, fresh.assistant]) {
      const res = await call(t.app, 'GET', `/api/sellers/view/${fresh.id}`, { token: await tok(local) });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<SellerView>()).toMatchObject({ id: fresh.id, name: 'Escola Nova', status: 'active', accepted_terms: false, accepted_late_payment_terms: false });
      expect(res.body).not.toMatch(/lms|hash/i);
    }
    const demo = await call(t.app, 'GET', `/api/sellers/view/${demoSellerId}`, { token: await tok('seller.conteudo') });
    // The demo institution has already accepted (so the demo accounts are not interrupted).
    expect(demo.json()).toMatchObject({ id: demoSellerId, accepted_terms: true, accepted_late_payment_terms: true });
  });

  it("another seller's record is 404; admin and director see any; other types 403; no token 401", async () => {
    expect((await call(t.app, 'GET', `/api/sellers/view/${fresh.id}`, { token: await tok('seller') })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/sellers/view/${demoSellerId}`, { token: await tok(fresh.assistant) })).statusCode).toBe(404);
    for (const local of ['admin', 'director']) {
      const res = await call(t.app, 'GET', `/api/sellers/view/${fresh.id}`, { token: await tok(local) });
      expect(res.json()).toMatchObject({ id: fresh.id });
      expect((await call(t.app, 'GET', '/api/sellers/view/999999', { token: await tok(local) })).statusCode).toBe(404);
    }
    for (const local of ['provider', 'manager', 'client']) {
      const res = await call(t.app, 'GET', `/api/sellers/view/${fresh.id}`, { token: await tok(local) });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: MSG.forbidden });
    }
    expect((await call(t.app, 'GET', `/api/sellers/view/${fresh.id}`)).statusCode).toBe(401);
  });
});

describe('accepting the terms', () => {
  it('refuses other sellers, non-seller types and bad input; nothing changes', async () => {
    const other = await call(t.app, 'POST', '/api/sellers/accepted-terms', { token: await tok('seller'), payload: { seller_id: fresh.id } });
    expect(other.statusCode).toBe(404);
    const otherLate = await call(t.app, 'POST', '/api/sellers/accepted-late-payment-terms', { token: await tok('seller'), payload: { seller_id: fresh.id } });
    expect(otherLate.statusCode).toBe(404);
    for (const local of [fresh.assistant, 'admin', 'director', 'seller.conteudo', 'provider']) {
      for (const path of ['accepted-terms', 'accepted-late-payment-terms']) {
        const res = await call(t.app, 'POST', `/api/sellers/${path}`, { token: await tok(local), payload: { seller_id: fresh.id } });
        expect(res.statusCode, `${local} ${path}`).toBe(403);
      }
    }
    const token = await tok(fresh.seller);
    const missing = await call(t.app, 'POST', '/api/sellers/accepted-terms', { token, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { seller_id: MSG.required } });
    const extra = await call(t.app, 'POST', '/api/sellers/accepted-terms', { token, payload: { seller_id: fresh.id, accepted: false } });
    expect(extra.statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/sellers/accepted-terms', { payload: { seller_id: fresh.id } })).statusCode).toBe(401);
    expect(await flags(fresh.id)).toEqual([false, false]);
  });

  it('the seller accepts each term once, with an audit entry; a repeat is harmless', async () => {
    const token = await tok(fresh.seller);
    const terms = await call(t.app, 'POST', '/api/sellers/accepted-terms', { token, payload: { seller_id: fresh.id } });
    expect(terms.statusCode, terms.body).toBe(200);
    expect(terms.json()).toMatchObject({ id: fresh.id, accepted_terms: true, accepted_late_payment_terms: false });
    expect(await flags(fresh.id)).toEqual([true, false]);

    const late = await call(t.app, 'POST', '/api/sellers/accepted-late-payment-terms', { token, payload: { seller_id: fresh.id } });
    expect(late.json()).toMatchObject({ accepted_terms: true, accepted_late_payment_terms: true });
    expect(await flags(fresh.id)).toEqual([true, true]);

    await call(t.app, 'POST', '/api/sellers/accepted-terms', { token, payload: { seller_id: fresh.id } });
    const audit = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.sellerId, fresh.id), inArray(auditLogs.action, ['accepted_terms', 'accepted_late_payment_terms'])));
    expect(audit.map((a) => a.action).sort()).toEqual(['accepted_late_payment_terms', 'accepted_terms']);
    const [nina] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, fresh.seller));
    expect(audit.every((a) => a.userId === nina!.id)).toBe(true);

    const view = await call(t.app, 'GET', `/api/sellers/view/${fresh.id}`, { token: await tok(fresh.assistant) });
    expect(view.json()).toMatchObject({ accepted_terms: true, accepted_late_payment_terms: true });
  });
});
