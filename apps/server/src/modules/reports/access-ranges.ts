/**
 * Reading a report range from the month grains of migration 0023 (`access_item_months`, `access_scope_months`),
 * whose `days` column is the month's cumulative count by day: days[d] = accesses on days 1..d (São Paulo calendar).
 *
 * A range [start, end] touches the months from start's to end's. A month wholly inside counts `accesses`; the first
 * month counts from start's day (accesses − days[start − 1]); the last one up to end's day (days[end]); when both are
 * the same month, days[end] − days[start − 1]. So any range reads one row per entity and month touched — at most 25
 * for the reports' 24 months — and never a day row.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../platform/db';

const dayOf = (date: string) => Number(date.slice(8, 10));
/** The first day of a date's month (YYYY-MM-01). */
export const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * For a month-grain table aliased `alias`: `where` chooses the months the range touches, `sum` is one row's
 * accesses inside the range (sum it over the rows of an entity). `whole`: a month's total when the table has no
 * `accesses` column.
 */
export function monthRange(start: string, end: string, alias = 'm', whole?: SQL): { where: SQL; sum: SQL } {
  const m = sql.raw(alias);
  // A whole month's count: the row's `accesses`, or (a table without it) `whole`, e.g. its days[31].
  const all = whole ?? sql`${m}.accesses`;
  const [first, last] = [monthOf(start), monthOf(end)];
  // Day numbers are parameters (integers 1..31), so every range is the same statement text: one prepared statement.
  const from = dayOf(start);
  const to = sql`${dayOf(end)}::int`;
  const before = from > 1 ? sql`${m}.days[${from - 1}::int]` : sql`0`;
  return {
    where: sql`${m}.month between ${first}::date and ${last}::date`,
    sum: sql`(case
      when ${m}.month = ${first}::date and ${m}.month = ${last}::date then ${m}.days[${to}] - ${before}
      when ${m}.month = ${first}::date then ${all} - ${before}
      when ${m}.month = ${last}::date then ${m}.days[${to}]
      else ${all} end)`,
  };
}

/**
 * Accesses per day of [start, end] (every day, zero when none) from the month rows `rows` selects — a query of a
 * month-grain table aliased `m` with the columns month and days, already limited to the scope; this adds the range.
 * The rows' days are added up month by month in SQL (at most 25 rows come back, however many units or institutions
 * they sum); the days are taken apart here (a day's accesses are days[d] − days[d − 1]).
 */
export async function readTrend(db: Executor, start: string, end: string, rows: (where: SQL) => SQL): Promise<{ day: string; accesses: number }[]> {
  const { where } = monthRange(start, end);
  const sums = sql.raw(Array.from({ length: 31 }, (_, i) => `sum(m.days[${i + 1}])`).join(', '));
  const months = rowsOf<{ month: string; days: (string | number)[] }>(
    await db.execute(sql`with m as (${rows(where)}) select m.month::text as month, array[${sums}]::bigint[] as days from m group by m.month`),
  );
  const byMonth = new Map(months.map((r) => [r.month.slice(0, 7), r.days.map(Number)]));
  const out: { day: string; accesses: number }[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`), last = Date.parse(`${end}T00:00:00Z`); t <= last; t += 86_400_000) {
    const day = new Date(t).toISOString().slice(0, 10);
    const days = byMonth.get(day.slice(0, 7));
    const d = Number(day.slice(8, 10));
    out.push({ day, accesses: days ? days[d - 1]! - (d > 1 ? days[d - 2]! : 0) : 0 });
  }
  return out;
}

export { rowsOf };

/** A SQL array literal of integers (`array[]::int[]` when empty). */
export const intArray = (values: readonly number[]): SQL =>
  values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]` : sql`array[]::int[]`;
/** A SQL array literal of texts. */
export const textArray = (values: readonly string[]): SQL =>
  values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`array[]::text[]`;
