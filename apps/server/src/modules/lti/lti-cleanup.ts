/**
 * Expired LTI rows are deleted: login states and relaunches past their minutes, picker sessions and launches
 * past their end (a launch's student link expires with it). Every instance runs it; the deletes are idempotent.
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { ltiDeepLinkSessions, ltiLaunches, ltiRelaunches, ltiStates } from './lti-tool.tables';

export async function deleteExpiredLti(db: Db): Promise<void> {
  await db.delete(ltiStates).where(lt(ltiStates.expiresAt, sql`now()`));
  await db.delete(ltiRelaunches).where(lt(ltiRelaunches.expiresAt, sql`now()`));
  await db.delete(ltiDeepLinkSessions).where(lt(ltiDeepLinkSessions.expiresAt, sql`now() - interval '1 day'`));
  await db.delete(ltiLaunches).where(lt(ltiLaunches.expiresAt, sql`now()`));
}

export function startLtiCleanup(db: Db, minutes: number, log: { error: (o: object, m: string) => void }): () => void {
  const timer = setInterval(() => {
    deleteExpiredLti(db).catch((err: unknown) => log.error({ err }, 'LTI: falha ao apagar registros expirados'));
  }, minutes * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
