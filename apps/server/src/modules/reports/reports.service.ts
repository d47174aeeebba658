/**
 * The logs report (spec 3 §2.17): audit entries by period, user and log type, newest first, one page at
 * a time. Admin and director see every entry; an institution sees the entries recorded for it
 * (audit_logs.seller_id, written from the acting user's institution); a provider sees its team's.
 * Every filter rides an index: (created_at), (user_id, created_at), (seller_id, created_at),
 * (action, created_at).
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { LOGS_USERS_LIMIT, type logsReportQuery, type logsUsersQuery } from '@edu/shared/reports';
import type { Deps } from '../../platform/deps';
import { forbidden } from '../../platform/errors';
import { auditLogs } from '../../platform/platform.tables';
import type { AuthContext } from '../../platform/sessions';
import { users } from '../../db/schema';
import { foldedMatch } from '../../platform/search';
import { cappedCount, cappedTotal, pageOf } from '../../platform/lists';
import { auditSearchRange } from './report-dates';

type Scope = { kind: 'all' } | { kind: 'seller'; sellerId: number } | { kind: 'provider'; providerId: number };

function scopeOf(auth: AuthContext): Scope {
  const { type, sellerId, providerId } = auth.user;
  if (type === 'admin' || type === 'director') return { kind: 'all' };
  if (type === 'seller' && sellerId !== null) return { kind: 'seller', sellerId };
  if (type === 'provider' && providerId !== null) return { kind: 'provider', providerId };
  throw forbidden();
}

export function reportsService(deps: Deps) {
  const { db } = deps;

  return {
    async logs(auth: AuthContext, q: z.output<typeof logsReportQuery>) {
      const scope = scopeOf(auth);
      const { from, until } = auditSearchRange(q.start_date, q.end_date);
      const conditions: SQL[] = [gte(auditLogs.createdAt, from), lt(auditLogs.createdAt, until)];
      if (scope.kind === 'seller') conditions.push(eq(auditLogs.sellerId, scope.sellerId));
      if (q.user_id !== undefined) conditions.push(eq(auditLogs.userId, q.user_id));
      if (q.log_type) conditions.push(eq(auditLogs.action, q.log_type));
      const where = and(...conditions);
      const rangeOnly = scope.kind === 'all' && conditions.length === 2;
      // A provider's team: its members' ids as one array (an InitPlan), so the count walks the (user_id, created_at)
      // index once per member, reading the index only.
      const teamOf = scope.kind === 'provider' ? scope.providerId : null;
      // The count reads only an index. With the period alone, the planner would take a sequential scan for a wide
      // period (a seq scan reads the table through a small ring of buffers); ordered along created_at it reads the
      // (created_at) index only, oldest first: the entries vacuum has long marked visible.
      const counted = () => {
        const query = db
          .select({ one: sql`1` })
          .from(auditLogs)
          .where(teamOf === null ? where : and(where, sql`${auditLogs.userId} = any(array(${db.select({ id: users.id }).from(users).where(eq(users.providerId, teamOf))}))`))
          .$dynamic();
        return rangeOnly ? query.orderBy(asc(auditLogs.createdAt)) : query;
      };
      // One statement: the page's entries (the skipped rows of a deep page are not joined), their users' names, and the
      // capped total (platform/lists.ts). Staff and an institution walk one index in the page's order ((created_at) or
      // (seller_id, created_at)) and stop after the page. A provider's team takes each member's newest entries (its
      // (user_id, created_at) range, at most offset + limit) and merges them: a plan that does not hang on how many
      // entries the team has (a walk of created_at reads every other entry of the period; one of the team's entries
      // reads all of them before sorting).
      const offset = (q.page - 1) * q.limit;
      const newestFirst = <T extends { createdAt: SQLWrapper; id: SQLWrapper }>(t: T) => [desc(t.createdAt), desc(t.id)];
      const columns = { id: auditLogs.id, action: auditLogs.action, userId: auditLogs.userId, createdAt: auditLogs.createdAt };
      let page;
      if (teamOf !== null) {
        const team = alias(users, 'team');
        const entries = db
          .select(columns)
          .from(auditLogs)
          .where(and(eq(auditLogs.userId, team.id), where))
          .orderBy(...newestFirst(auditLogs))
          .limit(offset + q.limit)
          .as('entries');
        page = db
          .select({ id: entries.id, action: entries.action, userId: entries.userId, createdAt: entries.createdAt })
          .from(team)
          .crossJoinLateral(entries)
          .where(eq(team.providerId, teamOf))
          .orderBy(...newestFirst(entries))
          .limit(q.limit)
          .offset(offset)
          .as('page');
      } else {
        page = db.select(columns).from(auditLogs).where(where).orderBy(...newestFirst(auditLogs)).limit(q.limit).offset(offset).as('page');
      }
      // The name by primary key for each of the page's rows (a join's plan, once generic, may hash every user).
      const userName = sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${page.userId})`;
      const rows = await db
        .select({ id: page.id, action: page.action, userId: page.userId, userName, createdAt: page.createdAt, total: cappedTotal(counted()) })
        .from(page)
        .orderBy(desc(page.createdAt), desc(page.id));
      const { rows: data, total } = await pageOf(rows, offset, () => cappedCount(db, counted()));
      return {
        data: data.map((r) => ({ ...r, userName: r.userName ?? null, createdAt: r.createdAt.toISOString() })),
        total,
        page: q.page,
        limit: q.limit,
      };
    },

    /** The users the viewer may filter by: everyone for staff, the institution's or the provider's team otherwise. */
    async logsUsers(auth: AuthContext, q: z.output<typeof logsUsersQuery>) {
      const scope = scopeOf(auth);
      const conditions: SQL[] = [];
      if (scope.kind === 'seller') conditions.push(eq(users.sellerId, scope.sellerId));
      if (scope.kind === 'provider') conditions.push(eq(users.providerId, scope.providerId));
      if (q.name) conditions.push(foldedMatch(users.nameFolded, q.name));
      return db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(conditions.length ? and(...conditions) : undefined)
        .orderBy(asc(users.nameFolded), asc(users.id))
        .limit(LOGS_USERS_LIMIT);
    },
  };
}
