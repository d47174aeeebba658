/**
 * The numbers of a chart, beside it, for keyboards and screen readers: a 'Ver dados em tabela' toggle (a native
 * `<details>`: a focusable control that says whether it is open) over a real table with a caption and headers. Every
 * chart of the app is drawn hidden from assistive technology (`aria-hidden`, nothing focusable inside) and gives its
 * data through this one component, so sighted keyboard users can read the exact values too (the charts' tooltips
 * need a mouse).
 */
import { Table } from '@mantine/core';
import { IconChevronRight, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './chart-data-table.module.css';

export const CHART_DATA_TOGGLE = 'Ver dados em tabela';

export interface ChartDataColumn<T> {
  key: string;
  header: string;
  value: (row: T) => ReactNode;
  /** Right-aligned (counts, money). */
  numeric?: boolean;
}

export interface ChartDataTableProps<T> {
  /** What the table shows: its caption, and the toggle's text after 'Ver dados em tabela: ' (two charts, two toggles). */
  caption: string;
  /** The first column names the row (a row header): the day, the month, the unit. */
  columns: ChartDataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  emptyText?: string;
  defaultOpen?: boolean;
  'data-testid'?: string;
}

export function ChartDataTable<T>({ caption, columns, rows, rowKey, emptyText = 'Sem dados no período.', defaultOpen, ...rest }: ChartDataTableProps<T>) {
  return (
    <details className={classes.details} open={defaultOpen} data-testid={rest['data-testid']}>
      <summary className={classes.summary}>
        <IconChevronRight size={14} aria-hidden className={classes.chevron} />
        <IconTable size={16} aria-hidden />
        {CHART_DATA_TOGGLE}: {caption}
      </summary>
      <Table mt="xs" striped withTableBorder verticalSpacing={6} fz="sm" captionSide="top">
        <Table.Caption ta="left" fw={600}>
          {caption}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} scope="col" ta={c.numeric ? 'right' : undefined}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length} c="dimmed">
                {emptyText}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c, i) =>
                  i === 0 ? (
                    <Table.Th key={c.key} scope="row" fw={400} ta={c.numeric ? 'right' : undefined}>
                      {c.value(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={c.key} ta={c.numeric ? 'right' : undefined} style={c.numeric ? { fontVariantNumeric: 'tabular-nums' } : undefined}>
                      {c.value(row)}
                    </Table.Td>
                  ),
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </details>
  );
}

/**
 * The props that keep a recharts chart (through Mantine charts) out of the keyboard's way: recharts 3 makes its
 * surface a focusable 'application' by default (`accessibilityLayer`), which inside an `aria-hidden` chart is a stop
 * the screen reader cannot name (axe `aria-hidden-focus`). Spread into `barChartProps`, `areaChartProps`, ...
 */
export const HIDDEN_CHART_PROPS = { accessibilityLayer: false } as const;
