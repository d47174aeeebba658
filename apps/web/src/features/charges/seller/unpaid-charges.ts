/**
 * The institution's unpaid charges, overdue first then open, read with the list call (one page of each status): the
 * 'A pagar' section of Financeiro and the dashboard's tile share these two queries (and their cache).
 */
import { useQuery } from '@tanstack/react-query';
import { CHARGES_PAGE_SIZE } from '@edu/shared/charges';
import { sellerChargesQuery } from '../seller-api';

export function useUnpaidCharges() {
  const overdue = useQuery(sellerChargesQuery({ status: 'overdue', limit: CHARGES_PAGE_SIZE }));
  const open = useQuery(sellerChargesQuery({ status: 'open', limit: CHARGES_PAGE_SIZE }));
  // Oldest due first within each status: the one to pay first leads.
  const byDue = <T extends { dueOn: string }>(rows: T[]) => [...rows].sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  const charges = overdue.data && open.data ? [...byDue(overdue.data.data), ...byDue(open.data.data)] : undefined;
  return {
    charges,
    overdueTotal: overdue.data?.total,
    openTotal: open.data?.total,
    /** The earliest open charge (not yet due): the next payment. */
    nextOpen: open.data ? byDue(open.data.data)[0] : undefined,
    pix: overdue.data?.pix ?? open.data?.pix,
    /** The configured late-payment rule (days late beyond which access is suspended). */
    suspendAfterDays: overdue.data?.suspendAfterDays ?? open.data?.suspendAfterDays,
    isPending: overdue.isPending || open.isPending,
    isFetching: overdue.isFetching || open.isFetching,
    error: overdue.error ?? open.error,
    isError: overdue.isError || open.isError,
    refetch: () => Promise.all([overdue.refetch(), open.refetch()]),
  };
}
