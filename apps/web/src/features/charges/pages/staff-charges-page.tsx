/**
 * 'Cobranças' (/dashboard/charges, admin and director): every institution's charges, newest month first, filtered by
 * status and institution (both in the address: the Painel links to `?status=overdue`), with 'Marcar como paga' and
 * 'Cancelar cobrança' on the unpaid ones (the buttons come from the charge machine; the server decides) and
 * 'Importar extrato'.
 */
import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCash, IconFileImport, IconX } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHARGE_ADMIN_TYPES, CHARGE_STATUSES, CHARGE_STATUS_LABELS, chargeEventsFor, type ChargeStatus } from '@edu/shared/charge-machine';
import { CHARGES_MSG, CHARGES_PAGE_SIZE, type ChargeRow } from '@edu/shared/charges';
import { formatCents, formatDay, formatMonthYear } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import type { UserType } from '@edu/shared/access';
import { useSessionUser } from '../../../lib/session';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { OnceOpened } from '../../../ui/lazy-dialog';
import { chargeInstitutionsQuery, staffChargesQuery, useCancelCharge } from '../staff-api';
import { ChargeStatusBadge } from '../charge-status-badge';

const loadPay = () => import('../staff/pay-charge-modal');
const loadImport = () => import('../staff/import-statement-modal');
const PayChargeModal = lazy(() => loadPay().then((m) => ({ default: m.PayChargeModal })));
const ImportStatementModal = lazy(() => loadImport().then((m) => ({ default: m.ImportStatementModal })));
const preloadDialogs = () => void Promise.all([loadPay(), loadImport()]);

const TITLE = 'Cobranças';
const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'Todas' }, ...CHARGE_STATUSES.map((s) => ({ value: s, label: CHARGE_STATUS_LABELS[s] }))];
const isStatus = (v: string | null): v is ChargeStatus => !!v && (CHARGE_STATUSES as readonly string[]).includes(v);

export default function StaffChargesPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, CHARGE_ADMIN_TYPES)) return <AccessDenied title={TITLE} />;
  return <StaffCharges type={user.type} />;
}

function StaffCharges({ type }: { type: UserType }) {
  const [params, setParams] = useSearchParams();
  const status = isStatus(params.get('status')) ? (params.get('status') as ChargeStatus) : undefined;
  const sellerParam = Number(params.get('sellerId'));
  const sellerId = Number.isInteger(sellerParam) && sellerParam > 0 ? sellerParam : undefined;
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
  const [paying, setPaying] = useState<ChargeRow | null>(null);
  const [importOpen, setImportOpen] = useState(false);

  const list = useQuery(staffChargesQuery({ status, sellerId, page, limit: CHARGES_PAGE_SIZE }));
  const institutions = useQuery(chargeInstitutionsQuery());

  /** Change the address's filters (a filter change goes back to page 1). */
  function setFilter(changes: Record<string, string | undefined>) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  }

  const cancel = useCancelCharge({
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(err instanceof ApiError && err.status === 409 ? err.message : MSG.generic),
  });

  async function askCancel(row: ChargeRow) {
    const ok = await confirm({
      title: 'Cancelar cobrança',
      message: `Cancelar a cobrança de ${formatCents(row.amountCents)} de ${row.sellerName} (${formatMonthYear(row.period)})? A instituição não poderá mais pagá-la.`,
      confirmLabel: 'Cancelar cobrança',
      cancelLabel: 'Voltar',
      danger: true,
    });
    if (ok) cancel.mutate(row.id);
  }

  const can = (row: ChargeRow, event: 'pay' | 'cancel') => chargeEventsFor(row.status, type).includes(event);
  const columns: Column<ChargeRow>[] = [
    { key: 'seller', header: 'Instituição', render: (r) => <Text size="sm">{r.sellerName}</Text> },
    { key: 'period', header: 'Período', render: (r) => formatMonthYear(r.period) },
    { key: 'amount', header: 'Valor', render: (r) => formatCents(r.amountCents) },
    { key: 'due', header: 'Vencimento', render: (r) => formatDay(r.dueOn) },
    { key: 'status', header: 'Status', render: (r) => <ChargeStatusBadge status={r.status} /> },
    { key: 'paid', header: 'Pago em', render: (r) => (r.paidOn ? formatDay(r.paidOn) : '—') },
    {
      key: 'actions',
      header: 'Ações',
      render: (r) => (
        <Group gap={6} wrap="wrap">
          {can(r, 'pay') && (
            <Button size="compact-sm" variant="light" leftSection={<IconCash size={14} aria-hidden />} aria-label={`Marcar como paga a cobrança de ${r.sellerName} de ${formatMonthYear(r.period)}`} onClick={() => setPaying(r)}>
              Marcar como paga
            </Button>
          )}
          {can(r, 'cancel') && (
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              aria-label={`Cancelar a cobrança de ${r.sellerName} de ${formatMonthYear(r.period)}`}
              disabled={cancel.isPending}
              onClick={() => void askCancel(r)}
            >
              Cancelar cobrança
            </Button>
          )}
        </Group>
      ),
    },
  ];

  const sellerOptions = (institutions.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {TITLE}
        </Title>
        <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setImportOpen(true)} onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
          Importar extrato
        </Button>
      </Group>
      <Card withBorder padding="md">
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={status ?? ALL}
            onChange={(v) => setFilter({ status: v && v !== ALL ? v : undefined })}
            allowDeselect={false}
            w={{ base: '100%', sm: 200 }}
          />
          <Select
            label="Instituição"
            placeholder="Todas"
            data={sellerOptions}
            value={sellerId ? String(sellerId) : null}
            onChange={(v) => setFilter({ sellerId: v ?? undefined })}
            searchable
            clearable
            nothingFoundMessage="Nenhuma instituição encontrada"
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
      </Card>
      {list.isError && !list.data ? (
        <LoadError error={list.error} title="Não foi possível carregar as cobranças." onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : (
        <Card withBorder padding="md" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
          <DataTable
            label="Cobranças das instituições"
            minWidth={900}
            columns={columns}
            rows={list.data?.data}
            rowKey={(r) => r.id}
            loading={list.isPending}
            emptyText={CHARGES_MSG.empty}
            page={page}
            total={list.data?.total ?? 0}
            pageSize={CHARGES_PAGE_SIZE}
            onPageChange={(p) => setFilter({ page: p > 1 ? String(p) : undefined })}
          />
        </Card>
      )}
      <OnceOpened open={paying !== null}>
        <PayChargeModal charge={paying} onClose={() => setPaying(null)} />
      </OnceOpened>
      <OnceOpened open={importOpen}>
        <ImportStatementModal opened={importOpen} onClose={() => setImportOpen(false)} />
      </OnceOpened>
    </Stack>
  );
}
