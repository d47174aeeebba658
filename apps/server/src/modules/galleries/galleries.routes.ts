import type { FastifyInstance } from 'fastify';
import { galleriesRoutes as R } from '@edu/shared/galleries';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { galleriesService } from './galleries.service';

export function galleriesModule(app: FastifyInstance, deps: Deps) {
  const svc = galleriesService(deps);
  registerRoute(app, deps, R.byProvider, ({ auth, params }) => svc.byProvider(auth, params.id));
  registerRoute(app, deps, R.details, ({ auth, params, query }) => svc.details(auth, params.id, query.page));
  registerRoute(app, deps, R.create, ({ auth, body }) => svc.create(auth, body));
  registerRoute(app, deps, R.uploadImages, ({ auth, params, request }) => svc.upload(auth, 'images', params.id, request));
  registerRoute(app, deps, R.uploadInfographics, ({ auth, params, request }) => svc.upload(auth, 'infographics', params.id, request));
  registerRoute(app, deps, R.uploadQuestions, ({ auth, params, request }) => svc.upload(auth, 'questions', params.id, request));
  registerRoute(app, deps, R.uploadPdfs, ({ auth, params, request }) => svc.upload(auth, 'pdfs', params.id, request));
  registerRoute(app, deps, R.stockStatus, async () => svc.stockStatus());
  registerRoute(app, deps, R.stockSearch, ({ query, request }) => svc.stockSearch(query, request.log));
  registerRoute(app, deps, R.stockImport, ({ auth, params, body, request }) => svc.stockImport(auth, params.id, body.stockId, request.log));
}
