/**
 * The catalogue (spec 3 §2.13). Institutions: the published units of the providers their
 * ACTIVE institution rents with an ACTIVE rent (access/market-rules.ts: a canceled or suspended rental removes them at once),
 * by knowledge area; the units of their subjects that have a newer published version (opt-in updates) and the
 * update itself. Provider users: their own published units, with the students' rating. Every unit answered passes
 * the access gate's unit.read.
 */
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { CATALOGUE_LIMITS, CATALOGUE_MSG, isCatalogueProvider, type CatalogueResponse, type catalogueQuery, type UpdatedUnit } from '@edu/shared/catalogue';
import { isSellerType } from '@edu/shared/access';
import type { UnitContent } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { conflict, forbidden, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { accessWhere, activelyRentedProviders, grantActor, requireAccess, type Actor } from '../access/index';
import { itemContents, items, providers, subjectItems, subjects } from '../../db/schema';
import { groupedUnits, type GroupedUnit, type GroupScope, unitsService } from '../units/index';
import { institutionHead, judgeInstitution, requireActiveInstitution } from '../institutions/index';
import { repinUnitInSubjects } from '../subjects/index';

/** One decimal, as the catalogue shows it (spec 3 §2.13). */
const average = (sum: number, count: number) => (count ? Math.round((sum / count) * 10) / 10 : 0);

export function catalogueService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  /**
   * The providers ACTIVE institution `sellerId` rents: a subquery (a search's matching units are hash-joined to it),
   * and for a walk of an area's units in title order an array computed once per statement (an InitPlan) that each unit
   * read is looked up in (GroupScope's `walk`).
   */
  const rentedBy = (sellerId: number): Omit<GroupScope, 'head'> => ({
    providers: (p) => sql`${p} in ${activelyRentedProviders(sellerId)}`,
    walk: (p) => sql`${p} = any(array${activelyRentedProviders(sellerId)})`,
  });

  /**
   * The catalogue's units for this caller, as a scope of one statement: an active institution's rented providers (its
   * guard read in the same statement and judged after it), or the caller's own provider.
   */
  function scopeOf(auth: AuthContext): { scope: GroupScope; provider: boolean; institution: boolean } {
    if (isSellerType(auth.user.type)) {
      const sellerId = auth.user.sellerId;
      if (sellerId === null) throw forbidden();
      return { scope: { head: institutionHead(sellerId), ...rentedBy(sellerId) }, provider: false, institution: true };
    }
    if (isCatalogueProvider(auth.user.type) && auth.user.providerId !== null) {
      const providerId = auth.user.providerId;
      return { scope: { head: sql`select true as ok`, providers: (p) => sql`${p} = ${providerId}` }, provider: true, institution: false };
    }
    throw forbidden();
  }

  /** The catalogue's page for a scope read through the gate as `actor`; `judge` answers the scope's guard row. */
  async function listIn(
    actor: AuthContext | Actor,
    scope: GroupScope,
    provider: boolean,
    q: z.output<typeof catalogueQuery>,
    judge: (head: { status?: unknown; ok: boolean } | undefined) => void,
  ): Promise<CatalogueResponse> {
    const term = q.title || undefined;
    // Providers do not filter by area or level (spec 3 §2.13).
    const filters = {
      title: q.filterType === 'units' ? term : undefined,
      tag: q.filterType === 'tags' ? term : undefined,
      knowledges: provider ? undefined : q.knowledges,
      levels: provider ? undefined : q.levelOfLearning,
    };
    const gate = accessWhere(actor, 'unit.read');
    const { head, groups } =
      q.group === undefined
        ? await groupedUnits.overview(deps, scope, filters, CATALOGUE_LIMITS.groupShort, gate)
        : await groupedUnits.page(deps, scope, filters, q.group, q.page, CATALOGUE_LIMITS.groupPage, gate);
    judge(head);
    const toUnit = ({ providerId: _p, ratingSum, ratingCount, ...u }: GroupedUnit) => ({
      ...u,
      rating: provider ? { average: average(ratingSum, ratingCount), votes: ratingCount } : null,
    });
    return { groups: groups.map((g) => ({ ...g, units: g.units.map(toUnit) })) };
  }

  return {
    async list(auth: AuthContext, q: z.output<typeof catalogueQuery>): Promise<CatalogueResponse> {
      const { scope, provider, institution } = scopeOf(auth);
      return listIn(auth, scope, provider, q, institution ? judgeInstitution : () => undefined);
    },

    /**
     * The catalogue of an institution read without a session (the LMS's content picker, authorised by a deep-linking
     * launch): the launch's grant is the gate's actor. The caller checked the institution is active.
     */
    async listForInstitution(sellerId: number, q: z.output<typeof catalogueQuery>): Promise<CatalogueResponse> {
      const scope: GroupScope = { head: sql`select true as ok`, ...rentedBy(sellerId) };
      return listIn(grantActor('lti', sellerId), scope, false, q, () => undefined);
    },

    /** 'Unidades que foram atualizadas': units of the institution's subjects whose published version is newer than the pinned one. */
    async checkUpdates(auth: AuthContext): Promise<{ data: UpdatedUnit[] }> {
      // One statement: the institution's guard (judged after it) and, while it is active, the updated units.
      const sellerId = auth.user.sellerId;
      if (sellerId === null) throw forbidden();
      const pinned = db.$with('pinned').as(
        db
          .select({
            itemId: subjectItems.itemId,
            contentId: sql<number>`min(${subjectItems.itemContentId})`.as('content_id'),
            subjects: sql<number>`count(distinct ${subjectItems.subjectId})::int`.as('subjects'),
          })
          .from(subjectItems)
          .innerJoin(subjects, eq(subjects.id, subjectItems.subjectId))
          .innerJoin(items, eq(items.id, subjectItems.itemId))
          .where(and(eq(subjects.sellerId, sellerId), ne(subjectItems.itemContentId, items.publishedContentId)))
          .groupBy(subjectItems.itemId),
      );
      // The version the institution's subjects use (the oldest pinned one).
      const current = alias(itemContents, 'current');
      // Left joins from the guard's row, so that it comes back without units too; a unit row is complete or left out.
      const found = await db
        .with(pinned)
        .select({
          ownerStatus: sql<string | null>`owner_head.status`,
          itemId: items.id,
          currentContentId: pinned.contentId,
          subjects: pinned.subjects,
          version: current.version,
          newContentId: itemContents.id,
          newVersion: itemContents.version,
          newTitle: itemContents.title,
          title: current.title,
          updateMessage: itemContents.updateMessage,
          publishedAt: items.publishedAt,
          companyName: providers.companyName,
        })
        .from(sql`(${institutionHead(sellerId)}) owner_head`)
        .leftJoin(pinned, sql`owner_head.ok`)
        .leftJoin(items, and(eq(items.id, pinned.itemId), accessWhere(auth, 'item.read')))
        .leftJoin(itemContents, eq(itemContents.id, items.publishedContentId))
        .leftJoin(current, and(eq(current.id, pinned.contentId), gt(itemContents.version, current.version)))
        .leftJoin(providers, eq(providers.id, items.providerId))
        .orderBy(sql`${items.publishedAt} desc nulls last`, items.id);
      judgeInstitution(found[0] && { status: found[0].ownerStatus });
      const rows = found.filter((r) => r.itemId !== null && r.newContentId !== null && r.version !== null && r.companyName !== null);
      return {
        data: rows.map((r) => ({
          itemId: r.itemId!,
          title: r.title!,
          companyName: r.companyName!,
          version: r.version!,
          currentContentId: r.currentContentId!,
          newVersion: r.newVersion!,
          newContentId: r.newContentId!,
          newTitle: r.newTitle!,
          updateMessage: r.updateMessage,
          publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
          subjects: r.subjects!,
        })),
      };
    },

    /** 'Atualizar': the institution's subjects take the unit's newest published version (one transaction, audited). */
    async update(auth: AuthContext, itemId: number): Promise<{ message: string }> {
      return db.transaction(async (tx) => {
        const inst = await requireActiveInstitution(tx, auth);
        const [item] = await tx
          .select({ id: items.id, publishedContentId: items.publishedContentId })
          .from(items)
          .where(and(eq(items.id, itemId), accessWhere(auth, 'item.read')));
        if (!item || item.publishedContentId === null) throw notFound();
        const { moved, used } = await repinUnitInSubjects(tx, inst.id, itemId, item.publishedContentId);
        if (!moved.length) throw used ? conflict(CATALOGUE_MSG.noUpdate) : notFound();
        await record(tx, {
          userId: auth.user.id,
          sellerId: inst.id,
          action: 'updated_subject_unit_version',
          data: { itemId, itemContentId: item.publishedContentId, subjectItems: moved.map((m) => m.id) },
        });
        return { message: CATALOGUE_MSG.updated };
      });
    },

    /** One unit of the catalogue (a version the caller may read: unit.read); the institution must be active. */
    async unit(auth: AuthContext, contentId: number): Promise<UnitContent> {
      if (isSellerType(auth.user.type)) await requireActiveInstitution(db, auth);
      await requireAccess(db, auth, 'unit.read', contentId);
      return units.view(db, contentId);
    },
  };
}
