/**
 * A share link, an LTI launch and an LMS key are the gate's own kind of actor (grantActor), not an institution user:
 * a grant reads what its ACTIVE institution may read (the published version of a unit whose provider it rents with an
 * ACTIVE rent) and every other permission refuses it, even on its own institution's objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness';
import { buildInstitution, buildPlan, buildProvider, buildRent, buildUnit } from './factories';
import { rents, sellers } from '../src/db/schema';
import { accessWhere, checkAccess, grantActor, type Permission } from '../src/modules/access/access';

let t: TestApp;
const ids = { seller: 0, provider: 0, rent: 0, published: { itemId: 0, contentId: 0 }, draft: { itemId: 0, contentId: 0 }, other: { itemId: 0, contentId: 0 } };

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const db = t.deps.db;
  const plan = await buildPlan(db, { name: 'Plano da concessão', minRent: 0, maxRent: 100 });
  ids.seller = await buildInstitution(db, { name: 'Escola da Concessão', cnpj: '11444777000161', status: 'active', planId: plan });
  ids.provider = await buildProvider(db, { companyName: 'Fornecedor Alugado', email: 'alugado@exemplo.com.br' });
  const notRented = await buildProvider(db, { companyName: 'Fornecedor Não Alugado', email: 'outro@exemplo.com.br' });
  ids.published = await buildUnit(db, ids.provider, { title: 'Unidade publicada' });
  ids.draft = await buildUnit(db, ids.provider, { title: 'Rascunho', status: 'draft' });
  ids.other = await buildUnit(db, notRented, { title: 'De outro fornecedor' });
  ids.rent = await buildRent(db, { sellerId: ids.seller, providerId: ids.provider, planId: plan, status: 'active' });
});
afterAll(async () => t?.close());

const contents = () => [ids.published.contentId, ids.draft.contentId, ids.other.contentId];
const units = () => [ids.published.itemId, ids.draft.itemId, ids.other.itemId];

describe('a grant reads what its institution may read', () => {
  it.each(['link', 'lti', 'lms'] as const)('%s: the published version of an actively rented provider, nothing else', async (kind) => {
    const grant = grantActor(kind, ids.seller);
    expect([...(await checkAccess(t.deps.db, grant, 'unit.read', contents()))]).toEqual([ids.published.contentId]);
    expect([...(await checkAccess(t.deps.db, grant, 'feedback.report', contents()))]).toEqual([ids.published.contentId]);
    expect([...(await checkAccess(t.deps.db, grant, 'item.read', units()))]).toEqual([ids.published.itemId]);
  });

  it('a canceled rent or a suspended institution: nothing', async () => {
    const grant = grantActor('link', ids.seller);
    await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, ids.rent));
    expect([...(await checkAccess(t.deps.db, grant, 'unit.read', contents()))]).toEqual([]);
    await t.deps.db.update(rents).set({ status: 'active' }).where(eq(rents.id, ids.rent));
    await t.deps.db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, ids.seller));
    expect([...(await checkAccess(t.deps.db, grant, 'unit.read', contents()))]).toEqual([]);
    await t.deps.db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, ids.seller));
    expect([...(await checkAccess(t.deps.db, grant, 'unit.read', contents()))]).toEqual([ids.published.contentId]);
  });

  it('every other permission refuses a grant, even on its own institution, its rent and its units', async () => {
    const grant = grantActor('lti', ids.seller);
    const own: [Permission, number][] = [
      ['seller.read', ids.seller],
      ['seller.member', ids.seller],
      ['seller.manage', ids.seller],
      ['seller.accessReport', ids.seller],
      ['rent.read', ids.rent],
      ['rent.sellerCancel', ids.rent],
      ['unit.edit', ids.published.contentId],
      ['unit.storeRead', ids.published.contentId],
      ['provider.edit', ids.provider],
    ];
    for (const [permission, id] of own) {
      expect([...(await checkAccess(t.deps.db, grant, permission, [id]))], permission).toEqual([]);
      expect(accessWhere(grant, permission), permission).toBeDefined();
    }
  });
});
