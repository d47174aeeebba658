/**
 * The charts above an access report's table: accesses per day over the period and the most
 * accessed units, in the table's scope. The charts load lazily (their library stays out of the page's first load)
 * and are hidden from screen readers; the same numbers are given as text: a visible summary line and two visually
 * hidden tables (the days with accesses, the units).
 */
import { Card, Skeleton, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { CHARTS_MSG, type AccessCharts } from '@edu/shared/access-reports';
import { LoadError } from '../../../ui/load-error';
import type { ChartsData } from './access-charts';

const Charts = lazy(() => import('./access-charts'));

const count = (n: number) => n.toLocaleString('pt-BR');
/** YYYY-MM-DD as DD/MM/YYYY (a calendar date: no time zone involved). */
const dayLabel = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

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
            trend: data.trend.map((d) => ({ label: dayLabel(d.day).slice(0, 5), Acessos: d.accesses })),
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
              : `${count(total)} ${total === 1 ? 'acesso' : 'acessos'} em ${count(data.trend.length)} ${data.trend.length === 1 ? 'dia' : 'dias'}; dia de mais acessos: ${dayLabel(busiest!.day)} (${count(busiest!.accesses)}); unidade mais acessada: ${data.topUnits[0]?.title ?? '—'}.`}
          </Text>
          {total > 0 && (
            <Suspense fallback={<Skeleton h={260} />}>
              <Charts data={shaped} />
            </Suspense>
          )}
          <VisuallyHidden>
            <Table data-testid="trend-table">
              <caption>{CHARTS_MSG.trend} (só os dias com acessos)</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dia</Table.Th>
                  <Table.Th>Acessos</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.trend
                  .filter((d) => d.accesses > 0)
                  .map((d) => (
                    <Table.Tr key={d.day}>
                      <Table.Td>{dayLabel(d.day)}</Table.Td>
                      <Table.Td>{count(d.accesses)}</Table.Td>
                    </Table.Tr>
                  ))}
              </Table.Tbody>
            </Table>
            <Table data-testid="top-units-table">
              <caption>{CHARTS_MSG.topUnits}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Unidade</Table.Th>
                  <Table.Th>Acessos</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.topUnits.map((u) => (
                  <Table.Tr key={u.itemId}>
                    <Table.Td>{u.title}</Table.Td>
                    <Table.Td>{count(u.accesses)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Card>
  );
}
