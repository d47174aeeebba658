/**
 * The review row as the review machine sees it (`ReviewState`), built in one place, its one write (`saveReviewState`), and the one write a
 * unit's author causes on a review: sending a corrected unit back restarts the stage that asked for it.
 * Used by the reviews service; the author's 'resend' reaches it as the `unit.resent` event.
 */
import { and, eq } from 'drizzle-orm';
import { afterCorrection, type ManagerStatus, type ReviewState, type StageStatus } from '@edu/shared/review-machine';
import { lifecycleRefusal } from '@edu/shared/unit-lifecycle';
import type { Tx } from '../../platform/db';
import type { Deps } from '../../platform/deps';
import { domainEvents } from '../../platform/domain-events';
import { AppError } from '../../platform/errors';
import { reviews } from './reviews.tables';

type Review = typeof reviews.$inferSelect;

/** The one write of a review's stage statuses: the machine's next state, plus the move's own columns (dates, manager). */
export async function saveReviewState(tx: Tx, reviewId: number, next: ReviewState, now: Date, extra: Partial<Review> = {}) {
  await tx
    .update(reviews)
    .set({
      curatorStatus: next.curatorStatus,
      reviewerStatus: next.reviewerStatus,
      managerStatus: next.managerStatus,
      active: next.active,
      ...extra,
      updatedAt: now,
    })
    .where(eq(reviews.id, reviewId));
}

export function stateOf(review: Review, unitStatus: string): ReviewState {
  return {
    unitStatus,
    active: review.active,
    curatorId: review.curatorId,
    reviewerId: review.reviewerId,
    curatorStatus: review.curatorStatus as StageStatus | null,
    reviewerStatus: review.reviewerStatus as StageStatus | null,
    managerStatus: review.managerStatus as ManagerStatus | null,
  };
}

/** A corrected unit sent back (`from` its status before): its active review's stage that asked for the correction starts over. */
export async function resumeReview(tx: Tx, contentId: number, from: string) {
  const [review] = await tx.select().from(reviews).where(and(eq(reviews.itemContentId, contentId), eq(reviews.active, true))).for('update');
  const next = review && afterCorrection(stateOf(review, from));
  if (!review || !next) {
    const { code, message } = lifecycleRefusal('correction', 'resend');
    throw new AppError(409, code, message);
  }
  const now = new Date();
  // The stage that starts over starts now.
  await saveReviewState(tx, review.id, next, now, {
    ...(review.curatorStatus === 'correction' ? { curationStartedAt: now } : {}),
    ...(review.reviewerStatus === 'correction' ? { revisionStartedAt: now } : {}),
  });
}

/** The review's side of the unit lifecycle: a corrected unit sent back restarts its stage, in the same transaction. */
export function subscribeReviews(deps: Pick<Deps, 'jobs'>): void {
  domainEvents(deps).subscribeOnce('reviews', (events) => events.within('unit.resent', (tx, e) => resumeReview(tx, e.contentId, e.from)));
}
