/**
 * Regression (found by an e2e journey): the catalogue's unit rows come from a prepared statement per gate shape
 * (grouped-units.ts). The gate's values — the reader's institution — must not be frozen into a statement another reader
 * reuses: after another institution read its catalogue and its rent ended, the demo institution's catalogue kept its
 * counts but lost its units (the rows were filtered by the OTHER institution's gate; a reader renting other providers
 * would have seen theirs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CatalogueGroup } from '@edu/shared/catalogue';
import { eq } from 'drizzle-orm';
import { plans, providers, rents } from '../src/db/schema';
import { DEMO_PASSWORD, call, createTestApp, signIn, type TestApp } from './harness';
import { buildInstitution, buildRent, buildUser } from './factories';

let t: TestApp;
const tok: Record<string, string> = {};
let otherRent = 0;

beforeAll(async () => {
  t = await createTestApp();
  const other = await buildInstitution(t.deps.db, { name: 'Faculdade Sem Aluguel', cnpj: '11444777000161', status: 'active' });
  await buildUser(t.deps.db, { name: 'Sem Aluguel', email: 'sem.aluguel@exemplo.com.br', password: DEMO_PASSWORD, type: 'seller', sellerId: other });
  // The other institution rents the demo provider too (a fixture row: the rent lifecycle is not under test here).
  const [provider] = await t.deps.db.select({ id: providers.id }).from(providers).where(eq(providers.companyName, 'Editora Horizonte Educacional'));
  const [plan] = await t.deps.db.select({ id: plans.id }).from(plans).limit(1);
  otherRent = await buildRent(t.deps.db, { sellerId: other, providerId: provider!.id, planId: plan!.id, status: 'active' });
  tok.demo = await signIn(t.app, 'seller');
  tok.other = await signIn(t.app, 'sem.aluguel@exemplo.com.br');
}, 120_000);
afterAll(() => t?.close());

const unitsOf = async (who: string) => {
  const res = await call(t.app, 'GET', '/api/items/item/catalogue', { token: tok[who]! });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().groups as CatalogueGroup[]).flatMap((g) => g.units.map((u) => u.title));
};

it("each institution's catalogue shows its own units, whoever asked first", async () => {
  // The other institution reads first (both rent the demo provider: the same units), then its rent ends.
  const first = await unitsOf('other');
  expect(first.length).toBeGreaterThan(0);
  expect(await unitsOf('demo')).toEqual(first);
  await t.deps.db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, otherRent));
  expect(await unitsOf('other')).toEqual([]);
  // The demo institution's rent is still active: its catalogue keeps every unit.
  expect(await unitsOf('demo')).toEqual(first);
});
