/** Single-use expiring tokens (e-mail confirmation, password reset, sign-up logo upload). */
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import type { Executor } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/security';
import { userTokens } from './users.tables';

export type TokenKind = 'confirm_email' | 'reset_password' | 'signup_logo';

export async function issueToken(tx: Executor, userId: number, kind: TokenKind, ttlMs: number): Promise<string> {
  // Only the newest token of a kind is valid.
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.kind, kind), isNull(userTokens.usedAt)));
  const token = randomToken();
  await tx.insert(userTokens).values({ userId, kind, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

export async function findToken(db: Executor, token: string, kind: TokenKind) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, sha256(token)), eq(userTokens.kind, kind)))
    .limit(1);
  return row;
}

/** Check a token and mark it used inside `tx`; throws the pt-BR error when missing, used or expired. */
export async function consumeToken(tx: Executor, token: string, kind: TokenKind, userId?: number): Promise<number> {
  const row = await findToken(tx, token, kind);
  if (!row || row.usedAt || (userId !== undefined && row.userId !== userId)) throw badRequest(MSG.tokenInvalid);
  if (row.expiresAt.getTime() < Date.now()) throw badRequest(MSG.tokenExpired);
  const updated = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.id, row.id), isNull(userTokens.usedAt)))
    .returning({ id: userTokens.id });
  if (updated.length === 0) throw badRequest(MSG.tokenInvalid);
  return row.userId;
}
