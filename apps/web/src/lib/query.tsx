/**
 * The one TanStack Query client and the confirmation-modal provider. Provided by the signed-in shell
 * and the few public pages that fetch, so the sign-in page does not load them.
 */
import { QueryClient, QueryClientProvider, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { ApiError } from './api';
import { session } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

/**
 * What one user's session fetched never outlives it: when the session ends or another begins (sign-out,
 * a 401, a sign-in in another tab), every cached answer is dropped.
 */
let cachedFor = session.token();
session.subscribe(() => {
  const token = session.token();
  if (token === cachedFor) return;
  cachedFor = token;
  queryClient.clear();
});

/**
 * The marketplace's query-key roots: each marketplace feature's key factory starts its keys with its root
 * here (lib imports no feature, so the features import the roots). A change in one screen (a payment
 * request, a cancel, a new plan or price, an institution's status or plan) shows on the others: the store's
 * 'Alugado', the rent lists, the institution modal's plans, the 'Novo Aluguel' panel, the provider's income, the
 * providers admin list.
 */
export const MARKET_KEYS = {
  store: 'store',
  sellerRents: 'seller-rents',
  institutions: 'institutions',
  plans: 'plans',
  providerIncome: 'provider-income',
  providers: 'providers',
  /** The catalogue follows the rents (a canceled or activated rent changes it at once). */
  catalogue: 'catalogue',
} as const;
const MARKET_ROOTS: readonly string[] = Object.values(MARKET_KEYS);

/** Is this cached query one of the marketplace's (its key starts with a marketplace root)? */
export const isMarketplaceKey = (key: QueryKey): boolean => typeof key[0] === 'string' && MARKET_ROOTS.includes(key[0]);

/**
 * After any marketplace mutation: mark every marketplace query stale and refetch the ones on screen, so no
 * screen shows a cached answer from before the change. Resolves when the shown ones are fresh again.
 */
export function refreshMarketplace(client: QueryClient = queryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (query) => isMarketplaceKey(query.queryKey) });
}

export function WithQuery({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
    </QueryClientProvider>
  );
}

/**
 * What a screen passes to a feature's write hook (`useX(…, reactions)`): its toasts, closing a modal, navigation. The
 * hook runs its own cache work first (invalidation, refreshMarketplace), then these.
 */
export type Reactions<TData, TVars> = Pick<UseMutationOptions<TData, Error, TVars>, 'onSuccess' | 'onError' | 'onSettled'>;

/** What a write answers: the resolved value of its API call (`Result<typeof createSubject>`). */
export type Result<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/**
 * One of a write hook's callbacks: the hook's cache work first (awaited), then the screen's reaction with the same
 * arguments — `onSettled: thenReact(() => refreshMarketplace(client), reactions.onSettled)`.
 */
export function thenReact<A extends unknown[], R>(work: (...args: NoInfer<A>) => Promise<unknown>, reaction?: (...args: A) => R) {
  return async (...args: A): Promise<R | undefined> => {
    await work(...args);
    return reaction?.(...args);
  };
}
