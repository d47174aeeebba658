/**
 * The monthly income bars of the provider's dashboard: at most six bars on a money axis, drawn with a few boxes and
 * CSS rather than a chart library (recharts, ~130 KB gzip, would more than double the JavaScript of the provider's
 * first page, where the chart is above the fold). The look follows the app's other charts (Mantine charts): dashed
 * horizontal grid lines, the value axis on the left, the month under each bar, the value in a tooltip on hover or tap.
 * Drawn for the eye only (hidden from screen readers, nothing focusable): the dashboard gives the same numbers in a
 * ChartDataTable beside it.
 */
import { Tooltip } from '@mantine/core';
import { formatCents } from '@edu/shared/format';
import classes from './income-chart.module.css';

export interface IncomeBar {
  label: string;
  /** Centavos, as the server answers; shown with the one money formatter. */
  Rendimento: number;
}

/** Evenly spaced axis values from 0 past `max` at a round step (1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5 or 8 × a power of ten). */
export function axisTicks(max: number, intervals = 4): number[] {
  if (!(max > 0)) return Array.from({ length: intervals + 1 }, (_, i) => i * 100);
  const raw = max / intervals;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 1.5, 2, 2.5, 3, 4, 5, 6, 7.5, 8, 10].find((n) => n * power >= raw) ?? 10) * power;
  return Array.from({ length: Math.ceil(max / step) + 1 }, (_, i) => Math.round(i * step));
}

export const INCOME_CHART_HEIGHT = 260;

export function IncomeChart({ data }: { data: IncomeBar[] }) {
  const ticks = axisTicks(Math.max(0, ...data.map((d) => d.Rendimento)));
  const top = ticks[ticks.length - 1]!;
  const at = (value: number) => `${(value / top) * 100}%`;
  return (
    <div className={classes.chart} style={{ height: INCOME_CHART_HEIGHT }} aria-hidden data-testid="income-chart">
      <div className={classes.plot}>
        <div className={classes.axis}>
          {ticks.map((t) => (
            <span key={t} className={classes.tick} style={{ bottom: at(t) }}>
              {formatCents(t)}
            </span>
          ))}
        </div>
        <div className={classes.area}>
          {ticks.map((t) => (
            <span key={t} className={classes.grid} style={{ bottom: at(t) }} />
          ))}
          {data.map((d) => (
            <div key={d.label} className={classes.slot}>
              <Tooltip label={`${d.label} · Rendimento: ${formatCents(d.Rendimento)}`} events={{ hover: true, focus: false, touch: true }} withinPortal>
                <div className={classes.bar} style={{ height: at(d.Rendimento) }} data-value={d.Rendimento} />
              </Tooltip>
            </div>
          ))}
        </div>
      </div>
      <div className={classes.labels}>
        {data.map((d) => (
          <span key={d.label} className={classes.label}>
            {/* 'jun/2026' breaks after the slash when six months do not fit (phones). */}
            {d.label.replace('/', '/\u200b')}
          </span>
        ))}
      </div>
    </div>
  );
}
