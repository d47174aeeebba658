import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyName: text('company_name').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    typePerson: text('type_person').notNull(),
    cpf: text('cpf'),
    cnpj: text('cnpj'),
    /** review (Análise) until staff approve (active) or reject (rejected). */
    status: text('status').notNull().default('review'),
    condition: text('condition').notNull().default('basic'),
    description: text('description'),
    imgLogoUrl: text('img_logo_url'),
    imgCoverUrl: text('img_cover_url'),
    linkedin: text('linkedin'),
    lattes: text('lattes'),
    professionalExperience: text('professional_experience'),
    knowledgeLevel: integer('knowledge_level').array().notNull().default([]),
    isServiceProvider: boolean('is_service_provider').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('providers_status_idx').on(t.status), index('providers_created_idx').on(t.createdAt)],
);
