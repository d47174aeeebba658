import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { providers } from '../providers/providers.tables';

/** Rental plans (spec 3 §3): student-count tiers; the sign-up shows them and each institution has one. */
export const plans = pgTable('plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  minRent: integer('min_rent').notNull(),
  maxRent: integer('max_rent').notNull(),
  condition: text('condition').notNull().default('basic'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The monthly price of a provider's catalogue on a plan (spec 3 §3 "Plan price"), in integer centavos.
 * A provider without a price on the institution's plan cannot be rented by it (docs/decisions.md).
 */
export const planPrices = pgTable(
  'plan_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    planId: integer('plan_id').notNull().references(() => plans.id),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    valueCents: integer('value_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_prices_plan_provider_unique').on(t.planId, t.providerId),
    index('plan_prices_provider_idx').on(t.providerId),
    check('plan_prices_value_non_negative', sql`${t.valueCents} >= 0`),
  ],
);
