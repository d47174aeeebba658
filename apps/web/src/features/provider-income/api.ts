/** Query keys and calls of the provider's income dashboard (spec 1 §2.10) and 'Meus alugueis' (spec 3 §2.8). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { providerIncomeRoutes, type MyRentsQuery } from '@edu/shared/provider-income';
import { call } from '../../lib/api';
import { MARKET_KEYS } from '../../lib/query';

export const providerIncomeKeys = { all: [MARKET_KEYS.providerIncome] as const };

export const providerDashboardQuery = () =>
  queryOptions({
    queryKey: [...providerIncomeKeys.all, 'dashboard'],
    queryFn: ({ signal }) => call(providerIncomeRoutes.dashboard, { signal }),
  });

export const providerRentsQuery = (query: MyRentsQuery) =>
  queryOptions({
    queryKey: [...providerIncomeKeys.all, 'my-rents', query],
    queryFn: ({ signal }) => call(providerIncomeRoutes.myRents, { query, signal }),
    placeholderData: keepPreviousData,
  });
