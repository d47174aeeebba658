/**
 * The object-level access matrix: for every route of the contract (ALL_ROUTES) that takes an
 * id — in its path, its query or its body — an object of ANOTHER provider and of ANOTHER institution
 * answers 404 to every provider-side and institution-side user type the route lets in, exactly like an
 * id that does not exist (the existence of someone else's object is never revealed).
 *
 * How: the objects below belong to provider B and institution B, created for this test; the callers are
 * the demo accounts (provider A, institution A). Each id-taking route has an entry in OBJECT_ROUTES that
 * says how to ask for B's object, or why the question does not apply (a staff-only route: provider and
 * institution users are refused by role, which the permission matrix checks). A route that takes an id
 * and has no entry fails the first test: adding a route means saying how it guards its objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, ne } from 'drizzle-orm';
import { PROVIDER_TYPES, SELLER_TYPES, type UserType } from '@edu/shared/access';
import { ALL_ROUTES } from '@edu/shared/api';
import { buildPath, type RouteContract } from '@edu/shared/contract';
import { PROBLEM_CATEGORIES } from '@edu/shared/feedback';
import type { z } from 'zod';
import { call, createTestApp, multipartFile, PNG_1PX, signIn, type TestApp } from './harness';
import { buildCourse, buildCourseSubject, buildInstitution, buildPlanPrice, buildProvider, buildRent, buildSubject, buildSubjectItem, buildUnit, buildUser, buildVersion } from './factories';
import { DEMO_LOGIN_BY_TYPE } from '../src/demo/accounts';
import { cartItems, chargeRents, charges, curriculumImports, galleries, itemContents, items, noticeTemplates, notifications, planPrices, plans, providers, providerServices, rents, reviews, sellerNotices, sellerNoticeTargets, sellers, subjectCategories, subjects, users } from '../src/db/schema';
import { auditLogs } from '../src/platform/platform.tables';
import { accessWhere, checkAccess, POLICIES, type UserActor as Actor, type Permission } from '../src/modules/access/access';

/** The objects of provider B and institution B (or, for the "missing" run, ids that do not exist). */
interface Objects {
  provider: number;
  providerUser: number;
  content: number;
  item: number;
  review: number;
  gallery: number;
  service: number;
  notification: number;
  seller: number;
  sellerUser: number;
  notice: number;
  cartItem: number;
  rent: number;
  /** Institution B's charge (of its rent). */
  charge: number;
  /** Institution B's subject, its unit, its category; provider B's subject. */
  subject: number;
  subjectItem: number;
  category: number;
  providerSubject: number;
  /** Courses: institution B's course (one subject in it), provider B's course (idem), institution B's import. */
  course: number;
  courseItem: number;
  courseSubject: number;
  providerCourse: number;
  providerCourseItem: number;
  providerCourseSubject: number;
  courseImport: number;
}
const MISSING_ID = 999_999;
const MISSING: Objects = {
  provider: MISSING_ID, providerUser: MISSING_ID, content: MISSING_ID, item: MISSING_ID, review: MISSING_ID, gallery: MISSING_ID,
  service: MISSING_ID, notification: MISSING_ID, seller: MISSING_ID, sellerUser: MISSING_ID, notice: MISSING_ID,
  cartItem: MISSING_ID,
  rent: MISSING_ID,
  charge: MISSING_ID,
  subject: MISSING_ID, subjectItem: MISSING_ID, category: MISSING_ID, providerSubject: MISSING_ID,
  course: MISSING_ID, courseItem: MISSING_ID, courseSubject: MISSING_ID, providerCourse: MISSING_ID, providerCourseItem: MISSING_ID,
  providerCourseSubject: MISSING_ID, courseImport: MISSING_ID,
};

interface Ask {
  params?: Record<string, number>;
  query?: Record<string, string | number>;
  payload?: object;
  multipart?: boolean;
}

type Entry =
  /** Ask for B's object: 404 (or `status`, when a missing id answers the same) for every provider/institution caller. */
  | { ask: (o: Objects) => Ask; status?: number; why?: string }
  /** An id filter on a list the gate already scopes: B's rows never appear (200). */
  | { filter: (o: Objects) => Ask; foreignText: string }
  /** Only staff (and no provider or institution type) may call it: refused by role, see the permission matrix. */
  | { staffOnly: true }
  /** Not an object of a provider or an institution: the reason. */
  | { notOwned: string };

/** The logs report's required period: yesterday to tomorrow (whatever the time zone). */
const lastDays = () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { start_date: day(-1), end_date: day(1) };
};

const unitBody = {
  title: 'Unidade de B',
  authors: ['B'],
  introduction: '<p>Introdução</p>',
  learningObjectives: ['Objetivo'],
  synthesis: '<p>Síntese</p>',
  bibliographicReference: ['Referência'],
  knowledges: [] as number[],
  levelOfLearning: ['Graduação'],
  learningType: 'university',
  topics: [{ title: 'Tópico', content: '<p>Texto</p>' }],
};

/** THE table: every id-taking route of the contract, by `METHOD /path`. */
const OBJECT_ROUTES: Record<string, Entry> = {
  'POST /signup': { notOwned: 'planId names one of the public plans the sign-up offers, not an object of a provider or an institution' },
  'POST /signup/logo/:id': { notOwned: "the new institution's own sign-up, guarded by its one-time upload token (auth.test)" },
  // users
  'GET /users/filter': { filter: (o) => ({ query: { providerId: o.provider, idProvider: o.provider } }), foreignText: 'Editora B Usuário' },
  'GET /users/view/:id': { ask: (o) => ({ params: { id: o.providerUser } }) },
  'PUT /users/update/:id': { ask: (o) => ({ params: { id: o.providerUser }, payload: { name: 'Outro', email: 'outro.b@exemplo.com.br' } }) },
  'PUT /users/update': {
    ask: (o) => ({ payload: { id: o.providerUser, name: 'Outro', email: 'outro.b@exemplo.com.br' } }),
    status: 400,
    why: "updates the caller only: a body id other than the caller's own is invalid (400), existing or not",
  },
  'PUT /user/avatar/:id': { ask: (o) => ({ params: { id: o.providerUser }, multipart: true }) },
  'DELETE /users/avatar/delete/:id': { ask: (o) => ({ params: { id: o.providerUser } }) },
  'PUT /users/status': {
    ask: (o) => ({ payload: { ids: [o.providerUser, o.sellerUser], status: 'inative' } }),
    status: 403,
    why: 'the bulk call refuses the whole batch when any id may not be managed, existing or not (users.test): nothing is revealed',
  },
  // teams and institutions
  'PUT /sellers/my-team/:id': { ask: (o) => ({ params: { id: o.sellerUser }, payload: { name: 'Outro', email: 'outro.b@exemplo.com.br', type: 'seller_assistent' } }) },
  'DELETE /sellers/my-team/:id': { ask: (o) => ({ params: { id: o.sellerUser } }) },
  'GET /sellers/view/:id': { ask: (o) => ({ params: { id: o.seller } }) },
  'POST /sellers/accepted-terms': { ask: (o) => ({ payload: { seller_id: o.seller } }) },
  'POST /sellers/accepted-late-payment-terms': { ask: (o) => ({ payload: { seller_id: o.seller } }) },
  'PUT /sellers/lms/key': { ask: (o) => ({ payload: { id: o.seller } }) },
  'POST /sellers/request/lms/key': { ask: (o) => ({ payload: { id: o.seller } }) },
  'POST /saveDataInJson': { notOwned: "the LMS API: no session; the key names the institution, and a unit outside its active rentals is 404 (lms-api.test)" },
  // providers
  'PUT /providers/status': { staffOnly: true },
  'PUT /providers/condition/:id': { staffOnly: true },
  'GET /providers/view/:id': { ask: (o) => ({ params: { id: o.provider } }) },
  'PUT /providers/update/:id': { ask: (o) => ({ params: { id: o.provider }, payload: { description: 'Intruso' } }) },
  'PUT /providers/logo/:id': { ask: (o) => ({ params: { id: o.provider }, multipart: true }) },
  'PUT /providers/cover/:id': { ask: (o) => ({ params: { id: o.provider }, multipart: true }) },
  // reports and notifications
  'GET /reports/logs': { filter: (o) => ({ query: { ...lastDays(), user_id: o.sellerUser } }), foreignText: 'Instituição B Usuária' },
  'GET /reports/published-units': { ask: (o) => ({ query: { startDate: lastDays().start_date, endDate: lastDays().end_date, providerId: o.provider } }) },
  'GET /reports/published-units/csv': { ask: (o) => ({ query: { startDate: lastDays().start_date, endDate: lastDays().end_date, providerId: o.provider } }) },
  // the team's financial report: every institution's and provider's charges (financial-report.test)
  'GET /reports/financial': { staffOnly: true },
  'GET /reports/financial/csv': { staffOnly: true },
  // the access reports: an institution naming another institution is 404, like a missing one
  'GET /sellers/report-access': { ask: (o) => ({ query: { ...lastDays(), seller_id: o.seller } }) },
  'GET /sellers/report-access/charts': { ask: (o) => ({ query: { ...lastDays(), seller_id: o.seller } }) },
  'GET /sellers/report-access/csv': { ask: (o) => ({ query: { ...lastDays(), seller_id: o.seller } }) },
  'GET /items/item/content/find/access/units/:knowledgeid/:start_date/:end_date': {
    notOwned: "knowledgeid names a knowledge area (a public list; 0 = every area) and the dates a period: the units are always the caller's provider's (unit-access-report.test)",
  },
  'GET /items/item/content/find/access/units/:knowledgeid/:start_date/:end_date/charts': {
    notOwned: "knowledgeid names a knowledge area and the dates a period: the units are always the caller's provider's (unit-access-report.test)",
  },
  'GET /items/item/content/find/access/units/:knowledgeid/:start_date/:end_date/csv': {
    notOwned: "knowledgeid names a knowledge area and the dates a period: the units are always the caller's provider's (unit-access-report.test)",
  },
  'PATCH /notifications/:id/read': { ask: (o) => ({ params: { id: o.notification } }) },
  'PUT /sellers/notices/:id': { staffOnly: true },
  'DELETE /sellers/notices/:id': { staffOnly: true },
  'POST /sellers/notices/': { staffOnly: true },
  'POST /sellers/notices': { staffOnly: true },
  'GET /sellers/notices/unread/:id': { ask: (o) => ({ params: { id: o.seller } }) },
  'PATCH /sellers/notices/:id/read/:sellerId': { ask: (o) => ({ params: { id: o.notice, sellerId: o.seller } }) },
  'POST /sellers/notices/templates': { staffOnly: true },
  'PUT /sellers/notices/templates/:id': { staffOnly: true },
  'DELETE /sellers/notices/templates/:id': { staffOnly: true },
  // units
  'PUT /items/item/content/update': { ask: (o) => ({ payload: { ...unitBody, id: o.content, revision: 0 } }) },
  'GET /items/item/content/find/:id': { ask: (o) => ({ params: { id: o.content } }) },
  'GET /items/item/find/versions': { ask: (o) => ({ query: { itemId: o.item } }) },
  'PUT /items/item/content/status/': { ask: (o) => ({ payload: { ids: [o.content], status: 'send' } }) },
  'POST /items/item/content/recover/:id': { ask: (o) => ({ params: { id: o.content } }) },
  'PUT /items/item/update-item-version/:id': { staffOnly: true },
  'PUT /items/tag': { staffOnly: true },
  // delivery: the gate answers before the institution's grant, so B's unit is 404 like a missing one
  'POST /items/item/content/:id/package': { ask: (o) => ({ params: { id: o.content } }) },
  'GET /items/item/content/:id/package': { ask: (o) => ({ params: { id: o.content } }) },
  'GET /items/item/content/:id/package/file': { ask: (o) => ({ params: { id: o.content } }) },
  'POST /items/item/content/:id/auto-review': { ask: (o) => ({ params: { id: o.content } }) },
  'POST /sellers/share-links/unit/:id': { ask: (o) => ({ params: { id: o.item }, payload: {} }) },
  'POST /sellers/share-links/subject/:id': {
    ask: () => ({ params: { id: MISSING_ID }, payload: {} }),
    why: "this table has no subject of institution B yet: share-links.test asks for another institution's subject (404)",
  },
  // LMS exports: B's unit, subject or course is 404 before any grant or LMS-key question
  'POST /sellers/scorm/unit/:id': { ask: (o) => ({ params: { id: o.item }, payload: { subjectId: o.subject } }) },
  'POST /sellers/subjects/:id/cartridge': { ask: (o) => ({ params: { id: o.subject } }) },
  'POST /sellers/courses/:id/cartridge': { ask: (o) => ({ params: { id: o.course } }) },
  'DELETE /items/tag/:itemId': { staffOnly: true },
  // galleries
  'GET /galleries/provider/:id': { ask: (o) => ({ params: { id: o.provider } }) },
  'GET /galleries/details/:id': { ask: (o) => ({ params: { id: o.gallery } }) },
  'POST /gallery/create': { ask: (o) => ({ payload: { provider_id: o.provider, name: 'pdfs' } }) },
  'POST /galleries/upload/images/:id': { ask: (o) => ({ params: { id: o.provider }, multipart: true }) },
  'POST /galleries/upload/infographics/:id': { ask: (o) => ({ params: { id: o.provider }, multipart: true }) },
  'POST /galleries/upload/questions/:id': { ask: (o) => ({ params: { id: o.provider }, multipart: true }) },
  'POST /galleries/upload/pdfs/:id': { ask: (o) => ({ params: { id: o.provider }, multipart: true }) },
  'POST /galleries/stock/import/:id': { ask: (o) => ({ params: { id: o.provider }, payload: { stockId: 101 } }) },
  // reviews and feedback
  'GET /items/review/find': { staffOnly: true },
  'GET /items/review/find/:id': { ask: (o) => ({ params: { id: o.review }, query: { type: 'review' } }) },
  'POST /items/review/create': { staffOnly: true },
  'POST /items/review/reopen': { staffOnly: true },
  'PUT /items/review/update/:ids': { staffOnly: true },
  'PUT /items/review/this/update/:reviewIds': { staffOnly: true },
  'PUT /items/item/content/update/Knowledge': { staffOnly: true },
  'PUT /items/review/content/:id': { staffOnly: true },
  'POST /items/comment/post': { ask: (o) => ({ payload: { comment: 'Intruso', reviewId: o.review, itemId: o.content } }) },
  'GET /items/comment/find/:reviewId': { ask: (o) => ({ params: { reviewId: o.review } }) },
  'POST /student/feedback': {
    ask: (o) => ({ payload: { itemFeedback: { unit_id: o.content, error_type: PROBLEM_CATEGORIES[0], error_description: 'Intruso' } } }),
  },
  'PUT /items/item/feedback/status': { staffOnly: true },
  // the student viewer: no user type calls these; the share link in x-student-link is the credential
  'GET /student/units/:id': { notOwned: 'student only: a link opens the units it names and nothing else (student.test: unit A\'s link refuses unit B with 404)' },
  'PUT /student/units/:id/vote': { notOwned: 'student only: a vote on a unit outside the link is 404 (student.test)' },
  'POST /student/ai/question': { notOwned: 'student only: a question about a unit outside the link is 404 (student.test)' },
  'POST /student/identify': {
    notOwned: "studentId is what the student types ('Matrícula ou e-mail') or the LMS's student parameter, not an object id; the link in x-student-link names the institution and unit (student-identity.test)",
  },
  // services
  'PUT /providers/services/:id': { ask: (o) => ({ params: { id: o.service }, payload: { title: 'Intruso' } }) },
  'DELETE /providers/services/:id': { ask: (o) => ({ params: { id: o.service } }) },
  // institutions and LTI connections (admin and director only)
  'GET /sellers/institution/:id': { staffOnly: true },
  'POST /sellers/create': { staffOnly: true },
  'PUT /sellers/update/:id': { staffOnly: true },
  'PUT /sellers/logo/:id': { staffOnly: true },
  'PUT /sellers/status/:id': { staffOnly: true },
  'PUT /sellers/status': { staffOnly: true },
  'GET /sellers/:id/lti-connections': { staffOnly: true },
  'POST /sellers/:id/lti-connections': { staffOnly: true },
  'DELETE /sellers/:id/lti-connections': { staffOnly: true },
  'POST /sellers/:id/lti-connections/:connectionId/test': { staffOnly: true },
  'POST /sellers/:id/lti-connections/:connectionId/deployments': { staffOnly: true },
  'DELETE /sellers/:id/lti-connections/:connectionId/deployments': { staffOnly: true },
  // the LTI tool: the LMS calls the tool without a session (lti.test)
  'GET /lti/login': { notOwned: "client_id and lti_deployment_id are the LMS's registration (with iss they name the connection), not an object id; public (lti.test)" },
  'POST /lti/login': { notOwned: "client_id and lti_deployment_id are the LMS's registration (with iss they name the connection), not an object id; public (lti.test)" },
  'POST /student/lti/score': { notOwned: 'student only: an answer about a unit outside the launch link is 404 (lti.test)' },
  'GET /providers/plans/search': { staffOnly: true },
  'PUT /providers/plans/update/:id': { staffOnly: true },
  'GET /providers/plans-value/search': { staffOnly: true },
  'POST /providers/plans-value/create': { staffOnly: true },
  'PUT /providers/plans-value/update/:id': { staffOnly: true },
  // store, partners, cart: B's provider is approved but not in the store (no published unit, no price)
  'GET /providers/store/:id': { ask: (o) => ({ params: { id: o.provider } }) },
  'GET /items/item/find/provider': { ask: (o) => ({ query: { providerId: o.provider } }) },
  'GET /providers/store/:id/item/:idItem': { ask: (o) => ({ params: { id: o.provider, idItem: o.content } }) },
  'GET /providers/services/provider/:id': { ask: (o) => ({ params: { id: o.provider } }) },
  'POST /providers/services/partner-notification': { ask: (o) => ({ payload: { providerId: o.provider, email: 'b@exemplo.com.br', phone: '1', fullName: 'B' } }) },
  'POST /sellers/cart/items': { ask: (o) => ({ payload: { serviceId: o.service } }) },
  'DELETE /sellers/cart/items/:id': { ask: (o) => ({ params: { id: o.cartItem } }) },
  'POST /sellers/rents': { ask: (o) => ({ payload: { sellerId: o.seller, paymentMethod: 1 } }) },
  // rents (seller side and rentals control)
  'DELETE /sellers/rents/:id': { ask: (o) => ({ params: { id: o.rent } }) },
  'GET /sellers/rents-control/:sellerId': { staffOnly: true },
  // charges (the team's list and moves; the institution reads its own)
  'GET /charges': { staffOnly: true },
  'POST /charges/:id/pay': { staffOnly: true },
  'POST /charges/:id/cancel': { staffOnly: true },
  'GET /sellers/charges/:id': { ask: (o) => ({ params: { id: o.charge } }) },
  'POST /sellers/rents/plans-rents': { staffOnly: true },
  'PUT /sellers/rents/:id': { staffOnly: true },
  'PUT /sellers/rents/:id/plan': { staffOnly: true },
  'GET /sellers/plans-seller/:sellerId': { staffOnly: true },
  'GET /sellers/providers/:sellerId': { staffOnly: true },
  // the catalogue
  'GET /items/item/catalogue/:id': { ask: (o) => ({ params: { id: o.content } }) },
  'PUT /items/item/update/:id': { ask: (o) => ({ params: { id: o.item } }) },
  // subjects and categories: institution B's and provider B's
  'GET /sellers/subjects/seller/:id': { ask: (o) => ({ params: { id: o.seller } }) },
  'GET /sellers/subjects/filter': { ask: (o) => ({ query: { sellerId: o.seller } }) },
  'POST /sellers/subjects': { ask: (o) => ({ payload: { name: 'Intrusa', sellerId: o.seller } }) },
  'POST /sellers/subjects/item': { ask: (o) => ({ payload: { subjectId: o.subject, itemId: o.item, itemContentId: o.content } }) },
  'PUT /sellers/subjects/subject': { ask: (o) => ({ payload: { id: o.subject, name: 'Intrusa' } }) },
  'DELETE /sellers/subjects/:id': { ask: (o) => ({ params: { id: o.subject } }) },
  'DELETE /sellers/subjects/item/:id': { ask: (o) => ({ params: { id: o.subjectItem } }) },
  'GET /sellers/subjects/category/:sellerId': { ask: (o) => ({ params: { sellerId: o.seller } }) },
  'POST /sellers/subjects/category': { ask: (o) => ({ payload: { name: 'Intrusa', color: '#DAA520', seller_id: o.seller } }) },
  'DELETE /sellers/subjects/category/:id': { ask: (o) => ({ params: { id: o.category } }) },
  'PUT /sellers/subjects/:id/category': { ask: (o) => ({ params: { id: o.subject }, payload: { categoryId: o.category } }) },
  'GET /sellers/subjects/:id/item': { ask: (o) => ({ params: { id: o.subject } }) },
  'GET /sellers/subjects/:id/item/:subjectItemId': { ask: (o) => ({ params: { id: o.subject, subjectItemId: o.subjectItem } }) },
  'POST /sellers/subjects/import': { ask: (o) => ({ payload: { subjectId: o.providerSubject } }) },
  'GET /providers/subjects/provider/:id': { ask: (o) => ({ params: { id: o.provider } }) },
  'GET /providers/subjects/provider/:id/find': { ask: (o) => ({ params: { id: o.provider } }) },
  'GET /providers/subjects/:id': { ask: (o) => ({ params: { id: o.providerSubject } }) },
  'POST /providers/subjects/insert-items': {
    ask: (o) => ({ payload: { subjectId: o.providerSubject, subjectItems: [{ itemId: o.item, itemContentId: o.content, order: 2 }] } }),
  },
  'PUT /providers/subjects/subject': { ask: (o) => ({ payload: { id: o.providerSubject, name: 'Intrusa' } }) },
  'DELETE /providers/subjects/:id': { ask: (o) => ({ params: { id: o.providerSubject } }) },
  'PUT /providers/subjects/items': { ask: (o) => ({ payload: { subjectId: o.providerSubject, subjectItems: [{ id: o.subjectItem, order: 0 }] } }) },
  'DELETE /providers/subjects/:id/delete-items': { ask: (o) => ({ params: { id: o.providerSubject }, payload: { subjectItems: [o.item] } }) },
  // courses: institution B's and provider B's; importing needs an ACTIVE rent of the provider
  'GET /sellers/courses/:id': { ask: (o) => ({ params: { id: o.course } }) },
  'GET /sellers/courses/:id/candidates': { ask: (o) => ({ params: { id: o.course } }) },
  'PUT /sellers/courses/:id': { ask: (o) => ({ params: { id: o.course }, payload: { name: 'Intruso' } }) },
  'DELETE /sellers/courses/:id': { ask: (o) => ({ params: { id: o.course } }) },
  'PATCH /sellers/courses/reorder/:id': { ask: (o) => ({ params: { id: o.course }, payload: { orderedItems: [o.courseItem] } }) },
  'POST /sellers/course-items/': { ask: (o) => ({ payload: { courseId: o.course, subjectId: o.courseSubject } }) },
  'DELETE /sellers/course-items/:id': { ask: (o) => ({ params: { id: o.courseItem }, payload: { courseId: o.course } }) },
  'POST /sellers/courses/import/:courseId': { ask: (o) => ({ params: { courseId: o.providerCourse }, payload: {} }) },
  'GET /sellers/courses/imports/:id': { ask: (o) => ({ params: { id: o.courseImport } }) },
  'GET /providers/courses/provider/:providerId': { ask: (o) => ({ params: { providerId: o.provider } }) },
  'GET /providers/courses/:id': { ask: (o) => ({ params: { id: o.providerCourse } }) },
  'GET /providers/courses/:id/candidates': { ask: (o) => ({ params: { id: o.providerCourse } }) },
  'PUT /providers/courses/:id': { ask: (o) => ({ params: { id: o.providerCourse }, payload: { name: 'Intruso' } }) },
  'DELETE /providers/courses/:id': { ask: (o) => ({ params: { id: o.providerCourse } }) },
  'PATCH /providers/courses/:id': { ask: (o) => ({ params: { id: o.providerCourse }, payload: { orderedItems: [o.providerCourseItem] } }) },
  'POST /providers/course-items/': { ask: (o) => ({ payload: { courseId: o.providerCourse, subjectId: o.providerCourseSubject } }) },
  'DELETE /providers/course-items/:id': { ask: (o) => ({ params: { id: o.providerCourseItem }, payload: { courseId: o.providerCourse } }) },
};

// ------------------------------------------------------------------ reading the contract

/** A key that names an object: id, ids, fooId, fooIds, foo_id, idFoo (and the tag route's itemContent). */
const ID_KEY = /^ids?$|[a-z]Ids?$|_ids?$|^id[A-Z]|^itemContent$/;

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  let s = schema as unknown as { shape?: Record<string, z.ZodType>; def?: { innerType?: unknown; in?: unknown; schema?: unknown } } | undefined;
  for (let i = 0; s && i < 6; i++) {
    if (s.shape) return s.shape;
    s = (s.def?.innerType ?? s.def?.in ?? s.def?.schema) as typeof s;
  }
  return {};
}

/** The id keys a route takes: every path parameter, id-named query and body keys (one level deep too). */
export function idKeysOf(route: RouteContract): string[] {
  const keys = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => `path:${m[1]}`);
  for (const k of Object.keys(shapeOf(route.query))) if (ID_KEY.test(k)) keys.push(`query:${k}`);
  for (const [k, v] of Object.entries(shapeOf(route.body))) {
    if (ID_KEY.test(k)) keys.push(`body:${k}`);
    for (const inner of Object.keys(shapeOf(v))) if (ID_KEY.test(inner)) keys.push(`body:${k}.${inner}`);
  }
  return keys;
}

const label = (route: RouteContract) => `${route.method} ${route.path}`;
const ID_ROUTES = ALL_ROUTES.filter((r) => idKeysOf(r).length > 0);
const OUTSIDE_TYPES: readonly UserType[] = [...PROVIDER_TYPES, ...SELLER_TYPES];

/** The provider-side and institution-side types the route lets in. */
function outsideCallers(route: RouteContract): UserType[] {
  if (route.access === 'public') return [];
  if (route.access === 'authenticated') return [...OUTSIDE_TYPES];
  return OUTSIDE_TYPES.filter((t) => (route.access as readonly UserType[]).includes(t));
}

// ------------------------------------------------------------------ the app and B's objects

let t: TestApp;
const tokens = new Map<UserType, string>();
let objects: Objects;

async function createObjectsOfB(): Promise<Objects> {
  const db = t.deps.db;
  const [curator] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'curator@demo.sabercompartilhado.com.br'));
  const [reviewer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'review@demo.sabercompartilhado.com.br'));
  const provider = { id: await buildProvider(db, { companyName: 'Editora B', email: 'editora.b@exemplo.com.br' }) };
  const providerUser = { id: await buildUser(db, { name: 'Editora B Usuário', email: 'editor.b@exemplo.com.br', type: 'editor', providerId: provider.id }) };
  // A fixture row (the lifecycle is not under test here).
  const unitB = await buildUnit(db, provider.id, { title: 'Unidade de B', status: 'draft' });
  const item = { id: unitB.itemId };
  const content = { id: unitB.contentId };
  const [review] = await db
    .insert(reviews)
    .values({ itemContentId: content!.id, curatorId: curator!.id, reviewerId: reviewer!.id })
    .returning({ id: reviews.id });
  const [gallery] = await db.insert(galleries).values({ providerId: provider!.id, name: 'images' }).returning({ id: galleries.id });
  const [service] = await db
    .insert(providerServices)
    .values({ providerId: provider!.id, title: 'Serviço B', description: 'Descrição', price: 'R$ 1' })
    .returning({ id: providerServices.id });
  const [notification] = await db.insert(notifications).values({ userId: providerUser!.id, text: 'Aviso de B' }).returning({ id: notifications.id });
  const seller = { id: await buildInstitution(db, { name: 'Instituição B', cnpj: '00000000000191' }) };
  const sellerUser = { id: await buildUser(db, { name: 'Instituição B Usuária', email: 'assistente.b@exemplo.com.br', type: 'seller_assistent', sellerId: seller.id }) };
  await db.insert(auditLogs).values({ userId: sellerUser!.id, sellerId: seller!.id, action: 'logged' });
  await db.insert(auditLogs).values({ userId: providerUser!.id, action: 'logged' });
  const [template] = await db.insert(noticeTemplates).values({ title: 'Aviso B', htmlContent: '<p>B</p>' }).returning({ id: noticeTemplates.id });
  const [notice] = await db.insert(sellerNotices).values({ templateId: template!.id }).returning({ id: sellerNotices.id });
  await db.insert(sellerNoticeTargets).values({ noticeId: notice!.id, sellerId: seller!.id });
  const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
  // A fixture row (the rent lifecycle is not under test here).
  const rent = { id: await buildRent(db, { sellerId: seller.id, providerId: provider.id, planId: plan!.id, status: 'requested' }) };
  const [charge] = await db
    .insert(charges)
    .values({ sellerId: seller.id, code: 'SCOBJECTACCESSB', period: '2024-01-01', amountCents: 1000, dueOn: '2024-01-06' })
    .returning({ id: charges.id });
  await db.insert(chargeRents).values({ chargeId: charge!.id, rentId: rent.id, period: '2024-01-01', amountCents: 1000 });
  const [cartItem] = await db.insert(cartItems).values({ sellerId: seller!.id, serviceId: service!.id, addedBy: sellerUser!.id }).returning({ id: cartItems.id });
  const [category] = await db.insert(subjectCategories).values({ sellerId: seller!.id, name: 'Categoria B' }).returning({ id: subjectCategories.id });
  const subject = { id: await buildSubject(db, { sellerId: seller.id, name: 'Disciplina B', categoryId: category!.id }) };
  const subjectItem = { id: await buildSubjectItem(db, { subjectId: subject.id, itemId: item.id, itemContentId: content.id, position: 0 }) };
  const providerSubject = { id: await buildSubject(db, { providerId: provider.id, name: 'Disciplina do fornecedor B' }, [unitB]) };
  const courseSubject = { id: await buildSubject(db, { sellerId: seller.id, name: 'Disciplina do curso B' }) };
  const course = { id: await buildCourse(db, { sellerId: seller.id, name: 'Curso B' }) };
  const courseItem = { id: await buildCourseSubject(db, { courseId: course.id, subjectId: courseSubject.id, position: 0 }) };
  const providerCourseSubject = { id: await buildSubject(db, { providerId: provider.id, name: 'Disciplina do curso do fornecedor B' }) };
  const providerCourse = { id: await buildCourse(db, { providerId: provider.id, name: 'Curso do fornecedor B' }) };
  const providerCourseItem = { id: await buildCourseSubject(db, { courseId: providerCourse.id, subjectId: providerCourseSubject.id, position: 0 }) };
  const [courseImport] = await db
    .insert(curriculumImports)
    .values({ sellerId: seller!.id, kind: 'course', sourceId: providerCourse!.id, status: 'done', requestedBy: sellerUser!.id })
    .returning({ id: curriculumImports.id });
  return {
    provider: provider!.id, providerUser: providerUser!.id, content: content!.id, item: item!.id, review: review!.id, gallery: gallery!.id,
    service: service!.id, notification: notification!.id, seller: seller!.id, sellerUser: sellerUser!.id, notice: notice!.id,
    cartItem: cartItem!.id, rent: rent!.id, charge: charge!.id,
    subject: subject!.id, subjectItem: subjectItem!.id, category: category!.id, providerSubject: providerSubject!.id,
    course: course!.id, courseItem: courseItem!.id, courseSubject: courseSubject!.id, providerCourse: providerCourse!.id,
    providerCourseItem: providerCourseItem!.id, providerCourseSubject: providerCourseSubject!.id, courseImport: courseImport!.id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const type of OUTSIDE_TYPES) tokens.set(type, await signIn(t.app, DEMO_LOGIN_BY_TYPE[type]));
  objects = await createObjectsOfB();
});
afterAll(() => t?.close());

function send(route: RouteContract, ask: Ask, token: string) {
  const url = `/api${buildPath(route.path, ask.params)}`;
  const query = ask.query && Object.fromEntries(Object.entries(ask.query).map(([k, v]) => [k, String(v)]));
  if (ask.multipart) {
    const { payload, headers } = multipartFile(PNG_1PX);
    return call(t.app, route.method, url, { token, payload, headers, query });
  }
  return call(t.app, route.method, url, { token, payload: ask.payload, query });
}

// ------------------------------------------------------------------ the matrix

describe('the object-access table', () => {
  it('has an entry for every route that takes an id, and none for a route that does not', () => {
    const missing = ID_ROUTES.map(label).filter((l) => !(l in OBJECT_ROUTES));
    expect(missing, 'id-taking routes without an entry in OBJECT_ROUTES').toEqual([]);
    const stale = Object.keys(OBJECT_ROUTES).filter((l) => !ID_ROUTES.some((r) => label(r) === l));
    expect(stale, 'entries for routes that no longer take an id').toEqual([]);
  });

  it('recognises an id in a path, a query and a (nested) body', () => {
    expect(ID_ROUTES.length).toBeGreaterThan(50);
    const byLabel = (l: string) => idKeysOf(ALL_ROUTES.find((r) => label(r) === l)!);
    expect(byLabel('GET /items/item/find/versions')).toEqual(['query:itemId']);
    expect(byLabel('POST /student/feedback')).toEqual(['body:itemFeedback.unit_id', 'body:itemFeedback.student_id']);
    expect(byLabel('POST /items/comment/post')).toEqual(['body:reviewId', 'body:itemId']);
    expect(byLabel('PATCH /sellers/notices/:id/read/:sellerId')).toEqual(['path:id', 'path:sellerId']);
  });

  it.each(Object.entries(OBJECT_ROUTES).filter(([, e]) => 'staffOnly' in e).map(([l]) => [l]))('%s is closed to provider and institution users', (l) => {
    const route = ALL_ROUTES.find((r) => label(r) === l)!;
    expect(outsideCallers(route)).toEqual([]);
  });
});

const ASKED = ID_ROUTES.flatMap((route) => {
  const entry = OBJECT_ROUTES[label(route)];
  if (!entry || !('ask' in entry)) return [];
  return outsideCallers(route).map((type) => ({ name: `${label(route)} as ${type}`, route, type, entry }));
});

describe.each(ASKED)("another provider's or institution's object: $name", ({ route, type, entry }) => {
  it('answers as if it did not exist', async () => {
    const token = tokens.get(type)!;
    const foreign = await send(route, entry.ask(objects), token);
    const missing = await send(route, entry.ask(MISSING), token);
    const expected = entry.status ?? 404;
    expect(foreign.statusCode, `B's object: ${foreign.body}`).toBe(expected);
    expect(missing.statusCode, `missing id: ${missing.body}`).toBe(expected);
    expect(foreign.json()).toEqual(missing.json());
  });
});

const FILTERED = ID_ROUTES.flatMap((route) => {
  const entry = OBJECT_ROUTES[label(route)];
  if (!entry || !('filter' in entry)) return [];
  return outsideCallers(route).map((type) => ({ name: `${label(route)} as ${type}`, route, type, entry }));
});

describe.each(FILTERED)("a list filtered by another's id: $name", ({ route, type, entry }) => {
  it("shows none of B's rows", async () => {
    const res = await send(route, entry.filter(objects), tokens.get(type)!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(entry.foreignText);
  });
});

describe('B objects are real (the matrix is not vacuous)', () => {
  it("B's own kind of caller (staff) reaches them", async () => {
    const admin = await signIn(t.app, 'admin');
    expect((await call(t.app, 'GET', `/api/items/item/content/find/${objects.content}`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/providers/view/${objects.provider}`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/sellers/view/${objects.seller}`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/items/review/find/${objects.review}`, { token: admin })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/galleries/details/${objects.gallery}`, { token: admin })).statusCode).toBe(200);
    const logs = await call(t.app, 'GET', '/api/reports/logs', { token: admin, query: { ...lastDays(), user_id: String(objects.sellerUser) } });
    expect(logs.body).toContain('Instituição B Usuária');
  });
});

describe('the gate answers in bulk', () => {
  async function actorOf(type: UserType): Promise<Actor> {
    const [u] = await t.deps.db
      .select({ id: users.id, type: users.type, providerId: users.providerId, sellerId: users.sellerId })
      .from(users)
      .where(eq(users.email, `${DEMO_LOGIN_BY_TYPE[type]}@demo.sabercompartilhado.com.br`));
    return { ...u!, type: u!.type as UserType };
  }

  it('one call over many ids answers the allowed subset (own units, not B\'s, not missing ones)', async () => {
    const editor = await actorOf('editor');
    const own = await t.deps.db
      .select({ id: itemContents.id })
      .from(itemContents)
      .innerJoin(items, eq(items.id, itemContents.itemId))
      .where(eq(items.providerId, editor.providerId!));
    expect(own.length).toBeGreaterThan(0);
    const asked = [...own.map((r) => r.id), objects.content, MISSING_ID];
    expect([...(await checkAccess(t.deps.db, editor, 'unit.read', asked))].sort()).toEqual(own.map((r) => r.id).sort());
    const admin = await actorOf('admin');
    expect([...(await checkAccess(t.deps.db, admin, 'unit.read', asked))].sort()).toEqual([...own.map((r) => r.id), objects.content].sort());
    expect(await checkAccess(t.deps.db, editor, 'unit.read', [])).toEqual(new Set());
  });

  it('for every permission and user type, the single check and the list condition allow the same rows', async () => {
    for (const permission of Object.keys(POLICIES) as Permission[]) {
      const policy = POLICIES[permission] as unknown as { id: never; table: never; joins?: (q: never) => never };
      const all = (await t.deps.db.select({ id: policy.id }).from(policy.table)) as { id: number }[];
      for (const type of [...OUTSIDE_TYPES, 'admin', 'curator', 'review', 'client'] as UserType[]) {
        const actor = await actorOf(type);
        let q = t.deps.db.select({ id: policy.id }).from(policy.table).$dynamic();
        if (policy.joins) q = policy.joins(q as never);
        const listed = ((await q.where(accessWhere(actor, permission))) as { id: number }[]).map((r) => r.id).sort();
        const checked = [...(await checkAccess(t.deps.db, actor, permission, all.map((r) => r.id)))].sort();
        expect(checked, `${permission} as ${type}`).toEqual(listed);
      }
    }
  });
});

describe("the store's own permission, unit.storeRead: browsing is not reading", () => {
  it("an ACTIVE institution browses the published version of a store provider's unit; unit.read, item.read and feedback.report stay closed", async () => {
    const db = t.deps.db;
    const [u] = await db
      .select({ id: users.id, type: users.type, providerId: users.providerId, sellerId: users.sellerId })
      .from(users)
      .where(eq(users.email, `${DEMO_LOGIN_BY_TYPE.seller}@demo.sabercompartilhado.com.br`));
    const seller: Actor = { ...u!, type: u!.type as UserType };
    const [institution] = await db.select({ planId: sellers.planId }).from(sellers).where(eq(sellers.id, seller.sellerId!));
    const unit = await buildUnit(db, objects.provider, { version: 1, title: 'Publicada de B' });
    const [item, published] = [{ id: unit.itemId }, { id: unit.contentId }];
    const draft = { id: await buildVersion(db, item.id, { version: 2, title: 'Rascunho de B', status: 'draft' }) };
    const asked = [published!.id, draft!.id, objects.content];
    const browse = async () => [...(await checkAccess(db, seller, 'unit.storeRead', asked))];

    // Not in the store yet (no published-unit count, no price on the institution's plan): nothing.
    expect(await browse()).toEqual([]);
    await db.update(providers).set({ publishedUnits: 1 }).where(eq(providers.id, objects.provider));
    expect(await browse()).toEqual([]);
    const price = { id: await buildPlanPrice(db, { planId: institution!.planId!, providerId: objects.provider, valueCents: 100_000 }) };
    // In the store: the published version only.
    expect(await browse()).toEqual([published!.id]);
    // The general reads are NOT widened by the store (the rented-unit case is its own: 'reading a rented unit' below).
    for (const permission of ['unit.read', 'feedback.report'] as const) {
      expect([...(await checkAccess(db, seller, permission, asked))], permission).toEqual([]);
    }
    expect([...(await checkAccess(db, seller, 'item.read', [item!.id, objects.item]))]).toEqual([]);
    // Not approved (in review): nothing.
    await db.update(providers).set({ status: 'review' }).where(eq(providers.id, objects.provider));
    expect(await browse()).toEqual([]);
    await db.update(providers).set({ status: 'active' }).where(eq(providers.id, objects.provider));
    // A service provider is never in the store.
    await db.update(providers).set({ isServiceProvider: true }).where(eq(providers.id, objects.provider));
    expect(await browse()).toEqual([]);
    await db.update(providers).set({ isServiceProvider: false }).where(eq(providers.id, objects.provider));
    // A suspended institution: nothing; reactivated: back.
    await db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, seller.sellerId!));
    expect(await browse()).toEqual([]);
    await db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, seller.sellerId!));
    expect(await browse()).toEqual([published!.id]);
    // Provider-side and staff users do not browse the store.
    for (const type of ['provider', 'admin'] as const) {
      const actor: Actor = { id: 0, type, providerId: type === 'provider' ? 999_999 : null, sellerId: null };
      expect([...(await checkAccess(db, actor, 'unit.storeRead', asked))], type).toEqual([]);
    }
    // Clean up: the matrix above expects B's units to be B's draft only, and B out of the store.
    await db.delete(planPrices).where(eq(planPrices.id, price!.id));
    await db.update(providers).set({ publishedUnits: 0 }).where(eq(providers.id, objects.provider));
    await db.update(items).set({ publishedContentId: null }).where(eq(items.id, item!.id));
  });
});

describe('reading a rented unit: the catalogue and subject cases of unitReaders', () => {
  it("an ACTIVE rent opens the published version; a subject keeps its pinned version; nothing once the rent or the institution is not active", async () => {
    const db = t.deps.db;
    const [u] = await db
      .select({ id: users.id, type: users.type, providerId: users.providerId, sellerId: users.sellerId })
      .from(users)
      .where(eq(users.email, `${DEMO_LOGIN_BY_TYPE.seller}@demo.sabercompartilhado.com.br`));
    const seller: Actor = { ...u!, type: u!.type as UserType };
    const [other] = await db.select({ id: sellers.id }).from(sellers).where(ne(sellers.id, seller.sellerId!)).limit(1);
    // v1 published (the item's pointer), v2 published after it, v3 a draft.
    const unit = await buildUnit(db, objects.provider, { version: 1, title: 'Versão 1 de B' });
    const [item, v1] = [{ id: unit.itemId }, { id: unit.contentId }];
    const v2 = { id: await buildVersion(db, item.id, { version: 2, title: 'Versão 2 de B', status: 'publish' }) };
    const draft = { id: await buildVersion(db, item.id, { version: 3, title: 'Rascunho de B', status: 'draft' }) };
    const asked = [v1!.id, v2!.id, draft!.id, objects.content];
    const reads = async (permission: 'unit.read' | 'feedback.report' = 'unit.read') => [...(await checkAccess(db, seller, permission, asked))].sort();
    const readsItem = async () => [...(await checkAccess(db, seller, 'item.read', [item!.id, objects.item]))];
    const [plan] = await db.select({ id: plans.id }).from(plans).limit(1);
    const rent = { id: await buildRent(db, { sellerId: seller.sellerId!, providerId: objects.provider, planId: plan!.id, valueCents: 100_000, status: 'requested' }) };

    // A requested (not yet active) rent opens nothing.
    expect(await reads()).toEqual([]);
    expect(await readsItem()).toEqual([]);
    // Active: the published version (and the unit) only; never a draft or another version.
    await db.update(rents).set({ status: 'active' }).where(eq(rents.id, rent!.id));
    expect(await reads()).toEqual([v1!.id]);
    expect(await reads('feedback.report')).toEqual([v1!.id]);
    expect(await readsItem()).toEqual([item!.id]);
    // Pinned in a subject: version 1 stays readable after version 2 is published (opt-in updates).
    const subject = { id: await buildSubject(db, { sellerId: seller.sellerId!, name: 'Disciplina do portão' }, [{ itemId: item.id, contentId: v1.id }]) };
    await db.update(items).set({ publishedContentId: v2!.id }).where(eq(items.id, item!.id));
    expect(await reads()).toEqual([v1!.id, v2!.id].sort());
    // Another institution's subject pins nothing for this one.
    const theirs = { id: await buildSubject(db, { sellerId: other!.id, name: 'Disciplina de outra' }, [{ itemId: item.id, contentId: draft.id }]) };
    expect(await reads()).toEqual([v1!.id, v2!.id].sort());
    // A suspended institution reads nothing; reactivated, it reads again.
    await db.update(sellers).set({ status: 'suspended' }).where(eq(sellers.id, seller.sellerId!));
    expect(await reads()).toEqual([]);
    await db.update(sellers).set({ status: 'active' }).where(eq(sellers.id, seller.sellerId!));
    expect(await reads()).toEqual([v1!.id, v2!.id].sort());
    // The rent canceled: the subject's version too is closed at once.
    await db.update(rents).set({ status: 'canceled' }).where(eq(rents.id, rent!.id));
    expect(await reads()).toEqual([]);
    expect(await readsItem()).toEqual([]);

    // Clean up: the matrix above expects B's units to be B's draft only.
    await db.delete(subjects).where(inArray(subjects.id, [subject!.id, theirs!.id]));
    await db.delete(rents).where(eq(rents.id, rent!.id));
    await db.update(items).set({ publishedContentId: null }).where(eq(items.id, item!.id));
  });
});
