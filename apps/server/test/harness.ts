/**
 * Test harness: the real app (buildApp) on a database of its own, with demo data, driven through
 * `app.inject()`.
 *
 * - DATABASE_URL set: a fresh PostgreSQL database cloned from the run's template (global-setup.ts),
 *   dropped by close().
 * - DATABASE_URL unset: PGlite in memory.
 *
 * Every app has its own temporary DATA_DIR (uploads) and the logger off. Building one costs a database
 * and a pg-boss start, and signing in costs an argon2 verification: create one app per test file
 * (beforeAll/afterAll) and reuse tokens within the file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, createDeps, loadConfig } from '../src/app';
import { DEMO_PASSWORD, demoEmail, seedDemo } from '../src/demo/seed';
import type { Deps } from '../src/platform/deps';
import { emails } from '../src/platform/platform.tables';
import { countStatements } from '../src/platform/db';
import { createDatabaseFromTemplate, dropDatabase, randomSuffix, urlForDatabase } from './test-database';

export { DEMO_PASSWORD, demoEmail };

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  /** Close the app, stop jobs, close and (PostgreSQL) drop the database, remove DATA_DIR. */
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. RATE_LIMIT_SIGNIN). */
  env?: Record<string, string>;
  /** Load the demo accounts (default true). */
  demo?: boolean;
  /** Fastify's logger (default off): a test of what the server logs passes `{ level, stream }`. */
  logger?: false | object;
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-test-'));
  const info = inject('testDatabase');
  let database: string | null = null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    // No web build: the tests must not depend on whether apps/web/dist exists.
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...opts.env,
  };
  if (info) {
    database = `${info.prefix}_${randomSuffix()}`;
    await createDatabaseFromTemplate(info.adminUrl, database, info.template);
    env.DATABASE_URL = urlForDatabase(info.adminUrl, database);
  } else {
    delete env.DATABASE_URL;
  }
  const log = pino({ level: 'silent' });
  let deps: Deps | undefined;
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await deps?.jobs.stop();
    await deps?.database.close();
    if (info && database) await dropDatabase(info.adminUrl, database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const config = loadConfig(env);
    deps = await createDeps(config, log, { memory: !info });
    if (opts.demo !== false) await seedDemo(deps.db);
    app = await buildApp(deps, { logger: opts.logger ?? false });
    await app.ready();
    return { app, deps, close };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });

/** Sign in with e-mail and password; answers the raw response. */
export function postSignin(app: FastifyInstance, email: string, password: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/signin', payload: { email, password }, headers });
}

/** Sign in a demo account by the local part of its e-mail ('admin', 'seller.assistente', …); answers the token. */
export async function signIn(app: FastifyInstance, local: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await postSignin(app, local.includes('@') ? local : demoEmail(local), password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${local} failed: ${res.statusCode} ${res.body}`);
  return res.json<{ token: string }>().token;
}

/** The newest e-mail sent to `address` (from the outbox table), or undefined. */
export async function lastEmailTo(deps: Deps, address: string) {
  const [row] = await deps.db.select().from(emails).where(eq(emails.to, address)).orderBy(desc(emails.id)).limit(1);
  return row;
}

export async function emailsTo(deps: Deps, address: string) {
  return deps.db.select().from(emails).where(eq(emails.to, address)).orderBy(desc(emails.id));
}

/** The first http(s) link in an e-mail's text, parsed. */
export function linkIn(mail: { text: string } | undefined): URL {
  const match = mail?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in e-mail: ${mail?.text}`);
  return new URL(match[0]);
}

/** A real 1×1 PNG. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart/form-data body with one file. */
export function multipartFile(
  data: Buffer,
  opts: { field?: string; filename?: string; contentType?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----edu-test-${randomSuffix()}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${opts.field ?? 'images'}"; filename="${opts.filename ?? 'image.png'}"\r\n` +
    `Content-Type: ${opts.contentType ?? 'image/png'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Shorthand for a request with an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; payload?: InjectOptions['payload']; headers?: Record<string, string>; query?: InjectOptions['query'] } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    payload: opts.payload,
    query: opts.query,
    headers: { ...(opts.token ? authHeader(opts.token) : {}), ...opts.headers },
  });
}

export interface TestInstance {
  app: FastifyInstance;
  deps: Deps;
  /** http://127.0.0.1:port — a real listener. */
  url: string;
}

export interface TestCluster {
  instances: TestInstance[];
  /** The DATA_DIR every instance shares (its uploads folder: the local storage until files go to a bucket). */
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Several server instances on ONE PostgreSQL database (DATABASE_URL required): each a whole app of its own (createDeps:
 * its own pool, pg-boss, LISTEN connection and rate-limit store; buildApp) listening on a loopback port. They share
 * DATA_DIR as the instances of `npm run cluster` do. TRUST_PROXY=loopback, as behind the cluster's proxy.
 */
export async function createTestCluster(count = 2, opts: TestAppOptions = {}): Promise<TestCluster> {
  const info = inject('testDatabase');
  if (!info) throw new Error('createTestCluster needs PostgreSQL (DATABASE_URL)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-cluster-'));
  const database = `${info.prefix}_${randomSuffix()}`;
  await createDatabaseFromTemplate(info.adminUrl, database, info.template);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    TRUST_PROXY: 'loopback',
    DATABASE_URL: urlForDatabase(info.adminUrl, database),
    ...opts.env,
  });
  const instances: TestInstance[] = [];
  const opened: Deps[] = [];
  const close = async () => {
    for (const i of instances) await i.app.close();
    for (const deps of opened) {
      await deps.jobs.stop();
      await deps.database.close();
    }
    await dropDatabase(info.adminUrl, database);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let n = 0; n < count; n++) {
      const deps = await createDeps(config, pino({ level: 'silent' }));
      opened.push(deps);
      if (n === 0 && opts.demo !== false) await seedDemo(deps.db);
      const app = await buildApp(deps, { logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ app, deps, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` });
    }
    return { instances, dataDir, close };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

/**
 * A query-count guard: the statements a GET sends once warm (the second of two calls: the session check and the
 * constant lists are in memory by then). Answers the status of that call too.
 */
export async function statementsOf(app: FastifyInstance, url: string, token?: string): Promise<{ status: number; statements: number }> {
  const headers = token ? authHeader(token) : {};
  const warm = await app.inject({ method: 'GET', url, headers });
  if (warm.statusCode >= 300) throw new Error(`GET ${url} answered ${warm.statusCode} ${warm.body}`);
  const { result, statements } = await countStatements(() => app.inject({ method: 'GET', url, headers }));
  return { status: result.statusCode, statements };
}
