/** The cases the policies are built from: why an actor may read a unit, browse the store, read a review. */
import { eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isSellerType, isStaff, type UserType } from '@edu/shared/access';
import { PUBLISHER_TYPES } from '@edu/shared/review-machine';
import { itemContents, items, planPrices, providers, reviews} from '../../db/schema';
import { activeRentOf, inStore, institutionActive, priceOn } from './market-rules';
import { isGrant, type Actor, type UserActor } from './actors';

/** A case of a policy: SQL (rows it allows), ALL (every row), or nothing (false/null: no row). */
export const ALL = Symbol('all');
export type Case = SQL | typeof ALL | false | null;

/** OR of the cases: undefined when one allows every row, `false` when none applies. */
export function anyOf(...cases: Case[]): SQL | undefined {
  if (cases.includes(ALL)) return undefined;
  const conditions = cases.filter((c): c is SQL => !!c && c !== ALL);
  if (conditions.length === 0) return sql`false`;
  return conditions.length === 1 ? conditions[0] : or(...conditions);
}

export const isType = (types: readonly UserType[], type: UserType) => types.includes(type);

/**
 * What a case that reads only the PUBLISHED version asks, at the level the permission is asked: a version
 * (content id: it is the item's published one) or a unit (item id: it has a published version).
 */
export type UnitLevel = 'content' | 'item';
const publishedAt = (level: UnitLevel): SQL =>
  level === 'content' ? eq(itemContents.id, items.publishedContentId) : isNotNull(items.publishedContentId);

/**
 * The unit's provider and id, written qualified: inside a subquery drizzle would render a column of the policy's
 * own table unqualified (e.g. for item.read, which selects from `items` alone), naming the subquery's column.
 */
const ITEM_PROVIDER = sql.raw('"items"."provider_id"');
const ITEM_ID = sql.raw('"items"."id"');
const CONTENT_ID = sql.raw('"item_contents"."id"');

/**
 * Why `actor` may read a unit (content or item): ONE case per reason (see the header to add one). Cases that read
 * only the published version use `publishedAt(level)`.
 */
export function unitReaders(actor: Actor, level: UnitLevel): Case[] {
  if (isGrant(actor)) return institutionReads(actor.sellerId, level);
  const seller = isSellerType(actor.type) ? actor.sellerId : null;
  return [
    // Staff read every unit (curation, review, publishing, the dashboard).
    isStaff(actor.type) && ALL,
    // The users of the unit's provider read their own units.
    actor.providerId !== null && eq(items.providerId, actor.providerId),
    // An institution's users read what their institution may read.
    ...(seller !== null ? institutionReads(seller, level) : []),
  ];
}

/** What ACTIVE institution `seller` may read (its users, its share links, its LTI launches, its LMS). */
function institutionReads(seller: number, level: UnitLevel): Case[] {
  return [
    // The catalogue: the PUBLISHED version of a unit whose provider the ACTIVE institution rents with an ACTIVE rent
    // (market-rules.ts `activeRentOf`).
    sql`(${publishedAt(level)} and ${activeRentOf(seller, ITEM_PROVIDER)})`,
    // A subject's unit: the version pinned in one of the institution's subjects (it keeps version n until it chooses
    // 'Atualizar'), while that rent is active.
    sql`(${activeRentOf(seller, ITEM_PROVIDER)} and exists (select 1 from subject_items si join subjects s on s.id = si.subject_id
            where s.seller_id = ${seller} and ${level === 'content' ? sql`si.item_content_id = ${CONTENT_ID}` : sql`si.item_id = ${ITEM_ID}`}))`,
  ];
}

/** The plan of institution `sellerId` while it is ACTIVE (null otherwise: no price, so nothing in its store). */
const activePlanOf = (sellerId: number): SQL => sql`(select s.plan_id from sellers s where s.id = ${sellerId} and ${institutionActive(sql`s.status`)})`;

/**
 * unit.storeRead (content id): the PUBLISHED version of a unit whose provider is in the store of the caller's
 * institution — the same pieces as the store list (`inStore`, `priceOn`). Not a reason to read a unit (header).
 */
export function storeBrowsers(actor: UserActor): Case[] {
  return [
    isSellerType(actor.type) &&
      actor.sellerId !== null &&
      sql`(${publishedAt('content')} and exists (select 1 from ${providers} inner join ${planPrices} on ${priceOn(activePlanOf(actor.sellerId))} where ${providers.id} = ${items.providerId} and ${inStore()}))`,
  ];
}

/** The columns naming a review's curator and reviewer: `reviews`, or the staff list's kept copy (`review_list`). */
export interface ReviewPeople {
  curatorId: PgColumn;
  reviewerId: PgColumn;
}

/** The assigned curator or reviewer of a review; publishing roles reach every review. */
export function reviewReaders(actor: UserActor, on: ReviewPeople = reviews): Case[] {
  return [
    isType(PUBLISHER_TYPES, actor.type) && ALL,
    actor.type === 'curator' && eq(on.curatorId, actor.id),
    actor.type === 'review' && eq(on.reviewerId, actor.id),
  ];
}

/** The author side of a unit: the provider and editor users of its provider. */
export const unitAuthor = (actor: UserActor): Case => (actor.type === 'provider' || actor.type === 'editor') && actor.providerId !== null && eq(items.providerId, actor.providerId);
