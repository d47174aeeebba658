import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rental plans (spec 3 §3); the sign-up shows the three tiers by student range. */
export const plans = pgTable('plans', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  minRent: integer('min_rent').notNull(),
  maxRent: integer('max_rent').notNull(),
  condition: text('condition').notNull().default('basic'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
