/** Query keys, calls and writes of the notifications feature (bell, notices, templates). */
import { queryOptions, useMutation, useQueryClient, type QueryClient} from '@tanstack/react-query';
import { notificationsRoutes, type NoticeBody, type UnreadNotice } from '@edu/shared/notifications';
import type { Body } from '@edu/shared/contract';
import { call } from '../../lib/api';
import { type Reactions, thenReact, type Result } from '../../lib/query';

export const keys = {
  bell: ['notifications', 'bell'] as const,
  unreadNotices: (sellerId: number) => ['notifications', 'unread-notices', sellerId] as const,
  notices: (page: number) => ['notifications', 'notices', page] as const,
  noticesAll: ['notifications', 'notices'] as const,
  templates: (page: number, limit: number) => ['notifications', 'templates', page, limit] as const,
  templatesAll: ['notifications', 'templates'] as const,
  sellerOptions: ['notifications', 'seller-options'] as const,
  unreadNoticesAll: ['notifications', 'unread-notices'] as const,
  all: ['notifications'] as const,
};

export const PAGE_SIZE = 10;
/** The template select of the notice dialog loads this many (newest first). */
export const TEMPLATE_OPTIONS_LIMIT = 100;

export const fetchBell = () => call(notificationsRoutes.bell);
export const fetchUnreadNotices = (sellerId: number) => call(notificationsRoutes.unreadNotices, { params: { id: sellerId } });
export const fetchNotices = (page: number) => call(notificationsRoutes.notices, { query: { page, limit: PAGE_SIZE } });
export const fetchTemplates = (page: number, limit: number = PAGE_SIZE) => call(notificationsRoutes.templates, { query: { page, limit } });
export const fetchSellerOptions = () => call(notificationsRoutes.sellerOptions);
export const bellQuery = () => queryOptions({ queryKey: keys.bell, queryFn: fetchBell });
export const unreadNoticesQuery = (sellerId: number | null) =>
  queryOptions({ queryKey: keys.unreadNotices(sellerId ?? 0), queryFn: () => fetchUnreadNotices(sellerId!), enabled: sellerId !== null });
export const noticesQuery = (page: number) => queryOptions({ queryKey: keys.notices(page), queryFn: () => fetchNotices(page) });
export const templatesQuery = (page: number, limit: number) =>
  queryOptions({ queryKey: keys.templates(page, limit), queryFn: () => fetchTemplates(page, limit) });
export const sellerOptionsQuery = () => queryOptions({ queryKey: keys.sellerOptions, queryFn: fetchSellerOptions, staleTime: 60_000 });
export const uploadTemplateImage = async (file: File) => (await call(notificationsRoutes.templateImage, { file })).url;

export const markRead = (id: number) => call(notificationsRoutes.markRead, { params: { id } });
export const markAllRead = () => call(notificationsRoutes.markAllRead);
export const readNotice = (id: number, sellerId: number) => call(notificationsRoutes.readNotice, { params: { id, sellerId } });
export const createNotice = (body: NoticeBody) => call(notificationsRoutes.createNotice, { body });
export const updateNotice = (id: number, body: NoticeBody) => call(notificationsRoutes.updateNotice, { params: { id }, body });
export const deleteNotice = (id: number) => call(notificationsRoutes.deleteNotice, { params: { id } });
export const createTemplate = (body: Body<typeof notificationsRoutes.createTemplate>) => call(notificationsRoutes.createTemplate, { body });
export const updateTemplate = (id: number, body: Omit<Body<typeof notificationsRoutes.updateTemplate>, 'id'>) =>
  call(notificationsRoutes.updateTemplate, { params: { id }, body: { id, ...body } });
export const deleteTemplate = (id: number) => call(notificationsRoutes.deleteTemplate, { params: { id } });
/** A single-use ticket for the live-events stream, and the stream's address with it. */
export const eventsTicket = () => call(notificationsRoutes.eventsTicket);
export const eventsUrl = (ticket: string) => `/api${notificationsRoutes.events.path}?ticket=${encodeURIComponent(ticket)}`;

/** Marks one bell entry read; the bell refetches once it settles. */
export function useMarkNotificationRead(options: Reactions<Result<typeof markRead>, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (id: number) => markRead(id),
    onSettled: thenReact(() => queryClient.invalidateQueries({ queryKey: keys.bell }), options.onSettled),
  });
}

/** Marks a notice read for the institution, then refetches its unread notices. A failure is only logged (spec 1 §7). */
async function readNoticeAndRefetch(queryClient: QueryClient, id: number, sellerId: number) {
  try {
    await readNotice(id, sellerId);
  } catch (err) {
    console.error('notice read-marking failed', err);
  }
  await queryClient.invalidateQueries({ queryKey: keys.unreadNotices(sellerId) });
}

type NoticeRead = { id: number; sellerId: number };

/** Marks one notice read (never fails: see readNoticeAndRefetch). */
export function useMarkNoticeRead(options: Reactions<void, NoticeRead> = {}) {
  const queryClient = useQueryClient();
  return useMutation({ ...options, mutationFn: ({ id, sellerId }: NoticeRead) => readNoticeAndRefetch(queryClient, id, sellerId) });
}

type MarkAll = { sellerId: number | null; notices: UnreadNotice[] };

/**
 * 'Marcar todas como lidas': every notification, and the institution's notices that need no read
 * confirmation; the bell refetches once it settles.
 */
export function useMarkAllRead(options: Reactions<void, MarkAll> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: async ({ sellerId, notices }: MarkAll) => {
      await markAllRead();
      if (sellerId === null) return;
      const plain = notices.filter((n) => !n.template.requiresReadConfirmation);
      await Promise.all(plain.map((n) => readNoticeAndRefetch(queryClient, n.id, sellerId)));
    },
    onSettled: thenReact(() => queryClient.invalidateQueries({ queryKey: keys.bell }), options.onSettled),
  });
}

type NoticeSave = { id: number | null; body: NoticeBody };

/** Creates a notice (id null) or updates one; the notice lists refetch after a success. */
export function useSaveNotice(options: Reactions<unknown, NoticeSave> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, body }: NoticeSave): Promise<unknown> => (id !== null ? updateNotice(id, body) : createNotice(body)),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: keys.noticesAll });
      return options.onSuccess?.(...args);
    },
  });
}

/** Deletes a notice; the notice lists refetch after a success. */
export function useDeleteNotice(options: Reactions<Result<typeof deleteNotice>, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (id: number) => deleteNotice(id),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: keys.noticesAll });
      return options.onSuccess?.(...args);
    },
  });
}

type TemplateSave = { id: number | null; body: Body<typeof notificationsRoutes.createTemplate> };

/** Creates a template (id null) or updates one; the templates and the notices (which show its title) refetch. */
export function useSaveTemplate(options: Reactions<unknown, TemplateSave> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: ({ id, body }: TemplateSave): Promise<unknown> => (id !== null ? updateTemplate(id, body) : createTemplate(body)),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: keys.templatesAll });
      void queryClient.invalidateQueries({ queryKey: keys.noticesAll });
      return options.onSuccess?.(...args);
    },
  });
}

/** Deletes a template (the server refuses one in use); the templates refetch after a success. */
export function useDeleteTemplate(options: Reactions<Result<typeof deleteTemplate>, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: (id: number) => deleteTemplate(id),
    onSuccess: (...args) => {
      void queryClient.invalidateQueries({ queryKey: keys.templatesAll });
      return options.onSuccess?.(...args);
    },
  });
}
