/** Query keys and calls of 'Planos de Aluguel' (spec 3 §2.1, §7 "Providers and plans"). Prices travel in centavos. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { plansRoutes, type PlanBody, type PlanPriceCreateBody, type PlansSearchQuery } from '@edu/shared/plans';
import { call } from '../../lib/api';
import { MARKET_KEYS } from '../../lib/query';

export const plansKeys = { all: [MARKET_KEYS.plans] as const };

export const plansListQuery = (query: PlansSearchQuery) =>
  queryOptions({
    queryKey: [...plansKeys.all, 'search', query],
    queryFn: ({ signal }) => call(plansRoutes.search, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const createPlan = (body: PlanBody) => call(plansRoutes.create, { body });
export const updatePlan = (id: number, body: PlanBody) => call(plansRoutes.update, { params: { id }, body });

/** `value` in centavos. */
export const createPlanPrice = (body: PlanPriceCreateBody) => call(plansRoutes.priceCreate, { body });
export const updatePlanPrice = (id: number, body: PlanPriceCreateBody) => call(plansRoutes.priceUpdate, { params: { id }, body: { ...body, id } });
