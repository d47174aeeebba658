import type { UserType } from '@edu/shared/access';
import { GALLERY_OWNER_TYPES } from '@edu/shared/galleries';
import { useSessionUser } from '../../lib/session';

/** Whether the signed-in user may add files to a provider gallery (provider, editor, serviceProvider). */
export function useCanUpload(): boolean {
  const user = useSessionUser();
  return !!user && (GALLERY_OWNER_TYPES as readonly UserType[]).includes(user.type);
}
