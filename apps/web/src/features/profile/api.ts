/** Meu Perfil (spec 1 §2.11): the user's own data and its provider's, through the one API client, and its writes. */
import { queryOptions, useMutation, useQueryClient, type QueryClient} from '@tanstack/react-query';
import type { Body } from '@edu/shared/contract';
import { providersRoutes } from '@edu/shared/providers';
import { usersRoutes } from '@edu/shared/users';
import { call } from '../../lib/api';
import { session } from '../../lib/session';
import { authKeys, fetchMe, updatePassword } from '../auth';
import { type Reactions, thenReact } from '../../lib/query';

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

/** The signed-in user asked again: the session and the cached 'me' take the answer. */
async function refreshUser(queryClient: QueryClient) {
  const me = await fetchMe();
  session.setUser(me);
  queryClient.setQueryData(authKeys.me, me);
}

const refreshProvider = (queryClient: QueryClient, providerId: number | null) =>
  providerId !== null ? queryClient.invalidateQueries({ queryKey: profileKeys.provider(providerId) }) : Promise.resolve();

export type ProfileSave = {
  userId: number;
  /** The new password, when the user is changing it. */
  password: Parameters<typeof updatePassword>[0] | null;
  self: Body<typeof usersRoutes.updateSelf>;
  /** The provider's data, for a user who edits it. */
  provider: { id: number; body: Body<typeof providersRoutes.update> } | null;
  /** The images chosen, sent after the data. */
  files: Partial<Record<ImageKind, File | null>>;
};

/**
 * 'Salvar' of Meu Perfil: the password (if changed), the user's data and the provider's; a refusal of these fails
 * the write. Then each chosen image (avatar, logo, cover): one that fails does not stop the others (`uploadFailed`),
 * one that is sent is reported to `onUploaded`. Then the session's user and the provider are fetched again.
 */
export function useSaveProfile(options: Reactions<{ uploadFailed: boolean }, ProfileSave> & { onUploaded?: (kind: ImageKind) => void } = {}) {
  const queryClient = useQueryClient();
  const { onUploaded, ...reactions } = options;
  return useMutation({
    ...reactions,
    mutationFn: async ({ userId, password, self, provider, files }: ProfileSave) => {
      if (password) await updatePassword(password);
      await updateSelf(self);
      if (provider) await updateProvider(provider.id, provider.body);
      let uploadFailed = false;
      for (const kind of ['avatar', 'logo', 'cover'] as const) {
        const file = files[kind];
        if (!file) continue;
        try {
          await uploadProfileImage(kind, kind === 'avatar' ? userId : provider!.id, file);
          onUploaded?.(kind);
        } catch {
          uploadFailed = true;
        }
      }
      return { uploadFailed };
    },
    onSuccess: async (...args) => {
      const provider = args[1].provider;
      await Promise.all([refreshUser(queryClient).catch(() => undefined), refreshProvider(queryClient, provider?.id ?? null)]);
      return reactions.onSuccess?.(...args);
    },
  });
}

/** Removes a saved image: the avatar from the user (then the session's user is fetched again), the logo or cover from the provider. */
export function useDeleteProfileImage(userId: number, providerId: number | null, options: Reactions<unknown, ImageKind> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (kind: ImageKind): Promise<unknown> =>
      kind === 'avatar' ? deleteAvatar(userId) : updateProvider(providerId!, kind === 'logo' ? { imgLogoUrl: null } : { imgCoverUrl: null }),
    onSuccess: thenReact((...args) => (args[1] === 'avatar' ? refreshUser(queryClient) : refreshProvider(queryClient, providerId)), options.onSuccess),
  });
}
