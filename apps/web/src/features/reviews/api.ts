/**
 * Curation and review (spec 2 §2.2, §2.5–§2.7, §7.2): every query and mutation of `reviewsRoutes`
 * through the one API client. The staff units list, the review screen and the author's status screen
 * share these keys: a mutation invalidates `reviewsKeys.all` and every list and detail reloads.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { reviewsRoutes } from '@edu/shared/reviews';
import { tagsRoutes } from '@edu/shared/units';
import type { Body, Query } from '@edu/shared/contract';
import type { StageStatus } from '@edu/shared/review-machine';
import { call } from '../../lib/api';

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
