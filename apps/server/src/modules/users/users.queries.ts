/** Reads of users shared by several modules. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@edu/shared/auth';
import type { ChargeStatus } from '@edu/shared/charge-machine';
import type { UserStatus, UserType } from '@edu/shared/access';
import type { UserRow } from '@edu/shared/users';
import { INSTITUTION_GRANTS, type InstitutionGrant, type SellerStatus } from '@edu/shared/institutions';

/** A charge unpaid after its due date (VENCIDA). */
const OVERDUE_CHARGE: ChargeStatus = 'overdue';

const isGrant = (g: string): g is InstitutionGrant => (INSTITUTION_GRANTS as readonly string[]).includes(g);
import type { Executor } from '../../platform/db';
import { effectiveType } from '../../platform/sessions';
import { charges, providers, sellers } from '../../db/schema';
import { users } from './users.tables';
import { uploadUrl } from '../../platform/storage';
import { cappedCount, cappedTotal, pageOf } from '../../platform/lists';

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1))[0];

export async function emailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const found = await findUserByEmail(db, email);
  return !!found && found.id !== exceptId;
}

export async function loadSessionUser(db: Executor, userId: number): Promise<SessionUser | null> {
  const [row] = await db
    .select({
      user: users,
      provider: { id: providers.id, status: providers.status, isServiceProvider: providers.isServiceProvider },
      sellerStatus: sellers.status,
      sellerGrants: sellers.grants,
      sellerReason: sellers.suspensionReason,
      // The institution's overdue charges (the shell's late-payment notice): an index scan of its charges.
      overdueCharges: sql<number>`(select count(*)::int from ${charges} where ${charges.sellerId} = ${users.sellerId} and ${charges.status} = ${OVERDUE_CHARGE})`,
    })
    .from(users)
    .leftJoin(providers, eq(providers.id, users.providerId))
    .leftJoin(sellers, eq(sellers.id, users.sellerId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, provider, sellerStatus, sellerGrants, sellerReason, overdueCharges } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: uploadUrl(user.avatarKey),
    type: effectiveType(user.type as UserType, provider?.isServiceProvider),
    status: user.status as UserStatus,
    provider: provider?.id ? { id: provider.id, status: provider.status, isServiceProvider: provider.isServiceProvider } : null,
    seller: user.sellerId
      ? {
          id: user.sellerId,
          status: (sellerStatus ?? 'pending') as SellerStatus,
          grants: (sellerGrants ?? []).filter(isGrant),
          suspensionReason: sellerReason === 'non_payment' ? 'non_payment' : null,
          overdueCharges: Number(overdueCharges ?? 0),
        }
      : null,
    mustChangePassword: user.mustChangePassword,
  };
}

/** The columns a user row shows (toUserRow). */
const userRowColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  type: users.type,
  status: users.status,
  avatarKey: users.avatarKey,
  providerId: users.providerId,
  sellerId: users.sellerId,
  createdAt: users.createdAt,
};

type UserRowRecord = Pick<typeof users.$inferSelect, keyof typeof userRowColumns>;

/**
 * One page of the users `where` answers, in `order`, with the capped total: one statement (a second only for a page
 * past the end). The users admin list and the team lists.
 */
export async function userPage(db: Executor, where: SQL | undefined, order: SQL[], q: { page: number; limit: number }) {
  const offset = (q.page - 1) * q.limit;
  const filter = () => db.select({ one: sql`1` }).from(users).where(where).$dynamic();
  const rows = await db
    .select({ ...userRowColumns, total: cappedTotal(filter()) })
    .from(users)
    .where(where)
    .orderBy(...order)
    .limit(q.limit)
    .offset(offset);
  const page = await pageOf(rows, offset, () => cappedCount(db, filter()));
  return { data: page.rows.map(toUserRow), total: page.total, page: q.page, limit: q.limit };
}

export function toUserRow(user: UserRowRecord): UserRow {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type as UserType,
    status: user.status as UserStatus,
    avatar_url: uploadUrl(user.avatarKey),
    providerId: user.providerId,
    sellerId: user.sellerId,
    createdAt: user.createdAt.toISOString(),
  };
}
