/**
 * Query keys and calls of the courses (spec 3 §2.16, §7 "Courses"): one set for both sides — an institution's users
 * call the seller routes, a provider the provider routes (`courseSides`) — plus 'Importar Curso' (sellers only).
 */
import { queryOptions } from '@tanstack/react-query';
import { courseRoutes, courseSides, IMPORT_FINISHED, type CourseSide } from '@edu/shared/courses';
import { sellerRentsRoutes } from '@edu/shared/rents';
import { LIMITS } from '@edu/shared/limits';
import { call } from '../../lib/api';

export const coursesKeys = {
  all: ['courses'] as const,
  list: (side: CourseSide) => [...coursesKeys.all, side, 'list'] as const,
  detail: (side: CourseSide, id: number) => [...coursesKeys.all, side, 'detail', id] as const,
  candidates: (side: CourseSide, id: number) => [...coursesKeys.all, side, 'candidates', id] as const,
  rentedProviders: () => [...coursesKeys.all, 'rented-providers'] as const,
  providerCourses: (providerId: number) => [...coursesKeys.all, 'provider-courses', providerId] as const,
  import: (id: number) => [...coursesKeys.all, 'import', id] as const,
};

export const coursesQuery = (side: CourseSide) =>
  queryOptions({ queryKey: coursesKeys.list(side), queryFn: ({ signal }) => call(courseSides[side].list, { signal }) });

export const courseQuery = (side: CourseSide, id: number) =>
  queryOptions({ queryKey: coursesKeys.detail(side, id), queryFn: ({ signal }) => call(courseSides[side].detail, { params: { id }, signal }) });

export const candidatesQuery = (side: CourseSide, id: number) =>
  queryOptions({ queryKey: coursesKeys.candidates(side, id), queryFn: ({ signal }) => call(courseSides[side].candidates, { params: { id }, signal }) });

/** The providers the institution rents with an ACTIVE rent (the only ones 'Importar Curso' offers). */
export const rentedProvidersQuery = () =>
  queryOptions({
    queryKey: coursesKeys.rentedProviders(),
    queryFn: async ({ signal }) => {
      const page = await call(sellerRentsRoutes.list, { query: { status: 'active', order: 'name', limit: LIMITS.usersPageSizeMax }, signal });
      return page.data.filter((r) => r.status === 'active').map((r) => ({ id: r.providerId, companyName: r.companyName }));
    },
  });

export const providerCoursesQuery = (providerId: number) =>
  queryOptions({
    queryKey: coursesKeys.providerCourses(providerId),
    queryFn: ({ signal }) => call(courseRoutes.providerCourses, { params: { providerId }, signal }),
  });

/** An import's progress, asked again every second until it is done or failed. */
export const importQuery = (id: number) =>
  queryOptions({
    queryKey: coursesKeys.import(id),
    queryFn: ({ signal }) => call(courseRoutes.importStatus, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data && IMPORT_FINISHED.includes(query.state.data.status) ? false : 1000),
  });

export const createCourse = (side: CourseSide, name: string) => call(courseSides[side].create, { body: { name } });
export const renameCourse = (side: CourseSide, id: number, name: string) => call(courseSides[side].rename, { params: { id }, body: { name } });
export const removeCourse = (side: CourseSide, id: number) => call(courseSides[side].remove, { params: { id } });
export const reorderCourse = (side: CourseSide, id: number, orderedItems: number[]) => call(courseSides[side].reorder, { params: { id }, body: { orderedItems } });
export const addCourseSubject = (side: CourseSide, courseId: number, subjectId: number) => call(courseSides[side].addItem, { body: { courseId, subjectId } });
export const removeCourseSubject = (side: CourseSide, itemId: number, courseId: number) =>
  call(courseSides[side].removeItem, { params: { id: itemId }, body: { courseId } });
export const importCourse = (courseId: number, copy: boolean) => call(courseRoutes.import, { params: { courseId }, body: copy ? { copy: true } : {} });
