/**
 * Partners (spec 3 §2.6): approved service providers and their services, and the prospect form of
 * 'Clique aqui e conheça mais!' (a `prospects` row, e-mailed to the platform team and the partner through
 * the job queue, in the same transaction).
 */
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { STORE_LIMITS, STORE_MSG, type PartnerCard, type PartnerDetail, type partnersQuery, type prospectBody } from '@edu/shared/store';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { foldedMatch } from '../../platform/search';
import { providers, providerServices, sellers } from '../../db/schema';
import { activeInstitutionWith, requireActiveInstitution } from '../institutions/index';
import { jsonArrayOf, jsonRowColumns } from '../../platform/json-rows';
import { prospects } from './store.tables';
import { uploadUrlSql } from '../../platform/storage';

/** A partner: an approved (active) service provider. */
export const isPartner = (): SQL => and(eq(providers.status, 'active'), eq(providers.isServiceProvider, true))!;

const cardColumns = {
  id: providers.id,
  companyName: providers.companyName,
  imgLogoUrl: uploadUrlSql(providers.imgLogoKey),
  description: providers.description,
  link: sql<string | null>`(select s.link from provider_services s where s.provider_id = providers.id and s.link is not null order by s.created_at, s.id limit 1)`,
  servicesCount: sql<number>`(select count(*)::int from provider_services s where s.provider_id = providers.id)`,
};

export function partnersService({ db, mailer, config }: Deps) {
  async function card(ex: Executor, id: number): Promise<PartnerCard> {
    const [row] = await ex.select(cardColumns).from(providers).where(and(eq(providers.id, id), isPartner()));
    if (!row) throw notFound(STORE_MSG.partnerNotFound);
    return { ...row, servicesCount: Number(row.servicesCount) };
  }

  return {
    async list(auth: AuthContext, q: z.output<typeof partnersQuery>): Promise<PartnerCard[]> {
      const filters: SQL[] = [isPartner()];
      if (q.companyName) filters.push(foldedMatch(providers.companyNameFolded, q.companyName));
      const order = [asc(providers.companyNameFolded), asc(providers.id)];
      const cards = db
        .select(jsonRowColumns(cardColumns, order))
        .from(providers)
        .where(and(...filters))
        .orderBy(...order)
        .limit(STORE_LIMITS.partnersMax);
      // One statement: the cards as JSON in the institution guard's row.
      const { extra: rows } = await activeInstitutionWith(db, auth, jsonArrayOf<PartnerCard>(cards));
      return rows.map((r) => ({ ...r, servicesCount: Number(r.servicesCount) }));
    },

    async detail(auth: AuthContext, id: number): Promise<PartnerDetail> {
      const inst = await requireActiveInstitution(db, auth);
      const partner = await card(db, id);
      const services = await db
        .select({
          id: providerServices.id,
          title: providerServices.title,
          description: providerServices.description,
          price: providerServices.price,
          image: providerServices.image,
          link: providerServices.link,
          inCart: sql<boolean>`exists (select 1 from cart_items ci where ci.seller_id = ${inst.id} and ci.service_id = provider_services.id)`,
        })
        .from(providerServices)
        .where(eq(providerServices.providerId, id))
        .orderBy(desc(providerServices.createdAt), desc(providerServices.id));
      return { ...partner, services };
    },

    /** The prospect form: stored, and e-mailed to the platform team and the partner in the same transaction. */
    async prospect(auth: AuthContext, body: z.output<typeof prospectBody>) {
      const inst = await requireActiveInstitution(db, auth);
      await db.transaction(async (tx) => {
        const partner = await card(tx, body.providerId);
        const [partnerRow] = await tx.select({ email: providers.email }).from(providers).where(eq(providers.id, partner.id));
        const [seller] = await tx.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, inst.id));
        await tx.insert(prospects).values({ providerId: partner.id, sellerId: inst.id, userId: auth.user.id, email: body.email, phone: body.phone, fullName: body.fullName });
        const paragraphs = [
          `${body.fullName} quer conhecer o parceiro ${partner.companyName}.`,
          `E-mail: ${body.email}`,
          `Telefone: ${body.phone}`,
          `Instituição: ${seller?.name ?? '—'} (cadastro feito por ${auth.user.name}).`,
        ];
        const subject = `Novo interessado em ${partner.companyName}`;
        await mailer.send(tx, { to: config.PLATFORM_TEAM_EMAIL, subject, paragraphs });
        if (partnerRow?.email) await mailer.send(tx, { to: partnerRow.email, subject, paragraphs });
      });
      return { message: STORE_MSG.prospectDone };
    },
  };
}
