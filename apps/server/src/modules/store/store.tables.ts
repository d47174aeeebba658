import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { providers } from '../providers/providers.tables';
import { providerServices } from '../services/services.tables';
import { sellers } from '../institutions/institutions.tables';
import { users } from '../users/users.tables';
import { paymentRequests } from '../rents/rents.tables';

/**
 * The institution's cart, kept on the server (spec 3 §2.7, §4 "Cart"): a provider's catalogue or a partner's
 * service, each at most once. No price is stored: the checkout computes it from the institution's plan.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    providerId: integer('provider_id').references(() => providers.id),
    serviceId: integer('service_id').references(() => providerServices.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_seller_provider_unique').on(t.sellerId, t.providerId).where(sql`provider_id is not null`),
    uniqueIndex('cart_items_seller_service_unique').on(t.sellerId, t.serviceId).where(sql`service_id is not null`),
    check('cart_items_one_kind', sql`(${t.providerId} is null) <> (${t.serviceId} is null)`),
  ],
);

/** A partner's service requested at checkout (POST /providers/services/rent): the partner sends the price by e-mail. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    serviceId: integer('service_id').references(() => providerServices.id, { onDelete: 'set null' }),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    /** The service's title when requested (the service may be edited or removed later). */
    title: text('title').notNull(),
    paymentRequestId: integer('payment_request_id').references(() => paymentRequests.id),
    requestedBy: integer('requested_by').notNull().references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('service_requests_provider_idx').on(t.providerId, t.createdAt), index('service_requests_seller_idx').on(t.sellerId, t.createdAt)],
);

/** The partners' registration form (spec 3 §2.6 'Clique aqui e conheça mais!' without a link; §3 "Prospect form"). */
export const prospects = pgTable(
  'prospects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id').notNull().references(() => providers.id),
    sellerId: integer('seller_id').references(() => sellers.id),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    fullName: text('full_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prospects_provider_idx').on(t.providerId, t.createdAt)],
);
