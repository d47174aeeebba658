/** The studio's calls (spec 2 §7.1): the unit being edited and saving it. The vocabulary comes from the units feature. */
import { queryOptions } from '@tanstack/react-query';
import { unitsRoutes } from '@edu/shared/units';
import type { UnitCreateBody, UnitUpdateBody } from '@edu/shared/units';
import { call } from '../../lib/api';

export const studioKeys = { unit: (id: number) => ['studio', 'unit', id] as const };

/** The unit as stored now: always fetched fresh on entering (its revision guards against stale saves). */
export const unitQuery = (id: number) =>
  queryOptions({
    queryKey: studioKeys.unit(id),
    queryFn: ({ signal }) => call(unitsRoutes.find, { params: { id }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export const createUnit = (body: UnitCreateBody) => call(unitsRoutes.create, { body });
export const updateUnit = (body: UnitUpdateBody) => call(unitsRoutes.update, { body });
export const findUnit = (id: number) => call(unitsRoutes.find, { params: { id } });
