/** Query keys, calls and writes of 'Meus Serviços' (spec 2 §2.13, §7.5). */
import { queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { servicesRoutes } from '@edu/shared/services';
import type { ProviderService, ServiceCreateBody, ServiceUpdateBody } from '@edu/shared/services';
import { call } from '../../lib/api';
import { type Reactions, thenReact } from '../../lib/query';

export const servicesKeys = { all: ['services'] as const };

export const myServicesQuery = () =>
  queryOptions({
    queryKey: [...servicesKeys.all, 'mine'],
    queryFn: ({ signal }) => call(servicesRoutes.list, { signal }),
  });

export const createService = (body: ServiceCreateBody) => call(servicesRoutes.create, { body });
export const updateService = (id: number, body: ServiceUpdateBody) => call(servicesRoutes.update, { params: { id }, body });
export const deleteService = (id: number) => call(servicesRoutes.remove, { params: { id } });

/** Whether it succeeded or not, the services refetch once a write settles; then the caller's onSettled. */
function useRefetchOnSettled<TData, TVars>(options: Reactions<TData, TVars>): Reactions<TData, TVars>['onSettled'] {
  const queryClient = useQueryClient();
  return thenReact(() => queryClient.invalidateQueries({ queryKey: servicesKeys.all }), options.onSettled);
}

export type ServiceSave = { id: null; body: ServiceCreateBody } | { id: number; body: ServiceUpdateBody };

/** 'Novo serviço' (id null) or 'Editar serviço'. */
export function useSaveService(options: Reactions<unknown, ServiceSave> = {}) {
  return useMutation({
    ...options,
    mutationFn: (save: ServiceSave): Promise<unknown> => (save.id === null ? createService(save.body) : updateService(save.id, save.body)),
    onSettled: useRefetchOnSettled(options),
  });
}

export function useDeleteService(options: Reactions<unknown, number> = {}) {
  return useMutation({ ...options, mutationFn: (id: number): Promise<unknown> => deleteService(id), onSettled: useRefetchOnSettled(options) });
}

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
