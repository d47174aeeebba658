import type { FastifyInstance } from 'fastify';
import { notificationsRoutes as R } from '@edu/shared/notifications';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { bellService } from './bell.service';
import { noticesService } from './notices.service';
import { templatesService } from './templates.service';

/** The bell, seller notices and templates. The event stream itself is platform/events.ts. */
export function notificationsModule(app: FastifyInstance, deps: Deps) {
  const bell = bellService(deps);
  const notices = noticesService(deps);
  const templates = templatesService(deps);

  registerRoute(app, deps, R.bell, ({ auth }) => bell.list(auth));
  registerRoute(app, deps, R.markRead, ({ auth, params }) => bell.markRead(auth, params.id));
  registerRoute(app, deps, R.markAllRead, ({ auth }) => bell.markAllRead(auth));

  registerRoute(app, deps, R.notices, ({ query }) => notices.list(query));
  registerRoute(app, deps, R.createNotice, ({ auth, body }) => notices.create(auth, body));
  registerRoute(app, deps, R.createNoticeNoSlash, ({ auth, body }) => notices.create(auth, body));
  registerRoute(app, deps, R.updateNotice, ({ auth, params, body }) => notices.update(auth, params.id, body));
  registerRoute(app, deps, R.deleteNotice, ({ auth, params }) => notices.remove(auth, params.id));
  registerRoute(app, deps, R.unreadNotices, ({ auth, params }) => notices.unread(auth, params.id));
  registerRoute(app, deps, R.readNotice, ({ auth, params }) => notices.markRead(auth, params.id, params.sellerId));
  registerRoute(app, deps, R.sellerOptions, () => notices.sellerOptions());

  registerRoute(app, deps, R.templates, ({ query }) => templates.list(query));
  registerRoute(app, deps, R.createTemplate, ({ auth, body }) => templates.create(auth, body));
  registerRoute(app, deps, R.updateTemplate, ({ auth, params, body }) => templates.update(auth, params.id, body));
  registerRoute(app, deps, R.deleteTemplate, ({ auth, params }) => templates.remove(auth, params.id));
  registerRoute(app, deps, R.templateImage, ({ request }) => templates.uploadImage(request));
}
