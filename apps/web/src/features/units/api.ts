/** Units of the signed-in author: queries and mutations through the one API client. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { API } from '@edu/shared/api';
import type { Query } from '@edu/shared/contract';
import type { UnitStatus } from '@edu/shared/units';
import { call } from '../../lib/api';

export const unitsKeys = {
  all: ['units'] as const,
  mine: (q: Query<typeof API.units.mine>) => ['units', 'mine', q] as const,
  one: (id: number) => ['units', 'one', id] as const,
  versions: (itemId: number) => ['units', 'versions', itemId] as const,
};

export const myUnitsQuery = (q: Query<typeof API.units.mine>) =>
  queryOptions({ queryKey: unitsKeys.mine(q), queryFn: ({ signal }) => call(API.units.mine, { query: q, signal }), placeholderData: keepPreviousData });

export const unitQuery = (id: number) => queryOptions({ queryKey: unitsKeys.one(id), queryFn: ({ signal }) => call(API.units.find, { params: { id }, signal }) });

export const unitVersionsQuery = (itemId: number) =>
  queryOptions({ queryKey: unitsKeys.versions(itemId), queryFn: ({ signal }) => call(API.units.versions, { query: { itemId }, signal }) });

export const knowledgeAreasQuery = () =>
  queryOptions({ queryKey: ['knowledge-areas'], queryFn: ({ signal }) => call(API.knowledge.find, { signal }), staleTime: Infinity });

export const setUnitsStatus = (ids: number[], status: UnitStatus) => call(API.units.status, { body: { ids, status } });
export const recoverUnit = (id: number) => call(API.units.recover, { params: { id } });
