/**
 * A list read inside another statement: the page's rows as one JSON value (json_agg of json_build_object), so a guard
 * row (the caller's institution, the counts of the tabs) and the page come back in ONE statement. The keys are
 * written here, so the rows arrive in the API's shape; a timestamp arrives as PostgreSQL's JSON text (convert it with
 * `isoOf`), a number as a number.
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** json_build_object('key', value, …) of `fields`. */
export function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${value}`),
    sql`, `,
  )})`;
}

/** A page row's place in `order` (column `n`): the rows of a page left-joined to a head row come back in order by it. */
export const rowNumber = (order: SQL[]) => sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n');

/** The select of a page read by `jsonArrayOf`: each row as a JSON object of `fields`, numbered in `order`. */
export const jsonRowColumns = (fields: Record<string, SQLWrapper>, order: SQL[]) => ({
  j: jsonObject(fields).as('j'),
  n: rowNumber(order),
});

/** The rows of `page` (a select of `jsonRowColumns`, limited) as a JSON array in their order, `[]` when none. */
export const jsonArrayOf = <T>(page: SQLWrapper): SQL<T[]> =>
  sql<T[]>`(select coalesce(json_agg(page.j order by page.n), '[]'::json) from (${page}) page)`;

/** A timestamp from JSON text as the API writes it (Date#toISOString). */
export const isoOf = (text: string): string => new Date(text).toISOString();
