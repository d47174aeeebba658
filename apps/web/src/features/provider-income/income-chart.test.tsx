/** The provider's income bars: a round value axis from zero past the largest month, each bar at its share of it. */
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axisTicks, IncomeChart } from './components/income-chart';

afterEach(cleanup);

describe('income chart', () => {
  it('puts the axis at round steps from zero past the largest value', () => {
    expect(axisTicks(260000)).toEqual([0, 75000, 150000, 225000, 300000]);
    expect(axisTicks(4990)).toEqual([0, 1500, 3000, 4500, 6000]);
    expect(axisTicks(100000)).toEqual([0, 25000, 50000, 75000, 100000]);
    // No income yet: an axis of R$ 0,00 to R$ 4,00 under flat bars.
    expect(axisTicks(0)).toEqual([0, 100, 200, 300, 400]);
  });

  it('draws a bar per month at its share of the axis, hidden from screen readers', () => {
    render(
      <MantineProvider>
        <IncomeChart data={[{ label: 'out/2026', Rendimento: 0 }, { label: 'nov/2026', Rendimento: 80000 }]} />
      </MantineProvider>,
    );
    const chart = screen.getByTestId('income-chart');
    expect(chart.getAttribute('aria-hidden')).toBe('true');
    const bars = [...chart.querySelectorAll<HTMLElement>('[data-value]')];
    expect(bars.map((b) => b.style.height)).toEqual(['0%', '100%']);
    expect(chart.textContent).toContain('800,00');
  });
});
