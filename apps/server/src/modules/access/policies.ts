/** THE policies of the access gate: per permission, the table it is asked about, its joins and its condition (cases.ts). */
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isProviderType, isSellerType, isStaff} from '@edu/shared/access';
import { RENT_ADMIN_TYPES, RENT_BUYER_TYPES } from '@edu/shared/rent-machine';
import { PROVIDER_ADMIN_TYPES } from '@edu/shared/providers';
import { GALLERY_OWNER_TYPES } from '@edu/shared/galleries';
import { ACCESS_REPORT_STAFF_TYPES } from '@edu/shared/access-reports';
import { CHARGE_ADMIN_TYPES } from '@edu/shared/charge-machine';
import type { Executor } from '../../platform/db';
import {
  charges,
  courses,
  galleries,
  itemContents,
  items,
  providers,
  providerServices,
  rents,
  reviews,
  sellers,
  subjectCategories,
  subjects,
  users,
} from '../../db/schema';
import type { UserActor } from './actors';
import { ALL, anyOf, isType, reviewReaders, storeBrowsers, unitAuthor, unitReaders } from './cases';

type Join = (q: ReturnType<typeof selectIds>) => ReturnType<typeof selectIds>;
export const selectIds = (ex: Executor, id: PgColumn, table: Parameters<ReturnType<Executor['select']>['from']>[0]) =>
  ex.select({ id }).from(table).$dynamic();

export interface Policy {
  /** The id column the permission is asked about. */
  id: PgColumn;
  /** Its table. */
  table: Parameters<ReturnType<Executor['select']>['from']>[0];
  /** The joins the condition reads (lists using `accessWhere` must have them too). */
  joins?: Join;
  /** The condition (undefined: every row). */
  where(actor: UserActor): SQL | undefined;
}

/**
 * The curriculum an actor owns (subjects, courses): an institution's users their institution's rows, a provider's users
 * their provider's. Each row has exactly one owner (check constraints); whether the institution is ACTIVE is asked by
 * the curriculum's routes (`ownerOf`: 403 for a suspended one), not here.
 */
const curriculumOwner = (a: UserActor, t: typeof subjects | typeof courses): SQL | undefined =>
  anyOf(
    isSellerType(a.type) && a.sellerId !== null && and(eq(t.sellerId, a.sellerId), isNull(t.providerId))!,
    isProviderType(a.type) && a.providerId !== null && and(eq(t.providerId, a.providerId), isNull(t.sellerId))!,
  );

const contentJoins: Join = (q) => q.innerJoin(items, eq(items.id, itemContents.itemId));

export const POLICIES = {
  /** Read a unit version (content id): the preview, tags, staff publishing a version. */
  'unit.read': { id: itemContents.id, table: itemContents, joins: contentJoins, where: (a) => anyOf(...unitReaders(a, 'content')) },
  /** Report a problem on a unit version: whoever may read it. */
  'feedback.report': { id: itemContents.id, table: itemContents, joins: contentJoins, where: (a) => anyOf(...unitReaders(a, 'content')) },
  /** Browse a unit version in the store (content id): the published version of a store provider's unit; the store's routes only. */
  'unit.storeRead': { id: itemContents.id, table: itemContents, joins: contentJoins, where: (a) => anyOf(...storeBrowsers(a)) },
  /** Read a unit (item id): its versions. */
  'item.read': { id: items.id, table: items, where: (a) => anyOf(...unitReaders(a, 'item')) },
  /** Author a unit version (content id): save, send, trash, recover. Staff edit only through a review. */
  'unit.edit': {
    id: itemContents.id,
    table: itemContents,
    joins: contentJoins,
    where: (a) => anyOf(isProviderType(a.type) && a.providerId !== null && eq(items.providerId, a.providerId)),
  },
  /** Read and move a review (review id). Its unit's author reads it through review.comment. */
  'review.read': { id: reviews.id, table: reviews, where: (a) => anyOf(...reviewReaders(a)) },
  /** Read a review's status and read and write its comments: its staff and the unit's provider users. */
  'review.comment': {
    id: reviews.id,
    table: reviews,
    joins: (q) => q.innerJoin(itemContents, eq(itemContents.id, reviews.itemContentId)).innerJoin(items, eq(items.id, itemContents.itemId)),
    where: (a) => anyOf(...reviewReaders(a), unitAuthor(a)),
  },
  /** See and edit a provider's profile (provider id): admin and director any, a provider's users their own. */
  'provider.edit': {
    id: providers.id,
    table: providers,
    where: (a) => anyOf(isType(PROVIDER_ADMIN_TYPES, a.type) && ALL, a.providerId !== null && eq(providers.id, a.providerId)),
  },
  /** Use a provider's galleries (provider id): its own users; staff read any (the routes keep uploads to owners). */
  'provider.gallery': {
    id: providers.id,
    table: providers,
    where: (a) =>
      isType(GALLERY_OWNER_TYPES, a.type) ? anyOf(a.providerId !== null && eq(providers.id, a.providerId)) : anyOf(isStaff(a.type) && ALL),
  },
  /** A gallery (gallery id): as its provider. */
  'gallery.read': {
    id: galleries.id,
    table: galleries,
    joins: (q) => q.innerJoin(providers, eq(providers.id, galleries.providerId)),
    where: (a) =>
      isType(GALLERY_OWNER_TYPES, a.type) ? anyOf(a.providerId !== null && eq(providers.id, a.providerId)) : anyOf(isStaff(a.type) && ALL),
  },
  /** A provider's service offer (service id): its provider's users. */
  'service.edit': {
    id: providerServices.id,
    table: providerServices,
    where: (a) => anyOf(a.providerId !== null && eq(providerServices.providerId, a.providerId)),
  },
  /** See an institution (seller id): admin and director any, its own users theirs. */
  'seller.read': {
    id: sellers.id,
    table: sellers,
    where: (a) => anyOf((a.type === 'admin' || a.type === 'director') && ALL, a.sellerId !== null && eq(sellers.id, a.sellerId)),
  },
  /**
   * Read an institution's access report (seller id): the staff whose menu has it (admin, director, manager)
   * any institution, suspended ones included; the institution user (type seller) its own.
   */
  'seller.accessReport': {
    id: sellers.id,
    table: sellers,
    where: (a) => anyOf(isType(ACCESS_REPORT_STAFF_TYPES, a.type) && ALL, a.type === 'seller' && a.sellerId !== null && eq(sellers.id, a.sellerId)),
  },
  /** Act for an institution (seller id): its users (notices it reads). */
  'seller.member': { id: sellers.id, table: sellers, where: (a) => anyOf(a.sellerId !== null && eq(sellers.id, a.sellerId)) },
  /** Commit an institution (seller id): its institution user, type seller (terms, LMS key). */
  'seller.manage': {
    id: sellers.id,
    table: sellers,
    where: (a) => anyOf(a.type === 'seller' && a.sellerId !== null && eq(sellers.id, a.sellerId)),
  },
  /** See a rent (rent id): admin and director any; an institution's users its rents; a provider's users the rents of its catalogue. */
  'rent.read': {
    id: rents.id,
    table: rents,
    where: (a) =>
      anyOf(
        isType(RENT_ADMIN_TYPES, a.type) && ALL,
        isSellerType(a.type) && a.sellerId !== null && eq(rents.sellerId, a.sellerId),
        isProviderType(a.type) && a.providerId !== null && eq(rents.providerId, a.providerId),
      ),
  },
  /** See a charge (charge id): admin and director any; an institution's users (every seller type) their institution's. */
  'charge.read': {
    id: charges.id,
    table: charges,
    where: (a) => anyOf(isType(CHARGE_ADMIN_TYPES, a.type) && ALL, isSellerType(a.type) && a.sellerId !== null && eq(charges.sellerId, a.sellerId)),
  },
  /** Cancel a rent as the institution (rent id): its buyers (seller, content manager), their institution's rents only. */
  'rent.sellerCancel': {
    id: rents.id,
    table: rents,
    where: (a) => anyOf(isType(RENT_BUYER_TYPES, a.type) && a.sellerId !== null && eq(rents.sellerId, a.sellerId)),
  },
  /** Read and change a subject (subject id): its owner's users, an institution's or a provider's (curriculumOwner). */
  'subject.own': { id: subjects.id, table: subjects, where: (a) => curriculumOwner(a, subjects) },
  /** Read and change a course (course id): as a subject. */
  'course.own': { id: courses.id, table: courses, where: (a) => curriculumOwner(a, courses) },
  /** Use a subject category (category id): its institution's users. */
  'category.own': {
    id: subjectCategories.id,
    table: subjectCategories,
    where: (a) => anyOf(isSellerType(a.type) && a.sellerId !== null && eq(subjectCategories.sellerId, a.sellerId)),
  },
  /** A member of the caller's institution team (user id). */
  'seller.teamMember': { id: users.id, table: users, where: (a) => anyOf(a.sellerId !== null && eq(users.sellerId, a.sellerId)) },
} satisfies Record<string, Policy>;

export type Permission = keyof typeof POLICIES;
