/**
 * Problem reports of readers and the feedback report (spec 2 §2.11, §2.12, §3 Feedback, §4.3, §7.6).
 * A reader reports a problem on a unit version it may read; admin and director follow the reports and move
 * them to resolved (from any other status) and to closed (from resolved).
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { FEEDBACK_MSG, STUDENT_FEEDBACK_TYPE, type FeedbackReportPage, type FeedbackRow, type FeedbackStatus, type feedbackRoutes } from '@edu/shared/feedback';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest, notFound } from '../../platform/errors';
import { cappedCount, cappedTotal, pageOf } from '../../platform/lists';
import { itemContents } from '../../db/schema';
import { requireAccess } from '../access/index';
import { linkUnit, type StudentContext } from '../student/index';
import { itemFeedbacks } from './reviews.tables';

export const FEEDBACK_SERVER_MSG = {
  badMove: 'Não é possível mudar este feedback para o status pedido.',
} as const;

/** Spec 2 §4.3: to resolved from any other status, to closed from resolved. */
export function feedbackMoveAllowed(from: FeedbackStatus, to: 'resolved' | 'closed'): boolean {
  return to === 'resolved' ? from !== 'resolved' : from === 'resolved';
}

type Row = Pick<typeof itemFeedbacks.$inferSelect, 'id' | 'status' | 'itemContentId' | 'unitName' | 'errorType' | 'errorDescription' | 'createdAt'>;
const toRow = (r: Row): FeedbackRow => ({
  id: r.id,
  status: r.status as FeedbackStatus,
  unit_id: r.itemContentId,
  unit_name: r.unitName,
  error_type: r.errorType,
  error_description: r.errorDescription,
  created_at: r.createdAt.toISOString(),
});

export function feedbackService(deps: Deps) {
  const { db } = deps;

  async function report(auth: AuthContext, body: z.output<typeof feedbackRoutes.report.body>): Promise<{ message: string }> {
    const input = body.itemFeedback;
    // The free-text feedback is the students' (spec 1 §3); a signed-in reader reports one of the ten problems.
    if (input.error_type === STUDENT_FEEDBACK_TYPE) throw badRequest(FEEDBACK_MSG.studentOnly, { 'itemFeedback.error_type': FEEDBACK_MSG.studentOnly });
    return db.transaction(async (tx) => {
      // Who may report is who may read the unit (the access gate's feedback.report); a unit the reader may
      // not read is answered as missing: its existence is not revealed.
      await requireAccess(tx, auth, 'feedback.report', input.unit_id);
      const [unit] = await tx.select({ id: itemContents.id, title: itemContents.title }).from(itemContents).where(eq(itemContents.id, input.unit_id));
      if (!unit) throw notFound();
      await tx.insert(itemFeedbacks).values({
        itemContentId: unit.id,
        // The unit's title as it is now, whatever the client sent.
        unitName: unit.title,
        errorType: input.error_type,
        errorDescription: input.error_description,
        reporterId: auth.user.id,
      });
      return { message: FEEDBACK_MSG.reported };
    });
  }

  /**
   * A student's problem report or free-text feedback, with the share link verified by registerRoute: on a
   * unit the link opens now (404 otherwise), stored with the institution and the student (no reporter user).
   */
  async function studentReport(student: StudentContext, body: z.output<typeof feedbackRoutes.report.body>): Promise<{ message: string }> {
    const input = body.itemFeedback;
    const unit = linkUnit(student, input.unit_id);
    const [version] = await db.select({ id: itemContents.id, title: itemContents.title }).from(itemContents).where(eq(itemContents.id, unit.itemContentId));
    if (!version) throw notFound();
    await db.insert(itemFeedbacks).values({
      itemContentId: version.id,
      unitName: version.title,
      errorType: input.error_type,
      errorDescription: input.error_description,
      sellerId: student.sellerId,
      studentId: student.studentId,
    });
    return { message: input.error_type === STUDENT_FEEDBACK_TYPE ? FEEDBACK_MSG.sent : FEEDBACK_MSG.reported };
  }

  /**
   * One page of the report, newest first, with a capped total (platform/lists.ts), in one statement: the page's ids
   * are an index-only walk of item_feedbacks_created_idx (created_at, id), so a deep page skips its offset on the index
   * alone, and only the page's rows are read.
   */
  async function list(q: z.output<typeof feedbackRoutes.list.query>): Promise<FeedbackReportPage> {
    const F = itemFeedbacks;
    const offset = (q.page - 1) * q.limit;
    const all = () => db.select({ one: sql`1` }).from(F).$dynamic();
    const page = db.select({ id: F.id, createdAt: F.createdAt }).from(F).orderBy(desc(F.createdAt), desc(F.id)).limit(q.limit).offset(offset).as('p');
    const found = await db
      .select({
        id: F.id,
        status: F.status,
        itemContentId: F.itemContentId,
        unitName: F.unitName,
        errorType: F.errorType,
        errorDescription: F.errorDescription,
        createdAt: F.createdAt,
        total: cappedTotal(all()),
      })
      .from(page)
      .innerJoin(F, eq(F.id, page.id))
      .orderBy(desc(page.createdAt), desc(page.id));
    const { rows, total } = await pageOf(found, offset, () => cappedCount(db, all()));
    return { data: rows.map(toRow), total, page: q.page, limit: q.limit };
  }

  async function setStatus(body: z.output<typeof feedbackRoutes.status.body>): Promise<FeedbackRow> {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(itemFeedbacks).where(eq(itemFeedbacks.id, body.id)).for('update');
      if (!current) throw notFound();
      if (!feedbackMoveAllowed(current.status as FeedbackStatus, body.status)) throw new AppError(409, 'FEEDBACK_MOVE_REFUSED', FEEDBACK_SERVER_MSG.badMove);
      const [updated] = await tx
        .update(itemFeedbacks)
        .set({ status: body.status, updatedAt: new Date() })
        .where(eq(itemFeedbacks.id, body.id))
        .returning();
      return toRow(updated!);
    });
  }

  return { report, studentReport, list, setStatus };
}
