/**
 * The logs report (spec 3 §2.17): audit entries by period, user and log type, newest first, one page at
 * a time. Admin and director see every entry; an institution sees the entries recorded for it
 * (audit_logs.seller_id, written from the acting user's institution); a provider sees its team's.
 * Every filter rides an index: (created_at), (user_id, created_at), (seller_id, created_at),
 * (action, created_at).
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
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
      if (scope.kind === 'provider') {
        // The team's ids as one array (an InitPlan of the same statement): `user_id = any(...)` walks the
        // (user_id, created_at) index per member for the count and filters the created_at walk for the page.
        const team = db.select({ id: users.id }).from(users).where(eq(users.providerId, scope.providerId));
        conditions.push(sql`${auditLogs.userId} = any(array(${team}))`);
      }
      if (q.user_id !== undefined) conditions.push(eq(auditLogs.userId, q.user_id));
      if (q.log_type) conditions.push(eq(auditLogs.action, q.log_type));
      const where = and(...conditions);
      // The count reads only an index. With the period alone, the planner would take a sequential scan for a wide
      // period (the rows match at once, but a seq scan reads the table through a small ring of buffers); ordered along
      // created_at it reads the (created_at) index only, oldest first: the entries vacuum has long marked visible.
      const rangeOnly = conditions.length === 2;
      const counted = () => {
        const query = db.select({ one: sql`1` }).from(auditLogs).where(where).$dynamic();
        return rangeOnly ? query.orderBy(asc(auditLogs.createdAt)) : query;
      };
      // One statement: the page's entries (walking the created_at index; the skipped rows of a deep page are not
      // joined), their users' names, and the capped total (platform/lists.ts).
      const offset = (q.page - 1) * q.limit;
      const page = db
        .select({ id: auditLogs.id, action: auditLogs.action, userId: auditLogs.userId, createdAt: auditLogs.createdAt })
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(q.limit)
        .offset(offset)
        .as('page');
      const rows = await db
        .select({ id: page.id, action: page.action, userId: page.userId, userName: users.name, createdAt: page.createdAt, total: cappedTotal(counted()) })
        .from(page)
        .leftJoin(users, eq(users.id, page.userId))
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
