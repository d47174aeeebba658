/**
 * THE owner of the curriculum a call works on (subjects and courses alike): the caller's institution while ACTIVE
 * (requireActiveInstitution: a suspended one gets 403), or the caller's provider. Both tables carry the same pair of
 * owner columns, exactly one set (check constraints). This answers WHICH owner (the audit's institution, the id a route
 * names); which rows the caller may touch is the access gate's subject.own, course.own and category.own.
 *
 * A list reads the same guard inside its own statement: `ownerHead` is a one-row subquery (`status`, `ok`) the list
 * joins its rows to (left join: the row is there even when the list is empty), and `ownerJudged` answers what
 * `ownerOf` would have from that row's status.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { institutionHead, judgeInstitution, requireActiveInstitution } from '../institutions/index';

export type Owner = { kind: 'seller'; id: number } | { kind: 'provider'; id: number };

/** The owner of the caller's subjects or courses on `kind`'s routes. */
export async function ownerOf(ex: Executor, auth: AuthContext, kind: Owner['kind']): Promise<Owner> {
  if (kind === 'seller') return { kind, id: (await requireActiveInstitution(ex, auth)).id };
  if (auth.user.providerId === null) throw forbidden();
  return { kind, id: auth.user.providerId };
}

/**
 * `ownerOf`'s guard as a one-row subquery named `owner_head` (columns status, ok) for a list's FROM; throws at once
 * what needs no database (no institution, no provider).
 */
export function ownerHead(auth: AuthContext, kind: Owner['kind']): SQL {
  if (kind === 'seller') {
    if (auth.user.sellerId === null) throw forbidden();
    return sql`(${institutionHead(auth.user.sellerId)}) owner_head`;
  }
  if (auth.user.providerId === null) throw forbidden();
  return sql`(select null::text as status, true as ok) owner_head`;
}

/** The owner `ownerOf` answers, judged from the list's rows (`status` of owner_head; no row: no institution). */
export function ownerJudged(auth: AuthContext, kind: Owner['kind'], rows: readonly { ownerStatus: string | null }[]): Owner {
  if (kind === 'seller') {
    judgeInstitution(rows[0] && { status: rows[0].ownerStatus });
    return { kind, id: auth.user.sellerId! };
  }
  return { kind, id: auth.user.providerId! };
}
