/** Reads of users shared by several modules. */
import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@edu/shared/auth';
import type { UserStatus, UserType } from '@edu/shared/access';
import type { UserRow } from '@edu/shared/users';
import { INSTITUTION_GRANTS, type InstitutionGrant, type SellerStatus } from '@edu/shared/institutions';

const isGrant = (g: string): g is InstitutionGrant => (INSTITUTION_GRANTS as readonly string[]).includes(g);
import type { Executor } from '../../platform/db';
import { effectiveType } from '../../platform/sessions';
import { providers, sellers } from '../../db/schema';
import { users } from './users.tables';
import { uploadUrl } from '../../platform/storage';

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
    })
    .from(users)
    .leftJoin(providers, eq(providers.id, users.providerId))
    .leftJoin(sellers, eq(sellers.id, users.sellerId))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { user, provider, sellerStatus, sellerGrants } = row;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatar: uploadUrl(user.avatarKey),
    type: effectiveType(user.type as UserType, provider?.isServiceProvider),
    status: user.status as UserStatus,
    provider: provider?.id ? { id: provider.id, status: provider.status, isServiceProvider: provider.isServiceProvider } : null,
    seller: user.sellerId
      ? { id: user.sellerId, status: (sellerStatus ?? 'pending') as SellerStatus, grants: (sellerGrants ?? []).filter(isGrant) }
      : null,
    mustChangePassword: user.mustChangePassword,
  };
}

export function toUserRow(user: typeof users.$inferSelect): UserRow {
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
