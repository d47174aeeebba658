/**
 * The access reports' charts (Mantine charts over recharts), loaded lazily: the accesses per day of the period and
 * the most accessed units. Hidden from screen readers, nothing focusable inside: AccessChartsPanel gives the same
 * numbers in ChartDataTables.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { CHARTS_MSG } from '@edu/shared/access-reports';
import { HIDDEN_CHART_PROPS } from '../../../ui/chart-data-table';

export interface ChartsData {
  trend: { label: string; Acessos: number }[];
  top: { label: string; Acessos: number }[];
}

const count = (n: number) => n.toLocaleString('pt-BR');
/** A unit's title on the bars' axis, cut to fit. */
const shortTitle = (title: string) => (title.length > 28 ? `${title.slice(0, 27)}…` : title);

export default function AccessCharts({ data }: { data: ChartsData }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" aria-hidden data-testid="access-charts">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {CHARTS_MSG.trend}
        </Text>
        <AreaChart
          h={240}
          data={data.trend}
          dataKey="label"
          series={[{ name: 'Acessos', color: 'teal.6' }]}
          curveType="monotone"
          withDots={data.trend.length <= 31}
          valueFormatter={count}
          yAxisProps={{ allowDecimals: false, width: 48 }}
          xAxisProps={{ minTickGap: 24 }}
          gridAxis="y"
          tickLine="y"
          areaChartProps={HIDDEN_CHART_PROPS}
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {CHARTS_MSG.topUnits}
        </Text>
        <BarChart
          h={240}
          data={data.top.map((u) => ({ ...u, label: shortTitle(u.label) }))}
          dataKey="label"
          orientation="vertical"
          maxBarWidth={24}
          series={[{ name: 'Acessos', color: 'indigo.6' }]}
          valueFormatter={count}
          yAxisProps={{ width: 170, interval: 0 }}
          xAxisProps={{ allowDecimals: false }}
          gridAxis="x"
          tickLine="x"
          barChartProps={HIDDEN_CHART_PROPS}
        />
      </Stack>
    </SimpleGrid>
  );
}
