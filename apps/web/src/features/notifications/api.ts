/** Query keys and calls of the notifications feature (bell, notices, templates). */
import { notificationsRoutes } from '@edu/shared/notifications';
import { call } from '../../lib/api';

export const keys = {
  bell: ['notifications', 'bell'] as const,
  unreadNotices: (sellerId: number) => ['notifications', 'unread-notices', sellerId] as const,
  notices: (page: number) => ['notifications', 'notices', page] as const,
  noticesAll: ['notifications', 'notices'] as const,
  templates: (page: number, limit: number) => ['notifications', 'templates', page, limit] as const,
  templatesAll: ['notifications', 'templates'] as const,
  sellerOptions: ['notifications', 'seller-options'] as const,
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
