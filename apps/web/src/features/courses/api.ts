/**
 * Query keys and calls of the courses (spec 3 §2.16, §7 "Courses"): one set for both sides — an institution's users
 * call the seller routes, a provider the provider routes (`courseSides`) — plus 'Importar Curso' (sellers only).
 */
import { queryOptions, useMutation, useQueryClient} from '@tanstack/react-query';
import { useCallback } from 'react';
import { courseRoutes, courseSides, IMPORT_FINISHED, type CourseDetail, type CourseItem, type CourseSide } from '@edu/shared/courses';
import { sellerRentsRoutes } from '@edu/shared/rents';
import { isRentActive } from '@edu/shared/rent-machine';
import { LIMITS } from '@edu/shared/limits';
import { ApiError, call } from '../../lib/api';
import type { Reactions } from '../../lib/query';

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
      return page.data.filter((r) => isRentActive(r.status)).map((r) => ({ id: r.providerId, companyName: r.companyName }));
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

// The writes: each hook owns its call and the cache work after it; the screen passes its own reactions.

/** A screen's own reactions to a write (toasts, closing a modal): called after the hook's cache work has started. */
type Reply<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/** Every course list and detail asked again; resolves when the ones on screen are fresh. */
export function useRefreshCourses() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: coursesKeys.all }), [queryClient]);
}

/**
 * After a write that answered: the courses are asked again at once, the screen reacts, and the write counts as
 * pending until the lists on screen are fresh.
 */
function useRefreshAfter<D, V>(onSuccess: Reactions<D, V>['onSuccess'], skip: (data: D) => boolean = () => false) {
  const refresh = useRefreshCourses();
  return async (...args: Parameters<NonNullable<Reactions<D, V>['onSuccess']>>) => {
    const refreshed = skip(args[0]) ? undefined : refresh();
    await onSuccess?.(...args);
    await refreshed;
  };
}

/** 'Novo Curso' (no `course`) or 'Editar Curso'. */
export function useSaveCourse(side: CourseSide, course: { id: number } | null, reactions: Reactions<Reply<typeof createCourse>, string> = {}) {
  const onSuccess = useRefreshAfter(reactions.onSuccess);
  return useMutation({
    ...reactions,
    mutationFn: (name: string) => (course ? renameCourse(side, course.id, name) : createCourse(side, name)),
    onSuccess,
  });
}

export function useRemoveCourse(side: CourseSide, reactions: Reactions<Reply<typeof removeCourse>, { id: number }> = {}) {
  const refresh = useRefreshCourses();
  return useMutation({ ...reactions, mutationFn: (course: { id: number }) => removeCourse(side, course.id), onSettled: refresh });
}

type Imported = Reply<typeof importCourse> | null;
/**
 * 'Importar Curso': a course imported before is imported again as a copy only when `askCopy` (the server's
 * message) says so; declined, the answer is null and nothing changed.
 */
export function useImportCourse({ askCopy, ...reactions }: Reactions<Imported, number> & { askCopy: (message: string) => Promise<boolean> }) {
  const onSuccess = useRefreshAfter(reactions.onSuccess, (res) => !res);
  return useMutation({
    ...reactions,
    mutationFn: async (id: number): Promise<Imported> => {
      try {
        return await importCourse(id, false);
      } catch (err) {
        if (!(err instanceof ApiError && err.code === 'COURSE_ALREADY_IMPORTED')) throw err;
        return (await askCopy(err.message)) ? importCourse(id, true) : null;
      }
    },
    onSuccess,
  });
}

/**
 * The whole new order of a course's subjects, shown before the answer; a refusal puts the previous order back and
 * asks the course again.
 */
export function useReorderCourse(side: CourseSide, id: number, reactions: Reactions<Reply<typeof reorderCourse>, number[]> = {}) {
  const queryClient = useQueryClient();
  const key = coursesKeys.detail(side, id);
  const setCourse = (next: CourseDetail) => queryClient.setQueryData<CourseDetail>(key, next);
  return useMutation({
    ...reactions,
    mutationFn: (orderedIds: number[]) => reorderCourse(side, id, orderedIds),
    onMutate: async (orderedIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<CourseDetail>(key);
      if (previous) {
        const byId = new Map(previous.courseItems.map((i) => [i.id, i]));
        setCourse({ ...previous, courseItems: orderedIds.map((itemId, position) => ({ ...byId.get(itemId)!, position })) });
      }
      return { previous };
    },
    onError: (err, ids, context, mutation) => {
      if (context?.previous) setCourse(context.previous);
      void queryClient.invalidateQueries({ queryKey: key });
      return reactions.onError?.(err, ids, context, mutation);
    },
    onSuccess: (res, ...rest) => {
      setCourse(res.course);
      return reactions.onSuccess?.(res, ...rest);
    },
  });
}

export function useRemoveSubjectFromCourse(
  side: CourseSide,
  courseId: number,
  reactions: Reactions<Reply<typeof removeCourseSubject>, CourseItem> = {},
) {
  const queryClient = useQueryClient();
  const refresh = useRefreshCourses();
  return useMutation({
    ...reactions,
    mutationFn: (item: CourseItem) => removeCourseSubject(side, item.id, courseId),
    onSuccess: (res, ...rest) => {
      queryClient.setQueryData<CourseDetail>(coursesKeys.detail(side, courseId), res.course);
      return reactions.onSuccess?.(res, ...rest);
    },
    onSettled: refresh,
  });
}

/** 'Nova Disciplina': one call per chosen subject (as the spec says), the last answer returned. */
export function useAddSubjectsToCourse(
  side: CourseSide,
  courseId: number,
  reactions: Reactions<Reply<typeof addCourseSubject> | null, number[]> = {},
) {
  const refresh = useRefreshCourses();
  return useMutation({
    ...reactions,
    mutationFn: async (ids: number[]) => {
      let last = null;
      for (const subjectId of ids) last = await addCourseSubject(side, courseId, subjectId);
      return last;
    },
    onSettled: refresh,
  });
}
