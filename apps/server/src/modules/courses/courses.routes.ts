import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { COURSE_MSG, courseRoutes as R } from '@edu/shared/courses';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { requireActiveInstitution } from '../institutions/index';
import { activeRentOf } from '../access/index';
import { courses, providers } from '../../db/schema';
import { coursesService, ownerOf } from './courses.service';
import { readCourseImport, requestCourseImport } from './course-import';

/** Courses (spec 3 §2.16, §7 "Courses"): the seller calls, the provider calls and 'Importar Curso'. */
export function coursesModule(app: FastifyInstance, deps: Deps) {
  const svc = coursesService(deps);
  const seller = (auth: AuthContext) => ownerOf(deps.db, auth, 'seller');
  const provider = (auth: AuthContext) => ownerOf(deps.db, auth, 'provider');
  // ownerOf answers WHICH owner (a suspended institution: 403) before the service's gate answers WHICH course (404).

  registerRoute(app, deps, R.list, ({ auth }) => svc.list(auth, 'seller'));
  registerRoute(app, deps, R.detail, async ({ auth, params }) => {
    await seller(auth);
    return svc.detail(auth, params.id);
  });
  registerRoute(app, deps, R.candidates, async ({ auth, params }) => {
    await seller(auth);
    return svc.candidates(auth, params.id);
  });
  registerRoute(app, deps, R.create, async ({ auth, body }) => svc.create(auth, await seller(auth), body.name));
  registerRoute(app, deps, R.rename, async ({ auth, params, body }) => svc.rename(auth, await seller(auth), params.id, body.name));
  registerRoute(app, deps, R.remove, async ({ auth, params }) => svc.remove(auth, await seller(auth), params.id));
  registerRoute(app, deps, R.reorder, async ({ auth, params, body }) => svc.reorder(auth, await seller(auth), params.id, body.orderedItems));
  registerRoute(app, deps, R.addItem, async ({ auth, body }) => svc.addItem(auth, await seller(auth), body.courseId, body.subjectId));
  registerRoute(app, deps, R.removeItem, async ({ auth, params, body }) => svc.removeItem(auth, await seller(auth), params.id, body.courseId));
  registerRoute(app, deps, R.import, ({ auth, params, body }) => requestCourseImport(deps, auth, params.courseId, body?.copy === true));
  registerRoute(app, deps, R.importStatus, async ({ auth, params }) => readCourseImport(deps.db, (await seller(auth)).id, params.id));

  // A provider's courses: the provider itself, or an active institution that ACTIVELY rents it (else 404).
  registerRoute(app, deps, R.providerCourses, async ({ auth, params }) => {
    const providerId = params.providerId;
    let sellerId: number | null = null;
    if (auth.user.type === 'provider') {
      if (auth.user.providerId !== providerId) throw notFound(COURSE_MSG.providerNotRented);
    } else {
      sellerId = (await requireActiveInstitution(deps.db, auth)).id;
      const [rented] = await deps.db.select({ id: providers.id }).from(providers).where(and(eq(providers.id, providerId), activeRentOf(sellerId, sql`providers.id`)));
      if (!rented) throw notFound(COURSE_MSG.providerNotRented);
    }
    const rows = await deps.db
      .select({
        id: courses.id,
        name: courses.name,
        createdAt: courses.createdAt,
        itemsCount: sql<number>`(select count(*)::int from course_subjects cs where cs.course_id = courses.id)`,
        imported:
          sellerId === null
            ? sql<boolean>`false`
            : sql<boolean>`exists (select 1 from courses mine where mine.seller_id = ${sellerId} and mine.imported_from_id = courses.id)`,
      })
      .from(courses)
      .where(and(eq(courses.providerId, providerId), isNull(courses.sellerId)))
      .orderBy(asc(courses.nameFolded), asc(courses.id));
    return rows.map((r) => ({ ...r, itemsCount: Number(r.itemsCount), createdAt: r.createdAt.toISOString() }));
  });

  registerRoute(app, deps, R.providerList, ({ auth }) => svc.list(auth, 'provider'));
  registerRoute(app, deps, R.providerDetail, async ({ auth, params }) => {
    await provider(auth);
    return svc.detail(auth, params.id);
  });
  registerRoute(app, deps, R.providerCandidates, async ({ auth, params }) => {
    await provider(auth);
    return svc.candidates(auth, params.id);
  });
  registerRoute(app, deps, R.providerCreate, async ({ auth, body }) => svc.create(auth, await provider(auth), body.name));
  registerRoute(app, deps, R.providerRename, async ({ auth, params, body }) => svc.rename(auth, await provider(auth), params.id, body.name));
  registerRoute(app, deps, R.providerRemove, async ({ auth, params }) => svc.remove(auth, await provider(auth), params.id));
  registerRoute(app, deps, R.providerReorder, async ({ auth, params, body }) => svc.reorder(auth, await provider(auth), params.id, body.orderedItems));
  registerRoute(app, deps, R.providerAddItem, async ({ auth, body }) => svc.addItem(auth, await provider(auth), body.courseId, body.subjectId));
  registerRoute(app, deps, R.providerRemoveItem, async ({ auth, params, body }) => svc.removeItem(auth, await provider(auth), params.id, body.courseId));
}
