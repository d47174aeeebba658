/** Query keys, calls and writes of the rent lists: 'Meus alugueis' (spec 3 §2.8) and the rentals control (§2.12). */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { sellerRentsRoutes as R, type NewRentBody, type RentsListQuery } from '@edu/shared/rents';
import type { OpenRentStatus } from '@edu/shared/rent-machine';
import { call } from '../../lib/api';
import { MARKET_KEYS, refreshMarketplace, type Reactions, type Result, thenReact } from '../../lib/query';

export const rentsKeys = {
  all: [MARKET_KEYS.sellerRents] as const,
  mine: (query: RentsListQuery) => [...rentsKeys.all, 'mine', query] as const,
  control: (sellerId: number, query: RentsListQuery) => [...rentsKeys.all, 'control', sellerId, query] as const,
  plans: (sellerId: number, providerId: number | null) => [...rentsKeys.all, 'plans', sellerId, providerId] as const,
  rentable: (sellerId: number, planId: number, name: string, page: number) => [...rentsKeys.all, 'rentable', sellerId, planId, name, page] as const,
};

export const myRentsQuery = (query: RentsListQuery) =>
  queryOptions({
    queryKey: rentsKeys.mine(query),
    queryFn: ({ signal }) => call(R.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const rentsControlQuery = (sellerId: number, query: RentsListQuery) =>
  queryOptions({
    queryKey: rentsKeys.control(sellerId, query),
    queryFn: ({ signal }) => call(R.control, { params: { sellerId }, query, signal }),
    placeholderData: keepPreviousData,
  });

export const plansSellerQuery = (sellerId: number, providerId: number | null) =>
  queryOptions({
    queryKey: rentsKeys.plans(sellerId, providerId),
    queryFn: ({ signal }) => call(R.plansSeller, { params: { sellerId }, query: providerId ? { providerId } : {}, signal }),
  });

export const rentableProvidersQuery = (sellerId: number, planId: number, name: string, page: number) =>
  queryOptions({
    queryKey: rentsKeys.rentable(sellerId, planId, name, page),
    queryFn: ({ signal }) => call(R.rentableProviders, { params: { sellerId }, query: { planId, name: name || undefined, page }, signal }),
    placeholderData: keepPreviousData,
  });

export const cancelRent = (id: number) => call(R.cancel, { params: { id } });
export const createRent = (body: NewRentBody) => call(R.create, { body });
export const setRentStatus = (id: number, status: OpenRentStatus) => call(R.setStatus, { params: { id }, body: { status } });
export const changeRentPlan = (id: number, planId: number) => call(R.changePlan, { params: { id }, body: { planId } });

/** After a settled write (success or refusal) every marketplace screen refetches; then the caller's onSettled. */
function useRefreshOnSettled<TData, TVars>(options: Reactions<TData, TVars>): Reactions<TData, TVars>['onSettled'] {
  const queryClient = useQueryClient();
  return thenReact(() => refreshMarketplace(queryClient), options.onSettled);
}

/**
 * After a success every marketplace screen refetches: the refresh starts, the caller reacts (a toast, the
 * modal closes) and the write stays pending until the screens are fresh.
 */
function useRefreshOnSuccess<TData, TVars>(options: Reactions<TData, TVars>): Reactions<TData, TVars>['onSuccess'] {
  const queryClient = useQueryClient();
  return async (...args) => {
    const refreshed = refreshMarketplace(queryClient);
    await options.onSuccess?.(...args);
    await refreshed;
  };
}

/** Cancels one rent (the rentals control). */
export function useCancelRent(options: Reactions<Result<typeof cancelRent>, number> = {}) {
  return useMutation({ ...options, mutationFn: (id: number) => cancelRent(id), onSettled: useRefreshOnSettled(options) });
}

/** The institution cancels (or asks to cancel) several rents, one after another; the answers in order. */
export function useCancelRents(options: Reactions<Result<typeof cancelRent>[], number[]> = {}) {
  return useMutation({
    ...options,
    mutationFn: async (ids: number[]) => {
      const results = [];
      for (const id of ids) results.push(await cancelRent(id));
      return results;
    },
    onSettled: useRefreshOnSettled(options),
  });
}

/** 'Novo Aluguel'. */
export function useCreateRent(options: Reactions<Result<typeof createRent>, NewRentBody> = {}) {
  return useMutation({ ...options, mutationFn: (body: NewRentBody) => createRent(body), onSuccess: useRefreshOnSuccess(options) });
}

/** Edit subscription: the rent moves to another plan. */
export function useChangeRentPlan(options: Reactions<Result<typeof changeRentPlan>, { id: number; planId: number }> = {}) {
  return useMutation({
    ...options,
    mutationFn: ({ id, planId }: { id: number; planId: number }) => changeRentPlan(id, planId),
    onSuccess: useRefreshOnSuccess(options),
  });
}

/** Manage status: the rent takes an open status. */
export function useSetRentStatus(options: Reactions<Result<typeof setRentStatus>, { id: number; status: OpenRentStatus }> = {}) {
  return useMutation({
    ...options,
    mutationFn: ({ id, status }: { id: number; status: OpenRentStatus }) => setRentStatus(id, status),
    onSuccess: useRefreshOnSuccess(options),
  });
}
