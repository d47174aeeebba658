/**
 * The one TanStack Query client and the confirmation-modal provider. Provided by the signed-in shell
 * and the few public pages that fetch, so the sign-in page does not load them.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ModalsProvider } from '@mantine/modals';
import type { ReactNode } from 'react';
import { ApiError } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
  },
});

export function WithQuery({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>{children}</ModalsProvider>
    </QueryClientProvider>
  );
}
