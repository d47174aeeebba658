/**
 * The one TanStack Query client and the confirmation-modal provider. Provided by the signed-in shell
 * and the few public pages that fetch, so the sign-in page does not load them.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
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

export function WithQuery({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
    </QueryClientProvider>
  );
}
