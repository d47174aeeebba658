import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { FOLD_FROM, FOLD_TO } from '../../platform/search';

/** A column folded for search: the same expression as platform/search.ts `folded`. */
const foldedOf = (column: string) => sql`translate(lower(${sql.raw(column)}), ${sql.raw(`'${FOLD_FROM}'`)}, ${sql.raw(`'${FOLD_TO}'`)})`;

export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyName: text('company_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The searched columns folded (admin list's name search and A-Z order; trigram indexes). */
    companyNameFolded: text('company_name_folded').generatedAlwaysAs(foldedOf('company_name')),
    nameFolded: text('name_folded').generatedAlwaysAs(foldedOf('name')),
    emailFolded: text('email_folded').generatedAlwaysAs(foldedOf('email')),
    typePerson: text('type_person').notNull(),
    cpf: text('cpf'),
    cnpj: text('cnpj'),
    /** review (Análise) until staff approve (active) or reject (rejected). */
    status: text('status').notNull().default('review'),
    condition: text('condition').notNull().default('basic'),
    description: text('description'),
    /** Storage keys of the logo and the cover (platform/storage.ts); clients get uploadUrl(key). */
    imgLogoKey: text('img_logo_key'),
    imgCoverKey: text('img_cover_key'),
    linkedin: text('linkedin'),
    lattes: text('lattes'),
    professionalExperience: text('professional_experience'),
    knowledgeLevel: integer('knowledge_level').array().notNull().default([]),
    isServiceProvider: boolean('is_service_provider').notNull().default(false),
    /**
     * The store's facts about the provider's PUBLISHED units (spec 3 §2.3 unit count and filters), recomputed by
     * the store's subscriber of the unit lifecycle's publish events (store/catalogue-facts.ts) and backfilled by
     * migration 0013.
     */
    publishedUnits: integer('published_units').notNull().default(0),
    publishedKnowledgeIds: integer('published_knowledge_ids').array().notNull().default(sql`'{}'::integer[]`),
    publishedLevels: text('published_levels').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('providers_status_idx').on(t.status),
    index('providers_created_idx').on(t.createdAt),
    // The admin list: accent-free search on company name, name and e-mail, and one index per sort.
    index('providers_company_name_trgm_idx').using('gin', sql`${t.companyNameFolded} gin_trgm_ops`),
    index('providers_name_trgm_idx').using('gin', sql`${t.nameFolded} gin_trgm_ops`),
    index('providers_email_trgm_idx').using('gin', sql`${t.emailFolded} gin_trgm_ops`),
    index('providers_company_name_folded_idx').on(t.companyNameFolded, t.companyName, t.id),
    index('providers_created_id_idx').on(t.createdAt, t.id),
  ],
);
