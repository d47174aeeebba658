/**
 * Score passback (IMS Assignment and Grade Services 2.0, Security Framework §4.1 client credentials).
 *
 * - `answer` — the student viewer of a launch that offered AGS reports each answer ('Responder'): the server finds the
 *   question among the unit's own (content/unit-questions.ts `questionKey`), checks the option against the stored
 *   right one, and keeps the student's answers on the line item (`lti_grades`). The FIRST answer of a question counts
 *   (a retry after the viewer showed the right option changes nothing), across visits. The standing is computed at
 *   each answer over the questions the launch opens NOW — the unit's current version, or the subject's units the
 *   institution may read now — so the answers of an older version, or of a unit whose rental ended, no longer count;
 *   it is stored on the row (`right_count` of `total`) with its time (`updated_at`), and a job posts it.
 * - the `lti-scores` worker — asks the platform's token endpoint for an access token (client_credentials with a JWT
 *   assertion signed by the tool's key: iss = sub = ClientId, aud = the token endpoint, or Brightspace's fixed
 *   audience for D2L), kept until shortly before it expires, and POSTs the standing to `{lineitem}/scores`
 *   (scoreGiven = right, scoreMaximum = questions, timestamp = the standing's time, so a platform keeps the newest
 *   whatever order the posts arrive in); a standing older than one already posted is not sent. Both addresses must be
 *   the connection's (lti-urls.ts) and no redirect is followed. A failure is recorded on the row and retried by pg-boss.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { questionKey } from '@edu/shared/content/unit-questions';
import { AGS_SCOPE_SCORE, AGS_SCORE_MEDIA_TYPE, LTI_LIMITS, LTI_TOOL_MSG, type ltiAnswerBody } from '@edu/shared/lti-tool';
import type { Deps } from '../../platform/deps';
import { QUEUES } from '../../platform/jobs';
import { AppError, notFound } from '../../platform/errors';
import { linkUnit, type StudentContext } from '../student/index';
import { ltiGrades, ltiLaunches } from './lti-tool.tables';
import { liveConnection } from './lti-oidc';
import { platformTokens } from './lti-tokens';
import { questionsOf } from './lti-questions';
import { allowsLocalHttp, platformUrlProblem } from './lti-urls';

/** The line item's scores endpoint: its path plus `/scores`, the query kept (AGS 2.0 §3.4). */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

/** An answer's key: the unit version and the question (hashed: a question key is its whole content). */
export const answerKey = (contentId: number, key: string) => `${contentId}:${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;

/** The standing over the questions counted now: right answers, questions answered, questions. */
export function standingOf(answers: Record<string, boolean>, counted: string[]) {
  let right = 0;
  let answered = 0;
  for (const key of counted) {
    if (!(key in answers)) continue;
    answered++;
    if (answers[key] === true) right++;
  }
  return { right, answered, total: counted.length };
}

/** The standing's time: now to the millisecond, and always after the row's previous one (scores are ordered by it). */
const nextStandingAt = sql`greatest(date_trunc('milliseconds', clock_timestamp()), ${ltiGrades.updatedAt} + interval '1 millisecond')`;

export function ltiGradesService(deps: Deps) {
  const { db, jobs } = deps;

  return {
    async answer(student: StudentContext, body: z.output<typeof ltiAnswerBody>) {
      if (student.launchId === null) throw new AppError(409, 'LTI_NO_GRADES', LTI_TOOL_MSG.noGrades);
      const [launch] = await db
        .select()
        .from(ltiLaunches)
        .where(and(eq(ltiLaunches.id, student.launchId), gt(ltiLaunches.expiresAt, sql`now()`)));
      if (!launch?.lineitem) throw new AppError(409, 'LTI_NO_GRADES', LTI_TOOL_MSG.noGrades);
      const unit = linkUnit(student, body.unitId);
      // The questions the score counts: the unit's current version, or those of every unit the subject link opens now.
      const versions = student.link.kind === 'subject' ? student.link.units.map((u) => u.itemContentId) : [unit.itemContentId];
      const questions = await questionsOf(db, versions);
      const question = (questions.get(unit.itemContentId) ?? []).find((q) => questionKey(q) === body.question);
      if (!question) throw notFound(LTI_TOOL_MSG.questionUnknown);
      const correct = body.option === question.right;
      const counted = [...questions.entries()].flatMap(([contentId, list]) => list.map((q) => answerKey(contentId, questionKey(q))));
      const key = answerKey(unit.itemContentId, body.question);
      const lineitem = launch.lineitem;

      const result = await db.transaction(async (tx) => {
        await tx
          .insert(ltiGrades)
          .values({ connectionId: launch.connectionId, lineitem, sub: launch.sub, total: counted.length })
          .onConflictDoNothing({ target: [ltiGrades.connectionId, ltiGrades.lineitem, ltiGrades.sub] });
        const [row] = await tx
          .select()
          .from(ltiGrades)
          .where(and(eq(ltiGrades.connectionId, launch.connectionId), eq(ltiGrades.lineitem, lineitem), eq(ltiGrades.sub, launch.sub)))
          .for('update');
        const first = !(key in row!.answers);
        const answers = first ? { ...row!.answers, [key]: correct } : row!.answers;
        const standing = standingOf(answers, counted);
        const changed = first || standing.right !== row!.rightCount || standing.answered !== row!.answeredCount || standing.total !== row!.total;
        if (!changed) return { first, standing };
        await tx
          .update(ltiGrades)
          .set({
            ...(first ? { answers: sql`${ltiGrades.answers} || ${JSON.stringify({ [key]: correct })}::jsonb` } : {}),
            rightCount: standing.right,
            answeredCount: standing.answered,
            total: standing.total,
            updatedAt: nextStandingAt,
          })
          .where(eq(ltiGrades.id, row!.id));
        await jobs.send(tx, QUEUES.ltiScores, { gradeId: row!.id });
        return { first, standing };
      });
      return {
        correct,
        counted: result.first,
        right: result.standing.right,
        total: result.standing.total,
        message: result.first ? LTI_TOOL_MSG.gradeSent : LTI_TOOL_MSG.gradeKept,
      };
    },
  };
}

/** What a post sends: the standing of a grade row at one moment. */
export type GradeStanding = Pick<typeof ltiGrades.$inferSelect, 'id' | 'connectionId' | 'lineitem' | 'sub' | 'rightCount' | 'answeredCount' | 'total' | 'updatedAt'>;

/** The `lti-scores` worker: posts a grade row's standing to its line item. */
export function ltiScoresWorker(deps: Deps) {
  const { db, jobs, config } = deps;
  const tokens = platformTokens(deps);
  const localHttp = allowsLocalHttp(config.PUBLIC_URL);

  /** Posts one standing (read by `post`; a test may pass an older one); answers whether it was sent. */
  async function send(grade: GradeStanding): Promise<boolean> {
    const connection = await liveConnection(db, grade.connectionId);
    if (!connection) return false; // the connection was deleted: nothing to send to
    const problem = platformUrlProblem(grade.lineitem, connection, localHttp) ?? platformUrlProblem(connection.accesstokenEndpoint, connection, localHttp);
    if (problem) {
      await db.update(ltiGrades).set({ lastError: `refused address: ${problem}` }).where(eq(ltiGrades.id, grade.id));
      return false;
    }
    const score = {
      userId: grade.sub,
      scoreGiven: Math.min(grade.rightCount, grade.total),
      scoreMaximum: Math.max(grade.total, 1),
      activityProgress: grade.total > 0 && grade.answeredCount >= grade.total ? 'Completed' : 'InProgress',
      gradingProgress: 'FullyGraded',
      // The standing's time, not the sending's: a platform keeps the score with the latest timestamp (AGS 2.0 §3.4).
      timestamp: grade.updatedAt.toISOString(),
    };
    try {
      const post = async () =>
        fetch(scoresUrl(grade.lineitem), {
          method: 'POST',
          headers: { authorization: `Bearer ${await tokens.get(connection, AGS_SCOPE_SCORE)}`, 'content-type': AGS_SCORE_MEDIA_TYPE },
          body: JSON.stringify(score),
          redirect: 'manual',
          signal: AbortSignal.timeout(LTI_LIMITS.httpTimeoutMs),
        });
      let res = await post();
      if (res.status === 401) {
        // The platform no longer takes the cached token: once more with a new one.
        await res.body?.cancel().catch(() => undefined);
        tokens.forget(connection, AGS_SCOPE_SCORE);
        res = await post();
      }
      if (!res.ok) throw new Error(`scores endpoint answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.body?.cancel().catch(() => undefined);
      // Recorded only over an older posted standing: a late post of an older one does not hide a newer one.
      await db
        .update(ltiGrades)
        .set({ postedAt: new Date(), postedRight: grade.rightCount, postedStandingAt: grade.updatedAt, lastError: null })
        .where(and(eq(ltiGrades.id, grade.id), or(isNull(ltiGrades.postedStandingAt), lt(ltiGrades.postedStandingAt, grade.updatedAt))));
      return true;
    } catch (err) {
      await db.update(ltiGrades).set({ lastError: String((err as Error).message).slice(0, 1000) }).where(eq(ltiGrades.id, grade.id));
      throw err;
    }
  }

  async function post(gradeId: number) {
    const [grade] = await db.select().from(ltiGrades).where(eq(ltiGrades.id, gradeId));
    if (!grade) return;
    // This standing, or a newer one, was posted already (two jobs of one row: the later one finds nothing to do).
    if (grade.postedStandingAt && grade.postedStandingAt.getTime() >= grade.updatedAt.getTime()) return;
    await send(grade);
  }

  return {
    post,
    send,
    start: () => jobs.work<{ gradeId: number }>(QUEUES.ltiScores, ({ gradeId }) => post(gradeId)),
  };
}
