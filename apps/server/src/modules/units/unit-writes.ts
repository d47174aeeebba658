/** The writes of unit rows that other modules make through the units front door, in their transaction. */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';

/**
 * 'Mais populares' (the provider dashboard): add each unit's new accesses to `items.popularity`. `counts` is a query of
 * (item_id, n) rows in item id order, so concurrent folds lock the rows in one order.
 */
export async function addPopularity(ex: Executor, counts: SQL): Promise<void> {
  await ex.execute(sql`update items i set popularity = i.popularity + b.n from (${counts}) b where i.id = b.item_id`);
}
