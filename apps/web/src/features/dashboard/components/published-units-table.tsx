/**
 * The dashboard's published-units table (spec 1 §2.10): title, providers and date (DD/MM/YYYY), 10 per page,
 * for every type except provider, seller_assistent, editor, admin, manager and curator.
 */
import { Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { UserType } from '@edu/shared/access';
import { formatDate } from '@edu/shared/format';
import { DataTable } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { publishedUnitsQuery } from '../../reviews';

const HIDDEN_FROM: readonly UserType[] = ['provider', 'seller_assistent', 'editor', 'admin', 'manager', 'curator'];
/** Does this user type see the published-units table? */
export const seesPublishedUnits = (type: UserType) => !HIDDEN_FROM.includes(type);

/** Spec 1 §2.10 / spec 2 §9: 10 per page. */
const PAGE_SIZE = 10;

export const PUBLISHED_UNITS_TEXT = {
  title: 'Unidades publicadas',
  table: 'Unidades publicadas',
  name: 'Título',
  providers: 'Fornecedores',
  date: 'Data',
  empty: 'Nenhuma unidade publicada.',
} as const;

export function PublishedUnitsTable() {
  const [page, setPage] = useState(1);
  const query = useQuery(publishedUnitsQuery(page));

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="published-units-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="published-units-title">
          {PUBLISHED_UNITS_TEXT.title}
        </Title>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : (
          <DataTable
            label={PUBLISHED_UNITS_TEXT.table}
            loading={query.isPending}
            rows={query.data?.content}
            rowKey={(row) => row.id}
            emptyText={PUBLISHED_UNITS_TEXT.empty}
            columns={[
              { key: 'title', header: PUBLISHED_UNITS_TEXT.name, render: (row) => <Text size="sm">{row.title}</Text> },
              { key: 'provider', header: PUBLISHED_UNITS_TEXT.providers, render: (row) => <Text size="sm">{row.provider}</Text> },
              { key: 'date', header: PUBLISHED_UNITS_TEXT.date, width: 120, render: (row) => <Text size="sm">{formatDate(row.publishedAt)}</Text> },
            ]}
            page={page}
            total={query.data?.total}
            pageSize={PAGE_SIZE}
            onPageChange={setPage}
            minWidth={560}
          />
        )}
      </Stack>
    </Card>
  );
}
