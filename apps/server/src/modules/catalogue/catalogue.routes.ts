import type { FastifyInstance } from 'fastify';
import { catalogueRoutes as R } from '@edu/shared/catalogue';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { catalogueService } from './catalogue.service';

/** The catalogue, its opt-in updates and its unit page (spec 3 §2.13, §7 "Catalogue"). */
export function catalogueModule(app: FastifyInstance, deps: Deps) {
  const catalogue = catalogueService(deps);
  registerRoute(app, deps, R.list, ({ auth, query }) => catalogue.list(auth, query));
  registerRoute(app, deps, R.checkUpdates, ({ auth }) => catalogue.checkUpdates(auth));
  registerRoute(app, deps, R.update, ({ auth, params }) => catalogue.update(auth, params.id));
  registerRoute(app, deps, R.unit, ({ auth, params }) => catalogue.unit(auth, params.id));
}
