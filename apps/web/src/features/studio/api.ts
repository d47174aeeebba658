/** The studio's calls (spec 2 §7.1): the unit being edited, the vocabulary it is classified with, saving. */
import { queryOptions } from '@tanstack/react-query';
import { API } from '@edu/shared/api';
import { LEVELS_OF_LEARNING } from '@edu/shared/knowledge';
import type { UnitCreateBody, UnitUpdateBody } from '@edu/shared/units';
import { call } from '../../lib/api';

/** The unit as stored now: always fetched fresh on entering (its revision guards against stale saves). */
export const unitQuery = (id: number) =>
  queryOptions({
    queryKey: ['studio', 'unit', id],
    queryFn: ({ signal }) => call(API.units.find, { params: { id }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const knowledgeQuery = queryOptions({
  queryKey: ['knowledge-areas'],
  queryFn: ({ signal }) => call(API.knowledge.find, { signal }),
  staleTime: 10 * 60_000,
});

export const levelsQuery = queryOptions({
  queryKey: ['levels-of-learning'],
  queryFn: ({ signal }) => call(API.knowledge.levelOfLearning, { signal }),
  staleTime: Infinity,
  // The groups are constants: shown at once, confirmed by the server.
  placeholderData: { basic: [...LEVELS_OF_LEARNING.basic], university: [...LEVELS_OF_LEARNING.university] },
});

export const createUnit = (body: UnitCreateBody) => call(API.units.create, { body });
export const updateUnit = (body: UnitUpdateBody) => call(API.units.update, { body });
export const findUnit = (id: number) => call(API.units.find, { params: { id } });
