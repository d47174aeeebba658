/**
 * Score passback (issue 14; IMS Assignment and Grade Services 2.0, Security Framework §4.1 client credentials).
 *
 * - `answer` — the student viewer of a launch that offered AGS reports each answer ('Responder'): the server finds the
 *   question among the unit's own (content/unit-questions.ts `questionKey`), checks the option against the stored
 *   right one, and keeps the student's standing on the line item (`lti_grades`: the last answer of each question
 *   counts, across visits); then a job posts it. The standing is right answers out of the questions of the unit — or,
 *   for a subject link, of the subject's units the institution may read now.
 * - the `lti-scores` worker — asks the platform's token endpoint for an access token (client_credentials with a JWT
 *   assertion signed by the tool's key: iss = sub = ClientId, aud = the token endpoint, or Brightspace's fixed
 *   audience for D2L), kept until shortly before it expires, and POSTs the score to `{lineitem}/scores`
 *   (scoreGiven = right, scoreMaximum = questions; the platform scales to its column). A failure is recorded on the
 *   row and retried by pg-boss.
 */
import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { questionKey } from '@edu/shared/content/unit-questions';
import { AGS_SCOPE_SCORE, AGS_SCORE_MEDIA_TYPE, LTI_LIMITS, LTI_TOOL_MSG, type ltiAnswerBody } from '@edu/shared/lti-tool';
import type { Deps } from '../../platform/http';
import { QUEUES } from '../../platform/jobs';
import { AppError, notFound } from '../../platform/errors';
import { linkUnit, type StudentContext } from '../delivery/student-auth';
import { ltiGrades, ltiLaunches } from './lti-tool.tables';
import { ltiKeyStore, type LtiKeyStore } from './lti-keys';
import { liveConnection, type LtiConnection } from './lti-oidc';
import { questionsOf } from './lti-questions';

/** Brightspace expects this audience in client assertions, whatever its token URL (D2L's LTI Advantage docs). */
export const D2L_ASSERTION_AUDIENCE = 'https://api.brightspace.com/auth/token';

/** The line item's scores endpoint: its path plus `/scores`, the query kept (AGS 2.0 §3.4). */
export function scoresUrl(lineitem: string): string {
  const url = new URL(lineitem);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

const answerKey = (contentId: number, key: string) => `${contentId}:${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 22)}`;

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
      // The questions the score counts: the unit's, or those of every unit the subject link opens now.
      const counted = student.link.kind === 'subject' ? student.link.units.map((u) => u.itemContentId) : [unit.itemContentId];
      const questions = await questionsOf(db, counted);
      const question = (questions.get(unit.itemContentId) ?? []).find((q) => questionKey(q) === body.question);
      if (!question) throw notFound(LTI_TOOL_MSG.questionUnknown);
      const correct = body.option === question.right;
      const total = [...questions.values()].reduce((n, list) => n + list.length, 0);
      const lineitem = launch.lineitem;
      const grade = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ltiGrades)
          .values({ connectionId: launch.connectionId, lineitem, sub: launch.sub, answers: { [answerKey(unit.itemContentId, body.question)]: correct }, total })
          .onConflictDoUpdate({
            target: [ltiGrades.connectionId, ltiGrades.lineitem, ltiGrades.sub],
            set: {
              answers: sql`${ltiGrades.answers} || ${JSON.stringify({ [answerKey(unit.itemContentId, body.question)]: correct })}::jsonb`,
              total,
              updatedAt: new Date(),
            },
          })
          .returning({ id: ltiGrades.id, answers: ltiGrades.answers });
        await jobs.send(tx, QUEUES.ltiScores, { gradeId: row!.id });
        return row!;
      });
      const right = Object.values(grade.answers).filter(Boolean).length;
      return { correct, right, total, message: LTI_TOOL_MSG.gradeSent };
    },
  };
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

/** Access tokens of the platforms, per connection and scope, for the process. */
function tokenClient(keys: LtiKeyStore) {
  const cache = new Map<string, CachedToken>();
  return {
    forget(connection: LtiConnection) {
      cache.delete(`${connection.id}:${AGS_SCOPE_SCORE}`);
    },
    async get(connection: LtiConnection): Promise<string> {
      const cacheKey = `${connection.id}:${AGS_SCOPE_SCORE}`;
      const cached = cache.get(cacheKey);
      if (cached && cached.expiresAt > Date.now()) return cached.token;
      const signer = await keys.signer();
      const assertion = await signer.sign(
        {
          iss: connection.clientId,
          sub: connection.clientId,
          aud: connection.platform === 'd2l' ? D2L_ASSERTION_AUDIENCE : connection.accesstokenEndpoint,
          jti: crypto.randomBytes(16).toString('base64url'),
        },
        { expiresInSeconds: 300 },
      );
      const res = await fetch(connection.accesstokenEndpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
          client_assertion: assertion,
          scope: AGS_SCOPE_SCORE,
        }),
        signal: AbortSignal.timeout(LTI_LIMITS.httpTimeoutMs),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`token endpoint answered HTTP ${res.status}: ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as { access_token?: unknown; expires_in?: unknown };
      if (typeof body.access_token !== 'string' || !body.access_token) throw new Error('token endpoint answered no access_token');
      const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
      cache.set(cacheKey, { token: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 });
      return body.access_token;
    },
  };
}

/** The `lti-scores` worker: posts a grade row's standing to its line item. */
export function ltiScoresWorker(deps: Deps) {
  const { db, jobs, config } = deps;
  const tokens = tokenClient(ltiKeyStore(db, config));

  async function post(gradeId: number) {
    const [grade] = await db.select().from(ltiGrades).where(eq(ltiGrades.id, gradeId));
    if (!grade) return;
    const connection = await liveConnection(db, grade.connectionId);
    if (!connection) return; // the connection was deleted: nothing to send to
    const right = Object.values(grade.answers).filter(Boolean).length;
    const answered = Object.keys(grade.answers).length;
    const complete = grade.total > 0 && answered >= grade.total;
    const score = {
      userId: grade.sub,
      scoreGiven: Math.min(right, grade.total),
      scoreMaximum: Math.max(grade.total, 1),
      activityProgress: complete ? 'Completed' : 'InProgress',
      gradingProgress: 'FullyGraded',
      timestamp: new Date().toISOString(),
    };
    try {
      const send = async () =>
        fetch(scoresUrl(grade.lineitem), {
          method: 'POST',
          headers: { authorization: `Bearer ${await tokens.get(connection)}`, 'content-type': AGS_SCORE_MEDIA_TYPE },
          body: JSON.stringify(score),
          signal: AbortSignal.timeout(LTI_LIMITS.httpTimeoutMs),
        });
      let res = await send();
      if (res.status === 401) {
        // The platform no longer takes the cached token: once more with a new one.
        await res.body?.cancel().catch(() => undefined);
        tokens.forget(connection);
        res = await send();
      }
      if (!res.ok) throw new Error(`scores endpoint answered HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`);
      await res.body?.cancel().catch(() => undefined);
      await db.update(ltiGrades).set({ postedAt: new Date(), postedRight: right, lastError: null }).where(eq(ltiGrades.id, gradeId));
    } catch (err) {
      await db.update(ltiGrades).set({ lastError: String((err as Error).message).slice(0, 1000) }).where(eq(ltiGrades.id, gradeId));
      throw err;
    }
  }

  return {
    post,
    start: () => jobs.work<{ gradeId: number }>(QUEUES.ltiScores, ({ gradeId }) => post(gradeId)),
  };
}
