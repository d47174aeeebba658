/** A report's date range as the rollups answer it: whole months from the month tables, the edge days from the day tables. */
import { sql } from 'drizzle-orm';

/** Calendar arithmetic on YYYY-MM-DD strings (UTC dates: no time of day is involved). */
const toDate = (d: string) => new Date(`${d}T00:00:00Z`);
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: string, n: number) => {
  const x = toDate(d);
  x.setUTCDate(x.getUTCDate() + n);
  return iso(x);
};
const firstOfMonth = (d: string) => `${d.slice(0, 7)}-01`;
const addMonths = (d: string, n: number) => {
  const x = toDate(firstOfMonth(d));
  x.setUTCMonth(x.getUTCMonth() + n);
  return iso(x);
};
const lastOfMonth = (d: string) => addDays(addMonths(d, 1), -1);

/**
 * A report range [start, end] (inclusive calendar dates) as the spans the rollups answer: `months` — the first days
 * of the months lying wholly inside the range (read from the month tables); `days` — at most two inclusive day
 * ranges at its edges (read from the day tables). Every day of the range is in exactly one of them.
 */
export function rollupSpans(start: string, end: string): { months: [string, string] | null; days: Array<[string, string]> } {
  if (start > end) return { months: null, days: [] };
  const firstWhole = start === firstOfMonth(start) ? start : addMonths(start, 1);
  const lastWhole = end === lastOfMonth(end) ? firstOfMonth(end) : addMonths(end, -1);
  if (firstWhole > lastWhole) return { months: null, days: [[start, end]] };
  const days: Array<[string, string]> = [];
  if (start < firstWhole) days.push([start, addDays(firstWhole, -1)]);
  if (end > lastOfMonth(lastWhole)) days.push([addMonths(lastWhole, 1), end]);
  return { months: [firstWhole, lastWhole], days };
}

/**
 * The SQL condition choosing the rollup rows of a range, for a union of a month table (alias m, column month) and a
 * day table (alias d, column day): `monthWhere` and `dayWhere` — use them as
 * `select … from access_x_months m where ${monthWhere} union all select … from access_x_days d where ${dayWhere}`.
 */
export function spanConditions(start: string, end: string) {
  const { months, days } = rollupSpans(start, end);
  const monthWhere = months ? sql`m.month between ${months[0]}::date and ${months[1]}::date` : sql`false`;
  const dayWhere = days.length
    ? sql.join(days.map(([a, b]) => sql`d.day between ${a}::date and ${b}::date`), sql` or `)
    : sql`false`;
  return { monthWhere, dayWhere: sql`(${dayWhere})` };
}
