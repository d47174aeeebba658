/**
 * THE guard of the institution's marketplace: the store, the partners, the cart and the payment
 * request belong to the caller's institution, and only while it is ACTIVE. A suspended institution keeps
 * signing in but loses them (403, RENT_MSG.suspended); reactivation gives them back. Other screens that a
 * suspension closes (the catalogue, delivery) call the same guard.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { RENT_MSG } from '@edu/shared/rent-machine';
import { isInstitutionActive } from '@edu/shared/institutions';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { forbidden } from '../../platform/errors';
import { sellers } from './institutions.tables';
import { plans } from '../../db/schema';

export interface ActiveInstitution {
  id: number;
  planId: number | null;
  planName: string | null;
}

/**
 * The caller's institution if it is active; 403 otherwise (suspended: RENT_MSG.suspended). `lock` takes the
 * institution's row FOR NO KEY UPDATE (in a transaction), so that its payment requests (and a suspension, an edit of the
 * row) run one after the other — while its students' rows (votes, accesses, feedback: KEY SHARE through their foreign
 * keys) are written meanwhile instead of waiting for the request's notifications and e-mails.
 */
export async function requireActiveInstitution(ex: Executor, auth: AuthContext, opts: { lock?: boolean } = {}): Promise<ActiveInstitution> {
  const { extra: _e, ...inst } = await activeInstitutionWith(ex, auth, sql`null`, opts);
  return inst;
}

/**
 * The same guard, reading in the same query `extra`: a SQL expression over the institution's row (`sellers`), e.g.
 * the providers it rents (the catalogue: one round trip instead of two).
 */
export async function activeInstitutionWith<T>(ex: Executor, auth: AuthContext, extra: SQL<T>, opts: { lock?: boolean } = {}): Promise<ActiveInstitution & { extra: T }> {
  const sellerId = auth.user.sellerId;
  if (sellerId === null) throw forbidden();
  // One query: the institution and its plan's name (the lock is the institution's row only).
  const base = ex
    .select({ id: sellers.id, status: sellers.status, planId: sellers.planId, planName: plans.name, extra: sql<T>`${extra}` })
    .from(sellers)
    .leftJoin(plans, eq(plans.id, sellers.planId))
    .where(eq(sellers.id, sellerId));
  const [row] = opts.lock ? await base.for('no key update', { of: sellers }) : await base;
  if (!row) throw forbidden();
  if (row.status === 'suspended') throw forbidden(RENT_MSG.suspended);
  if (!isInstitutionActive(row.status)) throw forbidden();
  return { id: row.id, planId: row.planId, planName: row.planId !== null ? (row.planName ?? null) : null, extra: row.extra };
}
