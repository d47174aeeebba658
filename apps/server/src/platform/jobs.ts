/** Background jobs with pg-boss on the same database (PGlite through its SQL executor). */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { txSql, type Database, type Executor, type PoolStats } from './db';
import { isDatabaseUnavailable } from './pg-errors';

/**
 * mail: the e-mail outbox; unit-events: the domain events' after-commit handlers (platform/domain-events.ts; the queue keeps its first name);
 * unit-packages: building a unit version's zip (modules/delivery/packages.service.ts);
 * curriculum-imports: 'Importar Curso' (modules/courses/course-import.ts).
 */
export const QUEUES = { mail: 'mail', domainEvents: 'unit-events', unitPackages: 'unit-packages', curriculumImports: 'curriculum-imports', ltiScores: 'lti-scores' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface Jobs {
  /** Enqueue inside the caller's transaction, so the job exists only if the change commits. */
  send(tx: Executor, queue: QueueName, data: object): Promise<void>;
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  /** The jobs per queue and state now (created, retry, active, failed), read from the database (metrics). */
  counts(): Promise<{ queue: string; state: string; count: number }[]>;
  /** Jobs this process ran since it started, per queue: completed and failed attempts (metrics). */
  outcomes(): { queue: string; completed: number; failed: number }[];
  /** pg-boss's own pool (PostgreSQL only). */
  poolStats(): PoolStats | null;
  stop(): Promise<void>;
}

/** The job queue's pool: pg-boss polls and writes little; the jobs' own queries use the app's pool. */
const BOSS_POOL_MAX = 10;

export interface JobOptions {
  pollingSeconds?: number;
  /** First retry after this many seconds, then doubling (MAIL_RETRY_DELAY_SECONDS); 5 retries. */
  retryDelaySeconds?: number;
}

export async function startJobs(database: Database, log: FastifyBaseLogger, opts: JobOptions = {}): Promise<Jobs> {
  const retry = { retryLimit: 5, retryDelay: opts.retryDelaySeconds ?? 5, retryBackoff: true };
  const connection = database.bossConnection;
  const bossMax = 'db' in connection ? undefined : Math.min(connection.max ?? BOSS_POOL_MAX, BOSS_POOL_MAX);
  const boss = new PgBoss({
    ...(connection as PgBoss.ConstructorOptions),
    ...(bossMax ? { max: bossMax } : {}),
    schema: 'pgboss',
    // Maintenance and cron are cheap but unnecessary for the queues we have.
    schedule: false,
  });
  // While the database is away every worker's poll fails each second: one line per 30 s says so (the
  // workers go on polling and resume by themselves); any other error is logged each time.
  let quietUntil = 0;
  let quieted = 0;
  boss.on('error', (err) => {
    if (isDatabaseUnavailable(err)) {
      if (Date.now() < quietUntil) return void quieted++;
      quietUntil = Date.now() + 30_000;
      log.error({ err: { message: err.message, code: (err as { code?: string }).code }, repeated: quieted }, 'job queue: database unavailable');
      quieted = 0;
      return;
    }
    log.error({ err }, 'job queue error');
  });
  const outcomes = new Map<string, { completed: number; failed: number }>();
  const outcome = (queue: string) => {
    let o = outcomes.get(queue);
    if (!o) outcomes.set(queue, (o = { completed: 0, failed: 0 }));
    return o;
  };
  await boss.start();
  // As for the app's pool (db.ts): a checked-out connection that dies must not take the process with it.
  (boss.getDb() as unknown as { pool?: { on(event: 'connect', fn: (client: { on(e: 'error', fn: () => void): void }) => void): void } }).pool?.on('connect', (client) =>
    client.on('error', () => undefined),
  );
  for (const name of Object.values(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...retry });
  }
  return {
    async send(tx, queue, data) {
      // The retry policy travels with each job, so a changed setting applies to a queue created earlier.
      await boss.send(queue, data, { ...retry, db: txSql(tx) as PgBoss.Db });
    },
    async work(queue, handler) {
      // One job at a time (a failure retries that job alone); after a job the worker is woken to fetch the next at once,
      // so a backlog drains at the handler's speed instead of one job per polling interval.
      const worker = { id: '' };
      worker.id = await boss.work(queue, { pollingIntervalSeconds: opts.pollingSeconds ?? 1, batchSize: 1 }, async (jobs) => {
        if (jobs.length && worker.id) boss.notifyWorker(worker.id);
        for (const job of jobs) {
          try {
            await handler(job.data as never);
          } catch (err) {
            outcome(queue).failed++;
            throw err;
          }
          outcome(queue).completed++;
        }
      });
    },
    async ping() {
      await boss.getQueue(QUEUES.mail);
    },
    async counts() {
      // Waiting and running jobs (job_i5 covers the states before active); failed ones stay until pg-boss archives them.
      const { rows } = await database.sql.executeSql(
        `select name as queue, state::text as state, count(*)::int as count from pgboss.job
          where state in ('created', 'retry', 'active', 'failed') group by name, state`,
      );
      return rows as { queue: string; state: string; count: number }[];
    },
    outcomes: () => [...outcomes].map(([queue, o]) => ({ queue, ...o })),
    poolStats() {
      if (!bossMax) return null;
      const pool = (boss.getDb() as unknown as { pool?: { totalCount: number; idleCount: number; waitingCount: number } }).pool;
      return pool ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: bossMax } : null;
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
    },
  };
}
