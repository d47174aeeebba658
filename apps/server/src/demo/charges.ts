/**
 * The demo's charges: the demo rental (active for three months when the demo is loaded) has its past months' charges
 * issued and paid, so the provider's income (what was paid) and the team's 'Relatório Financeiro' have history; the
 * current month's charge is issued by the charges' own run (open: 'A receber'). Idempotent, and an older demo
 * database gets them at its next start. Written through the charges module (`seedDemoPaidCharges`).
 */
import { and, asc, eq } from 'drizzle-orm';
import { CHARGES } from '@edu/shared/charge-machine';
import { spToday } from '@edu/shared/format';
import { monthsBetween } from '@edu/shared/financial-report';
import type { Db, Tx } from '../platform/db';
import { providers, rents, sellers } from '../db/schema';
import { seedDemoPaidCharges } from '../modules/charges/index';
import { DEMO_SELLER_CNPJ, demoEmail } from './accounts';

/** The income chart shows six months: at most the five before the current one are paid. */
const MAX_PAID_MONTHS = 5;

/** The month before `month` ('YYYY-MM'). */
const previousMonth = (month: string) => {
  const i = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 2;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
};

export async function seedDemoCharges(db: Db | Tx, now: Date = new Date()): Promise<void> {
  const [rent] = await db
    .select({ id: rents.id, createdAt: rents.createdAt })
    .from(rents)
    .innerJoin(providers, eq(providers.id, rents.providerId))
    .innerJoin(sellers, eq(sellers.id, rents.sellerId))
    .where(and(eq(providers.email, demoEmail('provider')), eq(sellers.cnpj, DEMO_SELLER_CNPJ)))
    .orderBy(asc(rents.id))
    .limit(1);
  if (!rent) return;
  const last = previousMonth(spToday(now).slice(0, 7));
  const first = spToday(rent.createdAt).slice(0, 7);
  if (first > last) return;
  const months = monthsBetween(first, last).slice(-MAX_PAID_MONTHS);
  // A transaction, or a savepoint inside the first load's.
  await (db as Db).transaction((tx) => seedDemoPaidCharges(tx, { rentId: rent.id, months, dueDays: CHARGES.defaultDueDays }));
}
