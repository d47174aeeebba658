/**
 * PostgreSQL databases for the tests (only when DATABASE_URL is set). The global setup prepares one
 * migrated template per run; every test file clones it into a database of its own and drops it at the
 * end, so files never share state and run in parallel.
 */
import crypto from 'node:crypto';
import pg from 'pg';

/** What the global setup hands to the test files (`inject('testDatabase')`). */
export interface TestDatabaseInfo {
  /** The DATABASE_URL of the run: the maintenance connection used for CREATE/DROP DATABASE. */
  adminUrl: string;
  /** The migrated template (pg-boss schema and demo data included). */
  template: string;
  /** Prefix of every database this run creates. */
  prefix: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo | null;
  }
}

/** All databases the test runs create start with this, followed by the run's start time. */
export const TEST_DB_MARK = 'vt';

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The same URL pointing at another database. */
export function urlForDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

export function baseDatabaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return (name || 'postgres').replace(/[^a-z0-9_]/gi, '_').toLowerCase().slice(0, 20);
}

export const randomSuffix = () => crypto.randomBytes(4).toString('hex');

export async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE … TEMPLATE …, retried while another session briefly holds the template. */
export async function createDatabaseFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  await withAdmin(adminUrl, async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        return;
      } catch (err) {
        // 55006: source database "…" is being accessed by other users
        if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  });
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}
