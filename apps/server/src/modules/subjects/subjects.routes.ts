import type { FastifyInstance } from 'fastify';
import { subjectsRoutes as R } from '@edu/shared/subjects';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { subjectsService } from './subjects.service';

/** Subjects and subject categories, the institution's and the provider's calls (spec 3 §7 "Subjects and categories"). */
export function subjectsModule(app: FastifyInstance, deps: Deps) {
  const s = subjectsService(deps);
  registerRoute(app, deps, R.sellerList, ({ auth, params }) => s.sellerList(auth, params.id));
  registerRoute(app, deps, R.sellerFilter, ({ auth, query }) => s.sellerFilter(auth, query));
  registerRoute(app, deps, R.sellerCreate, ({ auth, body }) => s.sellerCreate(auth, body));
  registerRoute(app, deps, R.sellerAddItem, ({ auth, body }) => s.sellerAddItem(auth, body));
  registerRoute(app, deps, R.sellerRename, ({ auth, body }) => s.sellerRename(auth, body.id, body.name));
  registerRoute(app, deps, R.sellerRemove, ({ auth, params }) => s.sellerRemove(auth, params.id));
  registerRoute(app, deps, R.sellerReorder, ({ auth, body }) => s.sellerReorder(auth, body));
  registerRoute(app, deps, R.sellerRemoveItem, ({ auth, params }) => s.sellerRemoveItem(auth, params.id));
  registerRoute(app, deps, R.categories, ({ auth, params }) => s.categories(auth, params.sellerId));
  registerRoute(app, deps, R.categoryCreate, ({ auth, body }) => s.categoryCreate(auth, body));
  registerRoute(app, deps, R.categoryRemove, ({ auth, params }) => s.categoryRemove(auth, params.id));
  registerRoute(app, deps, R.sellerSetCategory, ({ auth, params, body }) => s.sellerSetCategory(auth, params.id, body.categoryId));
  registerRoute(app, deps, R.sellerDetail, ({ auth, params }) => s.sellerDetail(auth, params.id));
  registerRoute(app, deps, R.sellerUnit, ({ auth, params }) => s.sellerUnit(auth, params.id, params.subjectItemId));
  registerRoute(app, deps, R.importable, ({ auth }) => s.importable(auth));
  registerRoute(app, deps, R.sellerImport, ({ auth, body }) => s.sellerImport(auth, body.subjectId));
  registerRoute(app, deps, R.providerList, ({ auth, params }) => s.providerList(auth, params.id));
  registerRoute(app, deps, R.providerFind, ({ auth, params, query }) => s.providerList(auth, params.id, query));
  registerRoute(app, deps, R.providerDetail, ({ auth, params }) => s.providerDetail(auth, params.id));
  registerRoute(app, deps, R.providerCreate, ({ auth, body }) => s.providerCreate(auth, body.name));
  registerRoute(app, deps, R.providerInsertItems, ({ auth, body }) => s.providerInsertItems(auth, body));
  registerRoute(app, deps, R.providerRename, ({ auth, body }) => s.providerRename(auth, body.id, body.name));
  registerRoute(app, deps, R.providerRemove, ({ auth, params }) => s.providerRemove(auth, params.id));
  registerRoute(app, deps, R.providerReorder, ({ auth, body }) => s.providerReorder(auth, body));
  registerRoute(app, deps, R.providerDeleteItems, ({ auth, params, body }) => s.providerDeleteItems(auth, params.id, body.subjectItems));
}
