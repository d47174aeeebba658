import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { plans } from '../plans/plans.tables';
import { providers } from '../providers/providers.tables';
import { sellers } from '../institutions/institutions.tables';
import { users } from '../users/users.tables';

/** The payment methods an institution chooses at checkout (spec 3 §3 "Payment method"); reference data of migration 0013. */
export const paymentMethods = pgTable('payment_methods', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  description: text('description').notNull(),
  active: integer('active').notNull().default(1),
  position: integer('position').notNull().default(0),
});

/** One 'Solicitar Pagamento' (spec 3 §2.7): the rents and service requests it created point to it. */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    paymentMethodId: integer('payment_method_id').notNull().references(() => paymentMethods.id),
    requestedBy: integer('requested_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_requests_seller_idx').on(t.sellerId, t.createdAt)],
);

/**
 * A rental of a provider's catalogue by an institution (spec 3 §3 "Rent", §4). `status` is written only by
 * rents/rent-lifecycle.ts, driven by @edu/shared/rent-machine. The plan and the monthly value (centavos)
 * are the ones agreed when the rent was made; a plan change of a rent that has ever been active makes a new rent.
 */
export const rents = pgTable(
  'rents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    planId: integer('plan_id').notNull().references(() => plans.id),
    valueCents: integer('value_cents').notNull(),
    status: text('status').notNull(),
    paymentRequestId: integer('payment_request_id').references(() => paymentRequests.id),
    /** The rent this one replaced (plan change of a rent that has ever been active). */
    previousRentId: integer('previous_rent_id'),
    createdBy: integer('created_by').references(() => users.id),
    /** The institution asked to cancel an active rent (an admin then cancels it). */
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    cancelRequestedBy: integer('cancel_requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open rent per institution and provider (spec 3 §8 'Esse catálogo já está associado a essa instituição!').
    uniqueIndex('rents_open_unique').on(t.sellerId, t.providerId).where(sql`status in ('requested', 'waiting', 'active')`),
    index('rents_seller_status_idx').on(t.sellerId, t.status, t.createdAt),
    index('rents_provider_status_idx').on(t.providerId, t.status, t.createdAt),
    index('rents_status_created_idx').on(t.status, t.createdAt),
    check('rents_value_non_negative', sql`${t.valueCents} >= 0`),
    check('rents_status_known', sql`${t.status} in ('requested', 'waiting', 'active', 'migrated', 'canceled')`),
  ],
);

/** Every status a rent has been in, from when (the income dashboard reads the active periods from it). */
export const rentHistory = pgTable(
  'rent_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    rentId: integer('rent_id').notNull().references(() => rents.id),
    status: text('status').notNull(),
    byUserId: integer('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rent_history_rent_idx').on(t.rentId, t.at)],
);
