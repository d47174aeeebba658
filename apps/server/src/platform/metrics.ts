/**
 * GET /api/metrics: Prometheus text format with prom-client, one registry per app (never the
 * library's global one: the tests build several apps in one process).
 *
 * - Only when METRICS_TOKEN is set; unset, nothing is measured and the route does not exist (404 like any
 *   unknown address). The token comes as `Authorization: Bearer …` (Prometheus' `authorization` or
 *   `bearer_token` settings) and is compared in constant time; anything else answers 401.
 * - HTTP: `http_requests_total` and `http_request_duration_seconds` by method, route PATTERN (never the raw
 *   URL: `/api/units/:id`; an address no route matched is `unmatched`) and status class (`2xx`…). A hijacked
 *   reply (the SSE stream) is counted by `sse_connections` instead.
 * - Database: `db_pool_*` of the app's pool and pg-boss's (label `pool`), `database_up` (the job counts' query
 *   answered, at most METRICS_QUERY_TIMEOUT_MS).
 * - Jobs: `job_queue_jobs{queue,state}` (created, retry, active, failed: read from pgboss.job at each scrape)
 *   and `job_queue_processed_total{queue,outcome}` (this process's attempts, completed or failed).
 * - `sse_connections`: open event streams of this process. Default process metrics (CPU, memory, event loop, GC).
 */
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { notificationsRoutes } from '@edu/shared/notifications';
import type { Deps } from './deps';
import { tallyNow, tallyStatements } from './db';
import { unauthorized } from './errors';

export const METRICS_PATH = '/api/metrics';
/** The job counts' query at each scrape gives up after this long (the metrics still answer, with database_up 0). */
export const METRICS_QUERY_TIMEOUT_MS = 1000;

const EVENTS_ROUTE = `/api${notificationsRoutes.events.path}`;
const statusClass = (code: number) => `${Math.floor(code / 100)}xx`;

export interface Metrics {
  registry: Registry;
  /** Reads what each scrape asks the database (the job counts), within METRICS_QUERY_TIMEOUT_MS. */
  refresh(): Promise<void>;
  /** One answered request. */
  observe(labels: { method: string; route: string; status: string }, seconds: number): void;
  sseOpened(): void;
  sseClosed(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when METRICS_TOKEN is: the app's metrics (platform/metrics.ts). */
    metrics: Metrics | null;
  }
}

function sameToken(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so timingSafeEqual reveals neither the token nor its length.
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function createMetrics(deps: Deps): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const poolGauge = (name: string, help: string, pick: (s: NonNullable<ReturnType<Deps['database']['poolStats']>>) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['pool'],
      registers,
      collect() {
        this.reset();
        const app = deps.database.poolStats();
        const jobs = deps.jobs.poolStats();
        if (app) this.set({ pool: 'app' }, pick(app));
        if (jobs) this.set({ pool: 'jobs' }, pick(jobs));
      },
    });
  poolGauge('db_pool_connections', 'Open connections of the PostgreSQL pool.', (s) => s.total);
  poolGauge('db_pool_idle_connections', 'Idle connections of the PostgreSQL pool.', (s) => s.idle);
  poolGauge('db_pool_waiting_requests', 'Queries waiting for a connection of the PostgreSQL pool.', (s) => s.waiting);
  poolGauge('db_pool_max_connections', 'Most connections the PostgreSQL pool opens.', (s) => s.max);

  const databaseUp = new Gauge({ name: 'database_up', help: '1 when the database answered the last scrape, else 0.', registers });
  const jobsNow = new Gauge({ name: 'job_queue_jobs', help: 'Jobs per queue and state (created, retry, active, failed).', labelNames: ['queue', 'state'], registers });
  const processed = new Counter({
    name: 'job_queue_processed_total',
    help: 'Job attempts run by this process, per queue and outcome (completed, failed).',
    labelNames: ['queue', 'outcome'],
    registers,
    collect() {
      this.reset();
      for (const o of deps.jobs.outcomes()) {
        if (o.completed) this.inc({ queue: o.queue, outcome: 'completed' }, o.completed);
        if (o.failed) this.inc({ queue: o.queue, outcome: 'failed' }, o.failed);
      }
    },
  });
  void processed;

  const sse = new Gauge({ name: 'sse_connections', help: 'Open Server-Sent Events streams (GET /api/events) of this process.', registers });
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status class.', labelNames: ['method', 'route', 'status'], registers });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });

  // Read before each scrape (async, with a time-out): the job counts, and whether the database answered them.
  const refresh = async () => {
    try {
      const rows = await withTimeout(deps.jobs.counts(), METRICS_QUERY_TIMEOUT_MS);
      jobsNow.reset();
      for (const r of rows) jobsNow.set({ queue: r.queue, state: r.state }, r.count);
      databaseUp.set(1);
    } catch {
      databaseUp.set(0);
    }
  };

  return {
    registry,
    refresh,
    observe(labels, seconds) {
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    sseOpened: () => sse.inc(),
    sseClosed: () => sse.dec(),
  };
}

/** The HTTP hook and GET /api/metrics; nothing when METRICS_TOKEN is unset. Register before the modules. */
export function registerMetrics(app: FastifyInstance, deps: Deps) {
  const token = deps.config.METRICS_TOKEN.trim();
  app.decorate('metrics', null);
  if (!token) return;
  const metrics = createMetrics(deps);
  app.metrics = metrics;

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    // An event stream ends when its user leaves: its "duration" says nothing of the server (sse_connections does).
    if (route === EVENTS_ROUTE) return;
    metrics.observe({ method: request.method, route, status: statusClass(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  app.get(METRICS_PATH, { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!sameToken(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized();
    }
    await metrics.refresh();
    reply.header('cache-control', 'no-store').type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}

/**
 * With SERVER_TIMING on, every answer says how long its database statements took and how many there were
 * (`Server-Timing: db;dur=3.1;desc="1"`, PostgreSQL): the bench reads it, and so do a browser's developer tools.
 * Off by default: the timing of a sign-in or a lookup is not something to hand every client.
 */
export function registerServerTiming(app: FastifyInstance, enabled: boolean) {
  if (!enabled) return;
  app.addHook('onRequest', (_request, _reply, done) => tallyStatements(done));
  app.addHook('onSend', async (_request, reply) => {
    const tally = tallyNow();
    if (tally) reply.header('server-timing', `db;dur=${tally.ms.toFixed(2)};desc="${tally.n}"`);
  });
}

