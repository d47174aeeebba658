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
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import { isProviderType} from '@edu/shared/access';
import { ACCESS_REPORT_STAFF_TYPES } from '@edu/shared/access-reports';
import type { Executor } from '../../platform/db';
import type { AuthContext} from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { GRANT_PERMISSIONS, isGrant, type Actor } from './actors';
import { anyOf, isType, reviewReaders, unitReaders, type ReviewPeople } from './cases';
import { POLICIES, selectIds, type Permission, type Policy } from './policies';

export { grantActor } from './actors';
export type { Actor, GrantActor, UserActor } from './actors';
export type { ReviewPeople } from './cases';
export { POLICIES } from './policies';
export type { Permission } from './policies';

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
