/** Query keys and calls of 'Planos de Aluguel' (spec 3 §2.1, §7 "Providers and plans"). Prices travel in centavos. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { plansRoutes, type PlanBody, type PlanPriceCreateBody, type PlanRow, type PlansSearchQuery } from '@edu/shared/plans';
import { ApiError, call } from '../../lib/api';
import { MARKET_KEYS, refreshMarketplace, type Reactions } from '../../lib/query';

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

/** A screen's own reactions to a write (toasts, closing, its form): called after the hook's marketplace refresh has started. */
type Reply<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** 'Novo Plano' (`planId` null) or a change of the plan; the marketplace is refreshed after it. */
export function useSavePlan(planId: number | null, reactions: Reactions<Reply<typeof createPlan>, PlanBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (body: PlanBody) => (planId !== null ? updatePlan(planId, body) : createPlan(body)),
    onSuccess: (...args) => {
      void refreshMarketplace(queryClient);
      return reactions.onSuccess?.(...args);
    },
  });
}

/**
 * The provider's monthly price on `plan`, in centavos (a new price, or a change of the existing one); the
 * marketplace is refreshed after it, and after a 409 (a price someone else created meanwhile).
 */
export function useSavePlanPrice(plan: PlanRow | null, providerId: number, reactions: Reactions<Reply<typeof createPlanPrice>, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: (cents: number) => {
      const body = { planId: plan!.id, providerId, value: cents };
      return plan!.price ? updatePlanPrice(plan!.price.id, body) : createPlanPrice(body);
    },
    onSuccess: (...args) => {
      void refreshMarketplace(queryClient);
      return reactions.onSuccess?.(...args);
    },
    onError: (err, ...rest) => {
      if (err instanceof ApiError && err.status === 409) void refreshMarketplace(queryClient);
      return reactions.onError?.(err, ...rest);
    },
  });
}
