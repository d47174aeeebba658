import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sellers } from '../institutions/institutions.tables';
import { rents } from '../rents/rents.tables';
import { users } from '../users/users.tables';

/**
 * What an institution owes for a month (`period`, the month's first day) of some of its rents, paid with Pix (the
 * static BR Code of `@edu/shared/pix`, whose txid is `code`). `status` is written only by charges/charges.commands.ts,
 * driven by `@edu/shared/charge-machine` (open, paid, overdue, canceled). `amount_cents` is the sum of its rents'
 * amounts (charge_rents), fixed when issued.
 */
export const charges = pgTable(
  'charges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sellerId: integer('seller_id').notNull().references(() => sellers.id),
    /** The Pix txid: 'SC' and 14 random letters and digits (uppercase), unique. */
    code: text('code').notNull(),
    /** The first day of the month it covers. */
    period: date('period', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('open'),
    /** When the payment was recorded; `paid_on` is the day the money arrived (what the team typed). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidOn: date('paid_on', { mode: 'string' }),
    paidReference: text('paid_reference'),
    /** Who recorded it; null: the system (the Pix notice). */
    paidBy: integer('paid_by').references(() => users.id),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** Who canceled it; null: the system (the cancellation of its rent). */
    canceledBy: integer('canceled_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('charges_code_unique').on(t.code),
    // The institution's list and the team's list filtered by institution (newest period first).
    index('charges_seller_period_idx').on(t.sellerId, t.period, t.id),
    // The team's list, with or without a status filter.
    index('charges_status_period_idx').on(t.status, t.period, t.id),
    index('charges_period_idx').on(t.period, t.id),
    // The due-date scan (expiry, late notices): unpaid charges by due date.
    index('charges_unpaid_due_idx').on(t.dueOn).where(sql`status in ('open', 'overdue')`),
    check('charges_code_txid', sql`${t.code} ~ '^[A-Za-z0-9]{1,25}$'`),
    check('charges_period_first_day', sql`extract(day from ${t.period}) = 1`),
    check('charges_amount_positive', sql`${t.amountCents} > 0`),
    check('charges_status_known', sql`${t.status} in ('open', 'paid', 'overdue', 'canceled')`),
  ],
);

/**
 * The rents a charge covers, each at its amount for the period (the rent's monthly value when the charge was issued).
 * UNIQUE (rent_id, period): a rent is charged at most once per month, whatever issues it and however many server
 * instances try at once — the database says so, not only the code.
 */
export const chargeRents = pgTable(
  'charge_rents',
  {
    chargeId: integer('charge_id').notNull().references(() => charges.id),
    rentId: integer('rent_id').notNull().references(() => rents.id),
    /** The charge's period, repeated here for the unique index. */
    period: date('period', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chargeId, t.rentId] }),
    uniqueIndex('charge_rents_rent_period_unique').on(t.rentId, t.period),
    check('charge_rents_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/**
 * The late-payment notices sent (charges/late-charges.ts): one row per charge and notice day (days after the due date,
 * CHARGES.lateNoticeDays), written in the notice's transaction. UNIQUE (charge_id, day): a notice goes out at most once
 * per charge and day, however many instances run the job at once.
 */
export const chargeNotices = pgTable(
  'charge_notices',
  {
    chargeId: integer('charge_id').notNull().references(() => charges.id),
    /** Days after the due date the notice is for (0 = the due date itself). */
    day: integer('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chargeId, t.day] }), check('charge_notices_day_known', sql`${t.day} >= 0`)],
);
