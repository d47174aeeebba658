/**
 * Where a viewer's team comes from and which call changes it (spec 1 §6 "Account management"):
 * seller and seller_assistent use the seller team, provider its provider users, admin and director
 * the general user listing (limited to the staff types).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { usersRoutes } from '@edu/shared/users';
import type { SessionUser } from '@edu/shared/auth';
import type { Actor, UserStatus, UserType } from '@edu/shared/access';
import { teamListTypes, type ImportPreview, type TeamMemberBody, teamRoutes } from '@edu/shared/team';
import { call } from '../../lib/api';
import { type Reactions, thenReact } from '../../lib/query';

export const TEAM_PAGE_SIZE = 10;

export interface TeamFilters {
  status?: UserStatus;
  name?: string;
  type?: UserType;
  order: 'date' | 'name';
  page: number;
}

type Source = 'seller' | 'provider' | 'users';
function sourceOf(viewer: SessionUser): Source {
  if (viewer.type === 'seller' || viewer.type === 'seller_assistent') return 'seller';
  if (viewer.type === 'provider') return 'provider';
  return 'users';
}

export const actorOf = (viewer: SessionUser): Actor => ({
  id: viewer.id,
  type: viewer.type,
  providerId: viewer.provider?.id ?? null,
  sellerId: viewer.seller?.id ?? null,
});

export function teamQuery(viewer: SessionUser, f: TeamFilters) {
  const source = sourceOf(viewer);
  const query = { status: f.status, name: f.name || undefined, order: f.order, page: f.page, limit: TEAM_PAGE_SIZE };
  return queryOptions({
    queryKey: [...teamKeys.all, source, f],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      if (source === 'seller') return call(teamRoutes.sellerTeam, { query: { ...query, type: f.type }, signal });
      if (source === 'provider') return call(teamRoutes.providerTeam, { query: { ...query, type: f.type }, signal });
      return call(usersRoutes.filter, { query: { ...query, type: f.type ?? [...teamListTypes(viewer.type)] }, signal });
    },
  });
}

export function createMember(viewer: SessionUser, body: TeamMemberBody) {
  if (viewer.type === 'provider') {
    return call(teamRoutes.providerCreate, { body: { email: body.email, nameUser: body.name, type: body.type as 'editor' | 'serviceProvider' } });
  }
  return call(usersRoutes.create, { body });
}

export function updateMember(viewer: SessionUser, id: number, body: TeamMemberBody) {
  if (viewer.type === 'seller') return call(teamRoutes.sellerTeamUpdate, { params: { id }, body });
  return call(usersRoutes.updateById, { params: { id }, body });
}

export function deleteMember(viewer: SessionUser, id: number) {
  if (viewer.type === 'seller') return call(teamRoutes.sellerTeamDelete, { params: { id } });
  return call(usersRoutes.status, { body: { ids: [id], status: 'exclused' } });
}

export const setStatus = (ids: number[], status: UserStatus) => call(usersRoutes.status, { body: { ids, status } });

/** The team's query keys: every list of the team starts with this one. */
export const teamKeys = { all: ['team'] as const };

export const importPreview = (type: UserType, file: File): Promise<ImportPreview> => call(teamRoutes.importPreview, { query: { type }, file });
export const importCommit = (type: UserType, rows: { name: string; email: string }[]) => call(teamRoutes.importCommit, { body: { type, rows } });

/** A write after which every team list refetches; the caller's onSuccess runs after. */
function useTeamWrite<TData, TVars>(mutationFn: (vars: TVars) => Promise<TData>, options: Reactions<TData, TVars>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: thenReact(() => queryClient.invalidateQueries({ queryKey: teamKeys.all }), options.onSuccess),
  });
}

/** A new member (no `id`) or the edit of member `id`. */
export interface MemberSave {
  id?: number;
  body: TeamMemberBody;
}

export const useSaveMember = (viewer: SessionUser, options: Reactions<unknown, MemberSave> = {}) =>
  useTeamWrite<unknown, MemberSave>(
    ({ id, body }) => (id !== undefined ? updateMember(viewer, id, body) : createMember(viewer, body)),
    options,
  );

/** Deletes a member (its id). */
export const useDeleteMember = (viewer: SessionUser, options: Reactions<unknown, number> = {}) =>
  useTeamWrite<unknown, number>((id) => deleteMember(viewer, id), options);

/** Moves members to a status (the trash, or back to active). */
export const useSetTeamStatus = (options: Reactions<unknown, { ids: number[]; status: UserStatus }> = {}) =>
  useTeamWrite<unknown, { ids: number[]; status: UserStatus }>(({ ids, status }) => setStatus(ids, status), options);

/** 'Importar' of the CSV import: creates the valid rows. */
export interface ImportRows {
  type: UserType;
  rows: { name: string; email: string }[];
}

export const useImportCommit = (options: Reactions<Awaited<ReturnType<typeof importCommit>>, ImportRows> = {}) =>
  useTeamWrite(({ type, rows }: ImportRows) => importCommit(type, rows), options);
