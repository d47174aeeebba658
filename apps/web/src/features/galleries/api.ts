/**
 * Gallery queries (spec 2 §2.10, §7.4). An empty provider id fetches nothing; a failed gallery lookup
 * shows as an empty list, with no message (spec 2 §8).
 */
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { galleriesRoutes } from '@edu/shared/galleries';
import type { GalleryKind } from '@edu/shared/galleries';
import { call, callUpload, type UploadProgress } from '../../lib/api';

export const galleriesKey = (providerId: number | null | undefined) => ['galleries', providerId ?? 0] as const;

export function providerGalleriesQuery(providerId: number | null | undefined) {
  return queryOptions({
    queryKey: galleriesKey(providerId),
    enabled: !!providerId,
    queryFn: ({ signal }) => call(galleriesRoutes.byProvider, { params: { id: providerId! }, signal }),
  });
}

/** One page (15 files) of the provider's gallery of `kind`; no gallery yet: no files. */
export function useGalleryFiles(providerId: number | null | undefined, kind: GalleryKind, page: number) {
  const list = useQuery(providerGalleriesQuery(providerId));
  const galleryId = list.data?.find((g) => g.name === kind)?.id;
  const files = useQuery({
    queryKey: [...galleriesKey(providerId), 'files', galleryId ?? 0, page] as const,
    enabled: !!providerId && !!galleryId,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(galleriesRoutes.details, { params: { id: galleryId! }, query: { page }, signal }),
  });
  const loading = !!providerId && (list.isPending || (!!galleryId && files.isPending));
  return {
    loading,
    fetching: files.isFetching,
    files: files.data?.files ?? [],
    total: files.data?.total ?? 0,
  };
}

export const stockStatusQuery = queryOptions({
  queryKey: ['galleries', 'stock-status'] as const,
  staleTime: 5 * 60_000,
  queryFn: ({ signal }) => call(galleriesRoutes.stockStatus, { signal }),
});

export function stockSearchQuery(term: string, page: number) {
  return queryOptions({
    queryKey: ['galleries', 'stock', term, page] as const,
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => call(galleriesRoutes.stockSearch, { query: { term, page }, signal }),
  });
}

const UPLOAD_ROUTE = {
  images: galleriesRoutes.uploadImages,
  infographics: galleriesRoutes.uploadInfographics,
  questions: galleriesRoutes.uploadQuestions,
  pdfs: galleriesRoutes.uploadPdfs,
} as const;

/**
 * Upload one file into the provider's gallery of `kind` (multipart field named after the kind), reporting its progress;
 * `signal` cancels it.
 */
export const uploadGalleryFile = (
  providerId: number,
  kind: GalleryKind,
  file: File,
  opts: { signal?: AbortSignal; onProgress?(p: UploadProgress): void } = {},
) => callUpload(UPLOAD_ROUTE[kind], { params: { id: providerId }, file, fileField: kind, signal: opts.signal, onProgress: opts.onProgress });

/** Copy a stock image into the provider's image gallery. */
export const importStockImage = (providerId: number, stockId: number) => call(galleriesRoutes.stockImport, { params: { id: providerId }, body: { stockId } });

/** A stock photo copied into the provider's image gallery; the provider's galleries are asked again after it. */
export function useImportStockImage(providerId: number | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stockId: number) => importStockImage(providerId!, stockId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: galleriesKey(providerId) }),
  });
}
