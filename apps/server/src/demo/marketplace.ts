/**
 * The demo marketplace: the demo provider's prices on every plan, the partner's services, and one
 * ACTIVE rental of the demo provider by the demo institution (so the institution's catalogue starts
 * non-empty). Idempotent: a demo database loaded without it gets it on the next start.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../platform/db';
import { planPrices, plans, providers, providerServices, rentHistory, rents, sellers, users } from '../db/schema';
import { refreshCatalogueFacts } from '../modules/store/index';
import { DEMO_SELLER_CNPJ, demoEmail } from './accounts';

/** Monthly prices of the demo provider per plan (centavos), in the order of DEMO_PLANS. */
export const DEMO_PRICES_CENTS = [89_000, 249_000, 790_000];

export const DEMO_PARTNER_SERVICES = [
  {
    title: 'Formação docente em metodologias ativas',
    description: 'Oficinas de 8 horas para professores, presenciais ou on-line, com material de apoio.',
    price: 'Sob consulta, por turma de até 30 professores',
  },
  {
    title: 'Curadoria de trilhas de aprendizagem',
    description: 'Montamos trilhas por disciplina a partir do seu catálogo, com avaliação diagnóstica.',
    price: 'A partir de R$ 4.500,00 por trilha',
  },
];

export async function seedDemoMarketplace(db: Db | Tx): Promise<void> {
  const [provider] = await db.select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail('provider')));
  const [partner] = await db.select({ id: providers.id }).from(providers).where(eq(providers.email, demoEmail('serviceprovider')));
  const [seller] = await db.select({ id: sellers.id, planId: sellers.planId }).from(sellers).where(eq(sellers.cnpj, DEMO_SELLER_CNPJ));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin')));
  if (!provider || !seller || !admin) return;
  const [already] = await db.select({ id: planPrices.id }).from(planPrices).where(eq(planPrices.providerId, provider.id)).limit(1);
  if (already) return;
  const planRows = await db.select({ id: plans.id }).from(plans).orderBy(plans.id).limit(DEMO_PRICES_CENTS.length);
  await db.insert(planPrices).values(planRows.map((p, i) => ({ planId: p.id, providerId: provider.id, valueCents: DEMO_PRICES_CENTS[i]! })));
  if (partner) {
    const [hasService] = await db.select({ id: providerServices.id }).from(providerServices).where(eq(providerServices.providerId, partner.id)).limit(1);
    if (!hasService) await db.insert(providerServices).values(DEMO_PARTNER_SERVICES.map((s) => ({ ...s, providerId: partner.id })));
  }
  const planId = seller.planId ?? planRows[0]!.id;
  const [price] = await db
    .select({ valueCents: planPrices.valueCents })
    .from(planPrices)
    .where(and(eq(planPrices.planId, planId), inArray(planPrices.providerId, [provider.id])));
  // The demo's rental started three months ago, so the provider's income chart has history.
  const since = new Date();
  since.setMonth(since.getMonth() - 3);
  const [rent] = await db
    .insert(rents)
    .values({ sellerId: seller.id, providerId: provider.id, planId, valueCents: price!.valueCents, status: 'active', createdBy: admin.id, createdAt: since, updatedAt: since })
    .returning({ id: rents.id });
  await db.insert(rentHistory).values({ rentId: rent!.id, status: 'active', byUserId: admin.id, at: since });
  await refreshCatalogueFacts(db, [provider.id]);
}
