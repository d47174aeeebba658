/**
 * The database: PostgreSQL through `pg` when DATABASE_URL is set, otherwise embedded PGlite in
 * DATA_DIR/pglite. Both are driven by Drizzle with the same schema and the same migrations.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  kind: 'postgres' | 'pglite';
  db: Db;
  sql: SqlExecutor;
  /** pg-boss options to use the same database. */
  bossConnection: { connectionString: string } | { db: SqlExecutor };
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

export async function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // An idle client can lose its connection (server restart, failover, terminated backend): the pool
    // replaces it; the error must not crash the process.
    pool.on('error', (err) => console.error('database pool: idle client error', err.message));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder: migrationsDir() });
    return {
      kind: 'postgres',
      db,
      sql: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
      bossConnection: { connectionString: opts.url },
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
      listen: (channel, onPayload, listenOpts) => listenPostgres(opts.url!, channel, onPayload, listenOpts),
    };
  }
  let dir: string | undefined;
  if (!opts.memory && opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // pg_trgm: the trigram index of the accent-free title search (migration 0007 creates the extension).
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } });
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
    ping: async () => void (await client.query('select 1')),
    close: () => client.close(),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
  };
}
