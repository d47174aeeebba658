/** Institutions and their LTI connections (spec 3 §2.9–§2.11): query keys and calls through the one API client. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import {
  institutionsRoutes,
  sellersRoutes,
  type InstitutionCreateBody,
  type InstitutionUpdateBody,
  type InstitutionsQuery,
  type SellerStatus,
  type SellerView,
} from '@edu/shared/institutions';
import { ltiRoutes, type LtiAddBody, type LtiDeleteBody, type LtiDeploymentBody } from '@edu/shared/lti';
import { call } from '../../lib/api';
import { MARKET_KEYS, refreshMarketplace, type Reactions } from '../../lib/query';

export const INSTITUTIONS_PAGE_SIZE = 10;

export const institutionsKeys = {
  all: [MARKET_KEYS.institutions] as const,
  list: (query: InstitutionsQuery) => [...institutionsKeys.all, 'list', query] as const,
  plans: () => [...institutionsKeys.all, 'plans'] as const,
  lti: (sellerId: number) => [...institutionsKeys.all, 'lti', sellerId] as const,
};

export const institutionsListQuery = (query: InstitutionsQuery) =>
  queryOptions({
    queryKey: institutionsKeys.list(query),
    queryFn: ({ signal }) => call(institutionsRoutes.list, { query, signal }),
    placeholderData: keepPreviousData,
  });

export const planOptionsQuery = () =>
  queryOptions({
    queryKey: institutionsKeys.plans(),
    queryFn: ({ signal }) => call(institutionsRoutes.planOptions, { signal }),
    staleTime: 60_000,
  });

export const ltiConnectionsQuery = (sellerId: number) =>
  queryOptions({
    queryKey: institutionsKeys.lti(sellerId),
    queryFn: ({ signal }) => call(ltiRoutes.list, { params: { id: sellerId }, signal }),
  });

export const createInstitution = (body: InstitutionCreateBody) => call(institutionsRoutes.create, { body });
export const updateInstitution = (id: number, body: InstitutionUpdateBody) => call(institutionsRoutes.update, { params: { id }, body });
export const uploadInstitutionLogo = (id: number, file: File) => call(institutionsRoutes.logo, { params: { id }, file });
export const setInstitutionStatus = (id: number, status: SellerStatus) => call(institutionsRoutes.status, { params: { id }, body: { status } });
export const setInstitutionsStatus = (ids: number[], status: SellerStatus) => call(institutionsRoutes.bulkStatus, { body: { ids, status } });

export const addLtiConnection = (sellerId: number, body: LtiAddBody) => call(ltiRoutes.add, { params: { id: sellerId }, body });
export const deleteLtiConnection = (sellerId: number, body: LtiDeleteBody) => call(ltiRoutes.remove, { params: { id: sellerId }, body });
export const testLtiConnection = (sellerId: number, connectionId: number) => call(ltiRoutes.test, { params: { id: sellerId, connectionId } });
export const addLtiDeployment = (sellerId: number, connectionId: number, body: LtiDeploymentBody) =>
  call(ltiRoutes.addDeployment, { params: { id: sellerId, connectionId }, body });
export const removeLtiDeployment = (sellerId: number, connectionId: number, body: LtiDeploymentBody) =>
  call(ltiRoutes.removeDeployment, { params: { id: sellerId, connectionId }, body });

// The seller's own account and its terms (spec 1 §2.11).
export { publicConfigQuery } from '../../lib/public-config';

export const sellersKeys = { one: (id: number) => ['seller', id] as const };

export const sellerQuery = (id: number) =>
  queryOptions({ queryKey: sellersKeys.one(id), queryFn: ({ signal }) => call(sellersRoutes.view, { params: { id }, signal }) });

export const acceptTerms = (sellerId: number) => call(sellersRoutes.acceptTerms, { body: { seller_id: sellerId } });
export const acceptLatePaymentTerms = (sellerId: number) => call(sellersRoutes.acceptLatePaymentTerms, { body: { seller_id: sellerId } });

// The writes: each hook owns its call and the cache work after it; the screen passes its own reactions.

/** A screen's own reactions to a write (toasts, closing, clearing a form or a selection): called after the hook's cache work. */
export type { Reactions } from '../../lib/query';
type Reply<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** Wraps the screen's `onSuccess` after `work` (the cache work of the hook). */
const after =
  <D, V>(work: (data: D) => void, onSuccess: Reactions<D, V>['onSuccess']): NonNullable<Reactions<D, V>['onSuccess']> =>
  (...args) => {
    work(args[0]);
    return onSuccess?.(...args);
  };

/** A new institution (`create`) or a change of one (`id` and `update`), then its logo when one was chosen. */
export type InstitutionSave = { logo: File | null } & ({ id: number; update: InstitutionUpdateBody } | { create: InstitutionCreateBody });
type SavedInstitution = { sellerId: number; message: string };

/**
 * 'Criar Acesso' / 'Editar Acesso': the marketplace is refreshed after it. A logo the server refuses does not undo
 * the institution (`onLogoFail`: it can be sent again by editing).
 */
export function useSaveInstitution({
  onLogoFail,
  ...reactions
}: Reactions<SavedInstitution, InstitutionSave> & { onLogoFail?: (err: unknown) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (save: InstitutionSave): Promise<SavedInstitution> => {
      const saved =
        'update' in save ? { sellerId: save.id, ...(await updateInstitution(save.id, save.update)) } : await createInstitution(save.create);
      if (save.logo) {
        try {
          await uploadInstitutionLogo(saved.sellerId, save.logo);
        } catch (err) {
          onLogoFail?.(err);
        }
      }
      return saved;
    },
    onSuccess: after(() => void refreshMarketplace(queryClient), reactions.onSuccess),
  });
}

/** One institution's status or several at once; the marketplace is refreshed however it ends. */
export function useSetInstitutionsStatus(reactions: Reactions<Reply<typeof setInstitutionStatus>, { ids: number[]; next: SellerStatus }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: ({ ids, next }: { ids: number[]; next: SellerStatus }) =>
      ids.length === 1 ? setInstitutionStatus(ids[0]!, next) : setInstitutionsStatus(ids, next),
    onSettled: () => refreshMarketplace(queryClient),
  });
}

/** After an LTI change that answered: the institution's connections are asked again (not awaited). */
function useLtiChange<D, V>(sellerId: number, mutationFn: (body: V) => Promise<D>, reactions: Reactions<D, V>) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn,
    onSuccess: after(() => void queryClient.invalidateQueries({ queryKey: institutionsKeys.lti(sellerId) }), reactions.onSuccess),
  });
}

export const useAddLtiConnection = (sellerId: number, reactions: Reactions<Reply<typeof addLtiConnection>, LtiAddBody> = {}) =>
  useLtiChange(sellerId, (body: LtiAddBody) => addLtiConnection(sellerId, body), reactions);
export const useDeleteLtiConnection = (sellerId: number, reactions: Reactions<Reply<typeof deleteLtiConnection>, LtiDeleteBody> = {}) =>
  useLtiChange(sellerId, (body: LtiDeleteBody) => deleteLtiConnection(sellerId, body), reactions);
export const useAddLtiDeployment = (sellerId: number, connectionId: number, reactions: Reactions<Reply<typeof addLtiDeployment>, string> = {}) =>
  useLtiChange(sellerId, (deploymentId: string) => addLtiDeployment(sellerId, connectionId, { deploymentId }), reactions);
export const useRemoveLtiDeployment = (
  sellerId: number,
  connectionId: number,
  reactions: Reactions<Reply<typeof removeLtiDeployment>, string> = {},
) =>
  useLtiChange(sellerId, (deploymentId: string) => removeLtiDeployment(sellerId, connectionId, { deploymentId }), reactions);

/** 'Testar conexão': the server asks the LMS for its keys; nothing is stored. */
export const useTestLtiConnection = (sellerId: number, connectionId: number, reactions: Reactions<Reply<typeof testLtiConnection>, void> = {}) =>
  useMutation({ ...reactions, mutationFn: () => testLtiConnection(sellerId, connectionId) });

/** Accepting the terms of use ('terms') or the late-payment notice ('latePayment'): the seller's answer replaces the cached one. */
export function useAcceptTerms(kind: 'terms' | 'latePayment', sellerId: number, reactions: Reactions<SellerView, void> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: () => (kind === 'terms' ? acceptTerms(sellerId) : acceptLatePaymentTerms(sellerId)),
    onSuccess: after((seller: SellerView) => queryClient.setQueryData(sellersKeys.one(seller.id), seller), reactions.onSuccess),
  });
}
