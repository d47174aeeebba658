/**
 * THE owner of the curriculum a call works on (subjects and courses alike): the caller's institution while ACTIVE
 * (requireActiveInstitution: a suspended one gets 403), or the caller's provider. Both tables carry the same pair of
 * owner columns, exactly one set (check constraints). This answers WHICH owner (the audit's institution, the id a route
 * names); which rows the caller may touch is the access gate's subject.own, course.own and category.own.
 */
import type { Executor } from '../../platform/db';
import { forbidden } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { requireActiveInstitution } from '../institutions/index';

export type Owner = { kind: 'seller'; id: number } | { kind: 'provider'; id: number };

/** The owner of the caller's subjects or courses on `kind`'s routes. */
export async function ownerOf(ex: Executor, auth: AuthContext, kind: Owner['kind']): Promise<Owner> {
  if (kind === 'seller') return { kind, id: (await requireActiveInstitution(ex, auth)).id };
  if (auth.user.providerId === null) throw forbidden();
  return { kind, id: auth.user.providerId };
}
