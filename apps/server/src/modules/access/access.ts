/**
 * THE access gate: the one place that answers "may this caller do P to these ids".
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
 * ADDING A WAY TO READ A UNIT: every unit-reading permission is built from `unitReaders(actor)`, a list of cases
 * joined with OR: staff, the unit's provider's users, and what an institution may read (`institutionReads`: the
 * PUBLISHED version of a unit whose provider the ACTIVE institution rents with an ACTIVE rent, and the version pinned
 * in one of its subjects while that rent is active). A new reason is ONE more case there, and unit.read, item.read and
 * feedback.report (and every list filtered by them) follow at once. A case that reads only the published version uses
 * `publishedAt(level)`: at version level the version must be the item's published one; at unit level the item must
 * have one.
 *
 * WHO ASKS: a signed-in user (`UserActor`, the session's user), or an institution's grant (`grantActor('link' |
 * 'lti' | 'lms', sellerId)`: a student's share link, an LTI launch, the institution's LMS key). A grant is not a
 * user: it reads what its institution may read and every other permission refuses it.
 *
 * THE STORE IS NOT A REASON TO READ A UNIT. Browsing the store is its own permission,
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
import { activeRentOf, inStore, institutionActive, priceOn } from './market-rules';

/** A signed-in user as the gate knows it (the session's user). */
export type UserActor = Pick<AuthUser, 'id' | 'type' | 'providerId' | 'sellerId'>;

/**
 * An institution's grant, not a user: a student's share link, an LTI launch or the institution's LMS (its key). It
 * reads what its institution may read (`institutionReads`) and nothing else: no other permission admits it.
 */
export interface GrantActor {
  grant: 'link' | 'lti' | 'lms';
  sellerId: number;
}
export const grantActor = (grant: GrantActor['grant'], sellerId: number): GrantActor => ({ grant, sellerId });

/** Whoever asks the gate: a user, or an institution's grant. */
export type Actor = UserActor | GrantActor;
const isGrant = (actor: Actor): actor is GrantActor => 'grant' in actor;

/** The permissions a grant may be asked about: reading units. */
const GRANT_PERMISSIONS: readonly string[] = ['unit.read', 'item.read', 'feedback.report'];

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
function storeBrowsers(actor: UserActor): Case[] {
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
function reviewReaders(actor: UserActor, on: ReviewPeople = reviews): Case[] {
  return [
    isType(PUBLISHER_TYPES, actor.type) && ALL,
    actor.type === 'curator' && eq(on.curatorId, actor.id),
    actor.type === 'review' && eq(on.reviewerId, actor.id),
  ];
}

/** The author side of a unit: the provider and editor users of its provider. */
const unitAuthor = (actor: UserActor): Case => (actor.type === 'provider' || actor.type === 'editor') && actor.providerId !== null && eq(items.providerId, actor.providerId);

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
  where(actor: UserActor): SQL | undefined;
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
   * Read an institution's access report (seller id): the staff whose menu has it (admin, director, manager)
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

/** `permission`'s condition for `actor`: a grant reads units as its institution does, and is refused everything else. */
function conditionOf(actor: Actor, permission: Permission): SQL | undefined {
  if (!isGrant(actor)) return (POLICIES[permission] as Policy).where(actor);
  if (!GRANT_PERMISSIONS.includes(permission)) return sql`false`;
  return anyOf(...unitReaders(actor, permission === 'item.read' ? 'item' : 'content'));
}

/** The SQL condition of `permission` for list queries (which must join the policy's tables); undefined: no restriction. */
export function accessWhere(auth: AuthContext | Actor, permission: Permission): SQL | undefined {
  return conditionOf(actorOf(auth), permission);
}

/**
 * review.read's condition on the staff list's kept rows (`review_list`, one per latest review, with the review's
 * curator and reviewer): the same cases as the policy, on that table's columns, so the list and the single-review
 * check cannot disagree.
 */
export function reviewListWhere(auth: AuthContext | Actor, on: ReviewPeople): SQL | undefined {
  const actor = actorOf(auth);
  return isGrant(actor) ? sql`false` : anyOf(...reviewReaders(actor, on));
}

/** The ids among `ids` that `auth` may `permission`: one query whatever their number. */
export async function checkAccess(ex: Executor, auth: AuthContext | Actor, permission: Permission, ids: Iterable<number>): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const policy = POLICIES[permission] as Policy;
  const condition = conditionOf(actorOf(auth), permission);
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

/**
 * Whose access report the caller reads: institution `sellerId` (checked by `seller.accessReport`: another
 * institution's, or a missing one, answers 404), the caller's own institution when none is named, or every
 * institution (null) for the staff whose menu has the report when they name none.
 */
export async function accessReportScope(ex: Executor, auth: AuthContext, sellerId: number | undefined): Promise<number | null> {
  const staff = isType(ACCESS_REPORT_STAFF_TYPES, auth.user.type);
  const id = sellerId ?? (staff ? null : auth.user.sellerId);
  if (id === null) {
    if (staff) return null;
    throw notFound();
  }
  await requireAccess(ex, auth, 'seller.accessReport', id);
  return id;
}

/**
 * Whose units the units' access report counts: a provider's users their provider's (-1 when the user has none:
 * nothing), the staff the route admits (admin, director) every provider's (null).
 */
export function unitAccessReportScope(auth: AuthContext): number | null {
  return isProviderType(auth.user.type) ? (auth.user.providerId ?? -1) : null;
}
