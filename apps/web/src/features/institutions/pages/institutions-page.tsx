/**
 * /seller/control 'Instituições' (spec 3 §2.9): status filter with counts, search, A-Z / Mais Recentes, 'Nova
 * Instituição', rows with avatar, name (→ rentals control), status badge and the row actions; bulk status for the
 * selected rows. Admin and director only (the server refuses the rest).
 */
import { Anchor, Avatar, Badge, Button, Card, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconChevronDown, IconPlayerPause, IconPlus, IconSearch, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import {
  INSTITUTION_ADMIN_TYPES,
  INSTITUTION_MSG,
  SELLER_FILTERS,
  SELLER_STATUS_COLORS,
  SELLER_STATUS_LABELS,
  SUSPENSION_REASON_LABELS,
  type SuspensionReason,
  type InstitutionRow,
  type SellerStatus,
} from '@edu/shared/institutions';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { OrderTabs, type ListOrder } from '../../../ui/order-tabs';
import { StatusFilter } from '../../../ui/status-filter';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { INSTITUTIONS_PAGE_SIZE, institutionsListQuery, useSetInstitutionsStatus } from '../api';
import { StatusModal } from '../components/status-modal';

// Loaded when first opened: the access form's masked inputs and logo drop zone (imask) and the LTI
// connection's form are not among what the list loads before it renders.
const InstitutionAccessModal = lazy(() => import('../components/institution-access-modal').then((m) => ({ default: m.InstitutionAccessModal })));
const LtiModal = lazy(() => import('../components/lti-modal').then((m) => ({ default: m.LtiModal })));

type StatusChoice = 'all' | SellerStatus;
type Order = ListOrder;

/** Spec 3 §9: the search waits one second after the last key. */
const SEARCH_DEBOUNCE_MS = 1000;
const DEFAULT_LOGO = '/avatar-default.svg';
const FILTERS: { value: StatusChoice; label: string }[] = [{ value: 'all', label: 'Todas' }, ...SELLER_FILTERS];

export default function InstitutionsPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, INSTITUTION_ADMIN_TYPES)) return <AccessDenied title="Instituições" />;
  return <Institutions />;
}

/** The status, and under it why the system suspended it ('inadimplência'), when it did. */
function SellerStatusBadge({ status, reason }: { status: SellerStatus; reason: SuspensionReason | null }) {
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={SELLER_STATUS_COLORS[status]} variant="light" radius="sm">
        {SELLER_STATUS_LABELS[status]}
      </Badge>
      {status === 'suspended' && reason && (
        <Text size="xs" c="red.9">
          {SUSPENSION_REASON_LABELS[reason]}
        </Text>
      )}
    </Stack>
  );
}

function Institutions() {
  // The status filter lives in the address (?status=suspended), so the Painel's count opens the screen filtered.
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: StatusChoice = FILTERS.find((f) => f.value === asked)?.value ?? 'all';
  const setStatus = (next: StatusChoice) => setParams(next === 'all' ? {} : { status: next }, { replace: true });
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<Order>('date');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [access, setAccess] = useState<{ editing: InstitutionRow | null } | null>(null);
  const [statusOf, setStatusOf] = useState<InstitutionRow | null>(null);
  const [ltiOf, setLtiOf] = useState<InstitutionRow | null>(null);
  // A lazy modal stays mounted once opened, so it closes with its transition.
  const [accessUsed, setAccessUsed] = useState(false);
  const [ltiUsed, setLtiUsed] = useState(false);
  if (access && !accessUsed) setAccessUsed(true);
  if (ltiOf && !ltiUsed) setLtiUsed(true);

  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [status, debouncedSearch, order]);

  const list = useQuery(
    institutionsListQuery({
      status: status === 'all' ? undefined : status,
      companyName: debouncedSearch || undefined,
      order,
      page,
      limit: INSTITUTIONS_PAGE_SIZE,
    }),
  );

  const change = useSetInstitutionsStatus({
    onSuccess: (res) => {
      toastSuccess(res.message);
      setSelected([]);
      setStatusOf(null);
    },
    onError: () => toastError(MSG.statusChangeFail),
  });

  async function suspend(rows: InstitutionRow[]) {
    if (rows.length === 0) return;
    const ok = await confirm({
      title: rows.length === 1 ? INSTITUTION_MSG.suspendConfirm(rows[0]!.name) : `Tem certeza que deseja suspender ${rows.length} instituições?`,
      message: INSTITUTION_MSG.suspendConfirmDetail,
      confirmLabel: 'Sim',
      cancelLabel: 'Não',
      danger: true,
    });
    if (ok) change.mutate({ ids: rows.map((r) => r.id), next: 'suspended' });
  }

  async function activate(rows: InstitutionRow[]) {
    if (rows.length === 0) return;
    const ok = await confirm({
      title: rows.length === 1 ? `Tem certeza que deseja ativar a instituição ${rows[0]!.name}?` : `Tem certeza que deseja ativar ${rows.length} instituições?`,
      message: MSG.canBeUndone,
      confirmLabel: 'Sim',
      cancelLabel: 'Não',
    });
    if (ok) change.mutate({ ids: rows.map((r) => r.id), next: 'active' });
  }

  const rows = list.data?.data;
  const counts = list.data?.counts;
  const selectedRows = (rows ?? []).filter((r) => selected.includes(r.id));

  const columns: Column<InstitutionRow>[] = [
    {
      key: 'name',
      header: 'Instituição',
      render: (row) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={row.logoUrl || row.user?.avatar || DEFAULT_LOGO} alt="" radius="xl" />
          <Stack gap={0} miw={0}>
            <Anchor component={Link} to={`/seller/rents-control/${row.id}`} fw={500} size="sm">
              {row.name}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              {row.user ? `${row.user.name} · ${row.user.email}` : INSTITUTION_MSG.noUser}
            </Text>
          </Stack>
        </Group>
      ),
    },
    { key: 'plan', header: 'Plano', render: (row) => <Text size="sm">{row.planName ?? '—'}</Text> },
    { key: 'created', header: 'Criada em', width: 110, render: (row) => <Text size="sm">{formatDate(row.createdAt)}</Text> },
    { key: 'status', header: 'Status', width: 110, render: (row) => <SellerStatusBadge status={row.status} reason={row.suspensionReason ?? null} /> },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Button component={Link} to={`/seller/rents-control/${row.id}`} size="compact-sm" variant="light" leftSection={<IconSettings size={14} aria-hidden />} aria-label={`Gerenciar ${row.name}`}>
            Gerenciar
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconPlayerPause size={14} aria-hidden />}
            disabled={row.status === 'suspended' || change.isPending}
            onClick={() => void suspend([row])}
            aria-label={`Suspender ${row.name}`}
          >
            Suspender
          </Button>
          {order === 'date' && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={`Mais ações de ${row.name}`}>
                  Mais
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setAccess({ editing: row })}>Editar Instituição</Menu.Item>
                <Menu.Item onClick={() => setStatusOf(row)}>Gerenciar Status</Menu.Item>
                <Menu.Item onClick={() => setLtiOf(row)}>Conexão LTI</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">Instituições</Title>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAccess({ editing: null })}>
          Nova Instituição
        </Button>
      </Group>

      <Card withBorder padding="md">
        <Stack gap="md">
          <StatusFilter filters={FILTERS} counts={counts} value={status} onChange={setStatus} />
          <TextInput
            label="Buscar"
            placeholder="Nome da instituição"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
          />
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <OrderTabs value={order} onChange={setOrder} />
          {selectedRows.length > 0 && (
            <Group gap="xs" aria-label="Ações em lote" role="group">
              <Text size="sm" c="dimmed">
                {selectedRows.length === 1 ? '1 selecionada' : `${selectedRows.length} selecionadas`}
              </Text>
              <Button color="red" variant="light" onClick={() => void suspend(selectedRows)} loading={change.isPending}>
                Suspender selecionadas
              </Button>
              <Button color="green" onClick={() => void activate(selectedRows)} loading={change.isPending}>
                Ativar selecionadas
              </Button>
            </Group>
          )}
        </Group>

        {list.isError && !rows ? (
          <LoadError error={list.error} title="Ops..." onRetry={() => void list.refetch()} />
        ) : (
          <DataTable
            label="Instituições"
            minWidth={960}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            loading={list.isPending}
            emptyText="Nenhum item encontrado."
            page={page}
            total={list.data?.total ?? 0}
            pageSize={INSTITUTIONS_PAGE_SIZE}
            onPageChange={(p) => {
              setPage(p);
              setSelected([]);
            }}
            selected={selected}
            onSelectedChange={(keys) => setSelected(keys.map(Number))}
          />
        )}
      </Card>

      {accessUsed && (
        <Suspense fallback={null}>
          <InstitutionAccessModal opened={!!access} editing={access?.editing ?? null} onClose={() => setAccess(null)} />
        </Suspense>
      )}
      <StatusModal institution={statusOf} onClose={() => setStatusOf(null)} saving={change.isPending} onSave={(row, next) => change.mutate({ ids: [row.id], next })} />
      {ltiUsed && (
        <Suspense fallback={null}>
          <LtiModal institution={ltiOf} onClose={() => setLtiOf(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
