/**
 * Report date ranges: calendar dates (YYYY-MM-DD) read in the platform's time zone, São Paulo. The
 * database does the calendar and time-zone arithmetic (`date + n`, `timestamp AT TIME ZONE`, with its
 * tz database: summer time included), so the range is a pair of SQL expressions for the query.
 */
import { sql, type SQL } from 'drizzle-orm';

export const REPORT_TIME_ZONE = 'America/Sao_Paulo';

/** The instant `date + days` starts in `tz` (00:00:00 local), as a SQL timestamptz. */
export function startOfDay(date: string, days = 0, tz: string = REPORT_TIME_ZONE): SQL<Date> {
  return sql<Date>`((${date}::date + ${days}::int)::timestamp at time zone ${tz})`;
}

/**
 * The audit-log search range of spec 1 §9 and spec 3 §9: from the start date at 00:00:00 through the
 * end date "extended to the next day at 23:59:59", taken literally — the day after the end date is
 * included up to 23:59:59.999 (São Paulo). Answers [from, until) with `until` exclusive.
 */
export function auditSearchRange(start: string, end: string): { from: SQL<Date>; until: SQL<Date> } {
  return { from: startOfDay(start), until: startOfDay(end, 2) };
}
