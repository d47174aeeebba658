/**
 * LISTEN on PostgreSQL with a dedicated connection (a pooled one would lose its LISTEN when returned
 * to the pool). Reconnects with a short backoff (250 ms doubling to at most RECONNECT_MAX_MS, so it is
 * back within a second of the database); after a reconnection it hands `onResync` the chance
 * to tell its listeners that notifications may have been missed meanwhile. `onError` hears of the lost
 * connection once, not of every failed attempt while the database is away.
 */
import pg from 'pg';

export interface PgListenOptions {
  onResync?: () => void;
  /** The connection is lost (notifications may be missed until `onResync`). */
  onLost?: () => void;
  onError?: (err: unknown) => void;
  /** Give up a connection attempt after this long (a host that does not answer), then try again. */
  connectTimeoutMs?: number;
}

/** The longest pause between two reconnection attempts. */
export const RECONNECT_MAX_MS = 1000;

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  opts: PgListenOptions = {},
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let attempt = 0;

  const open = async (isReconnect: boolean): Promise<void> => {
    const client = new pg.Client({ connectionString: url, keepAlive: true, ...(opts.connectTimeoutMs ? { connectionTimeoutMillis: opts.connectTimeoutMs } : {}) });
    let lost = false;
    const onLost = (err?: unknown) => {
      if (lost) return;
      lost = true;
      if (current === client) opts.onLost?.();
      if (err && attempt === 0) opts.onError?.(err);
      client.removeAllListeners('notification');
      client.end().catch(() => undefined);
      if (current === client) current = null;
      if (stopped) return;
      const delay = Math.min(RECONNECT_MAX_MS, 250 * 2 ** attempt++);
      timer = setTimeout(() => void open(true), delay);
      timer.unref();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload) onPayload(msg.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      onLost(err);
      return;
    }
    if (stopped) {
      lost = true;
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    attempt = 0;
    if (isReconnect) opts.onResync?.();
  };

  await open(false);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    if (client) {
      client.removeAllListeners();
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  };
}
