/**
 * The store (spec 3 §2.3–§2.5): approved content providers with published units and a price on the caller's
 * institution's plan, their published units, and the published version of one unit. Nothing else leaves the
 * server here: a draft, a version under review or a provider without a price answers as missing (404).
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { OPEN_RENT_STATUSES } from '@edu/shared/rent-machine';
import { STORE_LIMITS, storeStateOfRent, type StoreProvider, type StoreProviderDetail, type StoreProvidersPage, type StoreState, type StoreUnitsResponse, type storeProvidersQuery, type storeUnitsQuery } from '@edu/shared/store';
import type { ProviderCondition } from '@edu/shared/providers';
import type { UnitContent } from '@edu/shared/units';
import type { Executor } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { forbidden, notFound } from '../../platform/errors';
import { cappedTotal } from '../../platform/lists';
import { jsonArrayOf, jsonObject, jsonRowColumns } from '../../platform/json-rows';
import { foldedMatch } from '../../platform/search';
import { accessWhere, requireAccess, inStore, openRentStatusOf, priceOn } from '../access/index';
import { itemContents, items, planPrices, providers } from '../../db/schema';
import { groupedUnits, unitsService } from '../units/index';
import { activeInstitutionWith, institutionHead, judgeInstitution, requireActiveInstitution, type ActiveInstitution } from '../institutions/index';
import { uploadUrlSql } from '../../platform/storage';

/** `array[…]::type[]` of literal parameters (PGlite and PostgreSQL alike). */
export const sqlArray = (values: readonly (number | string)[], type: 'int' | 'text'): SQL =>
  sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::${sql.raw(type)}[]`;

// THE rule of who is in the store (`inStore`), THE price lookup (`priceOn`) and "already rented" (`openRentOf`, `openRentStatusOf`) live in
// access/market-rules.ts, shared with the cart, the admin's 'Novo Aluguel' and the access gate's unit.storeRead.

/** What the one button says for this institution: its open rent's state (@edu/shared/store `storeStateOfRent`:
 * 'rented' only when active, else 'pending'), else in the cart, else available. The outer column is written
 * qualified (`providers.id`): drizzle renders a column of the selected table unqualified, which inside the
 * subquery would name the subquery's own `id`. */
export const stateOf = (sellerId: number) => sql<StoreState>`case ${openRentStatusOf(sellerId, sql`providers.id`)}
  ${sql.join(OPEN_RENT_STATUSES.map((s) => sql`when ${s} then ${storeStateOfRent(s)}`), sql` `)}
  else case when exists (select 1 from cart_items ci where ci.seller_id = ${sellerId} and ci.provider_id = providers.id) then 'inCart' else 'available' end
  end`;

const cardColumns = (sellerId: number) => ({
  id: providers.id,
  companyName: providers.companyName,
  imgLogoUrl: uploadUrlSql(providers.imgLogoKey),
  condition: providers.condition,
  unitCount: providers.publishedUnits,
  priceCents: planPrices.valueCents,
  state: stateOf(sellerId),
});

type CardRow = { id: number; companyName: string; imgLogoUrl: string | null; condition: string; unitCount: number; priceCents: number; state: string };
const toCard = (r: CardRow): StoreProvider => ({
  id: r.id,
  companyName: r.companyName,
  imgLogoUrl: r.imgLogoUrl,
  condition: r.condition as ProviderCondition,
  unitCount: r.unitCount,
  priceCents: r.priceCents,
  state: r.state as StoreProvider['state'],
});

export function storeService(deps: Deps) {
  const { db } = deps;
  const units = unitsService(deps);

  /** A provider of the store as this institution sees it, or 404. */
  async function providerIn(ex: Executor, inst: ActiveInstitution, id: number): Promise<StoreProviderDetail> {
    if (inst.planId === null) throw notFound();
    const [row] = await ex
      .select({ ...cardColumns(inst.id), description: providers.description })
      .from(providers)
      .innerJoin(planPrices, priceOn(inst.planId))
      .where(and(eq(providers.id, id), inStore()));
    if (!row) throw notFound();
    return { ...toCard(row), description: row.description };
  }

  return {
    async providers(auth: AuthContext, q: z.output<typeof storeProvidersQuery>): Promise<StoreProvidersPage> {
      const sellerId = auth.user.sellerId ?? -1;
      const limit = STORE_LIMITS.pageSize;
      const filters: SQL[] = [inStore()];
      if (q.companyName) filters.push(foldedMatch(providers.companyNameFolded, q.companyName));
      const conditions = [...new Set(q.condition ?? [])];
      if (conditions.length === 1) filters.push(eq(providers.condition, conditions[0] as string));
      if (q.minimumValuePlan !== undefined) filters.push(sql`${planPrices.valueCents} >= ${q.minimumValuePlan}`);
      if (q.maximumValuePlan !== undefined) filters.push(sql`${planPrices.valueCents} <= ${q.maximumValuePlan}`);
      if (q.knowledges?.length) filters.push(sql`${providers.publishedKnowledgeIds} && ${sqlArray(q.knowledges, 'int')}`);
      if (q.levelOfLearning?.length) filters.push(sql`${providers.publishedLevels} && ${sqlArray(q.levelOfLearning, 'text')}`);
      const where = and(...filters);
      // The institution's plan, from the guard's own row: the page and its total are read in the guard's statement.
      const join = priceOn(sql`sellers.plan_id`);
      const order = [desc(providers.createdAt), desc(providers.id)];
      const page = db
        .select(jsonRowColumns(cardColumns(sellerId), order))
        .from(providers)
        .innerJoin(planPrices, join)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset((q.page - 1) * limit);
      const total = cappedTotal(db.select({ one: sql`1` }).from(providers).innerJoin(planPrices, join).where(where).$dynamic());
      const inst = await activeInstitutionWith(db, auth, sql<{ rows: CardRow[]; total: number }>`json_build_object('rows', ${jsonArrayOf(page)}, 'total', ${total})`);
      if (inst.planId === null) return { data: [], total: 0, page: q.page, limit, planName: null };
      return { data: inst.extra.rows.map(toCard), total: Number(inst.extra.total), page: q.page, limit, planName: inst.planName };
    },

    async provider(auth: AuthContext, id: number): Promise<StoreProviderDetail> {
      const sellerId = auth.user.sellerId ?? -1;
      const card = sql<(CardRow & { description: string | null }) | null>`(select ${jsonObject({ ...cardColumns(sellerId), description: providers.description })}
        from ${providers} join ${planPrices} on ${priceOn(sql`sellers.plan_id`)} where ${and(eq(providers.id, id), inStore())})`;
      const inst = await activeInstitutionWith(db, auth, card);
      if (inst.planId === null || !inst.extra) throw notFound();
      return { ...toCard(inst.extra), description: inst.extra.description };
    },

    /**
     * The provider's published units by knowledge area, as the store shows them (spec 3 §2.4): each area's first
     * units and count, or one area's page. Every unit answered passes the gate's unit.storeRead (the published version).
     */
    async units(auth: AuthContext, q: z.output<typeof storeUnitsQuery>): Promise<StoreUnitsResponse> {
      // One statement: the institution's guard and "the provider is in its store" (providerIn's question) head the
      // units, which are read only when both hold; judged after it in the guards' order (403, then 404).
      const sellerId = auth.user.sellerId;
      if (sellerId === null) throw forbidden();
      const head = sql`select i.status, i.ok and p.found as ok, p.found from (${institutionHead(sellerId)}) i
        cross join lateral (select exists (select 1 from ${providers} join ${planPrices} on ${priceOn(sql`i.plan_id`)}
          where ${providers.id} = ${q.providerId} and ${inStore()}) as found) p`;
      const scope = { head, providers: (p: SQL) => sql`${p} = ${q.providerId}` };
      const filters = { title: q.companyName, knowledges: q.knowledges, levels: q.levelOfLearning };
      const gate = accessWhere(auth, 'unit.storeRead');
      const read =
        q.group === undefined
          ? await groupedUnits.overview(deps, scope, filters, STORE_LIMITS.groupShort, gate)
          : await groupedUnits.page(deps, scope, filters, q.group, q.page, STORE_LIMITS.groupPage, gate);
      judgeInstitution(read.head);
      if (!read.head?.found) throw notFound();
      const groups = read.groups;
      return { groups: groups.map((g) => ({ ...g, units: g.units.map(({ providerId: _p, ratingSum: _s, ratingCount: _c, ...u }) => u) })) };
    },

    /** The published version `contentId` of a unit of store provider `providerId`; anything else 404. */
    async unit(auth: AuthContext, providerId: number, contentId: number): Promise<UnitContent> {
      const inst = await requireActiveInstitution(db, auth);
      await providerIn(db, inst, providerId);
      await requireAccess(db, auth, 'unit.storeRead', contentId);
      const [row] = await db
        .select({ id: itemContents.id })
        .from(itemContents)
        .innerJoin(items, eq(items.id, itemContents.itemId))
        .where(and(eq(itemContents.id, contentId), eq(items.providerId, providerId), eq(items.publishedContentId, itemContents.id)));
      if (!row) throw notFound();
      const unit = await units.view(db, contentId);
      // Staff tags are the platform's own classification, not the store's.
      return { ...unit, tags: [] };
    },
  };
}
