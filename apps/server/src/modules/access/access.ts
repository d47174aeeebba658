/**
 * THE access gate: the one place that answers "may this session do P to these ids" (issue 10).
 *
 * Each permission is a POLICY: the table whose ids it is asked about, the joins its condition reads, and
 * the condition itself as SQL for an actor. Both ways of asking go through that one condition, so a
 * single-object check and a list filter can never disagree:
 *
 * - `checkAccess(ex, auth, P, ids)`: one query per call, for any number of ids; answers the allowed set
 *   (ids that do not exist are simply not allowed).
 * - `requireAccess(ex, auth, P, ids)`: the same; any id outside the allowed set answers 404, so an object
 *   the caller may not see is indistinguishable from one that does not exist.
 * - `accessWhere(auth, P)`: the condition itself, for list queries that already join the policy's tables
 *   (undefined = no restriction, `false` = nothing).
 *
 * Role checks ("may a curator call this route at all") stay in the route contract (`access` of each
 * route, 403); this gate answers the object-level question (which rows, 404). State checks ("is the
 * review still open") stay with their state machines.
 *
 * ADDING A WAY TO READ A UNIT (the next issues): every unit-reading permission is built from
 * `unitReaders(actor)` below, a list of cases joined with OR. A new reason to read a unit is ONE more
 * case there, e.g.
 *
 *   // a unit rented by the reader's institution (marketplace):
 *   actor.sellerId !== null && sql`exists (select 1 from rentals r where r.item_id = ${items.id} and r.seller_id = ${actor.sellerId} and r.active)`,
 *   // a unit in a subject of the reader's institution (catalogue / subjects):
 *   actor.sellerId !== null && sql`exists (select 1 from subject_items si join subjects s on s.id = si.subject_id where si.item_id = ${items.id} and s.seller_id = ${actor.sellerId})`,
 *   // a student's share link or an LTI launch: the session carries the grant (AuthContext gains
 *   // e.g. `grant: { itemIds: number[] }`, set when the link or the launch is verified):
 *   actor.grant ? inArray(items.id, actor.grant.itemIds) : null,
 *
 * and unit.read, item.read and feedback.report (and every list filtered by them) follow at once.
 * A case that reads only the published version uses `publishedAt(level)`: at version level (unit.read,
 * feedback.report) the version must be the item's published one; at unit level (item.read) the item must
 * have one. The rented-unit case (issue 12: an ACTIVE rent of the unit's provider by the reader's ACTIVE
 * institution) is written so; the subject case reads the version pinned in the institution's subject.
 *
 * THE STORE IS NOT A REASON TO READ A UNIT. Browsing the store (issue 11) is its own permission,
 * `unit.storeRead`: the published version of a unit whose provider is in the caller's institution's store
 * (an ACTIVE institution; an approved, non-service provider with a published unit and a price on the
 * institution's plan — the store list's own SQL pieces, modules/access/market-rules.ts). Only the store's
 * routes ask it. It is deliberately NOT a case of `unitReaders`: unit.read, item.read and feedback.report
 * (and the catalogue and LTI built on them) must never admit a unit the institution has not rented.
 */
import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isProviderType, isSellerType, isStaff, type UserType } from '@edu/shared/access';
import { RENT_ADMIN_TYPES, RENT_BUYER_TYPES } from '@edu/shared/rent-machine';
import { PUBLISHER_TYPES } from '@edu/shared/review-machine';
import { PROVIDER_ADMIN_TYPES } from '@edu/shared/providers';
import { GALLERY_OWNER_TYPES } from '@edu/shared/galleries';
import { ACCESS_REPORT_STAFF_TYPES } from '@edu/shared/access-reports';
import type { Executor } from '../../platform/db';
import type { AuthContext, AuthUser } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { galleries, itemContents, items, planPrices, providers, providerServices, rents, reviews, sellers, users } from '../../db/schema';
import { activeRentOf, inStore, priceOn } from './market-rules';

/** What the gate knows about the caller (the session's user). */
export type Actor = Pick<AuthUser, 'id' | 'type' | 'providerId' | 'sellerId'>;

/** A case of a policy: SQL (rows it allows), ALL (every row), or nothing (false/null: no row). */
const ALL = Symbol('all');
type Case = SQL | typeof ALL | false | null;

/** OR of the cases: undefined when one allows every row, `false` when none applies. */
function anyOf(...cases: Case[]): SQL | undefined {
  if (cases.includes(ALL)) return undefined;
  const conditions = cases.filter((c): c is SQL => !!c && c !== ALL);
  if (conditions.length === 0) return sql`false`;
  return conditions.length === 1 ? conditions[0] : or(...conditions);
}

const isType = (types: readonly UserType[], type: UserType) => types.includes(type);

/**
 * What a case that reads only the PUBLISHED version asks, at the level the permission is asked: a version
 * (content id: it is the item's published one) or a unit (item id: it has a published version).
 */
type UnitLevel = 'content' | 'item';
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
function unitReaders(actor: Actor, level: UnitLevel): Case[] {
  const seller = isSellerType(actor.type) ? actor.sellerId : null;
  return [
    // Staff read every unit (curation, review, publishing, the dashboard).
    isStaff(actor.type) && ALL,
    // The users of the unit's provider read their own units.
    actor.providerId !== null && eq(items.providerId, actor.providerId),
    // The catalogue (issue 12): the PUBLISHED version of a unit whose provider the reader's ACTIVE institution
    // rents with an ACTIVE rent (store-rules.ts `activeRentOf`).
    seller !== null && sql`(${publishedAt(level)} and ${activeRentOf(seller, ITEM_PROVIDER)})`,
    // A subject's unit (issue 12): the version pinned in one of the institution's subjects (it keeps version n until
    // it chooses 'Atualizar'), while that rent is active.
    seller !== null &&
      sql`(${activeRentOf(seller, ITEM_PROVIDER)} and exists (select 1 from subject_items si join subjects s on s.id = si.subject_id
            where s.seller_id = ${seller} and ${level === 'content' ? sql`si.item_content_id = ${CONTENT_ID}` : sql`si.item_id = ${ITEM_ID}`}))`,
    // Next: a share link, an LTI launch (header).
  ];
}

/** The plan of institution `sellerId` while it is ACTIVE (null otherwise: no price, so nothing in its store). */
const activePlanOf = (sellerId: number): SQL => sql`(select s.plan_id from sellers s where s.id = ${sellerId} and s.status = 'active')`;

/**
 * unit.storeRead (content id): the PUBLISHED version of a unit whose provider is in the store of the caller's
 * institution — the same pieces as the store list (`inStore`, `priceOn`). Not a reason to read a unit (header).
 */
function storeBrowsers(actor: Actor): Case[] {
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
function reviewReaders(actor: Actor, on: ReviewPeople = reviews): Case[] {
  return [
    isType(PUBLISHER_TYPES, actor.type) && ALL,
    actor.type === 'curator' && eq(on.curatorId, actor.id),
    actor.type === 'review' && eq(on.reviewerId, actor.id),
  ];
}

/** The author side of a unit: the provider and editor users of its provider. */
const unitAuthor = (actor: Actor): Case => (actor.type === 'provider' || actor.type === 'editor') && actor.providerId !== null && eq(items.providerId, actor.providerId);

type Join = (q: ReturnType<typeof selectIds>) => ReturnType<typeof selectIds>;
const selectIds = (ex: Executor, id: PgColumn, table: Parameters<ReturnType<Executor['select']>['from']>[0]) =>
  ex.select({ id }).from(table).$dynamic();

interface Policy {
  /** The id column the permission is asked about. */
  id: PgColumn;
  /** Its table. */
  table: Parameters<ReturnType<Executor['select']>['from']>[0];
  /** The joins the condition reads (lists using `accessWhere` must have them too). */
  joins?: Join;
  /** The condition (undefined: every row). */
  where(actor: Actor): SQL | undefined;
}

const contentJoins: Join = (q) => q.innerJoin(items, eq(items.id, itemContents.itemId));

export const POLICIES = {
  /** Read a unit version (content id): the preview, tags, staff publishing a version. */
  'unit.read': { id: itemContents.id, table: itemContents, joins: contentJoins, where: (a) => anyOf(...unitReaders(a, 'content')) },
  /** Report a problem on a unit version: whoever may read it. */
  'feedback.report': { id: itemContents.id, table: itemContents, joins: contentJoins, where: (a) => anyOf(...unitReaders(a, 'content')) },
  /** Browse a unit version in the store (content id): the published version of a store provider's unit; the store's routes only. */
  'unit.storeRead': { id: itemContents.id, table: itemContents, joins: contentJoins, where: (a) => anyOf(...storeBrowsers(a)) },
  /** Read a unit (item id): its versions. */
  'item.read': { id: items.id, table: items, where: (a) => anyOf(...unitReaders(a, 'item')) },
  /** Author a unit version (content id): save, send, trash, recover. Staff edit only through a review. */
  'unit.edit': {
    id: itemContents.id,
    table: itemContents,
    joins: contentJoins,
    where: (a) => anyOf(isProviderType(a.type) && a.providerId !== null && eq(items.providerId, a.providerId)),
  },
  /** Read and move a review (review id). Its unit's author reads it through review.comment. */
  'review.read': { id: reviews.id, table: reviews, where: (a) => anyOf(...reviewReaders(a)) },
  /** Read a review's status and read and write its comments: its staff and the unit's provider users. */
  'review.comment': {
    id: reviews.id,
    table: reviews,
    joins: (q) => q.innerJoin(itemContents, eq(itemContents.id, reviews.itemContentId)).innerJoin(items, eq(items.id, itemContents.itemId)),
    where: (a) => anyOf(...reviewReaders(a), unitAuthor(a)),
  },
  /** See and edit a provider's profile (provider id): admin and director any, a provider's users their own. */
  'provider.edit': {
    id: providers.id,
    table: providers,
    where: (a) => anyOf(isType(PROVIDER_ADMIN_TYPES, a.type) && ALL, a.providerId !== null && eq(providers.id, a.providerId)),
  },
  /** Use a provider's galleries (provider id): its own users; staff read any (the routes keep uploads to owners). */
  'provider.gallery': {
    id: providers.id,
    table: providers,
    where: (a) =>
      isType(GALLERY_OWNER_TYPES, a.type) ? anyOf(a.providerId !== null && eq(providers.id, a.providerId)) : anyOf(isStaff(a.type) && ALL),
  },
  /** A gallery (gallery id): as its provider. */
  'gallery.read': {
    id: galleries.id,
    table: galleries,
    joins: (q) => q.innerJoin(providers, eq(providers.id, galleries.providerId)),
    where: (a) =>
      isType(GALLERY_OWNER_TYPES, a.type) ? anyOf(a.providerId !== null && eq(providers.id, a.providerId)) : anyOf(isStaff(a.type) && ALL),
  },
  /** A provider's service offer (service id): its provider's users. */
  'service.edit': {
    id: providerServices.id,
    table: providerServices,
    where: (a) => anyOf(a.providerId !== null && eq(providerServices.providerId, a.providerId)),
  },
  /** See an institution (seller id): admin and director any, its own users theirs. */
  'seller.read': {
    id: sellers.id,
    table: sellers,
    where: (a) => anyOf((a.type === 'admin' || a.type === 'director') && ALL, a.sellerId !== null && eq(sellers.id, a.sellerId)),
  },
  /**
   * Read an institution's access report (seller id, issue 13): the staff whose menu has it (admin, director, manager)
   * any institution, suspended ones included; the institution user (type seller) its own.
   */
  'seller.accessReport': {
    id: sellers.id,
    table: sellers,
    where: (a) => anyOf(isType(ACCESS_REPORT_STAFF_TYPES, a.type) && ALL, a.type === 'seller' && a.sellerId !== null && eq(sellers.id, a.sellerId)),
  },
  /** Act for an institution (seller id): its users (notices it reads). */
  'seller.member': { id: sellers.id, table: sellers, where: (a) => anyOf(a.sellerId !== null && eq(sellers.id, a.sellerId)) },
  /** Commit an institution (seller id): its institution user, type seller (terms, LMS key). */
  'seller.manage': {
    id: sellers.id,
    table: sellers,
    where: (a) => anyOf(a.type === 'seller' && a.sellerId !== null && eq(sellers.id, a.sellerId)),
  },
  /** See a rent (rent id): admin and director any; an institution's users its rents; a provider's users the rents of its catalogue. */
  'rent.read': {
    id: rents.id,
    table: rents,
    where: (a) =>
      anyOf(
        isType(RENT_ADMIN_TYPES, a.type) && ALL,
        isSellerType(a.type) && a.sellerId !== null && eq(rents.sellerId, a.sellerId),
        isProviderType(a.type) && a.providerId !== null && eq(rents.providerId, a.providerId),
      ),
  },
  /** Cancel a rent as the institution (rent id): its buyers (seller, content manager), their institution's rents only. */
  'rent.sellerCancel': {
    id: rents.id,
    table: rents,
    where: (a) => anyOf(isType(RENT_BUYER_TYPES, a.type) && a.sellerId !== null && eq(rents.sellerId, a.sellerId)),
  },
  /** A member of the caller's institution team (user id). */
  'seller.teamMember': { id: users.id, table: users, where: (a) => anyOf(a.sellerId !== null && eq(users.sellerId, a.sellerId)) },
} satisfies Record<string, Policy>;

export type Permission = keyof typeof POLICIES;

const actorOf = (auth: AuthContext | Actor): Actor => ('user' in auth ? auth.user : auth);

/** The SQL condition of `permission` for list queries (which must join the policy's tables); undefined: no restriction. */
export function accessWhere(auth: AuthContext | Actor, permission: Permission): SQL | undefined {
  return (POLICIES[permission] as Policy).where(actorOf(auth));
}

/**
 * review.read's condition on the staff list's kept rows (`review_list`, one per latest review, with the review's
 * curator and reviewer): the same cases as the policy, on that table's columns, so the list and the single-review
 * check cannot disagree.
 */
export function reviewListWhere(auth: AuthContext | Actor, on: ReviewPeople): SQL | undefined {
  return anyOf(...reviewReaders(actorOf(auth), on));
}

/** The ids among `ids` that `auth` may `permission`: one query whatever their number. */
export async function checkAccess(ex: Executor, auth: AuthContext | Actor, permission: Permission, ids: Iterable<number>): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const policy = POLICIES[permission] as Policy;
  const condition = policy.where(actorOf(auth));
  let q = selectIds(ex, policy.id, policy.table);
  if (policy.joins) q = policy.joins(q);
  const rows = await q.where(and(inArray(policy.id, wanted), condition));
  return new Set(rows.map((r) => Number(r.id)));
}

/** Every id allowed, or 404 (an object the caller may not see answers as missing). */
export async function requireAccess(ex: Executor, auth: AuthContext | Actor, permission: Permission, ids: number | Iterable<number>): Promise<void> {
  const list = typeof ids === 'number' ? [ids] : [...ids];
  const allowed = await checkAccess(ex, auth, permission, list);
  if (list.some((id) => !allowed.has(id))) throw notFound();
}
