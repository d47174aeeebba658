/**
 * Curation and review (spec 2 §2.2, §2.5–§2.7, §7.2): every query and mutation of `reviewsRoutes`
 * through the one API client. The staff units list, the review screen and the author's status screen
 * share these keys: a mutation invalidates `reviewsKeys.all` and every list and detail reloads. The writes are
 * hooks (`use…`) that own their call and the cache work after it; a screen passes its own reactions.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryKey} from '@tanstack/react-query';
import { reviewsRoutes } from '@edu/shared/reviews';
import { tagsRoutes } from '@edu/shared/units';
import type { Body, Query } from '@edu/shared/contract';
import type { StageStatus } from '@edu/shared/review-machine';
import type { TagRow } from '@edu/shared/units';
import { call } from '../../lib/api';
import { unitsKeys } from '../units';
import { type Reactions, type Result } from '../../lib/query';

export type ReviewsFindQuery = Query<typeof reviewsRoutes.find>;
export type NewUnitsQuery = Query<typeof reviewsRoutes.newUnits>;
export type StaffType = 'curator' | 'review';
export type ReviewLoadType = 'review' | 'content';

export const reviewsKeys = {
  all: ['reviews'] as const,
  find: (q: ReviewsFindQuery) => ['reviews', 'find', q] as const,
  newUnits: (q: NewUnitsQuery) => ['reviews', 'new', q] as const,
  one: (id: number, type: ReviewLoadType = 'review') => ['reviews', 'one', type, id] as const,
  staff: (type: StaffType) => ['reviews', 'staff', type] as const,
  comments: (reviewId: number) => ['reviews', 'comments', reviewId] as const,
  published: (page: number) => ['reviews', 'published', page] as const,
  tags: ['reviews', 'tags'] as const,
  tagSearch: (name: string) => ['reviews', 'tags', 'search', name] as const,
};

/** Ativas, Publicadas, Reprovadas (10 per page). */
export const reviewsFindQuery = (q: ReviewsFindQuery) =>
  queryOptions({ queryKey: reviewsKeys.find(q), queryFn: ({ signal }) => call(reviewsRoutes.find, { query: q, signal }), placeholderData: keepPreviousData });

/** Novas: units sent for analysis awaiting delegation (publishing roles only). */
export const newUnitsQuery = (q: NewUnitsQuery) =>
  queryOptions({ queryKey: reviewsKeys.newUnits(q), queryFn: ({ signal }) => call(reviewsRoutes.newUnits, { query: q, signal }), placeholderData: keepPreviousData });

/** One review: by review id (type review, the default) or the current review of a unit content (type content). */
export const reviewQuery = (id: number, type: ReviewLoadType = 'review') =>
  queryOptions({ queryKey: reviewsKeys.one(id, type), queryFn: ({ signal }) => call(reviewsRoutes.findOne, { params: { id }, query: { type }, signal }) });

/** Active curators or reviewers (name and id), for the delegation panels. */
export const staffQuery = (type: StaffType) =>
  queryOptions({ queryKey: reviewsKeys.staff(type), queryFn: ({ signal }) => call(reviewsRoutes.staff, { query: { type }, signal }), staleTime: 60_000 });

/** The comments of a review, oldest first. */
export const commentsQuery = (reviewId: number) =>
  queryOptions({ queryKey: reviewsKeys.comments(reviewId), queryFn: ({ signal }) => call(reviewsRoutes.comments, { params: { reviewId }, signal }) });

/** The dashboard's published-units table (10 per page). */
export const publishedUnitsQuery = (page: number) =>
  queryOptions({
    queryKey: reviewsKeys.published(page),
    queryFn: ({ signal }) => call(reviewsRoutes.publishedUnits, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

const idList = (ids: number[]) => ids.join(',');

/** Delegate one curator and one reviewer to units sent for analysis. */
export const createDelegation = (body: Body<typeof reviewsRoutes.create>) => call(reviewsRoutes.create, { body });

/** Reopen a closed review: a new review version (the first id of the reply opens it). */
export const reopenReview = (body: Body<typeof reviewsRoutes.reopen>) => call(reviewsRoutes.reopen, { body });

/** Approve, reprove or send to correction; an empty comment is sent as a single space (spec 2 §7.2). */
export const updateReviews = (ids: number[], status: StageStatus, comment = '') =>
  call(reviewsRoutes.update, { params: { ids: idList(ids) }, body: { status, comment: comment.trim() || ' ' } });

/** Change the curator and reviewer of existing reviews. */
export const editDelegation = (reviewIds: number[], body: { curatorId: number; reviewerId: number }) =>
  call(reviewsRoutes.editDelegation, { params: { reviewIds: idList(reviewIds) }, body: { ...body, reviewIds } });

export const postComment = (body: Body<typeof reviewsRoutes.commentPost>) => call(reviewsRoutes.commentPost, { body });

/** 'Editar Detalhes Da Unidade': knowledge areas and learning levels of the unit under review. */
export const updateReviewKnowledge = (body: Body<typeof reviewsRoutes.updateKnowledge>) => call(reviewsRoutes.updateKnowledge, { body });

/** Save the unit edits made from the review screen (unit content id). */
export const saveReviewContent = (id: number, body: Body<typeof reviewsRoutes.saveContent>) => call(reviewsRoutes.saveContent, { params: { id }, body });

/** Tags matching a name (all when empty), for the tag editor of the review screen. */
export const tagSearchQuery = (name: string) =>
  queryOptions({ queryKey: reviewsKeys.tagSearch(name), queryFn: ({ signal }) => call(tagsRoutes.search, { query: { tagName: name || undefined }, signal }), staleTime: 30_000 });
export const createTags = (names: string[]) => call(tagsRoutes.create, { body: { names } });
/** Attach tags to a unit content; answers the unit's tags. */
export const attachTags = (itemContent: number, tagIds: number[]) => call(tagsRoutes.attach, { body: { tagIds, itemContent } });
/** Detach a tag from a unit content; answers the unit's tags. */
export const detachTag = (itemId: number, tagId: number) => call(tagsRoutes.detach, { params: { itemId }, query: { tagId } });

/** The reviews and the units: a change of a review's status or content shows in every list and detail. */
const REVIEWS_AND_UNITS: readonly QueryKey[] = [reviewsKeys.all, unitsKeys.all];

/** Once the write settles (success or refusal), these keys refetch; then the caller's onSettled. */
function useRefetchOnSettled<TData, TVars>(
  keys: (vars: TVars) => readonly QueryKey[],
  options: Reactions<TData, TVars>,
): Reactions<TData, TVars>['onSettled'] {
  const queryClient = useQueryClient();
  return async (...args) => {
    await Promise.all(keys(args[2]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    return options.onSettled?.(...args);
  };
}

/**
 * After a success these keys refetch: the refetch starts, the caller reacts (a toast) and the write stays pending
 * until the lists on screen are fresh.
 */
function useRefetchOnSuccess<TData, TVars>(
  keys: readonly QueryKey[],
  options: Reactions<TData, TVars>,
): Reactions<TData, TVars>['onSuccess'] {
  const queryClient = useQueryClient();
  return async (...args) => {
    const refetched = Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    await options.onSuccess?.(...args);
    await refetched;
  };
}

export type Delegation =
  | { kind: 'create'; contentIds: number[]; curatorId: number; reviewerId: number }
  | { kind: 'edit'; reviewIds: number[]; curatorId: number; reviewerId: number };

/** Delegates units sent for analysis, or changes the curator and reviewer of existing reviews. */
export function useDelegate(options: Reactions<unknown, Delegation> = {}) {
  return useMutation({
    ...options,
    mutationFn: (d: Delegation): Promise<unknown> =>
      d.kind === 'create'
        ? createDelegation({ curatorId: d.curatorId, reviewerId: d.reviewerId, contentIds: d.contentIds })
        : editDelegation(d.reviewIds, { curatorId: d.curatorId, reviewerId: d.reviewerId }),
    onSuccess: useRefetchOnSuccess([reviewsKeys.all], options),
  });
}

/** 'Reabrir avaliação': a new review version; the reviews and the units refetch. */
export function useReopenReview(options: Reactions<Result<typeof reopenReview>, Body<typeof reviewsRoutes.reopen>> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: Body<typeof reviewsRoutes.reopen>) => reopenReview(body),
    onSuccess: useRefetchOnSuccess(REVIEWS_AND_UNITS, options),
  });
}

type StatusChange = { ids: number[]; status: StageStatus; comment: string };

/** A move of the review screen (approve, reprove, correction); the reviews and the units refetch once it settles. */
export function useUpdateReviewStatus(options: Reactions<Result<typeof updateReviews>, StatusChange> = {}) {
  return useMutation({
    ...options,
    mutationFn: ({ ids, status, comment }: StatusChange) => updateReviews(ids, status, comment),
    onSettled: useRefetchOnSettled(() => REVIEWS_AND_UNITS, options),
  });
}

/** A move from the staff units list; the reviews refetch after a success. */
export function useUpdateStaffStatus(options: Reactions<Result<typeof updateReviews>, StatusChange> = {}) {
  return useMutation({
    ...options,
    mutationFn: ({ ids, status, comment }: StatusChange) => updateReviews(ids, status, comment),
    onSuccess: useRefetchOnSuccess([reviewsKeys.all], options),
  });
}

type NewComment = Body<typeof reviewsRoutes.commentPost>;

/** Posts a comment; the review's comments refetch once it settles. */
export function usePostComment(options: Reactions<Result<typeof postComment>, NewComment> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: NewComment) => postComment(body),
    onSettled: useRefetchOnSettled((body) => [reviewsKeys.comments(body.reviewId)], options),
  });
}

type Knowledge = Body<typeof reviewsRoutes.updateKnowledge>;

/** 'Editar Detalhes Da Unidade'; the reviews and the units refetch once it settles. */
export function useUpdateReviewKnowledge(options: Reactions<Result<typeof updateReviewKnowledge>, Knowledge> = {}) {
  return useMutation({
    ...options,
    mutationFn: (body: Knowledge) => updateReviewKnowledge(body),
    onSettled: useRefetchOnSettled(() => REVIEWS_AND_UNITS, options),
  });
}

type ContentSave = { id: number; body: Body<typeof reviewsRoutes.saveContent> };

/** 'Salvar' of the review screen's edit mode; the reviews and the units refetch once it settles. */
export function useSaveReviewContent(options: Reactions<Result<typeof saveReviewContent>, ContentSave> = {}) {
  return useMutation({
    ...options,
    mutationFn: ({ id, body }: ContentSave) => saveReviewContent(id, body),
    onSettled: useRefetchOnSettled(() => REVIEWS_AND_UNITS, options),
  });
}

/** Same tag name, ignoring case and the spaces around it. */
export const sameTagName = (a: string, b: string) => a.trim().toLocaleLowerCase('pt-BR') === b.trim().toLocaleLowerCase('pt-BR');

type TagsChange = {
  unitId: number;
  /** The unit's tags now. */
  tags: TagRow[];
  /** The names it should have. */
  next: string[];
  /** Tags already known (the search's answer): a name among them is attached, not created. */
  known: TagRow[];
};

/**
 * The unit's tags become `next`: the removed are detached, the new created when unknown and attached; answers the
 * unit's tags. The tag searches and the unit refetch once it settles.
 */
export function useChangeUnitTags(options: Reactions<TagRow[], TagsChange> = {}) {
  return useMutation({
    ...options,
    mutationFn: async ({ unitId, tags, next, known: found }: TagsChange): Promise<TagRow[]> => {
      let current = tags;
      for (const t of tags.filter((t) => !next.some((n) => sameTagName(n, t.name)))) {
        current = await detachTag(unitId, t.id);
      }
      const added = next.filter((n) => n.trim() && !tags.some((t) => sameTagName(t.name, n)));
      if (added.length === 0) return current;
      const known = [...found];
      const missing = added.filter((n) => !known.some((k) => sameTagName(k.name, n)));
      if (missing.length > 0) known.push(...(await createTags(missing.map((n) => n.trim()))));
      const ids = added.map((n) => known.find((k) => sameTagName(k.name, n))?.id).filter((id): id is number => id !== undefined);
      return ids.length > 0 ? attachTags(unitId, ids) : current;
    },
    onSettled: useRefetchOnSettled(({ unitId }) => [reviewsKeys.tags, unitsKeys.one(unitId)], options),
  });
}
