/** Background jobs with pg-boss on the same database (PGlite through its SQL executor). */
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { txSql, type Database, type Executor } from './db';

/**
 * mail: the e-mail outbox; unit-events: the unit lifecycle's domain events (modules/units/lifecycle.ts);
 * unit-packages: building a unit version's zip (modules/curriculum/packages.service.ts);
 * curriculum-imports: 'Importar Curso' (modules/curriculum/course-import.ts).
 */
export const QUEUES = { mail: 'mail', unitEvents: 'unit-events', unitPackages: 'unit-packages', curriculumImports: 'curriculum-imports', ltiScores: 'lti-scores' } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface Jobs {
  /** Enqueue inside the caller's transaction, so the job exists only if the change commits. */
  send(tx: Executor, queue: QueueName, data: object): Promise<void>;
  work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>): Promise<void>;
  ping(): Promise<void>;
  stop(): Promise<void>;
}

export interface JobOptions {
  pollingSeconds?: number;
  /** First retry after this many seconds, then doubling (MAIL_RETRY_DELAY_SECONDS); 5 retries. */
  retryDelaySeconds?: number;
}

export async function startJobs(database: Database, log: FastifyBaseLogger, opts: JobOptions = {}): Promise<Jobs> {
  const retry = { retryLimit: 5, retryDelay: opts.retryDelaySeconds ?? 5, retryBackoff: true };
  const boss = new PgBoss({
    ...database.bossConnection,
    schema: 'pgboss',
    // Maintenance and cron are cheap but unnecessary for the queues we have.
    schedule: false,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...retry });
  }
  return {
    async send(tx, queue, data) {
      // The retry policy travels with each job, so a changed setting applies to a queue created earlier.
      await boss.send(queue, data, { ...retry, db: txSql(tx) as PgBoss.Db });
    },
    async work(queue, handler) {
      await boss.work(queue, { pollingIntervalSeconds: opts.pollingSeconds ?? 1, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async ping() {
      await boss.getQueue(QUEUES.mail);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 10_000 });
    },
  };
}
