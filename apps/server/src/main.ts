/** config -> database -> migrations -> app -> listen; graceful shutdown on SIGTERM/SIGINT. */
import pino from 'pino';
import { buildApp, createDeps, loadConfig } from './app';
import { seedDemo } from './demo/seed';
import { unitEvents } from './modules/units/lifecycle';

const config = loadConfig();
const log = pino({ level: config.LOG_LEVEL });
const started = Date.now();
const deps = await createDeps(config, log);
if (config.loadDemoData) await seedDemo(deps.db, log);
const app = await buildApp(deps);
await deps.mailer.startWorker();
await unitEvents(deps).start();
await app.listen({ port: config.PORT, host: config.HOST });
log.info(
  { url: config.PUBLIC_URL, database: deps.database.kind, mail: config.mailMode, startupMs: Date.now() - started },
  'Saber Compartilhado no ar',
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'encerrando');
  const force = setTimeout(() => process.exit(1), 20_000);
  force.unref();
  try {
    await app.close();
    await deps.jobs.stop();
    await deps.database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
