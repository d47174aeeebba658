/**
 * The charts above an access report's table: accesses per day over the period and the most
 * accessed units, in the table's scope. The charts load when they come near the viewport (their library, recharts,
 * stays out of the page's first load; a placeholder of their size holds their place) and are hidden from screen readers; the same numbers are given as text: a visible summary line and, under
 * 'Ver dados em tabela', two tables (the days with accesses, the units).
 */
import { formatDay } from '@edu/shared/format';
import { Card, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { CHARTS_MSG, type AccessCharts } from '@edu/shared/access-reports';
import { ChartDataTable, type ChartDataColumn } from '../../../ui/chart-data-table';
import { LoadError } from '../../../ui/load-error';
import { WhenNear } from '../../../ui/when-near';
import type { ChartsData } from './access-charts';

const Charts = lazy(() => import('./access-charts'));

const count = (n: number) => n.toLocaleString('pt-BR');
/** YYYY-MM-DD as DD/MM/YYYY (a calendar date: no time zone involved). */

const TREND_COLUMNS: ChartDataColumn<AccessCharts['trend'][number]>[] = [
  { key: 'day', header: 'Dia', value: (d) => formatDay(d.day) },
  { key: 'accesses', header: 'Acessos', value: (d) => count(d.accesses), numeric: true },
];
const TOP_COLUMNS: ChartDataColumn<AccessCharts['topUnits'][number]>[] = [
  { key: 'unit', header: 'Unidade', value: (u) => u.title },
  { key: 'accesses', header: 'Acessos', value: (u) => count(u.accesses), numeric: true },
];

export function AccessChartsPanel({
  data,
  error,
  loading,
  onRetry,
}: {
  data: AccessCharts | undefined;
  error: unknown;
  loading: boolean;
  onRetry: () => void;
}) {
  const shaped = useMemo<ChartsData | null>(
    () =>
      data
        ? {
            trend: data.trend.map((d) => ({ label: formatDay(d.day).slice(0, 5), Acessos: d.accesses })),
            top: data.topUnits.map((u) => ({ label: u.title, Acessos: u.accesses })),
          }
        : null,
    [data],
  );
  const busiest = data?.trend.reduce<{ day: string; accesses: number } | null>((best, d) => (d.accesses > (best?.accesses ?? 0) ? d : best), null) ?? null;
  const total = data?.trend.reduce((n, d) => n + d.accesses, 0) ?? 0;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="access-charts-title">
      <Title order={2} size="h4" id="access-charts-title" mb="xs">
        Gráficos do período
      </Title>
      {error ? (
        <LoadError error={error} onRetry={onRetry} retrying={loading} />
      ) : !data || !shaped ? (
        <Skeleton h={260} />
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm" data-testid="charts-summary">
            {total === 0
              ? CHARTS_MSG.noAccess
              : `${count(total)} ${total === 1 ? 'acesso' : 'acessos'} em ${count(data.trend.length)} ${data.trend.length === 1 ? 'dia' : 'dias'}; dia de mais acessos: ${formatDay(busiest!.day)} (${count(busiest!.accesses)}); unidade mais acessada: ${data.topUnits[0]?.title ?? '—'}.`}
          </Text>
          {total > 0 && (
            // The charts' library (recharts, ~130 KB gzip) loads when they come near the viewport.
            <WhenNear placeholder={<ChartsPlaceholder />}>
              <Suspense fallback={<ChartsPlaceholder />}>
                <Charts data={shaped} />
              </Suspense>
            </WhenNear>
          )}
          <ChartDataTable
            caption={`${CHARTS_MSG.trend} (só os dias com acessos)`}
            columns={TREND_COLUMNS}
            rows={data.trend.filter((d) => d.accesses > 0)}
            rowKey={(d) => d.day}
            emptyText={CHARTS_MSG.noAccess}
            data-testid="trend-table"
          />
          <ChartDataTable
            caption={CHARTS_MSG.topUnits}
            columns={TOP_COLUMNS}
            rows={data.topUnits}
            rowKey={(u) => u.itemId}
            emptyText={CHARTS_MSG.noAccess}
            data-testid="top-units-table"
          />
        </>
      )}
    </Card>
  );
}

/** The two charts' place (access-charts.tsx: a caption and a 240 px chart each, side by side from the lg breakpoint). */
function ChartsPlaceholder() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Skeleton h={264} />
      <Skeleton h={264} />
    </SimpleGrid>
  );
}
