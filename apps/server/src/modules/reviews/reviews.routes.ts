import type { FastifyInstance } from 'fastify';
import { reviewsRoutes as R } from '@edu/shared/reviews';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { reviewsService } from './reviews.service';

export function reviewsModule(app: FastifyInstance, deps: Deps) {
  const reviews = reviewsService(deps);
  registerRoute(app, deps, R.find, ({ auth, query }) => reviews.find(auth, query));
  registerRoute(app, deps, R.newUnits, ({ query }) => reviews.newUnits(query));
  registerRoute(app, deps, R.findOne, ({ auth, params, query }) => reviews.findOne(auth, params.id, query.type));
  registerRoute(app, deps, R.staff, ({ query }) => reviews.staff(query.type));
  registerRoute(app, deps, R.create, ({ auth, body }) => reviews.create(auth, body));
  registerRoute(app, deps, R.reopen, ({ auth, body }) => reviews.reopen(auth, body));
  registerRoute(app, deps, R.update, ({ auth, params, body }) => reviews.update(auth, params.ids, body));
  registerRoute(app, deps, R.editDelegation, ({ auth, params, body }) => reviews.editDelegation(auth, params.reviewIds, body));
  registerRoute(app, deps, R.publishedUnits, ({ query }) => reviews.publishedUnits(query.page));
  registerRoute(app, deps, R.updateKnowledge, ({ auth, body }) => reviews.updateKnowledge(auth, body));
  registerRoute(app, deps, R.saveContent, ({ auth, params, body }) => reviews.saveContent(auth, params.id, body));
  registerRoute(app, deps, R.commentPost, ({ auth, body }) => reviews.commentPost(auth, body));
  registerRoute(app, deps, R.comments, ({ auth, params }) => reviews.comments(auth, params.reviewId));
}
