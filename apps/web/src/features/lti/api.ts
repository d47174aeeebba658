/**
 * The content picker's calls (packages/shared/src/lti-tool.ts). No session: the deep-linking session from the
 * LMS launch travels in `x-lti-session` on every call; its answer is a real form post (the server answers the page that
 * posts the signed response back to the LMS).
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CatalogueQuery } from '@edu/shared/catalogue';
import { LTI_SESSION_HEADER, ltiToolRoutes } from '@edu/shared/lti-tool';
import { call } from '../../lib/api';

const headersOf = (session: string) => ({ [LTI_SESSION_HEADER]: session });

export const ltiKeys = {
  context: (session: string) => ['lti-picker', session, 'context'] as const,
  catalogue: (session: string, q: CatalogueQuery) => ['lti-picker', session, 'catalogue', q] as const,
};

export const pickerContextQuery = (session: string) =>
  queryOptions({
    queryKey: ltiKeys.context(session),
    queryFn: ({ signal }) => call(ltiToolRoutes.deepLinkingContext, { headers: headersOf(session), signal }),
    staleTime: Infinity,
    retry: false,
  });

export const pickerCatalogueQuery = (session: string, q: CatalogueQuery) =>
  queryOptions({
    queryKey: ltiKeys.catalogue(session, q),
    queryFn: ({ signal }) => call(ltiToolRoutes.deepLinkingCatalogue, { query: q, headers: headersOf(session), signal }),
    placeholderData: keepPreviousData,
  });

/** 'Mostrar mais' of one knowledge-area group. */
export const pickerGroupPage = async (session: string, q: CatalogueQuery, group: number, page: number, signal: AbortSignal) =>
  (await call(ltiToolRoutes.deepLinkingCatalogue, { query: { ...q, group, page }, headers: headersOf(session), signal })).groups[0];

/** Where the choice is posted (a form: the answer is the page that returns to the LMS). */
export const PICKER_RESPONSE_ACTION = `/api${ltiToolRoutes.deepLinkingRespond.path}`;
