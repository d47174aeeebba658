/**
 * A list page in one statement. The lists' `total` is exact up to COUNT_CAP and answered as COUNT_CAP + 1 above it,
 * so a page costs the same on 100 rows or 1,000,000; a client shows a total above COUNT_CAP as "mais de 10.000"
 * (`formatCount` in shared/format.ts), and narrowing the filter gives the exact number.
 *
 * The page's rows carry the total: select `total: cappedTotal(filter)` beside the page's columns, and PostgreSQL counts
 * once per statement (an uncorrelated subquery: an InitPlan). Only a page past the end (no row to carry the total)
 * costs a second statement: `pageOf` counts then.
 */
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '@edu/shared/format';
import type { Executor } from './db';

export { COUNT_CAP };

/** The number of rows `query` answers, up to COUNT_CAP + 1. Select a constant in it: only the rows count. */
export async function cappedCount(ex: Executor, query: PgSelect): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(query.limit(COUNT_CAP + 1).as('capped'));
  return Number(row?.n ?? 0);
}

/** A column for a page's select: the rows `filter` answers, up to COUNT_CAP + 1 (select a constant in `filter`). */
export function cappedTotal(filter: PgSelect): SQL<number> {
  return sql<number>`(select count(*)::int from (${filter.limit(COUNT_CAP + 1)}) capped)`.mapWith(Number);
}

/**
 * A page whose rows carry `total` (from `cappedTotal`): the rows without it and the total. An empty first page means no
 * match; an empty later page (past the end) asks `recount`.
 */
export async function pageOf<R extends { total: number }>(
  rows: R[],
  offset: number,
  recount: () => Promise<number>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  if (rows.length === 0) return { rows: [], total: offset === 0 ? 0 : await recount() };
  return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
}
