/** The plans as a constant list in memory (a database trigger notifies 'plans' on every change): id → name. */
import { plans } from './plans.tables';
import { constantCache } from '../../platform/caches';

export const planNamesOf = constantCache('plans', async (db) => {
  const rows = await db.select({ id: plans.id, name: plans.name }).from(plans);
  return new Map(rows.map((p) => [p.id, p.name]));
});
