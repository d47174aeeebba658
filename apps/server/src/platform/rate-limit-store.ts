/**
 * The store of @fastify/rate-limit (its `store` option) in the database, so every server process on the same database
 * counts against the same limits (sign-in attempts spread over two instances are limited as one).
 *
 * One row of `rate_limits` (UNLOGGED) per limit and key: a fixed window, as the plugin's own LocalStore counts. Each
 * request is ONE atomic upsert: a new key or a window that has ended starts at 1, otherwise the hits go up by one;
 * it answers the hits and the milliseconds left. Concurrent requests of several processes are serialized by the
 * row's lock, so no hit is lost. Windows that ended more than a minute ago are deleted now and then.
 *
 * A route's counters are kept apart by its method and URL (as the plugin's stores do); a limiter made with
 * `createRateLimit` has no route, and its keys carry their own name (`lti:…`, `lms:…`, `signin-email:…`).
 */
import crypto from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { SqlExecutor } from './db';

/** Keys longer than this (a sign-in key holds the e-mail of the body, read before validation) are stored hashed. */
const KEY_MAX = 200;
/** One upsert in this many also deletes the windows that have ended. */
const SWEEP_EVERY = 500;

const INCR = `insert into rate_limits as r (key, hits, reset_at)
  values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
  on conflict (key) do update set
    hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
    reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
  returning hits, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`;

const SWEEP = `delete from rate_limits where reset_at < now() - interval '1 minute'`;

type RouteInfo = { method?: string | string[]; url?: string };

/**
 * One hit on the counter `key` (a fixed window of `windowMs` that starts with the first hit): the hits of the window
 * so far, this one included, and the milliseconds left. The store's `incr` and the limits a module counts itself
 * (students' new identities, student-auth.ts) go through here.
 */
export async function countHit(sql: SqlExecutor, key: string, windowMs: number): Promise<{ hits: number; ttl: number }> {
  const { rows } = await sql.executeSql(INCR, [key.length <= KEY_MAX ? key : storedKey('', key), Math.max(1, windowMs)]);
  const row = rows[0] as { hits: number; ttl: number };
  if (Math.random() * SWEEP_EVERY < 1) sql.executeSql(SWEEP).catch(() => undefined);
  return { hits: Number(row.hits), ttl: Number(row.ttl) };
}

/** Whether the counter `key` has a window running now (a hit was counted and its window has not ended). */
export async function hasHits(sql: SqlExecutor, key: string): Promise<boolean> {
  const { rows } = await sql.executeSql(`select 1 from rate_limits where key = $1 and reset_at > now()`, [key.length <= KEY_MAX ? key : storedKey('', key)]);
  return rows.length > 0;
}

export function storedKey(prefix: string, key: string): string {
  const full = prefix + key;
  return full.length <= KEY_MAX ? full : `${prefix}sha256:${crypto.createHash('sha256').update(key).digest('hex')}`;
}

/** The store class the plugin instantiates (`new Store(globalOptions)`), bound to `sql`. */
export function pgRateLimitStore(sql: SqlExecutor): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(options: { prefix?: string } = {}) {
      this.prefix = options.prefix ?? '';
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow?: number): void {
      countHit(sql, storedKey(this.prefix, key), Number(timeWindow) || 60_000).then(
        ({ hits, ttl }) => callback(null, { current: hits, ttl }),
        (err: unknown) => callback(err as Error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route's merged options; `routeInfo` is the route (empty for createRateLimit).
      const info = (routeOptions as unknown as { routeInfo?: RouteInfo }).routeInfo ?? {};
      const method = Array.isArray(info.method) ? info.method.join(',') : info.method;
      return new PgRateLimitStore({ prefix: info.url ? `${method ?? ''} ${info.url} ` : this.prefix });
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
