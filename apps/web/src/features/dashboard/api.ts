/** Queries of the Painel: the platform team's counts of what needs doing now, and the institution's unpaid charges. */
import { queryOptions } from '@tanstack/react-query';
import { CHARGES_PAGE_SIZE, chargesRoutes } from '@edu/shared/charges';
import { dashboardRoutes } from '@edu/shared/dashboard';
import { call } from '../../lib/api';

export const staffTasksQuery = () =>
  queryOptions({
    queryKey: ['dashboard', 'staff-tasks'] as const,
    queryFn: ({ signal }) => call(dashboardRoutes.staffTasks, { signal }),
    // The counts follow work done on five other screens: the Painel asks again each time it is opened (one cheap
    // statement) rather than keep an answer from before an approval.
    staleTime: 0,
    refetchOnMount: 'always',
  });

/**
 * The institution's unpaid charges of one status (first page, its total): the Financeiro tile's counts and next due
 * date, from the same list the Financeiro screen reads. Asked again each time the Painel is opened: a payment the team
 * records or a charge turning overdue changes them.
 */
export const unpaidChargesQuery = (status: 'open' | 'overdue') =>
  queryOptions({
    queryKey: ['dashboard', 'seller-charges', status] as const,
    queryFn: ({ signal }) => call(chargesRoutes.sellerList, { query: { status, limit: CHARGES_PAGE_SIZE }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
