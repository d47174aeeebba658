/** Institutions and their LTI connections (spec 3 §2.9–§2.11): query keys and calls through the one API client. */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  institutionsRoutes,
  sellersRoutes,
  type InstitutionCreateBody,
  type InstitutionUpdateBody,
  type InstitutionsQuery,
  type SellerStatus,
} from '@edu/shared/institutions';
import { ltiRoutes, type LtiAddBody, type LtiDeleteBody, type LtiDeploymentBody } from '@edu/shared/lti';
import { call } from '../../lib/api';
import { MARKET_KEYS } from '../../lib/query';

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
