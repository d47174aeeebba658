/** The units' reads: one unit, Minhas Unidades with its counts per tab, and an item's versions. */
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { KnowledgeArea } from '@edu/shared/knowledge';
import { isUnitComplete } from '@edu/shared/content/unit-content';
import {
  isUpdating,
  OWN_UNIT_FILTER_STATUSES,
  OWN_UNIT_FILTERS,
  UNITS_PAGE_SIZE,
  type OwnUnitFilter,
  type OwnUnitsResponse,
  type UnitContent,
  type UnitStatus,
  ownUnitsQuery,
} from '@edu/shared/units';
import type { z } from 'zod';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { foldedMatch } from '../../platform/search';
import { accessWhere, requireAccess } from '../access/index';
import { itemContents, items } from './units.tables';
import { authorProvider, iso, LISTED_CONTENT } from './unit-rules';
import { knowledgeAreasOf, view } from './unit-rows';

export function unitQueriesService(deps: Deps) {
  const { db } = deps;


  async function find(auth: AuthContext, id: number): Promise<UnitContent> {
    await requireAccess(db, auth, 'unit.read', id);
    return view(db, id);
  }

  async function mine(auth: AuthContext, q: z.output<typeof ownUnitsQuery>): Promise<OwnUnitsResponse> {
    authorProvider(auth);
    const mayEdit = accessWhere(auth, 'unit.edit') ?? sql`true`;
    // Every tab but the trash lists the latest version not in the trash of each item the gate lets this author
    // edit: the item's current version, which the database keeps on the item (items.current_*, trigger
    // items_keep_current), filtered, counted and sorted on the indexes items_provider_current_idx (recent first) and
    // items_provider_current_title_idx (A-Z) without reading rows.
    const regular: SQL[] = [mayEdit, isNotNull(items.currentContentId)];
    if (q.title) regular.push(foldedMatch(items.currentTitleFolded, q.title));
    if (q.knowledges) regular.push(sql`exists (select 1 from item_contents k where k.id = ${items.currentContentId} and ${q.knowledges} = any(k.knowledge_ids))`);
    const regularWhere = and(...regular);
    // The trash lists every trashed version of those items: the items first (planned on their own: `offset 0`).
    const trashed: SQL[] = [
      sql`${itemContents.itemId} in (select ${items.id} from ${items} where ${mayEdit} offset 0)`,
      eq(itemContents.status, 'deleted'),
    ];
    if (q.title) trashed.push(foldedMatch(itemContents.titleFolded, q.title));
    if (q.knowledges) trashed.push(sql`${q.knowledges} = any(${itemContents.knowledgeIds})`);
    const deleted = q.statusItemContent === 'deleted';
    const trashedWhere = and(...trashed);
    const byTitle = q.order === 'title';
    const offset = (q.page - 1) * UNITS_PAGE_SIZE;
    // The page's ids in the list's order: every tab but the trash, an index walk of the items' current versions that
    // stops after the page; the trash, its versions.
    const statusIn =
      q.statusItemContent === 'all' || q.statusItemContent === 'deleted' ? undefined : inArray(items.currentStatus, [...OWN_UNIT_FILTER_STATUSES[q.statusItemContent]]);
    // The trash's versions are read once (the CTE `t`: a probe per item) for both its page and its total.
    const trash = db.$with('t').as(
      db.select({ id: itemContents.id, titleFolded: itemContents.titleFolded, createdAt: itemContents.createdAt }).from(itemContents).where(trashedWhere),
    );
    const page = deleted
      ? db
          .select()
          .from(trash)
          .orderBy(...(byTitle ? [asc(trash.titleFolded), asc(trash.id)] : [desc(trash.createdAt), desc(trash.id)]))
          .limit(UNITS_PAGE_SIZE)
          .offset(offset)
          .as('p')
      : db
          .select({ id: items.currentContentId, titleFolded: items.currentTitleFolded, createdAt: items.currentCreatedAt })
          .from(items)
          .where(and(regularWhere, statusIn))
          .orderBy(...(byTitle ? [asc(items.currentTitleFolded), asc(items.currentContentId)] : [desc(items.currentCreatedAt), desc(items.currentContentId)]))
          .limit(UNITS_PAGE_SIZE)
          .offset(offset)
          .as('p');
    // The counts per status of the current versions (they give the total of every filter but the trash) and the
    // trash's total: InitPlans of the same statement.
    const byStatusSql = sql<[string, number][]>`(select coalesce(json_agg(json_build_array(s.status, s.n)), '[]'::json) from (select ${items.currentStatus} as status, count(*)::int as n from ${items} where ${regularWhere} group by ${items.currentStatus}) s)`;
    const trashTotalSql = deleted ? sql<number>`(select count(*)::int from t)` : sql<number>`0`;
    // Only what the list shows and what `complete` reads (not the topics). One statement: the page left-joined to a
    // single row, so that an empty page still carries the counts.
    const [found, areas] = await Promise.all([
      (deleted ? db.with(trash) : db)
        .select({
          c: {
            ...LISTED_CONTENT,
            authors: itemContents.authors,
            bibliographicReference: itemContents.bibliographicReference,
            learningObjectives: itemContents.learningObjectives,
            introduction: itemContents.introduction,
            synthesis: itemContents.synthesis,
          },
          byStatus: byStatusSql,
          trashTotal: trashTotalSql.mapWith(Number),
        })
        .from(sql`(select 1) one`)
        .leftJoin(page, sql`true`)
        .leftJoin(itemContents, eq(itemContents.id, page.id))
        .orderBy(...(byTitle ? [asc(page.titleFolded), asc(page.id)] : [desc(page.createdAt), desc(page.id)])),
      knowledgeAreasOf(deps),
    ]);
    const rows = found.flatMap((r) => (r.c ? [{ c: r.c }] : []));
    const deletedTotal = Number(found[0]?.trashTotal ?? 0);
    const byStatus = (found[0]?.byStatus ?? []).map(([status, n]) => ({ status, n }));
    const counts = Object.fromEntries(OWN_UNIT_FILTERS.map((f) => [f, 0])) as Record<OwnUnitFilter, number>;
    for (const { status, n } of byStatus) {
      counts.all += Number(n);
      for (const [filterKey, statuses] of Object.entries(OWN_UNIT_FILTER_STATUSES)) {
        if (statuses.includes(status as UnitStatus)) counts[filterKey as OwnUnitFilter] += Number(n);
      }
    }
    return {
      content: rows.map(({ c }) => ({
        id: c.id,
        itemId: c.itemId,
        title: c.title,
        status: c.status as UnitStatus,
        version: c.version,
        updating: isUpdating(c),
        knowledges: c.knowledgeIds.map((k) => areas.get(k)).filter((k): k is KnowledgeArea => !!k),
        levelOfLearning: c.levelOfLearning,
        complete: isUnitComplete({ ...c, knowledges: c.knowledgeIds }),
        createdAt: iso(c.createdAt),
        updatedAt: iso(c.updatedAt),
      })),
      total: q.statusItemContent === 'deleted' ? deletedTotal : counts[q.statusItemContent],
      counts,
    };
  }

  async function versions(auth: AuthContext, itemId: number) {
    await requireAccess(db, auth, 'item.read', itemId);
    const [item] = await db.select().from(items).where(eq(items.id, itemId));
    if (!item) throw notFound();
    const rows = await db.select().from(itemContents).where(eq(itemContents.itemId, itemId)).orderBy(desc(itemContents.version));
    return rows.map((c) => ({
      id: c.id,
      version: c.version,
      status: c.status as UnitStatus,
      title: c.title,
      updateMessage: c.updateMessage,
      published: c.id === item.publishedContentId,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
    }));
  }

  return { find, mine, versions };
}
