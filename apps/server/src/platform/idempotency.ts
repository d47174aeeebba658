/**
 * Idempotency keys (Stripe's model). A route whose contract says `idempotent` accepts an
 * `Idempotency-Key` header; `registerRoute` (http.ts) runs its handler through `runIdempotent`:
 *
 * - The key is looked up first, without a lock. Found (not expired) with the same request hash: the stored status and
 *   body again, with `Idempotent-Replayed: true`, however many replays arrive at once. Found with another hash: 422.
 * - Otherwise ONE transaction per keyed request. It takes a transaction-scoped advisory lock on (principal, route, key)
 *   with `pg_try_advisory_xact_lock` — a second request with the key while the first runs answers 409 at once — and
 *   looks the key up again (the first may have finished meanwhile: then replay or 422 as above). Not found: the
 *   handler runs INSIDE this transaction
 *   (the request's database handle, `requestDb`, hands it to every query and turns the services' own
 *   `db.transaction(…)` into savepoints of it), so the write, its audit rows, its jobs and the key with the answer
 *   commit together or not at all. A crash before the commit leaves nothing; a crash after it leaves the key, and
 *   the client's retry (on any instance) gets the answer it never received.
 * - A failure (any error the handler throws: 4xx refusals, 5xx) rolls everything back, the key included: a retry
 *   with the same key runs again and may succeed. Only a successful answer is final.
 * - Keys belong to the principal: the signed-in user (`user:<id>`) or, on the LMS API, the institution of the key
 *   (`lms:<id>`, set by lms-api.routes.ts); another principal's equal key is another key. A request with no principal
 *   (a public route) ignores the header, as routes without the flag do.
 * - The request hash is SHA-256 of the canonical JSON (keys sorted) of the validated params, query and body; a
 *   multipart upload has no body before its handler reads it, so `readUpload` (uploads.ts) reports the hash of the
 *   file (its bytes, name and field) and its text fields through `uploadRead`, which replays or refuses there.
 * - Keys expire after IDEMPOTENCY_TTL_HOURS: an expired key is treated as absent (and replaced), and each stored key
 *   deletes up to 100 expired ones (`skip locked`), so the table holds about a day of keys without a job.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_TTL_HOURS,
  type RouteContract,
} from '@edu/shared/contract';
import { MSG } from '@edu/shared/messages';
import { rowsOf, type Db, type Tx } from './db';
import { AppError } from './errors';
import { retryConcurrencyFailures } from './pg-errors';
import { idempotencyKeys } from './platform.tables';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who owns idempotency keys on a route without a session (the LMS API: `lms:<institution id>`). */
    idempotencyPrincipal?: string;
  }
}

interface Stored {
  requestHash: string;
  statusCode: number;
  responseBody: string;
}

interface Ambient {
  tx: Tx;
  /** The key's earlier answer (a multipart route decides only once the upload is read). */
  existing: Stored | null;
  /** The request's hash: known before the handler for JSON routes, reported by readUpload for uploads. */
  requestHash: string | null;
}

const ambient = new AsyncLocalStorage<Ambient>();

/**
 * The database handle of the services (`deps.db`): the plain database, except inside a keyed request's handler, where
 * every query runs in that request's transaction and `transaction(…)` opens a savepoint of it. A service's
 * `transaction(…)` that PostgreSQL aborts as a deadlock's or a serialization failure's victim runs again
 * (`retryConcurrencyFailures`; rolling back to the savepoint releases what it locked).
 */
export function requestDb(db: Db): Db {
  return new Proxy(db, {
    get(target, prop) {
      const source = (ambient.getStore()?.tx ?? target) as object;
      if (prop === 'transaction') {
        const open = (source as Db).transaction.bind(source) as (...args: unknown[]) => Promise<unknown>;
        return (...args: unknown[]) => retryConcurrencyFailures(() => open(...args));
      }
      const value = Reflect.get(source, prop, source) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(source) : value;
    },
  });
}

/** The JSON text of a value with object keys sorted, so equal requests hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

const hashOf = (text: string | Buffer) => crypto.createHash('sha256').update(text).digest('hex');

/** Thrown inside the transaction to leave it (nothing written) and answer the stored result. */
class Replay {
  constructor(readonly stored: Stored) {}
}

const reused = () => new AppError(422, 'IDEMPOTENCY_KEY_REUSED', MSG.idempotencyKeyReused);

/**
 * Called by readUpload with what the multipart request carried: decides a keyed upload whose key was already used
 * (replay or 422) and otherwise keeps the hash for the stored key. Outside a keyed request it does nothing.
 */
export function uploadRead(parts: { field: string; filename: string; data: Buffer; fields: Record<string, string> }): void {
  const state = ambient.getStore();
  if (!state) return;
  const hash = hashOf(
    Buffer.concat([Buffer.from(canonicalJson({ field: parts.field, filename: parts.filename, fields: parts.fields, size: parts.data.length })), Buffer.from([0]), parts.data]),
  );
  if (state.existing) {
    if (state.existing.requestHash !== hash) throw reused();
    throw new Replay(state.existing);
  }
  state.requestHash = hash;
}

/** The key of the request, or null when it sent none; 400 when it is not 1–255 printable characters. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return null;
  if (Array.isArray(header) || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', MSG.idempotencyKeyInvalid);
  }
  return header;
}

/**
 * Runs `handler` of an idempotent route: directly when the request has no key (or no principal), otherwise as
 * described at the top of this file. `db` is the plain database (deps.database.db).
 */
export async function runIdempotent<T>(
  db: Db,
  route: RouteContract,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: () => Promise<T>,
): Promise<T> {
  const key = keyOf(request);
  const principal = request.auth ? `user:${request.auth.user.id}` : (request.idempotencyPrincipal ?? null);
  if (key === null || principal === null) return handler();
  const routeName = `${route.method} ${route.path}`;
  const requestHash = route.multipart ? null : hashOf(canonicalJson({ params: request.params, query: request.query, body: request.body }));

  const where = and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.route, routeName), eq(idempotencyKeys.key, key));
  const lookup = async (ex: Db | Tx) => {
    const [found] = await ex
      .select({
        id: idempotencyKeys.id,
        requestHash: idempotencyKeys.requestHash,
        statusCode: idempotencyKeys.statusCode,
        responseBody: idempotencyKeys.responseBody,
        expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
      })
      .from(idempotencyKeys)
      .where(where);
    return found;
  };
  const answer = (stored: Stored): T => {
    void reply.code(stored.statusCode).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
    return JSON.parse(stored.responseBody) as T;
  };

  // A finished key is read first, without any lock: every replay of it answers the stored result, however many arrive
  // at once (a stored key is final: only its expiry removes it). Only a key with no answer yet takes the lock.
  const done = await lookup(db);
  const finished: Stored | null = done && !done.expired ? done : null;
  if (finished && requestHash !== null) {
    if (finished.requestHash !== requestHash) throw reused();
    return answer(finished);
  }

  try {
    return await db.transaction(async (tx) => {
      // A finished multipart key: the handler runs (in this transaction, rolled back) only until readUpload compares.
      let existing: Stored | null = finished;
      if (!existing) {
        const [lock] = rowsOf<{ locked: boolean }>(
          await tx.execute(sql`select pg_try_advisory_xact_lock(hashtextextended(${`idempotency:${principal}:${routeName}:${key}`}, 0)) as locked`),
        );
        if (!lock?.locked) throw new AppError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS', MSG.idempotencyKeyInProgress);
        // Read again under the lock: the first request may have finished between the read above and the lock.
        const found = await lookup(tx);
        if (found?.expired) await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.id, found.id));
        else if (found) existing = found;
        if (existing && requestHash !== null) {
          if (existing.requestHash !== requestHash) throw reused();
          throw new Replay(existing);
        }
      }

      const state: Ambient = { tx, existing, requestHash };
      const result = await ambient.run(state, handler);
      // A multipart handler that answered without reading its upload: nothing of the request was hashed.
      if (state.existing) throw new Replay(state.existing);

      await tx.insert(idempotencyKeys).values({
        principal,
        route: routeName,
        key,
        requestHash: state.requestHash ?? hashOf('no-body'),
        statusCode: reply.statusCode,
        responseBody: JSON.stringify(result ?? null),
        expiresAt: sql`now() + make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
      });
      await tx.execute(sql`
        delete from idempotency_keys where id in (
          select id from idempotency_keys where expires_at <= now() order by expires_at limit 100 for update skip locked
        )`);
      return result;
    });
  } catch (err) {
    if (!(err instanceof Replay)) throw err;
    return answer(err.stored);
  }
}
