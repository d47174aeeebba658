import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents, formatLongDate, formatMonthly } from '@edu/shared/format';
import { INCOME, INCOME_TEXT, PROVIDER_INCOME_TYPES, type ProviderRentRow } from '@edu/shared/provider-income';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { DataTable } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { providerRentsQuery } from '../api';
import { RentStatusBadge } from '../../../ui/rent-status-badge';

/**
 * 'Meus alugueis' of a provider (spec 3 §2.8, /dashboard/providers-rents): its catalogue's rents, 5 per page, each with
 * its monthly value and what it brought (Recebido: the provider's share of its paid charges).
 */
export default function ProviderRentsPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, PROVIDER_INCOME_TYPES)) return <AccessDenied title={INCOME_TEXT.myRents} />;
  return <ProviderRents />;
}

function ProviderRents() {
  const [page, setPage] = useState(1);
  const list = useQuery(providerRentsQuery({ page, limit: INCOME.rentsPageSize }));
  const rows = list.data?.data;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{INCOME_TEXT.myRents}</Title>
      <Card withBorder padding="md">
        {list.isError && !rows ? (
          <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable<ProviderRentRow>
            label={INCOME_TEXT.myRents}
            rows={rows}
            rowKey={(r) => r.id}
            loading={list.isPending}
            emptyText={INCOME_TEXT.empty}
            columns={[
              {
                key: 'seller',
                header: 'Instituição',
                render: (r) => (
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={r.seller.logoUrl} alt="" radius="xl" size="md" name={r.seller.name} color="initials" />
                    <Text size="sm" fw={600}>
                      {r.seller.name}
                    </Text>
                  </Group>
                ),
              },
              { key: 'status', header: 'Status', width: 140, render: (r) => <RentStatusBadge status={r.status} /> },
              { key: 'value', header: 'Valor', width: 160, render: (r) => <Text size="sm">{formatMonthly(r.valueCents)}</Text> },
              { key: 'date', header: 'Data de aquisição', width: 220, render: (r) => <Text size="sm">{formatLongDate(r.createdAt)}</Text> },
              // What the rent brought: the provider's share of its paid charges (THE INCOME RULE), every month.
              { key: 'received', header: INCOME_TEXT.received, width: 150, render: (r) => <Text size="sm">{formatCents(r.receivedCents)}</Text> },
            ]}
            page={page}
            total={list.data?.total ?? 0}
            pageSize={INCOME.rentsPageSize}
            onPageChange={setPage}
            minWidth={780}
          />
        )}
      </Card>
    </Stack>
  );
}
