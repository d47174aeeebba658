/** The bell (spec 1 §2.14): a user's own notifications of the last 5 days, newest first, and read-marking. */
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { LIMITS } from '@edu/shared/limits';
import { BELL_MAX_ENTRIES, type NotificationEntry } from '@edu/shared/notifications';
import type { Deps } from '../../platform/deps';
import type { AuthContext } from '../../platform/sessions';
import { notFound } from '../../platform/errors';
import { publish } from '../../platform/events';
import { notifications } from './notifications.tables';

const windowStart = () => new Date(Date.now() - LIMITS.notificationWindowDays * 24 * 60 * 60 * 1000);

function toEntry(row: Pick<typeof notifications.$inferSelect, 'id' | 'text' | 'createdAt' | 'read'>): NotificationEntry {
  return { id: row.id, text: row.text, createdAt: row.createdAt.toISOString(), read: row.read };
}

export function bellService({ db }: Deps) {
  return {
    /** The newest entries and the unread count in one statement (the count rides on each row; no row: none unread). */
    async list(auth: AuthContext) {
      const mine = and(eq(notifications.userId, auth.user.id), gte(notifications.createdAt, windowStart()));
      const unread = db.select({ n: count() }).from(notifications).where(and(mine, eq(notifications.read, false)));
      const rows = await db
        .select({ id: notifications.id, text: notifications.text, createdAt: notifications.createdAt, read: notifications.read, unread: sql<number>`(${unread})`.mapWith(Number) })
        .from(notifications)
        .where(mine)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(BELL_MAX_ENTRIES);
      return { data: rows.map(toEntry), unread: Number(rows[0]?.unread ?? 0) };
    },

    /** Another user's notification answers 404, as if it did not exist. */
    async markRead(auth: AuthContext, id: number) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(eq(notifications.id, id), eq(notifications.userId, auth.user.id)))
          .returning();
        if (!row) throw notFound();
        await publish(tx, { kind: 'notifications', userIds: [auth.user.id] });
        return toEntry(row);
      });
    },

    async markAllRead(auth: AuthContext) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(notifications)
          .set({ read: true })
          .where(and(eq(notifications.userId, auth.user.id), eq(notifications.read, false)))
          .returning({ id: notifications.id });
        if (rows.length > 0) await publish(tx, { kind: 'notifications', userIds: [auth.user.id] });
        return { updated: rows.length };
      });
    },
  };
}
