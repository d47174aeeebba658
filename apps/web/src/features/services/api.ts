/** Query keys and calls of 'Meus Serviços' (spec 2 §2.13, §7.5). */
import { queryOptions } from '@tanstack/react-query';
import { servicesRoutes } from '@edu/shared/services';
import type { ProviderService, ServiceCreateBody, ServiceUpdateBody } from '@edu/shared/services';
import { call } from '../../lib/api';

export const servicesKeys = { all: ['services'] as const };

export const myServicesQuery = () =>
  queryOptions({
    queryKey: [...servicesKeys.all, 'mine'],
    queryFn: ({ signal }) => call(servicesRoutes.list, { signal }),
  });

export const createService = (body: ServiceCreateBody) => call(servicesRoutes.create, { body });
export const updateService = (id: number, body: ServiceUpdateBody) => call(servicesRoutes.update, { params: { id }, body });
export const deleteService = (id: number) => call(servicesRoutes.remove, { params: { id } });

/** Lower case without accents, for a search that ignores both. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/** The services whose title or description contains every word searched (accents and case ignored). */
export function filterServices(services: readonly ProviderService[], search: string): ProviderService[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...services];
  return services.filter((s) => {
    const haystack = fold(`${s.title} ${s.description}`);
    return words.every((w) => haystack.includes(w));
  });
}
