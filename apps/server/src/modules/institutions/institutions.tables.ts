import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { plans } from '../plans/plans.tables';

export const sellers = pgTable(
  'sellers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    cnpj: text('cnpj').notNull(),
    companyName: text('company_name').notNull(),
    planId: integer('plan_id').references(() => plans.id),
    /** Storage key of the logo (platform/storage.ts); clients get uploadUrl(key). */
    logoKey: text('logo_key'),
    /** Hash of the current LMS key (the key itself is shown once). */
    lmsKeyHash: text('lms_key_hash'),
    lmsKeyGeneratedAt: timestamp('lms_key_generated_at', { withTimezone: true }),
    acceptedTerms: boolean('accepted_terms').notNull().default(false),
    acceptedLatePaymentTerms: boolean('accepted_late_payment_terms').notNull().default(false),
    /** active, pending (until the e-mail is confirmed), suspended. */
    status: text('status').notNull().default('pending'),
    /**
     * Why the SYSTEM suspended it: 'non_payment' (the late-payment rule, charges/late-charges.ts). Null for every
     * status set by hand (institution-status.ts clears it), so paying lifts only a suspension for non-payment.
     */
    suspensionReason: text('suspension_reason'),
    /**
     * What an admin granted this institution beyond its rentals (the spec's "certain specific user ids"):
     * INSTITUTION_GRANTS of @edu/shared/institutions — unit packages, temporary share links, AI review files.
     */
    grants: text('grants').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sellers_status_idx').on(t.status),
    check('sellers_suspension_reason_known', sql`${t.suspensionReason} in ('non_payment')`),
    // The LMS API finds the institution of a key by its hash on every call.
    uniqueIndex('sellers_lms_key_hash_unique').on(t.lmsKeyHash).where(sql`${t.lmsKeyHash} is not null`),
  ],
);
