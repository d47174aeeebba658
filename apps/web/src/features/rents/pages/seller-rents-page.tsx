/**
 * 'Meus alugueis' (/seller/rents, spec 3 §2.8): the institution's open rents. Seller and content manager cancel
 * (an unpaid rent at once, an active one by a request to the provider and the platform team); the assistant
 * only reads. The buttons come from the rent machine (`rentEventsFor`), the server decides.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { rentEventsFor, RENT_READER_SELLER_TYPES, type RentStatus } from '@edu/shared/rent-machine';
import { RENTS_MSG, RENTS_PAGE_SIZE, type RentRow } from '@edu/shared/rents';
import type { UserType } from '@edu/shared/access';
import { MSG } from '@edu/shared/messages';
import { useSessionUser } from '../../../lib/session';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { myRentsQuery, useCancelRents } from '../api';
import { RentsOrderTabs, RentsSearch, RentsStatusFilter, useRentsFilters } from '../components/rents-toolbar';
import { DateCell, ProviderCell, ValueCell } from '../components/rent-cells';
import { RentStatusBadge } from '../../../ui/rent-status-badge';

const TITLE = 'Meus alugueis';

export default function SellerRentsPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, RENT_READER_SELLER_TYPES)) return <AccessDenied title={TITLE} />;
  return <SellerRents type={user.type} />;
}

/** May this user ask to cancel this rent now? (The institution's cancel, not yet requested.) */
const cancellable = (row: RentRow, type: UserType) => rentEventsFor(row.status as RentStatus, type).includes('sellerCancel') && !row.cancelRequestedAt;

function SellerRents({ type }: { type: UserType }) {
  const filters = useRentsFilters();
  const [selected, setSelected] = useState<number[]>([]);
  const list = useQuery(myRentsQuery({ ...filters.query, limit: RENTS_PAGE_SIZE }));
  const rows = list.data?.data;
  useEffect(() => setSelected([]), [filters.query.status, filters.query.name, filters.query.order, filters.page]);

  const cancel = useCancelRents({
    onSuccess: (results) => {
      const last = results.at(-1);
      // One rent: the server's words (a request sent, or an unpaid rent canceled); several: the request note when any was a request.
      const message = results.length > 1 && results.some((r) => r.cancellationRequested) ? RENTS_MSG.cancelNote : last?.message;
      if (message) toastSuccess(message, RENTS_MSG.cancelRequestedTitle);
      setSelected([]);
    },
    onError: (err) => toastError(err instanceof ApiError && err.status === 409 ? err.message : MSG.generic),
  });

  async function askCancel(targets: RentRow[]) {
    if (targets.length === 0) return;
    const ok = await confirm({
      title: targets.length === 1 ? RENTS_MSG.cancelConfirm(targets[0]!.companyName) : RENTS_MSG.cancelConfirm(targets.map((r) => r.companyName).join(', ')),
      message: RENTS_MSG.cancelNote,
      confirmLabel: 'Sim',
      cancelLabel: 'Não',
      danger: true,
    });
    if (ok) cancel.mutate(targets.map((r) => r.id));
  }

  const canCancel = rentEventsFor('active', type).includes('sellerCancel') || rentEventsFor('requested', type).includes('sellerCancel');
  const selectedRows = (rows ?? []).filter((r) => selected.includes(r.id) && cancellable(r, type));

  const columns: Column<RentRow>[] = [
    { key: 'provider', header: 'Fornecedor', render: (row) => <ProviderCell row={row} /> },
    { key: 'units', header: 'Unidades', width: 100, render: (row) => <Text size="sm">{row.units}</Text> },
    { key: 'status', header: 'Status', width: 200, render: (row) => <RentStatusBadge status={row.status} cancelRequestedAt={row.cancelRequestedAt} /> },
    { key: 'date', header: 'Data de aquisição', render: (row) => <DateCell iso={row.createdAt} /> },
    { key: 'value', header: 'Valor', render: (row) => <ValueCell cents={row.valueCents} /> },
    ...(canCancel
      ? [
          {
            key: 'actions',
            header: 'Ações',
            render: (row: RentRow) =>
              cancellable(row, type) ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  aria-label={`Cancelar o aluguel de ${row.companyName}`}
                  disabled={cancel.isPending}
                  onClick={() => void askCancel([row])}
                >
                  Cancelar
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{TITLE}</Title>
      <Card withBorder padding="md">
        <Stack gap="md">
          <RentsStatusFilter filters={filters} counts={list.data?.counts} />
          <RentsSearch filters={filters} />
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <RentsOrderTabs filters={filters} />
          {canCancel && selectedRows.length > 0 && (
            <Group gap="xs" role="group" aria-label="Ações em lote">
              <Text size="sm" c="dimmed">
                {selectedRows.length === 1 ? '1 selecionado' : `${selectedRows.length} selecionados`}
              </Text>
              <Button color="red" variant="light" leftSection={<IconTrash size={16} aria-hidden />} loading={cancel.isPending} onClick={() => void askCancel(selectedRows)}>
                Cancelar selecionados
              </Button>
            </Group>
          )}
        </Group>
        {list.isError && !rows ? (
          <LoadError error={list.error} title={RENTS_MSG.loadFailTitle} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable
            label="Aluguéis"
            minWidth={900}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            loading={list.isPending}
            emptyText={RENTS_MSG.empty}
            page={filters.page}
            total={list.data?.total ?? 0}
            pageSize={RENTS_PAGE_SIZE}
            onPageChange={filters.setPage}
            selected={canCancel ? selected : undefined}
            onSelectedChange={canCancel ? (keys) => setSelected(keys.map(Number)) : undefined}
          />
        )}
      </Card>
    </Stack>
  );
}
