/** Query keys and calls of the rent lists: 'Meus alugueis' (spec 3 §2.8) and the rentals control (§2.12). */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { sellerRentsRoutes as R, type NewRentBody, type RentsListQuery } from '@edu/shared/rents';
import type { OpenRentStatus } from '@edu/shared/rent-machine';
import { call } from '../../lib/api';
import { MARKET_KEYS } from '../../lib/query';

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
