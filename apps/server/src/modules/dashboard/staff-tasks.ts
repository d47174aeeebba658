/**
 * The platform team's Painel: what needs doing now, in ONE statement of six counts (each a scalar subquery on the
 * status column of its table) and the oldest rent request's institution. Each condition is the one the destination
 * screen lists, from the shared constants, so the number on the Painel is the number the screen shows:
 * Fornecedores 'Em análise', Unidades 'Novas', the rentals control's SOLICITADO, Cobranças 'Vencidas', Instituições
 * 'Suspensas', and the Relatório de Feedbacks' rows not resolved nor closed.
 *
 * The existing counts (the providers', institutions' and new units' lists) are computed inside each list's statement,
 * joined to a page of rows; asking those five lists would be five statements with pages nobody reads.
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { StaffTasks } from '@edu/shared/dashboard';
import { OPEN_FEEDBACK_STATUSES } from '@edu/shared/feedback';
import { PROVIDER_REVIEW_STATUSES } from '@edu/shared/providers';
import type { SellerStatus } from '@edu/shared/institutions';
import type { RentStatus } from '@edu/shared/rent-machine';
import type { ChargeStatus } from '@edu/shared/charge-machine';
import type { Deps } from '../../platform/deps';
import { charges, itemContents, itemFeedbacks, providers, rents, sellers } from '../../db/schema';

const REQUESTED_RENT: RentStatus = 'requested';
const SUSPENDED_INSTITUTION: SellerStatus = 'suspended';
const OVERDUE_CHARGE: ChargeStatus = 'overdue';

export function staffTasksQuery(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  return async function staffTasks(): Promise<StaffTasks> {
    const count = (from: PgTable, where: SQL) => sql<number>`(select count(*)::int from ${from} where ${where})`;
    const oldestRequest = db
      .select({ institution: sql`json_build_object('sellerId', ${sellers.id}, 'sellerName', ${sellers.name})` })
      .from(rents)
      .innerJoin(sellers, eq(sellers.id, rents.sellerId))
      .where(eq(rents.status, REQUESTED_RENT))
      .orderBy(asc(rents.createdAt), asc(rents.id))
      .limit(1);
    const [row] = await db
      .select({
        providersInReview: count(providers, inArray(providers.status, [...PROVIDER_REVIEW_STATUSES])),
        // A version sent for analysis and not delegated yet: the Novas list's condition (reviews' newUnits).
        unitsAwaitingDelegation: count(itemContents, sql`${itemContents.status} = 'send'`),
        rentRequests: count(rents, eq(rents.status, REQUESTED_RENT)),
        oldest: sql<{ sellerId: number; sellerName: string } | null>`(${oldestRequest})`,
        // The Cobranças list filtered by status overdue (VENCIDA).
        overdueCharges: count(charges, eq(charges.status, OVERDUE_CHARGE)),
        suspendedInstitutions: count(sellers, eq(sellers.status, SUSPENDED_INSTITUTION)),
        openFeedback: count(itemFeedbacks, inArray(itemFeedbacks.status, [...OPEN_FEEDBACK_STATUSES])),
      })
      .from(sql`(select 1) as one`);
    const r = row!;
    return {
      providersInReview: r.providersInReview,
      unitsAwaitingDelegation: r.unitsAwaitingDelegation,
      rentRequests: r.rentRequests,
      oldestRentRequest: r.oldest ? { sellerId: Number(r.oldest.sellerId), sellerName: r.oldest.sellerName } : null,
      overdueCharges: r.overdueCharges,
      suspendedInstitutions: r.suspendedInstitutions,
      openFeedback: r.openFeedback,
    };
  };
}
