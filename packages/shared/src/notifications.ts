/**
 * Notifications (spec 1 §2.14, §3, §5, §7 "Seller notices and templates" and "Notifications bell"):
 * the live event stream, the per-user bell, seller notices and notice templates.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { LIMITS } from './limits';
import { idParam, messageResponse, pageQuery, requiredText, idSchema, textIdSchema } from './validation';

/** Who manages notices and templates (spec: "not shown"; decided: admin and director, as their menus). */
export const NOTICE_MANAGER_TYPES = ['admin', 'director'] as const;
/** Who reads seller notices (spec 1 §6: only users of type seller with a seller record). */
export const NOTICE_READER_TYPES = ['seller'] as const;

export const TARGET_TYPES = ['ALL', 'SELECTED'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export const TARGET_TYPE_LABELS: Record<TargetType, string> = { ALL: 'Todos', SELECTED: 'Selecionados' };

/** The bell shows at most this many entries of the window (newest first). */
export const BELL_MAX_ENTRIES = 50;
/** Unread notices shown at once in the bell. */
export const UNREAD_NOTICES_MAX = 50;
/** Longest stored template HTML (characters). Images are URLs, never inline data. */
export const TEMPLATE_HTML_MAX = 100_000;
/** An event-stream ticket is valid this long, once. */
export const EVENTS_TICKET_MS = 60_000;
/** Heartbeat comment interval of the event stream. */
export const EVENTS_HEARTBEAT_MS = 25_000;

/**
 * What the event stream sends: `data: {"kind": …}`. No content travels on the stream; the client
 * refetches through the API. `ready` on (re)connection, `resync` after the server lost events.
 */
export const EVENT_KINDS = ['ready', 'resync', 'notifications', 'notices'] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

// --- Bell (per-user notifications)

export const notificationEntry = z.object({ id: z.number(), text: z.string(), createdAt: z.string(), read: z.boolean() });
export type NotificationEntry = z.infer<typeof notificationEntry>;
export const bellList = z.object({ data: z.array(notificationEntry), unread: z.number() });

// --- Templates

export const noticeTemplate = z.object({
  id: z.number(),
  title: z.string(),
  htmlContent: z.string(),
  requiresReadConfirmation: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NoticeTemplate = z.infer<typeof noticeTemplate>;

export const templateBody = z.strictObject({
  /** PUT sends "the full template" (spec 1 §7): an id, when present, must be the one in the path. */
  id: idSchema().optional(),
  title: requiredText(LIMITS.nameMax),
  htmlContent: z.string({ error: MSG.invalidValue }).max(TEMPLATE_HTML_MAX, MSG.templateTooLong).default(''),
  requiresReadConfirmation: z.boolean({ error: MSG.invalidValue }).default(false),
});
export type TemplateBody = z.input<typeof templateBody>;

export const templatesPage = z.object({ data: z.array(noticeTemplate), total: z.number(), page: z.number(), limit: z.number() });

// --- Notices

export const sellerOption = z.object({ id: z.number(), name: z.string() });
export type SellerOption = z.infer<typeof sellerOption>;

export const sellerNotice = z.object({
  id: z.number(),
  templateId: z.number(),
  template: z.object({ title: z.string(), htmlContent: z.string(), requiresReadConfirmation: z.boolean() }),
  targetType: z.enum(TARGET_TYPES),
  targets: z.array(z.object({ seller: sellerOption })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SellerNotice = z.infer<typeof sellerNotice>;

export const noticesPage = z.object({ data: z.array(sellerNotice), total: z.number(), page: z.number(), limit: z.number() });

/** A notice as its reader sees it: no other institution's name. */
export const unreadNotice = sellerNotice.omit({ targets: true, targetType: true });
export type UnreadNotice = z.infer<typeof unreadNotice>;

export const noticeBody = z
  .strictObject({
    templateId: idSchema(MSG.noticeTemplateRequired),
    targetType: z.enum(TARGET_TYPES, { error: MSG.invalidValue }).default('ALL'),
    selectedSellerIds: z.array(idSchema(MSG.invalidValue), { error: MSG.invalidValue }).max(2000).default([]),
  })
  .refine((v) => v.targetType !== 'SELECTED' || v.selectedSellerIds.length > 0, {
    message: MSG.noticeSellersRequired,
    path: ['selectedSellerIds'],
  });
export type NoticeBody = z.input<typeof noticeBody>;

const listQuery = z.strictObject({ ...pageQuery });
const noticeReadParams = z.strictObject({
  id: textIdSchema(MSG.invalidValue),
  sellerId: textIdSchema(MSG.invalidValue),
});

const MANAGERS = NOTICE_MANAGER_TYPES;
const READERS = NOTICE_READER_TYPES;

export const notificationsRoutes = {
  eventsTicket: defineRoute({
    method: 'POST', path: '/events/ticket', tag: 'notifications', access: 'authenticated',
    summary: 'Bilhete de uso único (60 s) para abrir o fluxo de eventos',
    response: z.object({ ticket: z.string(), expiresIn: z.number() }),
  }),
  events: defineRoute({
    method: 'GET', path: '/events', tag: 'notifications', access: 'public',
    summary: 'Fluxo de eventos (text/event-stream); autenticado pelo bilhete de POST /events/ticket',
    query: z.strictObject({ ticket: z.string({ error: MSG.unauthorized }).min(1, MSG.unauthorized).max(100, MSG.unauthorized) }),
    response: z.string(),
  }),

  bell: defineRoute({
    method: 'GET', path: '/notifications', tag: 'notifications', access: 'authenticated',
    summary: 'Minhas notificações dos últimos 5 dias, mais novas primeiro', response: bellList,
  }),
  markRead: defineRoute({
    method: 'PATCH', path: '/notifications/:id/read', tag: 'notifications', access: 'authenticated',
    summary: 'Marcar uma notificação minha como lida', params: idParam, response: notificationEntry,
  }),
  markAllRead: defineRoute({
    method: 'PATCH', path: '/notifications/read-all', tag: 'notifications', access: 'authenticated',
    summary: 'Marcar todas as minhas notificações como lidas', response: z.object({ updated: z.number() }),
  }),

  notices: defineRoute({
    method: 'GET', path: '/sellers/notices', tag: 'notifications', access: MANAGERS,
    summary: 'Listar notificações para instituições', query: listQuery, response: noticesPage,
  }),
  createNotice: defineRoute({
    method: 'POST', path: '/sellers/notices/', tag: 'notifications', access: MANAGERS,
    summary: 'Criar notificação para instituições', body: noticeBody, response: sellerNotice,
  }),
  /** The same as createNotice, for clients that leave out the spec's trailing slash. */
  createNoticeNoSlash: defineRoute({
    method: 'POST', path: '/sellers/notices', tag: 'notifications', access: MANAGERS,
    summary: 'Criar notificação para instituições (sem barra final)', body: noticeBody, response: sellerNotice,
  }),
  updateNotice: defineRoute({
    method: 'PUT', path: '/sellers/notices/:id', tag: 'notifications', access: MANAGERS,
    summary: 'Editar notificação', params: idParam, body: noticeBody, response: sellerNotice,
  }),
  deleteNotice: defineRoute({
    method: 'DELETE', path: '/sellers/notices/:id', tag: 'notifications', access: MANAGERS,
    summary: 'Excluir notificação', params: idParam, response: messageResponse,
  }),
  unreadNotices: defineRoute({
    method: 'GET', path: '/sellers/notices/unread/:id', tag: 'notifications', access: READERS,
    summary: 'Notificações não lidas da minha instituição (id da instituição)', params: idParam, response: z.array(unreadNotice),
  }),
  readNotice: defineRoute({
    method: 'PATCH', path: '/sellers/notices/:id/read/:sellerId', tag: 'notifications', access: READERS,
    summary: 'Marcar notificação como lida (id da notificação, id da instituição)', params: noticeReadParams, response: messageResponse,
  }),

  templates: defineRoute({
    method: 'GET', path: '/sellers/notices/templates', tag: 'notifications', access: MANAGERS,
    summary: 'Listar templates de notificação', query: listQuery, response: templatesPage,
  }),
  createTemplate: defineRoute({
    method: 'POST', path: '/sellers/notices/templates', tag: 'notifications', access: MANAGERS,
    summary: 'Criar template (HTML sanitizado ao gravar)', body: templateBody, response: noticeTemplate,
  }),
  updateTemplate: defineRoute({
    method: 'PUT', path: '/sellers/notices/templates/:id', tag: 'notifications', access: MANAGERS,
    summary: 'Editar template (HTML sanitizado ao gravar)', params: idParam, body: templateBody, response: noticeTemplate,
  }),
  deleteTemplate: defineRoute({
    method: 'DELETE', path: '/sellers/notices/templates/:id', tag: 'notifications', access: MANAGERS,
    summary: 'Excluir template (recusado se estiver em uso)', params: idParam, response: messageResponse,
  }),
  templateImage: defineRoute({
    method: 'POST', path: '/sellers/notices/templates/images', tag: 'notifications', access: MANAGERS,
    summary: 'Enviar imagem do editor de templates (campo images)', multipart: true, rateLimit: 'upload', idempotent: true,
    response: z.object({ url: z.string() }),
  }),
  sellerOptions: defineRoute({
    method: 'GET', path: '/sellers/options', tag: 'notifications', access: MANAGERS,
    summary: 'Instituições ativas por nome (A-Z), para escolher destinatários', response: z.array(sellerOption),
  }),
} as const;
