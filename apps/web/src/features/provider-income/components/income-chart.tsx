/**
 * The monthly income bars (Mantine charts over recharts): loaded lazily, only for the provider's dashboard. Drawn
 * for the eye only (hidden from screen readers, nothing focusable): the dashboard gives the same numbers in a
 * ChartDataTable beside it.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCents } from '@edu/shared/format';
import { HIDDEN_CHART_PROPS } from '../../../ui/chart-data-table';

export interface IncomeBar {
  label: string;
  /** Centavos, as the server answers; shown with the one money formatter. */
  Rendimento: number;
}

export default function IncomeChart({ data }: { data: IncomeBar[] }) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="label"
      series={[{ name: 'Rendimento', color: 'teal.6' }]}
      valueFormatter={formatCents}
      yAxisProps={{ tickFormatter: formatCents, width: 104 }}
      tickLine="y"
      gridAxis="y"
      barChartProps={HIDDEN_CHART_PROPS}
      aria-hidden
    />
  );
}
