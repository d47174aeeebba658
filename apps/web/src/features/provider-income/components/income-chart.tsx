/** The monthly income bars (Mantine charts over recharts): loaded lazily, only for the provider's dashboard. */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { brl } from '@edu/shared/format';

export interface IncomeBar {
  label: string;
  /** Reais (the chart's unit); the server answers centavos. */
  Rendimento: number;
}

const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

export default function IncomeChart({ data }: { data: IncomeBar[] }) {
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="label"
      series={[{ name: 'Rendimento', color: 'teal.6' }]}
      valueFormatter={(v) => brl.format(v)}
      yAxisProps={{ tickFormatter: (v: number) => compact.format(v), width: 80 }}
      tickLine="y"
      gridAxis="y"
      aria-hidden
    />
  );
}
