/** Sessions: random bearer tokens stored hashed, with expiry; revoked at sign-out and password change. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LIMITS } from '@edu/shared/limits';
import type { UserStatus, UserType } from '@edu/shared/access';
import type { Database, Db, Executor } from './db';
import { cachesOf } from './caches';
import { randomToken, sha256 } from './security';
import { providers, sessions, users } from '../db/schema';

export interface AuthUser {
  id: number;
  name: string;
  email: string;
  /** Effective type: a provider flagged as service provider signs in as serviceProvider (spec 1 §3). */
  type: UserType;
  status: UserStatus;
  providerId: number | null;
  sellerId: number | null;
  mustChangePassword: boolean;
}

export interface AuthContext {
  user: AuthUser;
  sessionId: number;
}

export async function createSession(tx: Executor, userId: number): Promise<string> {
  const token = randomToken();
  await tx.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + LIMITS.sessionMs) });
  return token;
}

/**
 * The session lookup runs before every signed-in request: a named prepared statement per database handle, so
 * PostgreSQL plans it once per connection (a generic plan) instead of on every request (~0.5 ms of planning).
 */
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

function prepareSessionLookup(db: Db) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      status: users.status,
      providerId: users.providerId,
      sellerId: users.sellerId,
      mustChangePassword: users.mustChangePassword,
      isServiceProvider: providers.isServiceProvider,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(providers, eq(providers.id, users.providerId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('hash')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('find_session');
}

/** How long a session check is answered from memory; any change to it drops it sooner, on every instance (caches.ts). */
export const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_MAX = 20_000;

interface CachedSession {
  auth: AuthContext;
  until: number;
}

interface SessionCache {
  entries: Map<string, CachedSession>;
  /** Users whose sessions this process changed a moment ago: their checks read the database until the hold ends. */
  holds: Map<number, number>;
}

/** How long a user's session checks skip the cache after this process revoked one of the user's sessions. */
const HOLD_MS = 2_000;
const sessionCaches = new WeakMap<Database, SessionCache>();
/** Every session cache of the process (one per database: the tests run several apps in one process). */
const everySessionCache = new Set<WeakRef<SessionCache>>();

function sessionCacheOf(database: Database): SessionCache {
  let cache = sessionCaches.get(database);
  if (cache) return cache;
  const created: SessionCache = { entries: new Map(), holds: new Map() };
  const { entries } = created;
  cachesOf(database).subscribe((topic) => {
    // Everything may have been missed, or a whole table changed (a TRUNCATE names no row).
    if (topic === null || topic === 'sessions' || topic === 'users' || topic === 'providers') return entries.clear();
    const [kind, id] = topic.split(':');
    if (kind !== 'user' && kind !== 'provider') return;
    const key = kind === 'user' ? 'id' : 'providerId';
    for (const [hash, entry] of entries) if (String(entry.auth.user[key]) === id) entries.delete(hash);
  });
  sessionCaches.set(database, (cache = created));
  everySessionCache.add(new WeakRef(created));
  return cache;
}

/**
 * This process just changed `userId`'s sessions (in a transaction that may not have committed yet): drop them from
 * its caches now and keep them out for a moment, so its own next request reads the database whatever the timing of
 * the database's notice. Dropping too much is harmless; other instances drop them when the notice reaches them.
 */
function holdSessionsOf(userId: number) {
  const until = Date.now() + HOLD_MS;
  for (const ref of everySessionCache) {
    const cache = ref.deref();
    if (!cache) {
      everySessionCache.delete(ref);
      continue;
    }
    for (const [held, end] of cache.holds) if (end <= until - HOLD_MS) cache.holds.delete(held);
    cache.holds.set(userId, until);
    for (const [hash, entry] of cache.entries) if (entry.auth.user.id === userId) cache.entries.delete(hash);
  }
}

/**
 * The session of a bearer token, or null. Answered from this process's memory for up to SESSION_CACHE_MS while the
 * change notices reach it: a sign-out, a password change or a status change on any instance drops it at once.
 */
export async function findSession(deps: { database: Database; db: Db }, token: string): Promise<AuthContext | null> {
  const hash = sha256(token);
  const caches = cachesOf(deps.database);
  const cache = sessionCacheOf(deps.database);
  const now = Date.now();
  if (caches.live) {
    const hit = cache.entries.get(hash);
    if (hit && hit.until > now) return hit.auth;
    if (hit) cache.entries.delete(hash);
  }
  const generation = caches.generation;
  let lookup = sessionLookups.get(deps.db);
  if (!lookup) sessionLookups.set(deps.db, (lookup = prepareSessionLookup(deps.db)));
  const [row] = await lookup.execute({ hash });
  if (!row) return null;
  const { sessionId, expiresAt, isServiceProvider, ...user } = row;
  // Frozen: one cached object answers many requests, so none may change it.
  const auth: AuthContext = Object.freeze({
    sessionId,
    user: Object.freeze({ ...user, type: effectiveType(user.type as UserType, isServiceProvider), status: user.status as UserStatus }),
  });
  // Stored only if no notice came while it was read (it could be the revocation of this very session).
  const held = cache.holds.get(auth.user.id);
  if (held !== undefined && held <= now) cache.holds.delete(auth.user.id);
  if (caches.live && caches.generation === generation && !(held !== undefined && held > now)) {
    if (cache.entries.size >= SESSION_CACHE_MAX) cache.entries.delete(cache.entries.keys().next().value!);
    cache.entries.set(hash, { auth, until: Math.min(now + SESSION_CACHE_MS, new Date(expiresAt).getTime()) });
  }
  return auth;
}

/**
 * Resolves once every instance can have heard that `userId`'s sessions changed (caches.ts `heard`): start it before the
 * transaction that revokes them, await it after the commit, then answer.
 */
export function sessionsEnded(database: Database, userId: number): Promise<void> {
  holdSessionsOf(userId);
  return cachesOf(database).heard(`user:${userId}`);
}

/** What the session check reads of a user changed in this process (its name, type, institution…): see holdSessionsOf. */
export const sessionUserChanged = (userId: number) => holdSessionsOf(userId);

export function effectiveType(type: UserType, isServiceProvider: boolean | null | undefined): UserType {
  return type === 'provider' && isServiceProvider ? 'serviceProvider' : type;
}

export async function revokeSession(tx: Executor, sessionId: number) {
  const [revoked] = await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  if (revoked) holdSessionsOf(revoked.userId);
}

/** Revoke every session of a user, optionally keeping one. */
export async function revokeUserSessions(tx: Executor, userId: number, keepSessionId?: number) {
  holdSessionsOf(userId);
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}
