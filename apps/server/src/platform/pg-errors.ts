/** True when a database error is a unique-constraint violation (also when wrapped by Drizzle). */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Socket errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * SQLSTATEs that say the server is not there to answer: class 08 (connection exception), 57P01 admin_shutdown (a
 * fast or immediate stop, a failover), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down,
 * recovering), 53300 too_many_connections.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What node-postgres and pg-pool say when the connection ended, or never came within DATABASE_CONNECT_TIMEOUT_MS. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // …unexpectedly / …due to connection timeout
  'timeout exceeded when trying to connect', // pg-pool: no connection free or opened in time
  'is not queryable', // a client whose connection already failed
  'the database system is', // …starting up / shutting down / in recovery mode, before a SQLSTATE is known
];

/**
 * True when a database error means "the database is unavailable" rather than "this query is wrong": the answer
 * becomes 503 DATABASE_UNAVAILABLE. Looks through Drizzle's wrapper (`cause`) and AggregateError (`errors`: a
 * host name with several addresses). A statement time-out (57014) is not among them: it is this request's fault.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // The texts are node-postgres' own errors, which have no code. A server error's text may quote user input (`invalid
  // input syntax for type integer: "…"`), and so does Drizzle's wrapper (the query and its parameters): for those
  // only the code, or the cause, counts.
  const wrapper = 'query' in err && 'params' in err;
  if (code === undefined && !wrapper && typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** The innermost cause of an error (Drizzle's wrapper quotes the query and its parameters: log its cause instead). */
export function rootCause(err: unknown): { code?: string; message?: string } {
  let e = err as { cause?: unknown; code?: string; message?: string };
  for (let i = 0; i < 5 && e?.cause && typeof e.cause === 'object'; i++) e = e.cause as typeof e;
  return { code: e?.code, message: e?.message };
}

/**
 * SQLSTATEs of a transaction PostgreSQL aborted because another one met it on the same rows: 40P01 deadlock_detected
 * and 40001 serialization_failure. Nothing of it was written; running it again is PostgreSQL's own advice.
 */
const CONFLICT_STATES = new Set(['40P01', '40001']);

/** True when a database error is a deadlock or a serialization failure (also when wrapped by Drizzle). */
export function isConcurrencyFailure(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    if (CONFLICT_STATES.has((e as { code?: string }).code ?? '')) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Attempts of a transaction that another aborted (deadlock, serialization failure) before its error is answered. */
export const CONFLICT_ATTEMPTS = 3;

/**
 * Runs `transaction` again when PostgreSQL aborted it as the victim of a deadlock or a serialization failure, up to
 * CONFLICT_ATTEMPTS in all, after a short random pause (the other transaction finishes meanwhile). The lock orders
 * of the services avoid deadlocks; this is the net for a meeting nobody foresaw, so that it costs a few milliseconds
 * instead of the user's change. Only for work that is all in the transaction (a rolled-back attempt left nothing).
 */
export async function retryConcurrencyFailures<T>(transaction: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (err) {
      if (attempt >= CONFLICT_ATTEMPTS || !isConcurrencyFailure(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}
