/**
 * The reviews' moves: delegation (a new review version, the unit to analysis), editing
 * the delegation, reopening a reproved unit, and the stage moves of the state machine (`@edu/shared/review-machine`:
 * every move it does not allow is refused). The unit's side of every move is the unit lifecycle's.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { applyMove, resolveMove } from '@edu/shared/review-machine';
import { REVIEW_MSG, reviewsRoutes } from '@edu/shared/reviews';
import { REVIEW_MOVE_EVENTS } from '@edu/shared/unit-lifecycle';
import type { UnitStatus } from '@edu/shared/units';
import type { Deps } from '../../platform/deps';
import type { Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { record } from '../../platform/audit';
import { unitLifecycle } from '../units/index';
import { requireAccess } from '../access/index';
import { reviewComments, reviews } from './reviews.tables';
import { saveReviewState, stateOf } from './review-state';
import { actorOf, checkPeople, isCurrent, lockContent, lockPair, lockReview, reopenable, type Content } from './review-rules';

const refused = () => new AppError(409, 'MOVE_REFUSED', REVIEW_MSG.moveRefused);

export function reviewMovesService(deps: Deps) {
  const { db } = deps;
  const lifecycle = unitLifecycle(deps);

  async function nextVersion(tx: Tx, contentId: number): Promise<number> {
    const [row] = await tx.select({ max: sql<number | null>`max(${reviews.version})` }).from(reviews).where(eq(reviews.itemContentId, contentId));
    return Number(row?.max ?? 0) + 1;
  }

  /** A new review version for `content`, which the lifecycle moves to analysis (`event`: delegate or reopen). */
  async function openReview(tx: Tx, auth: AuthContext, content: Content, curatorId: number, reviewerId: number, event: 'delegate' | 'reopen'): Promise<number> {
    const now = new Date();
    const [created] = await tx
      .insert(reviews)
      .values({
        itemContentId: content.id,
        version: await nextVersion(tx, content.id),
        curatorId,
        reviewerId,
        managerId: auth.user.id,
        active: true,
        curationStartedAt: now,
      })
      .returning({ id: reviews.id });
    await lifecycle.transition(tx, content.id, event, auth.user);
    return created!.id;
  }

  /** Delegation: units sent for analysis get a review (next version) and go to analysis. All or nothing. */
  async function create(auth: AuthContext, body: z.output<typeof reviewsRoutes.create.body>) {
    const contentIds = [...new Set(body.contentIds)].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      await checkPeople(tx, body.curatorId, body.reviewerId);
      const ids: number[] = [];
      for (const contentId of contentIds) {
        const content = await lockContent(tx, contentId);
        lifecycle.assertAllowed(content.status as UnitStatus, 'delegate');
        const id = await openReview(tx, auth, content, body.curatorId, body.reviewerId, 'delegate');
        await record(tx, {
          userId: auth.user.id,
          action: 'delegate_unity',
          data: { reviewId: id, itemContentId: contentId, curatorId: body.curatorId, reviewerId: body.reviewerId },
        });
        ids.push(id);
      }
      return { ids };
    });
  }

  /** Editar Delegação: active reviews only. */
  async function editDelegation(auth: AuthContext, reviewIds: number[], body: z.output<typeof reviewsRoutes.editDelegation.body>) {
    const ids = [...new Set([...reviewIds, ...(body.reviewIds ?? [])])].sort((a, b) => a - b);
    return db.transaction(async (tx) => {
      await checkPeople(tx, body.curatorId, body.reviewerId);
      for (const id of ids) {
        const review = await lockReview(tx, id);
        if (!review.active) throw new AppError(409, 'REVIEW_CLOSED', REVIEW_MSG.notActive);
        await tx.update(reviews).set({ curatorId: body.curatorId, reviewerId: body.reviewerId, updatedAt: new Date() }).where(eq(reviews.id, id));
        await record(tx, {
          userId: auth.user.id,
          action: 'updated_delegate_unity',
          data: {
            reviewId: id,
            itemContentId: review.itemContentId,
            from: { curatorId: review.curatorId, reviewerId: review.reviewerId },
            to: { curatorId: body.curatorId, reviewerId: body.reviewerId },
          },
        });
      }
      return { ids };
    });
  }

  /** Reabrir: a new review version, active, the unit back in analysis. */
  async function reopen(auth: AuthContext, body: z.output<typeof reviewsRoutes.reopen.body>) {
    return db.transaction(async (tx) => {
      const { review, content } = await lockPair(tx, body.id);
      if (body.contentIds?.length && body.contentIds[0] !== review.itemContentId) throw badRequest(REVIEW_MSG.wrongItem, { contentIds: REVIEW_MSG.wrongItem });
      await checkPeople(tx, body.curatorId, body.reviewerId);
      if (!reopenable(review, content.status, await isCurrent(tx, review), auth)) throw new AppError(409, 'MOVE_REFUSED', REVIEW_MSG.cannotReopen);
      const id = await openReview(tx, auth, content, body.curatorId, body.reviewerId, 'reopen');
      await record(tx, {
        userId: auth.user.id,
        action: 'delegate_unity',
        data: { reviewId: id, reopened: review.id, itemContentId: content.id, curatorId: body.curatorId, reviewerId: body.reviewerId },
      });
      return { ids: [id] };
    });
  }

  /** Approve, send to correction or reprove several reviews: every move must be allowed, all or nothing. */
  async function update(auth: AuthContext, reviewIds: number[], body: z.output<typeof reviewsRoutes.update.body>) {
    const comment = body.comment.trim();
    return db.transaction(async (tx) => {
      // Locked in content id order, like the author's bulk status call.
      const found = await tx.select({ id: reviews.id, itemContentId: reviews.itemContentId }).from(reviews).where(inArray(reviews.id, reviewIds));
      if (found.length !== reviewIds.length) throw notFound();
      await requireAccess(tx, auth, 'review.read', reviewIds);
      const ids = found.sort((a, b) => a.itemContentId - b.itemContentId || a.id - b.id).map((r) => r.id);
      for (const id of ids) {
        const { review, content } = await lockPair(tx, id);
        const state = stateOf(review, content.status);
        const move = resolveMove(state, actorOf(auth), body.status);
        if (!move) throw refused();
        if (move.needsComment && !comment) throw badRequest(REVIEW_MSG.commentRequired, { comment: REVIEW_MSG.commentRequired });
        const next = applyMove(state, move);
        const now = new Date();
        await saveReviewState(tx, id, next, now, {
          ...(move.stage === 'curation' && move.status === 'approved' ? { revisionStartedAt: now } : {}),
          ...(move.stage === 'decision' ? { managerId: auth.user.id } : {}),
        });
        // The unit's side of the move (correction, approve = publish, reprove): the lifecycle's.
        if (move.unitStatus) await lifecycle.transition(tx, content.id, REVIEW_MOVE_EVENTS[move.unitStatus], auth.user);
        if (comment) await tx.insert(reviewComments).values({ reviewId: id, itemContentId: content.id, authorId: auth.user.id, comment });
        await record(tx, {
          userId: auth.user.id,
          action: 'update_unit_status',
          data: { reviewId: id, itemContentId: content.id, stage: move.stage, status: move.status, from: content.status, to: next.unitStatus },
        });
      }
      return { ids };
    });
  }

  return { create, editDelegation, reopen, update };
}
