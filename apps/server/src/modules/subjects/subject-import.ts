/**
 * 'Importar Disciplina' (spec 3 §4): the subjects of the providers the institution rents with an ACTIVE rent
 * (access/market-rules.ts `activeRentOf`), and the copy of one of them as a new subject of the institution.
 */
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { SUBJECT_MSG, type ImportableSubject } from '@edu/shared/subjects';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { activeRentOf } from '../access/index';
import { items, providers } from '../../db/schema';
import { subjectItems, subjects } from './subjects.tables';
import { ownerHead, ownerJudged, ownerOf } from './owner';

export function subjectImports(deps: Pick<Deps, 'db'>) {
  const { db } = deps;
  return {
    /**
     * The subjects of the providers the institution rents with an ACTIVE rent (the sources of 'Importar Disciplina');
     * `ownerOf`'s guard read and judged in the same statement.
     */
    async importable(auth: AuthContext): Promise<ImportableSubject[]> {
      const head = ownerHead(auth, 'seller');
      const sellerId = auth.user.sellerId!;
      const rows = await db
        .select({
          ownerStatus: sql<string | null>`owner_head.status`,
          id: subjects.id,
          name: subjects.name,
          providerId: providers.id,
          companyName: providers.companyName,
          itemsCount: sql<number>`(select count(*)::int from subject_items si where si.subject_id = ${subjects.id})`,
        })
        .from(head)
        .leftJoin(subjects, and(sql`owner_head.ok`, isNotNull(subjects.providerId), activeRentOf(sellerId, sql`subjects.provider_id`)))
        .leftJoin(providers, eq(providers.id, subjects.providerId))
        .orderBy(asc(providers.companyName), asc(subjects.nameFolded), asc(subjects.id))
        .limit(1000);
      ownerJudged(auth, 'seller', rows);
      return rows.flatMap((r) =>
        r.id !== null && r.providerId !== null ? [{ id: r.id, name: r.name!, providerId: r.providerId, companyName: r.companyName!, itemsCount: Number(r.itemsCount) }] : [],
      );
    },

    /**
     * In ONE transaction, a new subject of the institution with the source's name and its units in the source's
     * order, each pinned to the unit's CURRENT published version (what the institution may read; a unit without one
     * is left out). Any failure rolls everything back.
     */
    async sellerImport(auth: AuthContext, sourceId: number) {
      return db.transaction(async (tx) => {
        const owner = await ownerOf(tx, auth, 'seller');
        const [source] = await tx
          .select({ id: subjects.id, name: subjects.name, providerId: subjects.providerId })
          .from(subjects)
          .where(and(eq(subjects.id, sourceId), isNotNull(subjects.providerId), activeRentOf(owner.id, sql`subjects.provider_id`)));
        if (!source) throw notFound();
        const sourceItems = await tx
          .select({ itemId: subjectItems.itemId, published: items.publishedContentId })
          .from(subjectItems)
          .innerJoin(items, eq(items.id, subjectItems.itemId))
          .where(and(eq(subjectItems.subjectId, source.id), eq(items.providerId, source.providerId!)))
          .orderBy(asc(subjectItems.position));
        const [created] = await tx
          .insert(subjects)
          .values({ name: source.name, sellerId: owner.id, importedFromId: source.id, createdBy: auth.user.id })
          .returning({ id: subjects.id });
        const pinned = sourceItems.filter((s) => s.published !== null).map((s) => ({ itemId: s.itemId, itemContentId: s.published! }));
        // One row at a time in order (a failure of any row aborts the whole import).
        for (const [i, u] of pinned.entries()) {
          await tx.insert(subjectItems).values({ subjectId: created!.id, itemId: u.itemId, itemContentId: u.itemContentId, position: i, addedBy: auth.user.id });
        }
        await record(tx, {
          userId: auth.user.id,
          sellerId: owner.id,
          action: 'imported_subject',
          data: { subjectId: created!.id, sourceId: source.id, providerId: source.providerId, name: source.name, items: pinned.length, skipped: sourceItems.length - pinned.length },
        });
        return { message: SUBJECT_MSG.imported, subject_id: created!.id };
      });
    },
  };
}
