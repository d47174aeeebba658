/**
 * THE answers to "who is told" of the marketplace, so that every module tells the same people:
 *
 * - `platformTeam`: the platform team that runs the business (PLATFORM_ADMIN_TYPES: admin, director).
 * - `providerHolders`: a provider's ACCOUNT HOLDERS (type provider, or serviceProvider for a partner); its
 *   editors write units and are not told about rents, payments or services.
 * - `sellerTeam`: every user of an institution.
 * - `sellerHolders`: an institution's ACCOUNT HOLDERS (type seller), who manage its money: its charges, its Pix.
 *
 * Active users only, with the name and e-mail the bell and the e-mail need.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { PLATFORM_ADMIN_TYPES, type UserType } from '@edu/shared/access';
import type { Executor } from '../../platform/db';
import { users } from '../../db/schema';

export interface Recipient {
  id: number;
  name: string;
  email: string;
}

/** The user types that hold a provider's account (catalogue provider or partner). */
export const PROVIDER_HOLDER_TYPES = ['provider', 'serviceProvider'] as const satisfies readonly UserType[];

const activeUsers = (ex: Executor, where: SQL): Promise<Recipient[]> =>
  ex.select({ id: users.id, name: users.name, email: users.email }).from(users).where(and(where, eq(users.status, 'active')));

/** Admins and directors. */
export const platformTeam = (ex: Executor) => activeUsers(ex, inArray(users.type, [...PLATFORM_ADMIN_TYPES]));

/** The account holders of provider `providerId` (not its editors). */
export const providerHolders = (ex: Executor, providerId: number) =>
  activeUsers(ex, and(eq(users.providerId, providerId), inArray(users.type, [...PROVIDER_HOLDER_TYPES]))!);

/** Every user of institution `sellerId`. */
export const sellerTeam = (ex: Executor, sellerId: number) => activeUsers(ex, eq(users.sellerId, sellerId));

/** The user type that holds an institution's account and manages its money (its charges). */
export const SELLER_HOLDER_TYPES = ['seller'] as const satisfies readonly UserType[];

/** The account holders of institution `sellerId` (not its assistants nor content managers). */
export const sellerHolders = (ex: Executor, sellerId: number) =>
  activeUsers(ex, and(eq(users.sellerId, sellerId), inArray(users.type, [...SELLER_HOLDER_TYPES]))!);
