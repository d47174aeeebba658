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

const dayOf = (date: string) => Number(date.slice(8, 10));
const monthOf = (date: string) => `${date.slice(0, 7)}-01`;

/**
 * For a month-grain table aliased `alias`: `where` chooses the months the range touches, `sum` is one row's
 * accesses inside the range (sum it over the rows of an entity).
 */
export function monthRange(start: string, end: string, alias = 'm'): { where: SQL; sum: SQL } {
  const m = sql.raw(alias);
  const [first, last] = [monthOf(start), monthOf(end)];
  // Day numbers are integers 1..31 taken from validated dates: written in the SQL (array subscripts need integers).
  const from = dayOf(start);
  const to = sql.raw(String(dayOf(end)));
  const before = from > 1 ? sql`${m}.days[${sql.raw(String(from - 1))}]` : sql`0`;
  return {
    where: sql`${m}.month between ${first}::date and ${last}::date`,
    sum: sql`(case
      when ${m}.month = ${first}::date and ${m}.month = ${last}::date then ${m}.days[${to}] - ${before}
      when ${m}.month = ${first}::date then ${m}.accesses - ${before}
      when ${m}.month = ${last}::date then ${m}.days[${to}]
      else ${m}.accesses end)`,
  };
}

/**
 * Accesses per day of [start, end] (every day, zero when none) from the month rows `rows` selects — a query of a
 * month-grain table aliased `m` with the columns month and days, already limited to the scope; this adds the range.
 */
export function trendQuery(start: string, end: string, rows: (where: SQL) => SQL): SQL {
  const { where } = monthRange(start, end);
  // The rows' days added up month by month first (31 sums per row, no row per day), then each day's accesses.
  const sums = sql.raw(Array.from({ length: 31 }, (_, i) => `sum(m.days[${i + 1}])`).join(', '));
  return sql`
    with m as (${rows(where)}),
    s as (select m.month, array[${sums}]::bigint[] as days from m group by m.month),
    per_day as (
      select (s.month + (d - 1))::date as day, (s.days[d] - coalesce(s.days[d - 1], 0))::int as accesses
        from s cross join generate_series(1, 31) d
       where s.month + (d - 1) < s.month + interval '1 month'
    )
    select to_char(g.day, 'YYYY-MM-DD') as day, coalesce(p.accesses, 0)::int as accesses
      from generate_series(${start}::timestamp, ${end}::timestamp, interval '1 day') g(day)
      left join per_day p on p.day = g.day::date
     order by g.day`;
}

export { rowsOf } from '../../platform/db';

/** A SQL array literal of integers (`array[]::int[]` when empty). */
export const intArray = (values: readonly number[]): SQL =>
  values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::int[]` : sql`array[]::int[]`;
/** A SQL array literal of texts. */
export const textArray = (values: readonly string[]): SQL =>
  values.length ? sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]` : sql`array[]::text[]`;
