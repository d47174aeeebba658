/**
 * The database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise embedded PGlite in
 * DATA_DIR/pglite. Both are driven by Drizzle with the same schema and the same migrations.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { EmbeddedDatabaseError, PGLITE_EXTENSIONS, upgradeEmbedded } from './pglite-folder';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from '../db/schema';
import { listenPostgres, type PgListenOptions } from './pg-listen';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs Drizzle queries: the database or a transaction. */
export type Executor = Db | Tx;

/** A plain SQL executor (text with $1 placeholders), used by pg-boss. */
/** The rows of a query result, whatever the driver (node-postgres answers { rows }, PGlite too). */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);

export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The PostgreSQL pool's limits (config: DATABASE_POOL_MAX, DATABASE_*_TIMEOUT_MS); unset: node-postgres' defaults, no statement time-out. */
export interface PoolSettings {
  max?: number;
  /** Waiting for a connection: a free one of the pool or a new one (pg-pool's connectionTimeoutMillis covers both). */
  connectTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** PostgreSQL's statement_timeout, sent when each connection starts; 0 or unset: none. */
  statementTimeoutMs?: number;
  /** Send every statement as a named prepared statement (default true; off behind a pooler that cannot keep them). */
  prepare?: boolean;
}

/**
 * Statements counted and timed per unit of work (a request in the tests' query-count guards, a request's
 * Server-Timing): the store of the async context the statement was sent from. `ms` adds up each statement's round trip
 * (PostgreSQL only; statements sent together each count their own).
 */
export interface StatementTally {
  n: number;
  ms: number;
}
const statementTally = new AsyncLocalStorage<StatementTally>();

/** Runs `fn` and answers its result with the number of statements it sent to PostgreSQL (transaction control aside). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const tally = { n: 0, ms: 0 };
  // Awaited inside the context: a lazy thenable (a Drizzle query, an inject chain) starts only when awaited.
  const result = await statementTally.run(tally, async () => await fn());
  return { result, statements: tally.n };
}

/**
 * Calls `next` with statements tallied for what it runs (a request, from its first hook), unless an outer tally is
 * already counting (a test's `countStatements`). `tallyNow` reads it later in the same work.
 */
export function tallyStatements(next: () => void): void {
  if (statementTally.getStore()) next();
  else statementTally.run({ n: 0, ms: 0 }, next);
}
export const tallyNow = (): StatementTally | undefined => statementTally.getStore();

/** Transaction control, sent as it is: neither counted nor prepared. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release|set|select pg_advisory)/i;
/**
 * Distinct statement texts given a name per process; past this a new text runs unnamed (parsed and planned each time).
 * Each name may be prepared on every pooled connection, and PostgreSQL keeps its plan there: this bounds that memory.
 */
const MAX_NAMED = 1000;
/** A statement with more parameters than this (a long `in (…)` list: its text changes with the list) runs unnamed. */
const MAX_NAMED_PARAMS = 64;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; [key: string]: unknown };
const isStatement = (config: unknown): config is QueryConfig & { text: string } =>
  !!config && typeof config === 'object' && typeof (config as QueryConfig).text === 'string' && !CONTROL.test((config as { text: string }).text);

/**
 * The pool's connection: each statement Drizzle sends goes as a named prepared statement, parsed and planned once per
 * connection (PostgreSQL then reuses a generic plan where it is as good), and is counted in the caller's
 * `countStatements`. A statement's name is a hash of its text, so the same list shape is the same statement on every
 * connection and instance.
 */
function preparingClient(prepare: boolean) {
  return class PreparingClient extends pg.Client {
    // node-postgres' query() has many overloads; this one forwards them all.
    query(config: unknown, values?: unknown, callback?: unknown): never {
      const tally = isStatement(config) ? statementTally.getStore() : undefined;
      if (isStatement(config)) {
        if (tally) tally.n++;
        if (prepare && !config.name && !(Array.isArray(values) && values.length > MAX_NAMED_PARAMS)) {
          const name = nameOf(config.text);
          if (name) config = { ...config, name };
        }
      }
      if (!tally) return (super.query as (...args: unknown[]) => never)(config, values, callback);
      // Timed to its answer: the pool's query (Drizzle's way) passes a callback, a client's answers a promise.
      const started = performance.now();
      const timed =
        (fn: unknown) =>
        (...args: unknown[]) => {
          tally.ms += performance.now() - started;
          return (fn as (...a: unknown[]) => unknown)(...args);
        };
      if (typeof callback === 'function') callback = timed(callback);
      else if (typeof values === 'function') values = timed(values);
      const sent = (super.query as (...args: unknown[]) => never)(config, values, callback);
      if (typeof callback !== 'function' && typeof values !== 'function' && sent && typeof (sent as Promise<unknown>).then === 'function') {
        const done = timed(() => undefined);
        (sent as Promise<unknown>).then(done, done);
      }
      return sent;
    }
  };
}

/** node-postgres options of a pool (the app's and pg-boss's) with these settings. */
export function poolOptions(url: string, settings: PoolSettings = {}): pg.PoolConfig {
  return {
    connectionString: url,
    max: settings.max ?? 10,
    ...(settings.connectTimeoutMs ? { connectionTimeoutMillis: settings.connectTimeoutMs } : {}),
    ...(settings.idleTimeoutMs ? { idleTimeoutMillis: settings.idleTimeoutMs } : {}),
    ...(settings.statementTimeoutMs ? { statement_timeout: settings.statementTimeoutMs } : {}),
    // A peer that vanished without closing (a failover, a cut network) is noticed by TCP, not only at the next query.
    keepAlive: true,
    Client: preparingClient(settings.prepare ?? true),
  };
}

/** The pool's connections now (PostgreSQL only): open, idle, and requests waiting for one. */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  sql: SqlExecutor;
  /** pg-boss options to use the same database. */
  bossConnection: pg.PoolConfig | { db: SqlExecutor };
  /** The pool's connections (null on PGlite: one connection in the process). */
  poolStats(): PoolStats | null;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** LISTEN on a channel (NOTIFY is delivered on commit); answers the function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void, opts?: PgListenOptions): Promise<() => Promise<void>>;
}

export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, '../db/migrations'), path.join(here, 'db/migrations')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta/_journal.json')));
  if (!found) throw new Error(`migrations folder not found near ${here}`);
  return found;
}

/** The raw client inside a Drizzle transaction (pg PoolClient or PGlite Transaction): both have `query`. */
export function txSql(tx: Executor): SqlExecutor {
  const client = (tx as unknown as { session: { client: { query(t: string, v?: unknown[]): Promise<{ rows: unknown[] }> } } }).session.client;
  return { executeSql: (text, values) => client.query(text, values ?? []) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * The embedded database is one process's: PGlite has no server, and two processes on one folder would each write it
 * as if alone. A lock file (`DATA_DIR/pglite.lock`, the owner's pid) makes a second process refuse to start; a lock
 * left by a process that died is taken over. Answers the release.
 */
export function lockEmbedded(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new EmbeddedDatabaseError(
          `Outro processo (pid ${owner}) já usa o banco embutido em ${dataDir}: encerre-o antes, ou use outro DATA_DIR. ` +
            `Se nenhum processo o usa, apague ${file}.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new EmbeddedDatabaseError(`Não foi possível criar ${file}.`);
}

/** The embedded database's folder in DATA_DIR. */
export const embeddedDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** The advisory-lock key the migrations are applied under (any constant: 'saber-migrations' as a number). */
const MIGRATION_LOCK = 0x5ab3_2026;

/** Runs the migrations on a connection of their own: without the app's statement time-out (an index on a big table takes long). */
async function migratePostgres(url: string, connectTimeoutMs: number | undefined) {
  const client = new pg.Client({ connectionString: url, ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}) });
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Several processes may start at once: one migrates, the others wait here and then find nothing to do.
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrationsDir() });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Opens (and migrates) the database: PostgreSQL at `url`, else PGlite in `dataDir` (a folder written by PGlite 0.3 is
 * converted first: platform/pglite-folder.ts; `log` says so) or in memory.
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean; pool?: PoolSettings; log?: (line: string) => void }): Promise<Database> {
  if (opts.url) {
    const url = opts.url;
    await migratePostgres(url, opts.pool?.connectTimeoutMs);
    const options = poolOptions(url, opts.pool);
    const pool = new pg.Pool(options);
    // An idle client can lose its connection (server restart, failover, terminated backend): the pool
    // drops it and opens a new one at the next query; the error must not crash the process. During an
    // outage every idle client reports it at once: one line per second at most.
    let reported = 0;
    pool.on('error', (err) => {
      if (Date.now() - reported < 1000) return;
      reported = Date.now();
      console.error('database pool: idle client error', err.message);
    });
    // A connection that dies while checked out (a transaction between two queries when the server stops) makes its
    // client emit 'error' with no pool listener attached: without one of its own that would end the process. The
    // running query still fails, and the pool drops the client when it is released (it is no longer queryable).
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      sql: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
      bossConnection: options,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.max ?? 10 }),
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      listen: (channel, onPayload, listenOpts) =>
        listenPostgres(url, channel, onPayload, { connectTimeoutMs: opts.pool?.connectTimeoutMs, ...listenOpts }),
    };
  }
  let dir: string | undefined;
  let unlock = () => undefined as void;
  if (!opts.memory && opts.dataDir) {
    dir = embeddedDir(opts.dataDir);
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockEmbedded(opts.dataDir);
    try {
      await upgradeEmbedded(dir, { log: opts.log ?? ((line) => process.stderr.write(`${line}\n`)) });
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), extensions: PGLITE_EXTENSIONS });
  await client.waitReady;
  const drz = drizzlePglite(client, { schema });
  await migratePglite(drz, { migrationsFolder: migrationsDir() });
  const executeSql: SqlExecutor['executeSql'] = async (text, values) => {
    if (values && values.length > 0) return client.query(text, values);
    const results = await client.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
  return {
    kind: 'pglite',
    db: drz as unknown as Db,
    sql: { executeSql },
    bossConnection: { db: { executeSql } },
    poolStats: () => null,
    ping: async () => void (await client.query('select 1')),
    close: async () => {
      await client.close();
      unlock();
    },
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}
