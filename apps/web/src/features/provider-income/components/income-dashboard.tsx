import { Badge, Card, Group, Loader, SimpleGrid, Skeleton, Slider, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents, formatDate, formatLongDate } from '@edu/shared/format';
import { INCOME, INCOME_TEXT, type ProviderDashboard, type ProviderUnitRow } from '@edu/shared/provider-income';
import { ChartDataTable, type ChartDataColumn } from '../../../ui/chart-data-table';
import { Pager } from '../../../ui/pager';
import { LoadError } from '../../../ui/load-error';
import { providerRentsQuery, providerDashboardQuery } from '../api';
import { RentStatusBadge } from '../../../ui/rent-status-badge';
import { INCOME_CHART_HEIGHT, IncomeChart } from './income-chart';


type IncomeMonth = ProviderDashboard['income'][number];
const INCOME_COLUMNS: ChartDataColumn<IncomeMonth>[] = [
  { key: 'month', header: 'Mês', value: (m) => m.label },
  { key: 'value', header: INCOME_TEXT.received, value: (m) => formatCents(m.valueCents), numeric: true },
  { key: 'pending', header: INCOME_TEXT.pending, value: (m) => formatCents(m.pendingCents), numeric: true },
];

/** '12,5 %' of basis points. */
const percentOf = (bps: number) => `${(bps / 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} %`;

const MONTH_MARKS = Array.from({ length: INCOME.monthsMax }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

/**
 * The provider's income dashboard (spec 1 §2.10): monthly income — what the institutions PAID for the month, the
 * provider's share (THE INCOME RULE of @edu/shared/provider-income), with what is still to receive beside it — with a
 * 1–6 month slider (default 6), approved
 * units (count, the latest with their knowledge areas, 'Aprovada'), recent rents (3 per page) and the most
 * popular units. Everything is computed by the server for the signed-in provider.
 */
export function ProviderIncomeDashboard() {
  const dashboard = useQuery(providerDashboardQuery());
  const [months, setMonths] = useState<number>(INCOME.monthsDefault);

  if (dashboard.isError) return <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} retrying={dashboard.isFetching} />;
  const data = dashboard.data;
  const shown = data?.income.slice(-months) ?? [];
  const total = shown.reduce((sum, m) => sum + m.valueCents, 0);
  const pending = shown.reduce((sum, m) => sum + m.pendingCents, 0);
  const period = months === 1 ? 'no último mês' : `nos últimos ${months} meses`;

  return (
    <Stack gap="lg">
      <Card withBorder padding="md" component="section" aria-labelledby="income-title">
        <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
          <div>
            <Title order={2} size="h3" id="income-title">
              {INCOME_TEXT.income}
            </Title>
            <Text size="sm" c="dimmed">
              {INCOME_TEXT.received} {period}:{' '}
              <Text span fw={700} c="teal" data-testid="income-total">
                {data ? formatCents(total) : '–'}
              </Text>
            </Text>
            <Text size="sm" c="dimmed">
              {INCOME_TEXT.pending} {period}:{' '}
              <Text span fw={700} data-testid="income-pending">
                {data ? formatCents(pending) : '–'}
              </Text>
            </Text>
            <Text size="xs" c="dimmed" mt={4} maw={520}>
              {INCOME_TEXT.incomeNote} {INCOME_TEXT.pendingNote}
              {data && data.platformFeeBps > 0 ? ` ${INCOME_TEXT.feeNote(percentOf(data.platformFeeBps))}` : ''}
            </Text>
          </div>
          <Stack gap={4} w={260}>
            <Text size="sm" id="income-months-label">
              {INCOME_TEXT.months}: {months}
            </Text>
            <Slider
              min={INCOME.monthsMin}
              max={INCOME.monthsMax}
              step={1}
              value={months}
              onChange={setMonths}
              marks={MONTH_MARKS}
              label={null}
              thumbProps={{ 'aria-labelledby': 'income-months-label' }}
              mb="md"
            />
          </Stack>
        </Group>
        {data ? <IncomeChart data={shown.map((m) => ({ label: m.label, Rendimento: m.valueCents }))} /> : <Skeleton h={INCOME_CHART_HEIGHT} />}
        <ChartDataTable
          caption={`${INCOME_TEXT.income} (${months === 1 ? 'último mês' : `últimos ${months} meses`})`}
          columns={INCOME_COLUMNS}
          rows={shown}
          rowKey={(m) => m.month}
          data-testid="income-months"
        />
      </Card>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        <Card withBorder padding="md" component="section" aria-labelledby="approved-title">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4" id="approved-title">
              {INCOME_TEXT.approved}
            </Title>
            <Badge size="lg" variant="light" color="green" data-testid="approved-count">
              {data ? data.approved.count : '–'}
            </Badge>
          </Group>
          {data ? <UnitList units={data.approved.latest} empty={INCOME_TEXT.noApproved} approved /> : <Loader size="sm" />}
        </Card>
        <RecentRents />
        <Card withBorder padding="md" component="section" aria-labelledby="popular-title">
          <Title order={2} size="h4" id="popular-title">
            {INCOME_TEXT.popular}
          </Title>
          <Text size="xs" c="dimmed" mb="sm">
            {INCOME_TEXT.popularNote}
          </Text>
          {data ? <UnitList units={data.popular} empty={INCOME_TEXT.noApproved} ordered /> : <Loader size="sm" />}
        </Card>
      </SimpleGrid>
    </Stack>
  );
}

function UnitList({ units, empty, approved, ordered }: { units: ProviderUnitRow[]; empty: string; approved?: boolean; ordered?: boolean }) {
  if (units.length === 0) return <Text size="sm" c="dimmed">{empty}</Text>;
  return (
    <Stack gap="sm" component={ordered ? 'ol' : 'ul'} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {units.map((u, i) => (
        <li key={u.itemId}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} lineClamp={2}>
                {ordered ? `${i + 1}. ` : ''}
                {u.title}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {u.knowledges.join(', ') || 'Sem área de conhecimento'} · {formatDate(u.publishedAt)}
              </Text>
            </div>
            {approved && (
              <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                {INCOME_TEXT.approvedLabel}
              </Badge>
            )}
          </Group>
        </li>
      ))}
    </Stack>
  );
}

function RecentRents() {
  const [page, setPage] = useState(1);
  const rents = useQuery(providerRentsQuery({ page, limit: INCOME.recentRentsPageSize }));
  const pages = rents.data ? Math.max(1, Math.ceil(rents.data.total / INCOME.recentRentsPageSize)) : 1;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="recent-rents-title">
      <Title order={2} size="h4" id="recent-rents-title" mb="sm">
        {INCOME_TEXT.recentRents}
      </Title>
      {rents.isError ? (
        <LoadError error={rents.error} onRetry={() => void rents.refetch()} retrying={rents.isFetching} />
      ) : !rents.data ? (
        <Loader size="sm" />
      ) : rents.data.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {INCOME_TEXT.noRents}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} data-testid="recent-rents">
            {rents.data.data.map((r) => (
              <li key={r.id}>
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={600} lineClamp={1}>
                      {r.seller.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {r.planName} · {formatLongDate(r.createdAt)}
                    </Text>
                  </div>
                  <RentStatusBadge status={r.status} />
                </Group>
              </li>
            ))}
          </Stack>
          {pages > 1 && <Pager size="sm" total={pages} value={page} onChange={setPage} />}
        </Stack>
      )}
    </Card>
  );
}
