/**
 * Rentals control (/seller/rents-control/{sellerId}, spec 3 §2.12, title 'Alugueis'): one institution's open
 * rents for admin and director, with 'Novo Aluguel', edit subscription (plan), cancel subscription and manage
 * status. The buttons come from the rent machine (`rentEventsFor`); the server decides.
 */
import { Anchor, Breadcrumbs, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAdjustments, IconEdit, IconPlus, IconX } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RENT_ADMIN_TYPES, rentEventsFor, type RentStatus } from '@edu/shared/rent-machine';
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
import { rentsControlQuery, useCancelRent } from '../api';
import { RentsOrderTabs, RentsSearch, RentsStatusFilter, useRentsFilters } from '../components/rents-toolbar';
import { DateCell, ProviderCell, ValueCell } from '../components/rent-cells';
import { RentStatusBadge } from '../../../ui/rent-status-badge';
import { OnceOpened } from '../../../ui/lazy-dialog';

// 'Novo Aluguel' (a drawer with the providers and their plans) and the rent dialogs (plan and status selects) load when
// first opened, or earlier when the pointer or the keyboard reaches the page's controls.
const loadDrawer = () => import('../components/new-rent-drawer');
const loadModals = () => import('../components/rent-modals');
const NewRentDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.NewRentDrawer })));
const EditPlanModal = lazy(() => loadModals().then((m) => ({ default: m.EditPlanModal })));
const ManageStatusModal = lazy(() => loadModals().then((m) => ({ default: m.ManageStatusModal })));
const preloadDialogs = () => void Promise.all([loadDrawer(), loadModals()]);

const TITLE = 'Alugueis';

export default function RentsControlPage() {
  const user = useSessionUser();
  const sellerId = Number(useParams().sellerId);
  if (!user) return null;
  if (!typeAllowed(user.type, RENT_ADMIN_TYPES)) return <AccessDenied title={TITLE} />;
  if (!Number.isInteger(sellerId) || sellerId <= 0) return <AccessDenied title={TITLE} message={MSG.notFoundOrDenied} />;
  return <RentsControl sellerId={sellerId} type={user.type} />;
}

function RentsControl({ sellerId, type }: { sellerId: number; type: UserType }) {
  const filters = useRentsFilters();
  const [drawer, setDrawer] = useState(false);
  const [editing, setEditing] = useState<RentRow | null>(null);
  const [managing, setManaging] = useState<RentRow | null>(null);
  const list = useQuery(rentsControlQuery(sellerId, { ...filters.query, limit: RENTS_PAGE_SIZE }));
  const rows = list.data?.data;
  const recent = filters.order === 'date';
  const can = (row: RentRow, event: 'cancel' | 'changePlan' | 'setStatus') => rentEventsFor(row.status as RentStatus, type).includes(event);

  const cancel = useCancelRent({
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(err instanceof ApiError && err.status === 409 ? err.message : MSG.generic),
  });

  async function askCancel(row: RentRow) {
    const ok = await confirm({
      title: RENTS_MSG.adminCancelConfirm(row.companyName),
      message: RENTS_MSG.adminCancelNote,
      confirmLabel: 'Sim',
      cancelLabel: 'Não',
      danger: true,
    });
    if (ok) cancel.mutate(row.id);
  }

  const columns: Column<RentRow>[] = [
    { key: 'provider', header: 'Fornecedor', render: (row) => <ProviderCell row={row} /> },
    { key: 'value', header: 'Valor', render: (row) => <ValueCell cents={row.valueCents} /> },
    { key: 'status', header: 'Status', width: 200, render: (row) => <RentStatusBadge status={row.status} cancelRequestedAt={row.cancelRequestedAt} /> },
    ...(recent ? [{ key: 'plan', header: 'Plano', render: (row: RentRow) => <Text size="sm">{row.planName}</Text> }] : []),
    { key: 'date', header: 'Data de aquisição', render: (row) => <DateCell iso={row.createdAt} /> },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Group gap={6} wrap="wrap">
          {can(row, 'cancel') && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              aria-label={`Cancelar assinatura de ${row.companyName}`}
              disabled={cancel.isPending}
              onClick={() => void askCancel(row)}
            >
              Cancelar assinatura
            </Button>
          )}
          {recent && can(row, 'changePlan') && (
            <Button size="compact-sm" variant="light" leftSection={<IconEdit size={14} aria-hidden />} aria-label={`Editar assinatura de ${row.companyName}`} onClick={() => setEditing(row)}>
              Editar assinatura
            </Button>
          )}
          {can(row, 'setStatus') && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconAdjustments size={14} aria-hidden />}
              aria-label={`Gerenciar status de ${row.companyName}`}
              onClick={() => setManaging(row)}
            >
              Gerenciar status
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const seller = list.data?.seller;
  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/seller/control" size="sm">
          Instituições
        </Anchor>
        <Text size="sm">{seller?.name ?? '…'}</Text>
      </Breadcrumbs>
      <div>
        <Title order={1} size="h2">{TITLE}</Title>
        {seller && (
          <Text c="dimmed" size="sm">
            {seller.name}
          </Text>
        )}
      </div>
      {list.isError && !list.data ? (
        <LoadError error={list.error} title={RENTS_MSG.loadFailTitle} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <>
          <Card withBorder padding="md" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
            <Stack gap="md">
              <RentsStatusFilter filters={filters} counts={list.data?.counts} />
              <RentsSearch
                filters={filters}
                action={
                  <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDrawer(true)}>
                    Novo Aluguel
                  </Button>
                }
              />
            </Stack>
          </Card>
          <Card withBorder padding="md" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
            <Group justify="space-between" mb="sm">
              <RentsOrderTabs filters={filters} />
            </Group>
            <DataTable
              label="Aluguéis da instituição"
              minWidth={1000}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.id}
              loading={list.isPending}
              // Spec 3 §2.12: 'Nenhum item encontrado.' with the period, as the panel's (§2.8's own list has none).
              emptyText={RENTS_MSG.emptyPanel}
              page={filters.page}
              total={list.data?.total ?? 0}
              pageSize={RENTS_PAGE_SIZE}
              onPageChange={filters.setPage}
            />
          </Card>
        </>
      )}
      <OnceOpened open={drawer}>
        <NewRentDrawer sellerId={sellerId} opened={drawer} onClose={() => setDrawer(false)} />
      </OnceOpened>
      <OnceOpened open={editing !== null}>
        <EditPlanModal sellerId={sellerId} rent={editing} onClose={() => setEditing(null)} />
      </OnceOpened>
      <OnceOpened open={managing !== null}>
        <ManageStatusModal rent={managing} onClose={() => setManaging(null)} />
      </OnceOpened>
    </Stack>
  );
}
