import type { FastifyInstance } from 'fastify';
import { tagsRoutes as T, unitsRoutes as R } from '@edu/shared/units';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { unitsService } from './units.service';

export function unitsModule(app: FastifyInstance, deps: Deps) {
  const units = unitsService(deps);
  // Images of other sites are imported before a save's (idempotent) transaction opens.
  registerRoute(app, deps, R.create, ({ auth, body }) => units.create(auth, body), { prepareBody: ({ auth, body }) => units.prepareCreate(auth, body) });
  registerRoute(app, deps, R.update, ({ auth, body }) => units.update(auth, body), { prepareBody: ({ auth, body }) => units.prepareUpdate(auth, body) });
  registerRoute(app, deps, R.find, ({ auth, params }) => units.find(auth, params.id));
  registerRoute(app, deps, R.mine, ({ auth, query }) => units.mine(auth, query));
  registerRoute(app, deps, R.versions, ({ auth, query }) => units.versions(auth, query.itemId));
  registerRoute(app, deps, R.status, ({ auth, body }) => units.setStatus(auth, body));
  registerRoute(app, deps, R.recover, ({ auth, params }) => units.recover(auth, params.id));
  registerRoute(app, deps, R.publishVersion, ({ auth, params }) => units.publishVersion(auth, params.id));

  registerRoute(app, deps, T.search, ({ query }) => units.searchTags(query.tagName));
  registerRoute(app, deps, T.create, ({ body }) => units.createTags(body.names));
  registerRoute(app, deps, T.attach, ({ auth, body }) => units.attachTags(auth, body.itemContent, body.tagIds));
  registerRoute(app, deps, T.detach, ({ auth, params, query }) => units.detachTag(auth, params.itemId, query.tagId));
}
