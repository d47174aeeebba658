/** Query keys, calls and writes of the store, partners and cart (spec 3 §2.3–§2.7). Prices come from the server only. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { storeRoutes, type CartAddBody, type PaymentRequestBody, type ProspectBody, type StoreProvidersQuery, type StoreUnitsQuery } from '@edu/shared/store';
import { call } from '../../lib/api';
import { MARKET_KEYS, refreshMarketplace, type Reactions, thenReact } from '../../lib/query';

export const storeKeys = {
  all: [MARKET_KEYS.store] as const,
  providers: (q: StoreProvidersQuery) => [MARKET_KEYS.store, 'providers', q] as const,
  provider: (id: number) => [MARKET_KEYS.store, 'provider', id] as const,
  units: (q: StoreUnitsQuery) => [MARKET_KEYS.store, 'units', q] as const,
  unit: (providerId: number, id: number) => [MARKET_KEYS.store, 'unit', providerId, id] as const,
  partners: (companyName: string) => [MARKET_KEYS.store, 'partners', companyName] as const,
  partner: (id: number) => [MARKET_KEYS.store, 'partner', id] as const,
  cart: [MARKET_KEYS.store, 'cart'] as const,
  paymentMethods: [MARKET_KEYS.store, 'payment-methods'] as const,
};

export const storeProvidersQuery = (q: StoreProvidersQuery) =>
  queryOptions({
    queryKey: storeKeys.providers(q),
    queryFn: ({ signal }) => call(storeRoutes.providers, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

export const storeProviderQuery = (id: number) =>
  queryOptions({ queryKey: storeKeys.provider(id), queryFn: ({ signal }) => call(storeRoutes.provider, { params: { id }, signal }) });

export const storeUnitsQuery = (q: StoreUnitsQuery) =>
  queryOptions({
    queryKey: storeKeys.units(q),
    queryFn: ({ signal }) => call(storeRoutes.units, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

/** 'Mostrar mais' of one knowledge-area group of the provider page: that group's page `page`. */
export const storeUnitGroupPage = async (q: StoreUnitsQuery, group: number, page: number, signal: AbortSignal) =>
  (await call(storeRoutes.units, { query: { ...q, group, page }, signal })).groups[0];

export const storeUnitQuery = (providerId: number, id: number) =>
  queryOptions({ queryKey: storeKeys.unit(providerId, id), queryFn: ({ signal }) => call(storeRoutes.unit, { params: { id: providerId, idItem: id }, signal }) });

export const partnersQuery = (companyName: string) =>
  queryOptions({
    queryKey: storeKeys.partners(companyName),
    queryFn: ({ signal }) => call(storeRoutes.partners, { query: { companyName: companyName || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const partnerQuery = (id: number) =>
  queryOptions({ queryKey: storeKeys.partner(id), queryFn: ({ signal }) => call(storeRoutes.partner, { params: { id }, signal }) });

export const cartQuery = () => queryOptions({ queryKey: storeKeys.cart, queryFn: ({ signal }) => call(storeRoutes.cart, { signal }) });

export const paymentMethodsQuery = () =>
  queryOptions({ queryKey: storeKeys.paymentMethods, queryFn: ({ signal }) => call(storeRoutes.paymentMethods, { signal }), staleTime: 10 * 60_000 });

export const addToCart = (body: CartAddBody) => call(storeRoutes.cartAdd, { body });
export const removeFromCart = (id: number) => call(storeRoutes.cartRemove, { params: { id } });
export const requestPayment = (body: PaymentRequestBody) => call(storeRoutes.requestPayment, { body });
export const sendProspect = (body: ProspectBody) => call(storeRoutes.prospect, { body });

/** Puts a provider or a service in the cart; every marketplace screen refetches after it, added or refused. */
export function useAddToCart(options: Reactions<Awaited<ReturnType<typeof addToCart>>, CartAddBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: addToCart,
    onSuccess: thenReact(() => refreshMarketplace(queryClient), options.onSuccess),
    onError: thenReact(() => refreshMarketplace(queryClient), options.onError),
  });
}

/** Takes an item out of the cart; every marketplace screen refetches after it. */
export function useRemoveFromCart(options: Reactions<Awaited<ReturnType<typeof removeFromCart>>, { id: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (item: { id: number }) => removeFromCart(item.id),
    onSettled: thenReact(() => refreshMarketplace(queryClient), options.onSettled),
  });
}

/** 'Solicitar Pagamento': the payment request of the cart; every marketplace screen refetches after it. */
export function useRequestPayment(options: Reactions<Awaited<ReturnType<typeof requestPayment>>, PaymentRequestBody> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: requestPayment,
    onSuccess: thenReact(() => refreshMarketplace(queryClient), options.onSuccess),
    onError: thenReact(() => refreshMarketplace(queryClient), options.onError),
  });
}
