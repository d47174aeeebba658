import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { providers } from '../providers/providers.tables';

/** A service offer of a provider (spec 2 §2.13, §3 "Service"). */
export const providerServices = pgTable(
  'provider_services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Free text describing pricing. */
    price: text('price').notNull(),
    image: text('image'),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_services_provider_idx').on(t.providerId, t.createdAt)],
);
