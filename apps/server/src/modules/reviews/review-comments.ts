/** The comments of a review: read and written by the gate's review.comment (staff and the unit's provider users). */
import { asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { REVIEW_MSG, type CommentRow, reviewsRoutes } from '@edu/shared/reviews';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { badRequest, notFound } from '../../platform/errors';
import { uploadUrlSql } from '../../platform/storage';
import { users } from '../../db/schema';
import { requireAccess } from '../access/index';
import { reviewComments, reviews } from './reviews.tables';
import { iso, type Review } from './review-rules';

export function reviewCommentsService(deps: Deps) {
  const { db } = deps;

  /** Comment readers and writers (the gate's review.comment: its staff and the unit's provider users); 404 otherwise. */
  async function commentable(ex: Executor, auth: AuthContext, reviewId: number): Promise<Review> {
    await requireAccess(ex, auth, 'review.comment', reviewId);
    const [review] = await ex.select().from(reviews).where(eq(reviews.id, reviewId));
    if (!review) throw notFound();
    return review;
  }

  async function commentsOf(ex: Executor, where: SQL): Promise<CommentRow[]> {
    const found = await ex
      .select({
        id: reviewComments.id,
        comment: reviewComments.comment,
        createdAt: reviewComments.createdAt,
        author: { id: users.id, name: users.name, avatar: uploadUrlSql(users.avatarKey) },
      })
      .from(reviewComments)
      .innerJoin(users, eq(users.id, reviewComments.authorId))
      .where(where)
      .orderBy(asc(reviewComments.createdAt), asc(reviewComments.id));
    return found.map((c) => ({ ...c, createdAt: iso(c.createdAt) }));
  }

  async function commentPost(auth: AuthContext, body: z.output<typeof reviewsRoutes.commentPost.body>): Promise<CommentRow> {
    return db.transaction(async (tx) => {
      const review = await commentable(tx, auth, body.reviewId);
      if (body.itemId !== review.itemContentId) throw badRequest(REVIEW_MSG.wrongItem, { itemId: REVIEW_MSG.wrongItem });
      const [created] = await tx
        .insert(reviewComments)
        .values({ reviewId: review.id, itemContentId: review.itemContentId, authorId: auth.user.id, comment: body.comment })
        .returning({ id: reviewComments.id });
      const [row] = await commentsOf(tx, eq(reviewComments.id, created!.id));
      return row!;
    });
  }

  async function comments(auth: AuthContext, reviewId: number): Promise<CommentRow[]> {
    await commentable(db, auth, reviewId);
    return commentsOf(db, eq(reviewComments.reviewId, reviewId));
  }

  return { commentPost, comments };
}
