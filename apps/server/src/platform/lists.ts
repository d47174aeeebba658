/**
 * Counting the rows of a list without counting them all: the lists' `total` is exact up to
 * COUNT_CAP and answered as COUNT_CAP + 1 above it, so a page costs the same on 100 rows or 1,000,000.
 * A client shows a total above COUNT_CAP as "mais de 10.000" (`formatCount` in shared/format.ts) (the pager then offers 501 pages of 20;
 * narrowing the filter gives the exact number).
 */
import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '@edu/shared/format';
import type { Executor } from './db';

export { COUNT_CAP };

/** The number of rows `query` answers, up to COUNT_CAP + 1. Select a constant in it: only the rows count. */
export async function cappedCount(ex: Executor, query: PgSelect): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(query.limit(COUNT_CAP + 1).as('capped'));
  return Number(row?.n ?? 0);
}
