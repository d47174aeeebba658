/**
 * Units of the signed-in author and the vocabulary units are classified with: every query and
 * mutation through the one API client, with one key factory (`unitsKeys`).
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { unitsRoutes } from '@edu/shared/units';
import { LEVELS_OF_LEARNING, knowledgeRoutes } from '@edu/shared/knowledge';
import type { Query } from '@edu/shared/contract';
import type { UnitStatus } from '@edu/shared/units';
import { call } from '../../lib/api';
import { type Reactions, thenReact } from '../../lib/query';

export const unitsKeys = {
  all: ['units'] as const,
  mine: (q: Query<typeof unitsRoutes.mine>) => ['units', 'mine', q] as const,
  one: (id: number) => ['units', 'one', id] as const,
  versions: (itemId: number) => ['units', 'versions', itemId] as const,
  knowledgeAreas: ['knowledge-areas'] as const,
  levels: ['levels-of-learning'] as const,
};

export const myUnitsQuery = (q: Query<typeof unitsRoutes.mine>) =>
  queryOptions({ queryKey: unitsKeys.mine(q), queryFn: ({ signal }) => call(unitsRoutes.mine, { query: q, signal }), placeholderData: keepPreviousData });

export const unitQuery = (id: number) => queryOptions({ queryKey: unitsKeys.one(id), queryFn: ({ signal }) => call(unitsRoutes.find, { params: { id }, signal }) });

export const unitVersionsQuery = (itemId: number) =>
  queryOptions({ queryKey: unitsKeys.versions(itemId), queryFn: ({ signal }) => call(unitsRoutes.versions, { query: { itemId }, signal }) });

/** The knowledge areas (a unit's classification), shared by the studio, the review screen and Minhas Unidades. */
export const knowledgeQuery = queryOptions({
  queryKey: unitsKeys.knowledgeAreas,
  queryFn: ({ signal }) => call(knowledgeRoutes.find, { signal }),
  staleTime: 10 * 60_000,
});
export const knowledgeAreasQuery = () => knowledgeQuery;

export const levelsQuery = queryOptions({
  queryKey: unitsKeys.levels,
  queryFn: ({ signal }) => call(knowledgeRoutes.levelOfLearning, { signal }),
  staleTime: Infinity,
  // The groups are constants: shown at once, confirmed by the server.
  placeholderData: { basic: [...LEVELS_OF_LEARNING.basic], university: [...LEVELS_OF_LEARNING.university] },
});

export const setUnitsStatus = (ids: number[], status: UnitStatus) => call(unitsRoutes.status, { body: { ids, status } });
export const recoverUnit = (id: number) => call(unitsRoutes.recover, { params: { id } });

export interface UnitsStatusChange {
  ids: number[];
  next: 'send' | 'deleted' | 'analyze';
}

/** Sends units for analysis or approval, or moves them to the trash; every unit query refetches after it. */
export function useSetUnitsStatus(options: Reactions<Awaited<ReturnType<typeof setUnitsStatus>>, UnitsStatusChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ ids, next }: UnitsStatusChange) => setUnitsStatus(ids, next),
    onSettled: thenReact(() => queryClient.invalidateQueries({ queryKey: unitsKeys.all }), options.onSettled),
  });
}

/** Takes a unit out of the trash; every unit query refetches after it. */
export function useRecoverUnit(options: Reactions<Awaited<ReturnType<typeof recoverUnit>>, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (id: number) => recoverUnit(id),
    onSettled: thenReact(() => queryClient.invalidateQueries({ queryKey: unitsKeys.all }), options.onSettled),
  });
}
