/** Query keys and calls of the notifications feature (bell, notices, templates). */
import { notificationsRoutes, type NoticeBody } from '@edu/shared/notifications';
import type { Body } from '@edu/shared/contract';
import { call } from '../../lib/api';

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
