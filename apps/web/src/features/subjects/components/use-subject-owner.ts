import { subjectAbilities } from '@edu/shared/subjects';
import { useSessionUser } from '../../../lib/session';
import type { SubjectOwner } from '../api';

/**
 * The caller's subjects owner (its institution, or its provider) and what it may do (the server decides anyway):
 * null for a user without subjects.
 */
export function useSubjectOwner(): { owner: SubjectOwner; can: ReturnType<typeof subjectAbilities> } | null {
  const user = useSessionUser();
  if (!user) return null;
  const can = subjectAbilities(user.type);
  if (can.side === 'seller' && user.seller) return { owner: { side: 'seller', id: user.seller.id }, can };
  if (can.side === 'provider' && user.provider) return { owner: { side: 'provider', id: user.provider.id }, can };
  return null;
}
