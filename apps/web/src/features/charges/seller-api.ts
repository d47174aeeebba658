/** Queries of the institution's 'Financeiro': its own charges (every institution type reads; only the team moves them). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { chargesRoutes as R, type SellerChargesQuery } from '@edu/shared/charges';
import { call } from '../../lib/api';

export const sellerChargesKeys = {
  all: ['seller-charges'] as const,
  list: (query: SellerChargesQuery) => [...sellerChargesKeys.all, 'list', query] as const,
  one: (id: number) => [...sellerChargesKeys.all, 'one', id] as const,
};

/**
 * One page of the institution's charges. A charge moves by the team's hand (paid, canceled) or by the clock (overdue),
 * never on this screen: the list asks again each time it is opened rather than keep an answer from before a payment.
 */
export const sellerChargesQuery = (query: SellerChargesQuery) =>
  queryOptions({
    queryKey: sellerChargesKeys.list(query),
    queryFn: ({ signal }) => call(R.sellerList, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchOnMount: 'always',
  });

/** One charge of the institution (the receipt). */
export const sellerChargeQuery = (id: number) =>
  queryOptions({
    queryKey: sellerChargesKeys.one(id),
    queryFn: ({ signal }) => call(R.sellerView, { params: { id }, signal }),
    staleTime: 0,
    refetchOnMount: 'always',
  });
