/** Tags (spec 2 §7.3): searched and created by name, attached to and detached from a unit version. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TagRow } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { badRequest } from '../../platform/errors';
import { folded, searchMatch } from '../../platform/search';
import { requireAccess } from '../access/index';
import { itemContentTags, tags } from './units.tables';
import { UNITS_MSG } from './unit-rules';
import { tagsOf } from './unit-rows';

export function unitTagsService(deps: Deps) {
  const { db } = deps;

  async function searchTags(name: string | undefined): Promise<TagRow[]> {
    return db
      .select({ id: tags.id, name: tags.name })
      .from(tags)
      .where(name ? searchMatch(tags.name, name) : undefined)
      .orderBy(asc(folded(tags.name)))
      .limit(20);
  }

  async function createTags(names: string[]): Promise<TagRow[]> {
    // The first spelling of a name wins ('Álgebra' and 'álgebra' are one tag).
    const byKey = new Map<string, string>();
    for (const n of names) if (!byKey.has(n.trim().toLowerCase())) byKey.set(n.trim().toLowerCase(), n.trim());
    const unique = [...byKey.values()];
    return db.transaction(async (tx) => {
      await tx.insert(tags).values(unique.map((name) => ({ name }))).onConflictDoNothing();
      return tx
        .select({ id: tags.id, name: tags.name })
        .from(tags)
        .where(inArray(sql`lower(${tags.name})`, unique.map((n) => n.toLowerCase())))
        .orderBy(asc(tags.name));
    });
  }

  async function attachTags(auth: AuthContext, contentId: number, tagIds: number[]): Promise<TagRow[]> {
    return db.transaction(async (tx: Tx) => {
      await requireAccess(tx, auth, 'unit.read', contentId);
      const ids = [...new Set(tagIds)];
      const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      if (found.length !== ids.length) throw badRequest(UNITS_MSG.unknownTag, { tagIds: UNITS_MSG.unknownTag });
      await tx.insert(itemContentTags).values(ids.map((tagId) => ({ itemContentId: contentId, tagId }))).onConflictDoNothing();
      return tagsOf(tx, contentId);
    });
  }

  async function detachTag(auth: AuthContext, contentId: number, tagId: number): Promise<TagRow[]> {
    await requireAccess(db, auth, 'unit.read', contentId);
    await db.delete(itemContentTags).where(and(eq(itemContentTags.itemContentId, contentId), eq(itemContentTags.tagId, tagId)));
    return tagsOf(db, contentId);
  }

  return { searchTags, createTags, attachTags, detachTag };
}
