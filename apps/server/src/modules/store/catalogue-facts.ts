/**
 * The store's facts about a provider's PUBLISHED units (spec 3 §2.3: the unit count on the card and the
 * knowledge-area and learning-level filters), kept on the provider row so the store lists read one table.
 * Recomputed from the units by the subscriber of the unit lifecycle's publish events (idempotent: a retried
 * job computes the same), and by migration 0013 for the units published before it.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import { domainEvents } from '../../platform/domain-events';
import { items } from '../../db/schema';

export async function refreshCatalogueFacts(ex: Executor, providerIds: number[]): Promise<void> {
  if (providerIds.length === 0) return;
  await ex.execute(sql`
    update providers p set
      published_units = f.n,
      published_knowledge_ids = f.k,
      published_levels = f.l
    from (
      select pr.id,
        (select count(*)::int from items i where i.provider_id = pr.id and i.published_content_id is not null) as n,
        coalesce((select array_agg(distinct k order by k) from items i join item_contents c on c.id = i.published_content_id, unnest(c.knowledge_ids) as k where i.provider_id = pr.id), '{}') as k,
        coalesce((select array_agg(distinct l order by l) from items i join item_contents c on c.id = i.published_content_id, unnest(c.level_of_learning) as l where i.provider_id = pr.id), '{}') as l
      from providers pr
      where pr.id in (${sql.join(providerIds.map((id) => sql`${id}`), sql`, `)})
    ) f
    where p.id = f.id`);
}

/** Subscribe the recomputation to unit.published and unit.unpublished (buildApp calls it once per app). */
export function subscribeCatalogueFacts(deps: Pick<Deps, 'db' | 'jobs'>): void {
  const events = domainEvents(deps);
  const refresh = async (e: { itemId: number }) => {
    const [item] = await deps.db.select({ providerId: items.providerId }).from(items).where(eq(items.id, e.itemId));
    if (item) await refreshCatalogueFacts(deps.db, [item.providerId]);
  };
  events.after('unit.published', refresh);
  events.after('unit.unpublished', refresh);
}
