/** Meu Perfil (spec 1 §2.11): the user's own data and its provider's, through the one API client. */
import { queryOptions } from '@tanstack/react-query';
import type { Body } from '@edu/shared/contract';
import { providersRoutes } from '@edu/shared/providers';
import { usersRoutes } from '@edu/shared/users';
import { call } from '../../lib/api';

export const profileKeys = { provider: (id: number) => ['providers', 'view', id] as const };

export const providerQuery = (id: number | null) =>
  queryOptions({
    queryKey: profileKeys.provider(id ?? 0),
    queryFn: ({ signal }) => call(providersRoutes.view, { params: { id: id! }, signal }),
    enabled: id !== null,
  });

export type ImageKind = 'avatar' | 'logo' | 'cover';

/** The avatar goes to the user, the logo and the cover to the provider. */
export const uploadProfileImage = (kind: ImageKind, ownerId: number, file: File) =>
  call(kind === 'avatar' ? usersRoutes.avatar : kind === 'logo' ? providersRoutes.logo : providersRoutes.cover, { params: { id: ownerId }, file });
export const deleteAvatar = (userId: number) => call(usersRoutes.avatarDelete, { params: { id: userId } });
export const updateSelf = (body: Body<typeof usersRoutes.updateSelf>) => call(usersRoutes.updateSelf, { body });
export const updateProvider = (id: number, body: Body<typeof providersRoutes.update>) => call(providersRoutes.update, { params: { id }, body });
