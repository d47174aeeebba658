/** Query keys and calls of the catalogue (spec 3 §2.13). Under the marketplace root 'catalogue': a rent change refreshes it. */
import { keepPreviousData, queryOptions, useMutation} from '@tanstack/react-query';
import { catalogueRoutes, type CatalogueQuery, type UpdatedUnit } from '@edu/shared/catalogue';
import { call } from '../../lib/api';
import { MARKET_KEYS, refreshMarketplace, type Reactions } from '../../lib/query';

export const catalogueKeys = {
  all: [MARKET_KEYS.catalogue] as const,
  list: (q: CatalogueQuery) => [MARKET_KEYS.catalogue, 'list', q] as const,
  updates: [MARKET_KEYS.catalogue, 'updates'] as const,
  unit: (id: number) => [MARKET_KEYS.catalogue, 'unit', id] as const,
};

export const catalogueQuery = (q: CatalogueQuery) =>
  queryOptions({
    queryKey: catalogueKeys.list(q),
    queryFn: ({ signal }) => call(catalogueRoutes.list, { query: q, signal }),
    placeholderData: keepPreviousData,
  });

/** 'Mostrar mais' of one knowledge-area group: that group's page `page`. */
export const catalogueGroupPage = async (q: CatalogueQuery, group: number, page: number, signal: AbortSignal) =>
  (await call(catalogueRoutes.list, { query: { ...q, group, page }, signal })).groups[0];

export const catalogueUpdatesQuery = queryOptions({
  queryKey: catalogueKeys.updates,
  queryFn: ({ signal }) => call(catalogueRoutes.checkUpdates, { signal }),
});

export const catalogueUnitQuery = (id: number) =>
  queryOptions({ queryKey: catalogueKeys.unit(id), queryFn: ({ signal }) => call(catalogueRoutes.unit, { params: { id }, signal }) });

export const updateUnitVersion = (itemId: number) => call(catalogueRoutes.update, { params: { id: itemId } });

/** A screen's own reactions to a write (messages): called before the hook's refresh, which runs however the write ends. */

/** 'Atualizar': moves the institution's subjects to the unit's new version; the marketplace is refreshed after it. */
export const useUpdateUnitVersion = (reactions: Reactions<Awaited<ReturnType<typeof updateUnitVersion>>, UpdatedUnit> = {}) =>
  useMutation({
    ...reactions,
    mutationFn: (u: UpdatedUnit) => updateUnitVersion(u.itemId),
    onSettled: () => refreshMarketplace(),
  });
