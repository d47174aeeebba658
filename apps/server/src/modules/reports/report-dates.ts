/** Report date ranges: calendar dates (YYYY-MM-DD) read in the platform's time zone, São Paulo. */
export const REPORT_TIME_ZONE = 'America/Sao_Paulo';

/** How far `tz`'s wall clock is ahead of UTC at the instant `utcMs` (negative west of Greenwich). */
function offsetMs(utcMs: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(utcMs / 1000) * 1000;
}

/** The instant a calendar day starts in `tz` (00:00:00 local). */
export function startOfDay(date: string, tz: string = REPORT_TIME_ZONE): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d);
  const first = wall - offsetMs(wall, tz);
  const second = wall - offsetMs(first, tz);
  return new Date(second);
}

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The audit-log search range of spec 1 §9 and spec 3 §9: from the start date at 00:00:00 through the
 * end date "extended to the next day at 23:59:59", taken literally — the day after the end date is
 * included up to 23:59:59.999 (São Paulo). Answers [from, until) with `until` exclusive.
 */
export function auditSearchRange(start: string, end: string): { from: Date; until: Date } {
  return { from: startOfDay(start), until: startOfDay(addDays(end, 2)) };
}
