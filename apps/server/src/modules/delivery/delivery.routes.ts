/**
 * Delivering units: unit packages, AI review files and students' share links. The workers of the package
 * queue are started by main.ts (`unitPackagesService(deps).start()`).
 */
import type { FastifyInstance } from 'fastify';
import { packagesRoutes as P, reviewFileName } from '@edu/shared/packages';
import { shareLinksRoutes as S } from '@edu/shared/share-links';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import { reviewFileService } from './review-file';
import { unitPackagesService } from './packages.service';
import { shareLinksService } from './share-links.service';

/** An attachment name for Content-Disposition (ours are ASCII: unidade_1.zip, review_1.txt). */
const attachment = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

export function deliveryModule(app: FastifyInstance, deps: Deps) {
  const packages = unitPackagesService(deps);
  registerRoute(app, deps, P.request, ({ auth, params }) => packages.request(auth, params.id));
  registerRoute(app, deps, P.status, ({ auth, params }) => packages.status(auth, params.id));
  registerRoute(app, deps, P.file, async ({ auth, params, reply }) => {
    const { data, size, fileName } = await packages.file(auth, params.id);
    reply
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'private, no-store')
      .header('content-length', size)
      .type('application/zip');
    // A stream is sent as is (no JSON serialization).
    return data as never;
  });

  const reviews = reviewFileService(deps);
  registerRoute(app, deps, P.autoReview, async ({ auth, params, query, reply, request }) => {
    const result = await reviews.review(auth, params.id, request.log);
    if (!query.returnFile) return result;
    reply
      .header('content-disposition', attachment(reviewFileName(params.id)))
      .header('cache-control', 'private, no-store')
      .type('text/plain; charset=utf-8');
    return Buffer.from(result.text, 'utf8') as never;
  });

  const links = shareLinksService(deps);
  registerRoute(app, deps, S.unit, ({ auth, params, body }) => links.create(auth, 'unit', params.id, body));
  registerRoute(app, deps, S.subject, ({ auth, params, body }) => links.create(auth, 'subject', params.id, body));
  registerRoute(app, deps, S.verify, ({ query }) => links.verify(query.token));
}
