/**
 * Notices are the notifications module's: the other modules emit domain events (rents, payment requests,
 * institutions, course imports) and modules/notifications subscribes the bell and e-mail notices `within` the
 * transaction of the change. No other file imports the notifying functions, and a change that does not commit
 * tells nobody.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notifications, planPrices, plans, rents, sellers, users } from '../src/db/schema';
import { domainEvents } from '../src/platform/domain-events';
import { call, createTestApp, demoEmail, emailsTo, signIn, type TestApp } from './harness';
import { SRC, sourceFiles } from './source-scan';

const NOTIFYING = ['notifyUsers', 'platformTeam', 'providerHolders', 'sellerTeam'];

/** The notifying names `source` imports (any import statement naming one of them). */
export function notifyingImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"][^'"]+['"]/g)) {
    const names = m[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!);
    found.push(...names.filter((n) => NOTIFYING.includes(n)));
  }
  return found;
}

describe('only modules/notifications notifies', () => {
  it('the scan finds such an import when there is one (it can fail)', () => {
    expect(notifyingImports("import { notifyUsers } from '../notifications/index';")).toEqual(['notifyUsers']);
    expect(notifyingImports("import {\n  platformTeam,\n  providerHolders as holders,\n} from '../notifications/recipients';")).toEqual([
      'platformTeam',
      'providerHolders',
    ]);
    expect(notifyingImports("export { sellerTeam } from './recipients';")).toEqual(['sellerTeam']);
    expect(notifyingImports("import { sellerRentsRoutes as R } from '@edu/shared/rents';")).toEqual([]);
  });

  it('no file of apps/server/src outside modules/notifications imports notifyUsers or the recipient helpers', () => {
    const offenders = sourceFiles(SRC)
      .map((file) => ({ file: path.relative(SRC, file).split(path.sep).join('/'), names: notifyingImports(fs.readFileSync(file, 'utf8')) }))
      .filter(({ file, names }) => names.length > 0 && !file.startsWith('modules/notifications/'));
    expect(offenders).toEqual([]);
  });

  it("the notifications module's front door does not offer them", () => {
    expect(notifyingImports(fs.readFileSync(path.join(SRC, 'modules/notifications/index.ts'), 'utf8'))).toEqual([]);
  });
});

describe('the notices run in the transaction of the change', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let sellerId: number;
  let providerId: number;
  let failNext = false;
  const db = () => t.deps.db;
  const userId = async (local: string) => (await db().select({ id: users.id }).from(users).where(eq(users.email, demoEmail(local))))[0]!.id;
  const bellCount = async (local: string) =>
    (await db().select().from(notifications).where(eq(notifications.userId, await userId(local)))).length;
  const cancel = (local: string, id: number) => call(t.app, 'DELETE', `/api/sellers/rents/${id}`, { token: tok[local] });

  beforeAll(async () => {
    t = await createTestApp();
    for (const local of ['admin', 'seller', 'provider']) tok[local] = await signIn(t.app, local);
    const demo = async (local: string) => (await db().select().from(users).where(eq(users.email, demoEmail(local))))[0]!;
    sellerId = (await demo('seller')).sellerId!;
    providerId = (await demo('provider')).providerId!;
    // A subscriber after the notices' that refuses the change when asked to: the change rolls back, notices with it.
    const refuse = async () => {
      if (failNext) throw new Error('refused by a later subscriber');
    };
    domainEvents(t.deps).within('rent.cancellation_requested', refuse);
    domainEvents(t.deps).within('institution.suspended', refuse);
  });
  afterAll(() => t?.close());

  async function activeRent(): Promise<number> {
    const [rent] = await db()
      .select({ id: rents.id })
      .from(rents)
      .where(and(eq(rents.sellerId, sellerId), eq(rents.providerId, providerId), eq(rents.status, 'active')));
    if (rent) return rent.id;
    const [plan] = await db()
      .select({ id: plans.id })
      .from(plans)
      .innerJoin(planPrices, eq(planPrices.planId, plans.id))
      .where(eq(planPrices.providerId, providerId));
    const payload = { sellerId, providerId, planId: plan!.id };
    const res = await call(t.app, 'POST', '/api/sellers/rents/plans-rents', { token: tok.admin, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rent: { id: number } }>().rent.id;
  }

  it('a cancellation request a later subscriber refuses leaves no bell row, no e-mail and no request', async () => {
    const rentId = await activeRent();
    const [bells, mails] = [await bellCount('provider'), (await emailsTo(t.deps, demoEmail('provider'))).length];
    failNext = true;
    const refused = await cancel('seller', rentId);
    failNext = false;
    expect(refused.statusCode).toBe(500);
    expect(await bellCount('provider')).toBe(bells);
    expect((await emailsTo(t.deps, demoEmail('provider'))).length).toBe(mails);
    expect((await db().select({ at: rents.cancelRequestedAt }).from(rents).where(eq(rents.id, rentId)))[0]!.at).toBeNull();

    // The same request, committed: the provider's account holder is told once.
    expect((await cancel('seller', rentId)).statusCode).toBe(200);
    expect(await bellCount('provider')).toBe(bells + 1);
    expect((await emailsTo(t.deps, demoEmail('provider'))).length).toBe(mails + 1);

    // Asked twice: refused by the lifecycle (409), nobody is told again.
    expect((await cancel('seller', rentId)).statusCode).toBe(409);
    expect(await bellCount('provider')).toBe(bells + 1);
  });

  it("a suspension a later subscriber refuses tells nobody; committed, the institution's users are told once", async () => {
    const [s] = await db()
      .insert(sellers)
      .values({ name: 'Escola Eventos', companyName: 'Escola Eventos', cnpj: '11222333000181', status: 'active' })
      .returning();
    const member = { name: 'Elisa Eventos', email: 'elisa.eventos@exemplo.com.br', passwordHash: 'x' };
    const [u] = await db()
      .insert(users)
      .values({ ...member, type: 'seller', status: 'active', sellerId: s!.id })
      .returning();
    const suspend = () => call(t.app, 'PUT', `/api/sellers/status/${s!.id}`, { token: tok.admin, payload: { status: 'suspended' } });
    failNext = true;
    const refused = await suspend();
    failNext = false;
    expect(refused.statusCode).toBe(500);
    expect(await db().select().from(notifications).where(eq(notifications.userId, u!.id))).toEqual([]);
    expect((await db().select({ status: sellers.status }).from(sellers).where(eq(sellers.id, s!.id)))[0]!.status).toBe('active');
    const res = await suspend();
    expect(res.statusCode, res.body).toBe(200);
    const bell = await db().select().from(notifications).where(eq(notifications.userId, u!.id));
    expect(bell.map((n) => n.text)).toEqual([expect.stringContaining('foi suspenso')]);
  });
});
