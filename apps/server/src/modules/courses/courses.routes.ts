import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { COURSE_MSG, courseRoutes as R } from '@edu/shared/courses';
import { registerRoute } from '../../platform/http';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { forbidden, notFound } from '../../platform/errors';
import { institutionHead, judgeInstitution } from '../institutions/index';
import { activeRentOf } from '../access/index';
import { courses } from '../../db/schema';
import { coursesService, ownerOf } from './courses.service';
import { readCourseImport, requestCourseImport } from './course-import';

/** Courses (spec 3 §2.16, §7 "Courses"): the seller calls, the provider calls and 'Importar Curso'. */
export function coursesModule(app: FastifyInstance, deps: Deps) {
  const svc = coursesService(deps);
  const seller = (auth: AuthContext) => ownerOf(deps.db, auth, 'seller');
  const provider = (auth: AuthContext) => ownerOf(deps.db, auth, 'provider');
  // ownerOf answers WHICH owner (a suspended institution: 403) before the service's gate answers WHICH course (404).

  registerRoute(app, deps, R.list, ({ auth }) => svc.list(auth, 'seller'));
  registerRoute(app, deps, R.detail, ({ auth, params }) => svc.detail(auth, 'seller', params.id));
  registerRoute(app, deps, R.candidates, ({ auth, params }) => svc.candidates(auth, 'seller', params.id));
  registerRoute(app, deps, R.create, async ({ auth, body }) => svc.create(auth, await seller(auth), body.name));
  registerRoute(app, deps, R.rename, async ({ auth, params, body }) => svc.rename(auth, await seller(auth), params.id, body.name));
  registerRoute(app, deps, R.remove, async ({ auth, params }) => svc.remove(auth, await seller(auth), params.id));
  registerRoute(app, deps, R.reorder, async ({ auth, params, body }) => svc.reorder(auth, await seller(auth), params.id, body.orderedItems));
  registerRoute(app, deps, R.addItem, async ({ auth, body }) => svc.addItem(auth, await seller(auth), body.courseId, body.subjectId));
  registerRoute(app, deps, R.removeItem, async ({ auth, params, body }) => svc.removeItem(auth, await seller(auth), params.id, body.courseId));
  registerRoute(app, deps, R.import, ({ auth, params, body }) => requestCourseImport(deps, auth, params.courseId, body?.copy === true));
  registerRoute(app, deps, R.importStatus, async ({ auth, params }) => readCourseImport(deps.db, (await seller(auth)).id, params.id));

  // A provider's courses: the provider itself, or an active institution that ACTIVELY rents it (else 404). One
  // statement: the institution's guard and its rent head the courses, read only when both hold, judged after it.
  registerRoute(app, deps, R.providerCourses, async ({ auth, params }) => {
    const providerId = params.providerId;
    let sellerId: number | null = null;
    let head = sql`(select null::text as status, true as ok) owner_head`;
    if (auth.user.type === 'provider') {
      if (auth.user.providerId !== providerId) throw notFound(COURSE_MSG.providerNotRented);
    } else {
      sellerId = auth.user.sellerId;
      if (sellerId === null) throw forbidden();
      head = sql`(select i.status, i.ok and r.rented as ok, r.rented from (${institutionHead(sellerId)}) i
        cross join lateral (select exists (select 1 from providers where providers.id = ${providerId} and ${activeRentOf(sellerId, sql`providers.id`)}) as rented) r) owner_head`;
    }
    const rows = await deps.db
      .select({
        ownerStatus: sql<string | null>`owner_head.status`,
        rented: sellerId === null ? sql<boolean>`true` : sql<boolean>`owner_head.rented`,
        id: courses.id,
        name: courses.name,
        createdAt: courses.createdAt,
        itemsCount: sql<number>`(select count(*)::int from course_subjects cs where cs.course_id = courses.id)`,
        imported:
          sellerId === null
            ? sql<boolean>`false`
            : sql<boolean>`exists (select 1 from courses mine where mine.seller_id = ${sellerId} and mine.imported_from_id = courses.id)`,
      })
      .from(head)
      .leftJoin(courses, and(sql`owner_head.ok`, eq(courses.providerId, providerId), isNull(courses.sellerId)))
      .orderBy(asc(courses.nameFolded), asc(courses.id));
    if (sellerId !== null) {
      judgeInstitution(rows[0] && { status: rows[0].ownerStatus });
      if (!rows[0]!.rented) throw notFound(COURSE_MSG.providerNotRented);
    }
    return rows.flatMap((r) =>
      r.id !== null ? [{ id: r.id, name: r.name!, createdAt: r.createdAt!.toISOString(), itemsCount: Number(r.itemsCount), imported: r.imported }] : [],
    );
  });

  registerRoute(app, deps, R.providerList, ({ auth }) => svc.list(auth, 'provider'));
  registerRoute(app, deps, R.providerDetail, ({ auth, params }) => svc.detail(auth, 'provider', params.id));
  registerRoute(app, deps, R.providerCandidates, ({ auth, params }) => svc.candidates(auth, 'provider', params.id));
  registerRoute(app, deps, R.providerCreate, async ({ auth, body }) => svc.create(auth, await provider(auth), body.name));
  registerRoute(app, deps, R.providerRename, async ({ auth, params, body }) => svc.rename(auth, await provider(auth), params.id, body.name));
  registerRoute(app, deps, R.providerRemove, async ({ auth, params }) => svc.remove(auth, await provider(auth), params.id));
  registerRoute(app, deps, R.providerReorder, async ({ auth, params, body }) => svc.reorder(auth, await provider(auth), params.id, body.orderedItems));
  registerRoute(app, deps, R.providerAddItem, async ({ auth, body }) => svc.addItem(auth, await provider(auth), body.courseId, body.subjectId));
  registerRoute(app, deps, R.providerRemoveItem, async ({ auth, params, body }) => svc.removeItem(auth, await provider(auth), params.id, body.courseId));
}
