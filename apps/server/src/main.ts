/** config -> database -> migrations -> app -> listen; graceful shutdown (closeGracefully: drain, then jobs, then database) on SIGTERM/SIGINT. */
import pino from 'pino';
import { buildApp, closeGracefully, createDeps } from './app';
import { configOrExit, databaseStartFailure, startupRefusal, startupWarnings } from './config';
import { seedDemo } from './demo/seed';
import { EmbeddedDatabaseError } from './platform/pglite-folder';
import { domainEvents } from './platform/domain-events';
import { unitPackagesService } from './modules/delivery/index';
import { courseImportWorker } from './modules/courses/index';
import { startAccessFolding } from './modules/reports/index';
import { ltiScoresWorker, startLtiCleanup } from './modules/lti/index';
import { importStoredImages } from './modules/units/index';
import { startChargeIssuing, startLateCharges } from './modules/charges/index';

const config = configOrExit();
const refusal = startupRefusal(config);
if (refusal) {
  // One line for the operator, no stack: the variable to set is in it.
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
const log = pino({ level: config.LOG_LEVEL });
for (const warning of startupWarnings(config)) log.warn(warning);
const started = Date.now();
const deps = await createDeps(config, log).catch((err: unknown) => {
  const failure = err instanceof EmbeddedDatabaseError ? err.message : databaseStartFailure(err, config.DATABASE_URL);
  if (!failure) throw err;
  // One line for the operator (the address without its credentials and what to check, or what the embedded database's
  // folder needs), no stack.
  process.stderr.write(`${failure}\n`);
  process.exit(1);
});
if (config.loadDemoData) await seedDemo(deps.db, log);
const app = await buildApp(deps);
await deps.mailer.startWorker();
await domainEvents(deps).start();
await unitPackagesService(deps).start();
await courseImportWorker(deps).start();
await ltiScoresWorker(deps).start();
const stopFolding = startAccessFolding(deps.db, config.ACCESS_FOLD_SECONDS, log);
const stopLtiCleanup = startLtiCleanup(deps.db, 10, log);
const stopChargeIssuing = startChargeIssuing(deps, config.CHARGE_ISSUE_MINUTES, log);
const stopLateCharges = startLateCharges(deps, config.CHARGE_ISSUE_MINUTES, log);
await app.listen({ port: config.PORT, host: config.HOST });
log.info(
  { url: config.PUBLIC_URL, database: deps.database.kind, mail: config.mailMode, startupMs: Date.now() - started },
  'Saber Compartilhado no ar',
);
// Unit content saved before external images were imported on save: imported now, in the background (stored-images.ts).
void importStoredImages(deps, log).catch((err: unknown) => log.warn({ err }, 'importação de imagens externas antigas interrompida'));
// On a shared PostgreSQL, secrets kept per DATA_DIR differ between machines (docs/deploy.md, "Several instances").
const perMachine = ['SHARE_LINK_SECRET', 'LTI_KEY_SECRET'].filter((name) => !config[name as 'SHARE_LINK_SECRET' | 'LTI_KEY_SECRET']);
if (!config.embedded && perMachine.length) {
  log.warn(
    { unset: perMachine, kept: `${config.dataDir}/secrets` },
    'segredos guardados só nesta máquina: com vários servidores, defina-os iguais em todos (docs/deploy.md)',
  );
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, 'encerrando');
  // Longer than the drain (10 s) + stopping the jobs (pg-boss waits up to 10 s) + closing the database.
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  stopFolding();
  stopLtiCleanup();
  stopChargeIssuing();
  stopLateCharges();
  try {
    await closeGracefully(app, deps);
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'falha ao encerrar');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
