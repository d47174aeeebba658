/** Who asks the access gate: a signed-in user, or an institution's grant (a share link, an LTI launch, an LMS key). */
import type { AuthUser } from '../../platform/sessions';

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
export const isGrant = (actor: Actor): actor is GrantActor => 'grant' in actor;

/** The permissions a grant may be asked about: reading units. */
export const GRANT_PERMISSIONS: readonly string[] = ['unit.read', 'item.read', 'feedback.report'];
