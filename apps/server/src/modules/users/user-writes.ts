/**
 * The writes of user rows that other modules make through the users front door, each in the caller's transaction:
 * the accounts an institution, a team import or an approval creates, activates or deactivates.
 */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { users } from './users.tables';

export type NewUser = typeof users.$inferInsert;

/** Insert user rows (one statement); their ids in order. */
export async function insertUsers(ex: Executor, rows: NewUser[]): Promise<{ id: number }[]> {
  return ex.insert(users).values(rows).returning({ id: users.id });
}

/**
 * Activate an account with a provisional password, changed at the first access. `confirmEmail` also marks the
 * e-mail confirmed; `onlyInactive` leaves a user who is not 'inative' as it is.
 */
export async function activateWithPassword(
  ex: Executor,
  userId: number,
  passwordHash: string,
  opts: { confirmEmail?: boolean; onlyInactive?: boolean } = {},
): Promise<void> {
  const confirmed = opts.confirmEmail ? { emailConfirmedAt: new Date() } : {};
  await ex
    .update(users)
    .set({ status: 'active', passwordHash, mustChangePassword: true, ...confirmed, updatedAt: new Date() })
    .where(opts.onlyInactive ? and(eq(users.id, userId), eq(users.status, 'inative')) : eq(users.id, userId));
}

/** Deactivate an account (its sessions are the caller's to revoke). */
export async function deactivateUser(ex: Executor, userId: number): Promise<void> {
  await ex.update(users).set({ status: 'inative', updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Rename an account and change its e-mail. */
export async function renameUser(ex: Executor, userId: number, fields: { name: string; email: string }): Promise<void> {
  await ex.update(users).set({ name: fields.name, email: fields.email, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Set the password the user chose (no change required at the next access); the updated row. */
export async function setChosenPassword(ex: Executor, userId: number, passwordHash: string) {
  const [user] = await ex
    .update(users)
    .set({ passwordHash, mustChangePassword: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
