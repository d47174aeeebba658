/** A unit version's rows as the units services read them: the row the gate allowed, its view, its tags, the knowledge areas. */
import { constantCache } from '../../platform/caches';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { KnowledgeArea, KnowledgeType } from '@edu/shared/knowledge';
import type { TagRow, UnitContent, UnitStatus } from '@edu/shared/units';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { providers } from '../../db/schema';
import { requireAccess, type Permission } from '../access/index';
import { knowledgeAreas } from './knowledge.tables';
import { itemContents, itemContentTags, items, tags } from './units.tables';
import { iso } from './unit-rules';

/** A content row the caller may `permission` (the access gate); 404 otherwise. */
export async function loadRow(ex: Executor, auth: AuthContext, id: number, lock = false, permission: Permission = 'unit.read') {
  await requireAccess(ex, auth, permission, id);
  return rowOf(ex, id, lock);
}

/** The row itself, for callers that asked the gate already (bulk moves ask once for the whole set). */
export async function rowOf(ex: Executor, id: number, lock: boolean) {
  const base = ex
    .select({ content: itemContents, providerId: items.providerId, publishedContentId: items.publishedContentId })
    .from(itemContents)
    .innerJoin(items, eq(items.id, itemContents.itemId))
    .where(eq(itemContents.id, id));
  const [row] = lock ? await base.for('update') : await base;
  if (!row) throw notFound();
  return row;
}

/** The knowledge areas by id, in order of type and title (the order of the areas' list). */
export async function knowledgeMap(ex: Executor): Promise<Map<number, KnowledgeArea>> {
  const rows = await ex.select().from(knowledgeAreas).orderBy(asc(knowledgeAreas.type), asc(knowledgeAreas.title));
  return new Map(rows.map((k) => [k.id, { id: k.id, title: k.title, type: k.type as KnowledgeType }]));
}

/** The knowledge areas by id, kept in memory per database: they change only by migration, and a change reloads them. */
export const knowledgeAreasOf = constantCache('knowledge_areas', knowledgeMap);

export async function tagsOf(ex: Executor, contentId: number): Promise<TagRow[]> {
  return ex
    .select({ id: tags.id, name: tags.name })
    .from(itemContentTags)
    .innerJoin(tags, eq(tags.id, itemContentTags.tagId))
    .where(eq(itemContentTags.itemContentId, contentId))
    .orderBy(asc(tags.name));
}

export async function view(ex: Executor, id: number): Promise<UnitContent> {
  const [row] = await ex
    .select({ content: itemContents, providerId: items.providerId, providerName: providers.companyName, publishedContentId: items.publishedContentId })
    .from(itemContents)
    .innerJoin(items, eq(items.id, itemContents.itemId))
    .innerJoin(providers, eq(providers.id, items.providerId))
    .where(eq(itemContents.id, id));
  if (!row) throw notFound();
  const c = row.content;
  const areas = await knowledgeMap(ex);
  return {
    id: c.id,
    itemId: c.itemId,
    version: c.version,
    revision: c.revision,
    status: c.status as UnitStatus,
    title: c.title,
    authors: c.authors,
    mediaUrl: c.mediaUrl,
    questions: c.questions,
    introduction: c.introduction,
    learningObjectives: c.learningObjectives,
    synthesis: c.synthesis,
    bibliographicReference: c.bibliographicReference,
    topics: c.topics,
    levelOfLearning: c.levelOfLearning,
    learningType: c.learningType as KnowledgeType,
    knowledges: c.knowledgeIds.map((k) => areas.get(k)).filter((k): k is KnowledgeArea => !!k),
    tags: await tagsOf(ex, c.id),
    provider: { id: row.providerId, name: row.providerName },
    updateMessage: c.updateMessage,
    publishedContentId: row.publishedContentId,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

/** Another version of the item on its way (not published, not trashed, newer than the published one). */
export async function pendingVersion(ex: Executor, itemId: number, exceptId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: itemContents.id })
    .from(itemContents)
    .innerJoin(items, eq(items.id, itemContents.itemId))
    .where(
      and(
        eq(itemContents.itemId, itemId),
        ne(itemContents.id, exceptId),
        ne(itemContents.status, 'deleted'),
        sql`${itemContents.id} is distinct from ${items.publishedContentId}`,
        sql`${itemContents.version} > coalesce((select p.version from item_contents p where p.id = ${items.publishedContentId}), 0)`,
      ),
    )
    .limit(1);
  return !!row;
}
