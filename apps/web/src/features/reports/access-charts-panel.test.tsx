/**
 * The access reports' charts give their numbers beside them: under 'Ver dados em tabela' (a native disclosure, by
 * keyboard and screen reader), a table per chart with a caption, column and row headers and the chart's very values.
 */
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHARTS_MSG, type AccessCharts } from '@edu/shared/access-reports';
import { CHART_DATA_TOGGLE } from '../../ui/chart-data-table';
import { AccessChartsPanel } from './components/access-charts-panel';

afterEach(cleanup);

const DATA: AccessCharts = {
  trend: [
    { day: '2026-03-01', accesses: 0 },
    { day: '2026-03-02', accesses: 1234 },
    { day: '2026-03-03', accesses: 7 },
  ],
  topUnits: [
    { itemId: 11, title: 'Derivadas: taxa de variação instantânea', accesses: 1200 },
    { itemId: 12, title: 'Óptica geométrica', accesses: 41 },
  ],
};

const renderPanel = (data: AccessCharts) =>
  render(
    <MantineProvider>
      <AccessChartsPanel data={data} error={null} loading={false} onRetry={() => undefined} />
    </MantineProvider>,
  );

/** The rows of a table as the text of their cells (row headers included). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('AccessChartsPanel: the charts’ data as tables', () => {
  it('a toggle per chart, named after its table, opens a captioned table with the chart’s numbers', () => {
    renderPanel(DATA);
    const toggles = [...document.querySelectorAll('summary')];
    const trendToggle = toggles[0]!;
    expect(toggles.map((s) => s.textContent)).toEqual([
      `${CHART_DATA_TOGGLE}: ${CHARTS_MSG.trend} (só os dias com acessos)`,
      `${CHART_DATA_TOGGLE}: ${CHARTS_MSG.topUnits}`,
    ]);
    // Closed until asked for; the toggle opens it.
    const trend = screen.getByTestId('trend-table') as HTMLDetailsElement;
    expect(trend.open).toBe(false);
    fireEvent.click(trendToggle);
    if (!trend.open) trend.open = true; // (a DOM without the summary's default action)
    const table = within(trend).getByRole('table');
    expect(table.querySelector('caption')?.textContent).toBe(`${CHARTS_MSG.trend} (só os dias com acessos)`);
    // The days with accesses, in pt-BR numbers; the day names its row.
    expect(rowsOf(table)).toEqual([
      ['Dia', 'Acessos'],
      ['02/03/2026', '1.234'],
      ['03/03/2026', '7'],
    ]);
    expect(within(table).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['02/03/2026', '03/03/2026']);

    const top = within(screen.getByTestId('top-units-table')).getByRole('table', { hidden: true });
    expect(top.querySelector('caption')?.textContent).toBe(CHARTS_MSG.topUnits);
    expect(rowsOf(top)).toEqual([
      ['Unidade', 'Acessos'],
      ['Derivadas: taxa de variação instantânea', '1.200'],
      ['Óptica geométrica', '41'],
    ]);
    // The visible summary line says the same.
    expect(screen.getByTestId('charts-summary').textContent).toContain('1.241 acessos em 3 dias; dia de mais acessos: 02/03/2026 (1.234)');
  });

  it('a period without accesses: no chart, and the tables say so', () => {
    renderPanel({ trend: [{ day: '2026-03-01', accesses: 0 }], topUnits: [] });
    expect(screen.getByTestId('charts-summary').textContent).toBe(CHARTS_MSG.noAccess);
    expect(screen.queryByTestId('access-charts')).toBeNull();
    const top = screen.getByTestId('top-units-table');
    expect(top.querySelector('tbody')?.textContent).toBe(CHARTS_MSG.noAccess);
  });
});
