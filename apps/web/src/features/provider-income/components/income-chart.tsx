/** The monthly income bars (Mantine charts over recharts): loaded lazily, only for the provider's dashboard. */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { formatCents } from '@edu/shared/format';

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
      aria-hidden
    />
  );
}
