// `npm start`: installs and builds on the first run (or when sources changed), then serves the
// product at http://localhost:3000 (embedded PGlite, outbox mail, local files, demo accounts unless
// DATABASE_URL is set).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
buildIfNeeded(root);
const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: root, stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
