/**
 * What every review service shares: who may reopen or edit a review, the active curator and reviewer check, and the
 * locks a move takes (the unit version first, then the review; the author's status call locks in that order too).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { canReopen, type ReviewActor } from '@edu/shared/review-machine';
import { REVIEW_MSG } from '@edu/shared/reviews';
import type { Executor, Tx } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, notFound } from '../../platform/errors';
import { itemContents, users } from '../../db/schema';
import { reviews } from './reviews.tables';
import { stateOf } from './review-state';

export type Review = typeof reviews.$inferSelect;
export type Content = typeof itemContents.$inferSelect;

export const iso = (d: Date) => d.toISOString();

export const actorOf = (auth: AuthContext): ReviewActor => ({ id: auth.user.id, type: auth.user.type });

/** Staff who may edit the unit from the review (`readable`: the access gate's review.read), while it is in analysis. */
export function mayEdit(readable: boolean, review: Review, unitStatus: string): boolean {
  return review.active && unitStatus === 'analyze' && readable;
}

/** The latest review of the content is the only one that may be reopened; the unit must still be reproved. */
export async function isCurrent(ex: Executor, review: Review): Promise<boolean> {
  const [row] = await ex.select({ max: sql<number>`max(${reviews.version})` }).from(reviews).where(eq(reviews.itemContentId, review.itemContentId));
  return Number(row?.max) === review.version;
}

export const reopenable = (review: Review, unitStatus: string, current: boolean, auth: AuthContext) =>
  canReopen(stateOf(review, unitStatus), actorOf(auth)) && current && unitStatus === 'reproved';

/** The curator and the reviewer must be active users of their types. */
export async function checkPeople(ex: Executor, curatorId: number, reviewerId: number) {
  const found = await ex
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(and(inArray(users.id, [curatorId, reviewerId]), eq(users.status, 'active')));
  if (!found.some((u) => u.id === curatorId && u.type === 'curator')) throw badRequest(REVIEW_MSG.wrongCurator, { curatorId: REVIEW_MSG.wrongCurator });
  if (!found.some((u) => u.id === reviewerId && u.type === 'review')) throw badRequest(REVIEW_MSG.wrongReviewer, { reviewerId: REVIEW_MSG.wrongReviewer });
}

export async function lockContent(tx: Tx, id: number): Promise<Content> {
  const [content] = await tx.select().from(itemContents).where(eq(itemContents.id, id)).for('update');
  if (!content) throw notFound();
  return content;
}

export async function lockReview(tx: Tx, id: number): Promise<Review> {
  const [review] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!review) throw notFound();
  return review;
}

/**
 * A review and its unit content, locked content first (the author's status call locks in that order too,
 * so the two cannot deadlock). A review's content never changes.
 */
export async function lockPair(tx: Tx, id: number): Promise<{ review: Review; content: Content }> {
  const [peek] = await tx.select({ itemContentId: reviews.itemContentId }).from(reviews).where(eq(reviews.id, id));
  if (!peek) throw notFound();
  const content = await lockContent(tx, peek.itemContentId);
  return { review: await lockReview(tx, id), content };
}
