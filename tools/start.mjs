// `npm start`: installs and builds on the first run (or when sources changed), then serves the product at
// http://localhost:<PORT> (embedded PGlite, outbox mail, local files, demo accounts unless DATABASE_URL is set).
//
// Ctrl-C and SIGTERM stop it and leave nothing running: during the build they end the build's processes; while
// serving they reach the server, which drains and closes (main.ts). `npm start` runs this file under a shell that npm
// signals and that does not pass the signal on: when that parent goes away, this process stops the server too.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded, stopSteps } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Exit code of a process ended by a signal (128 + its number). */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 };

let server = null;
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (server) {
    server.kill(signal);
    return; // exits with the server (below)
  }
  stopSteps(signal);
  process.exit(SIGNAL_EXIT[signal] ?? 1);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal === 'SIGHUP' ? 'SIGTERM' : signal));
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();

try {
  await buildIfNeeded(root);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
if (!stopping) {
  server = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
  server.on('exit', (code, signal) => process.exit(code ?? SIGNAL_EXIT[signal] ?? 1));
}
