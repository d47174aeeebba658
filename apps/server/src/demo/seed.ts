/**
 * Demo data for the embedded default (and DATABASE_URL with DEMO_DATA=true): three plans, a provider,
 * a service provider, an institution, one account per user type and the demo units. Idempotent.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { UserType } from '@edu/shared/access';
import type { Db } from '../platform/db';
import { hashPassword } from '../platform/security';
import { plans, providers, sellers, users } from '../db/schema';

import { DEMO_PASSWORD, DEMO_SELLER_CNPJ, demoEmail } from './accounts';
import { ensurePublishedDemoReview, seedDemoUnits } from './units';
import { seedDemoMarketplace } from './marketplace';
import { seedDemoCatalogue } from './catalogue';
import { seedDemoCharges } from './charges';

export { DEMO_PASSWORD, demoEmail };
export { DEMO_PUBLISHED_UNIT_TITLE } from './units';

export const DEMO_PLANS = [
  { name: 'Plano Essencial', description: 'Para instituições de pequeno porte.', minRent: 1, maxRent: 500 },
  { name: 'Plano Ampliado', description: 'Para instituições de médio porte.', minRent: 501, maxRent: 2000 },
  { name: 'Plano Completo', description: 'Para instituições de grande porte.', minRent: 2001, maxRent: 10000 },
];

export async function seedDemo(db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin'))).limit(1);
  if (existing) {
    // Demo data already loaded: add what an older load lacks (its published unit's review, the marketplace, the catalogue).
    const staff = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, ['curator', 'review', 'manager'].map(demoEmail)));
    const id = (local: string) => staff.find((u) => u.email === demoEmail(local))?.id;
    const [curatorId, reviewerId, managerId] = [id('curator'), id('review'), id('manager')];
    if (curatorId && reviewerId && managerId) await ensurePublishedDemoReview(db, { curatorId, reviewerId, managerId });
    await seedDemoMarketplace(db);
    await seedDemoCatalogue(db);
    await seedDemoCharges(db);
    return;
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const planRows = await tx.insert(plans).values(DEMO_PLANS).returning({ id: plans.id });
    const [provider] = await tx
      .insert(providers)
      .values({
        companyName: 'Editora Horizonte Educacional',
        name: 'Marina Albuquerque',
        email: demoEmail('provider'),
        typePerson: 'Fornecedor',
        cnpj: '11222333000181',
        status: 'active',
        condition: 'premium',
        description: 'Conteúdos digitais para o ensino superior e a educação básica.',
      })
      .returning({ id: providers.id });
    const [serviceProvider] = await tx
      .insert(providers)
      .values({
        companyName: 'Consultoria Trilhas do Saber',
        name: 'Rafael Nogueira',
        email: demoEmail('serviceprovider'),
        typePerson: 'Fornecedor de Servico',
        cnpj: '45723174000110',
        status: 'active',
        isServiceProvider: true,
      })
      .returning({ id: providers.id });
    const [reviewProvider] = await tx
      .insert(providers)
      .values({
        companyName: 'Juliana Prado',
        name: 'Juliana Prado',
        email: demoEmail('provider.analise'),
        typePerson: 'Profissional Liberal',
        cpf: '52998224725',
        status: 'review',
        knowledgeLevel: [2, 4],
        professionalExperience: 'Professora de Biologia há 12 anos.',
      })
      .returning({ id: providers.id });
    const [seller] = await tx
      .insert(sellers)
      .values({
        name: 'Faculdade Vale do Saber',
        companyName: 'Faculdade Vale do Saber',
        cnpj: DEMO_SELLER_CNPJ,
        planId: planRows[1]!.id,
        status: 'active',
        // The demo institution has accepted the terms (spec 1 §2.13); a new institution is asked at its first sign-in.
        acceptedTerms: true,
        acceptedLatePaymentTerms: true,
      })
      .returning({ id: sellers.id });

    const account = (local: string, name: string, type: UserType, extra: Partial<typeof users.$inferInsert> = {}) => ({
      name,
      email: demoEmail(local),
      passwordHash,
      type,
      status: 'active',
      emailConfirmedAt: new Date(),
      ...extra,
    });
    const demoUsers = await tx.insert(users).values([
      account('admin', 'Ana Administradora', 'admin'),
      account('director', 'Diego Diretor', 'director'),
      account('manager', 'Marta Gerente', 'manager'),
      account('curator', 'Carlos Curador', 'curator'),
      account('review', 'Renata Revisora', 'review'),
      account('provider', 'Marina Albuquerque', 'provider', { providerId: provider!.id }),
      account('serviceprovider', 'Rafael Nogueira', 'provider', { providerId: serviceProvider!.id }),
      account('editor', 'Eduardo Editor', 'editor', { providerId: provider!.id }),
      account('seller', 'Sílvia Coordenadora', 'seller', { sellerId: seller!.id }),
      account('seller.assistente', 'Samuel Assistente', 'seller_assistent', { sellerId: seller!.id }),
      account('seller.conteudo', 'Sofia Gestora de Conteúdo', 'seller_content_manager', { sellerId: seller!.id }),
      account('client', 'Clara Cliente', 'client'),
      account('user', 'Ulisses Usuário', 'user'),
      account('provider.analise', 'Juliana Prado', 'provider', { providerId: reviewProvider!.id }),
    ]).returning({ id: users.id, email: users.email });
    const providerUser = demoUsers.find((u) => u.email === demoEmail('provider'))!;
    const staffId = (local: string) => demoUsers.find((u) => u.email === demoEmail(local))!.id;
    await seedDemoUnits(tx, provider!.id, providerUser.id, { curatorId: staffId('curator'), reviewerId: staffId('review'), managerId: staffId('manager') });
    await seedDemoMarketplace(tx);
    await seedDemoCatalogue(tx);
    await seedDemoCharges(tx);
  });
  log?.info('dados de demonstração carregados');
}
