/**
 * 'Financeiro' (/dashboard/financeiro): the institution's monthly charges for its rents. Every institution type reads
 * it; nobody at the institution moves a charge (the platform team records payments). 'A pagar' shows each unpaid
 * charge with its Pix copia e cola and QR code (overdue first, with the late-payment rule); 'Todas as cobranças' lists
 * every charge by status, with the receipt of each paid one.
 */
import { Anchor, Button, Card, Group, NativeSelect, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconReceipt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { SELLER_TYPES } from '@edu/shared/access';
import { CHARGE_STATUSES, CHARGE_STATUS_LABELS, type ChargeStatus } from '@edu/shared/charge-machine';
import { CHARGES_MSG, CHARGES_PAGE_SIZE, type ChargeRow } from '@edu/shared/charges';
import { formatCents, formatDay, formatMonthYear } from '@edu/shared/format';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { sellerChargesQuery } from '../seller-api';
import { ChargeStatusBadge } from '../charge-status-badge';
import { ChargeToPay } from '../seller/charge-to-pay';
import { useUnpaidCharges } from '../seller/unpaid-charges';
import { PixNotice } from '../seller/pix-notice';

const TITLE = 'Financeiro';
const LOAD_FAIL_TITLE = 'Não foi possível carregar as cobranças';
const receiptPath = (id: number) => `/dashboard/financeiro/recibo/${id}`;

const STATUS_FILTER_LABELS: Record<ChargeStatus, string> = { open: 'Abertas', overdue: 'Vencidas', paid: 'Pagas', canceled: 'Canceladas' };

export default function FinanceiroPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, SELLER_TYPES)) return <AccessDenied title={TITLE} />;
  return <Financeiro />;
}

function Financeiro() {
  const unpaid = useUnpaidCharges();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">{TITLE}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          As cobranças mensais dos aluguéis da sua instituição. Pague com Pix; a equipe da plataforma confirma o pagamento e o
          recibo fica disponível aqui.
        </Text>
      </div>
      <PixNotice pix={unpaid.pix} />
      <Stack gap="sm" component="section" aria-labelledby="a-pagar">
        <Title order={2} size="h3" id="a-pagar" tabIndex={-1} style={{ outline: 'none' }}>A pagar</Title>
        {unpaid.isError && !unpaid.charges ? (
          <LoadError error={unpaid.error} title={LOAD_FAIL_TITLE} onRetry={() => void unpaid.refetch()} retrying={unpaid.isFetching} />
        ) : !unpaid.charges ? (
          <Skeleton height={160} aria-label="Carregando" />
        ) : unpaid.charges.length === 0 ? (
          <Card withBorder padding="md">
            <Text c="dimmed">Nenhuma cobrança a pagar.</Text>
          </Card>
        ) : (
          unpaid.charges.map((charge) => <ChargeToPay key={charge.id} charge={charge} pix={unpaid.pix} suspendAfterDays={unpaid.suspendAfterDays!} />)
        )}
      </Stack>
      <AllCharges />
    </Stack>
  );
}

function AllCharges() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = (CHARGE_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ChargeStatus) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery(sellerChargesQuery({ status, page, limit: CHARGES_PAGE_SIZE }));
  const set = (next: { status?: string; page?: number }) => {
    const p = new URLSearchParams(params);
    if ('status' in next) {
      if (next.status) p.set('status', next.status);
      else p.delete('status');
      p.delete('page');
    }
    if (next.page) {
      if (next.page > 1) p.set('page', String(next.page));
      else p.delete('page');
    }
    setParams(p, { replace: true });
  };

  const columns: Column<ChargeRow>[] = [
    { key: 'period', header: 'Período', render: (c) => <Text size="sm" fw={500}>{formatMonthYear(c.period)}</Text> },
    { key: 'amount', header: 'Valor', render: (c) => <Text size="sm">{formatCents(c.amountCents)}</Text> },
    { key: 'due', header: 'Vencimento', render: (c) => <Text size="sm">{formatDay(c.dueOn)}</Text> },
    { key: 'status', header: 'Status', render: (c) => <ChargeStatusBadge status={c.status} /> },
    { key: 'paid', header: 'Pago em', render: (c) => <Text size="sm">{c.paidOn ? formatDay(c.paidOn) : '—'}</Text> },
    {
      key: 'actions',
      header: 'Ações',
      render: (c) =>
        c.status === 'paid' ? (
          <Button
            component={Link}
            to={receiptPath(c.id)}
            size="compact-sm"
            variant="light"
            leftSection={<IconReceipt size={14} aria-hidden />}
            aria-label={`Recibo da cobrança de ${formatMonthYear(c.period)}`}
          >
            Recibo
          </Button>
        ) : c.status === 'open' || c.status === 'overdue' ? (
          <Anchor href="#a-pagar" size="sm" onClick={(e) => {
              e.preventDefault();
              const heading = document.getElementById('a-pagar');
              heading?.focus();
              heading?.scrollIntoView();
            }}>
            Pagar com Pix
          </Anchor>
        ) : null,
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="todas">
      <Title order={2} size="h3" id="todas">Todas as cobranças</Title>
      <Card withBorder padding="md">
        <Group mb="sm">
          <NativeSelect
            label="Status"
            value={status ?? ''}
            onChange={(e) => set({ status: e.currentTarget.value || undefined })}
            data={[{ value: '', label: 'Todas' }, ...CHARGE_STATUSES.map((s) => ({ value: s, label: `${STATUS_FILTER_LABELS[s]} (${CHARGE_STATUS_LABELS[s]})` }))]}
            w={260}
            maw="100%"
          />
        </Group>
        {list.isError && !list.data ? (
          <LoadError error={list.error} title={LOAD_FAIL_TITLE} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable
            label="Cobranças"
            minWidth={720}
            columns={columns}
            rows={list.data?.data}
            rowKey={(c) => c.id}
            loading={list.isPending}
            emptyText={CHARGES_MSG.empty}
            page={page}
            total={list.data?.total ?? 0}
            pageSize={CHARGES_PAGE_SIZE}
            onPageChange={(p) => set({ page: p })}
          />
        )}
      </Card>
    </Stack>
  );
}
