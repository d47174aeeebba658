/** Query keys, calls and writes of the providers admin screen. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { providersRoutes } from '@edu/shared/providers';
import type { ProviderCondition, ProvidersFilterQuery } from '@edu/shared/providers';
import { call } from '../../lib/api';
import { MARKET_KEYS, refreshMarketplace, type Reactions, thenReact } from '../../lib/query';

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

type StatusChange = { ids: number[]; status: 'active' | 'rejected' };
type StatusChanged = Awaited<ReturnType<typeof setProvidersStatus>>;

/** Approves or rejects providers; every marketplace screen refetches after it. */
export function useSetProvidersStatus(options: Reactions<StatusChanged, StatusChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ ids, status }: StatusChange) => setProvidersStatus(ids, status),
    onSettled: thenReact(() => refreshMarketplace(queryClient), options.onSettled),
  });
}

type ConditionChange = { id: number; condition: ProviderCondition };
type ConditionChanged = Awaited<ReturnType<typeof setProviderCondition>>;

/** Sets a provider's condition (Premium or not); every marketplace screen refetches after it. */
export function useSetProviderCondition(options: Reactions<ConditionChanged, ConditionChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, condition }: ConditionChange) => setProviderCondition(id, condition),
    onSettled: thenReact(() => refreshMarketplace(queryClient), options.onSettled),
  });
}
