/** Query keys and calls of the providers admin screen. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { providersRoutes } from '@edu/shared/providers';
import type { ProviderCondition, ProvidersFilterQuery } from '@edu/shared/providers';
import { call } from '../../lib/api';
import { MARKET_KEYS } from '../../lib/query';

export const PROVIDERS_PAGE_SIZE = 10;

export const providersKeys = { all: [MARKET_KEYS.providers] as const };

export const providersListQuery = (query: ProvidersFilterQuery) =>
  queryOptions({
    queryKey: [...providersKeys.all, 'filter', query],
    queryFn: ({ signal }) => call(providersRoutes.filter, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const setProvidersStatus = (ids: number[], status: 'active' | 'rejected') =>
  call(providersRoutes.status, { body: { ids, status } });

export const setProviderCondition = (id: number, condition: ProviderCondition) =>
  call(providersRoutes.condition, { params: { id }, body: { condition } });
