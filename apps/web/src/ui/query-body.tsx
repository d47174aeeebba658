/**
 * The states of a list fetched with TanStack Query, one way for every page: the load error with its retry, the
 * loader, the empty text (dimmed, centred) or node, then the data.
 */
import { Center, Loader, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';

export function QueryBody<T>({
  query,
  loadFail,
  isEmpty,
  empty,
  loadingLabel = 'Carregando',
  children,
}: {
  query: UseQueryResult<T>;
  /** The pt-BR text of a failed load. */
  loadFail: string;
  isEmpty: (data: T) => boolean;
  /** A text (shown dimmed and centred) or a node of its own. */
  empty: ReactNode;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) return <LoadError error={query.error} message={loadFail} showReason onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.data === undefined) {
    return (
      <Center py="xl" role="status" aria-busy="true" aria-label={loadingLabel}>
        <Loader />
      </Center>
    );
  }
  if (isEmpty(query.data)) {
    return typeof empty === 'string' ? (
      <Text c="dimmed" ta="center" py="xl">
        {empty}
      </Text>
    ) : (
      <>{empty}</>
    );
  }
  return <>{children(query.data)}</>;
}
