// The server Playwright tests against: the built app on the embedded default (PGlite, outbox mail,
// demo data) in a fresh temporary data folder, on port 3199 (E2E_PORT).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// E2E_TAG runs the build made with BUILD_TAG (apps/*/dist-<tag>); E2E_PORT picks the port.
const tag = process.env.E2E_TAG ? `-${process.env.E2E_TAG}` : '';
const port = process.env.E2E_PORT ?? '3199';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-e2e-'));
const env = {
  ...process.env,
  PORT: port,
  PUBLIC_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(root, `apps/web/dist${tag}`),
  // The journeys run in parallel from one machine and give each spec file its own client address with
  // X-Forwarded-For (its own rate-limit buckets), as a proxy on the same host would: trust loopback only.
  TRUST_PROXY: 'loopback',
  // Many journeys sign in the same demo accounts: the per-e-mail limit (across addresses) is lifted
  // here; the per-address one (RATE_LIMIT_SIGNIN) stays and is what e2e/bad-input.spec.ts checks.
  RATE_LIMIT_SIGNIN_EMAIL: '100000',
};
delete env.DATABASE_URL;
delete env.DEMO_DATA;
const child = spawn(process.execPath, [`apps/server/dist${tag}/main.js`], { cwd: root, stdio: 'inherit', env });
const stop = (sig) => {
  child.kill(sig);
};
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop(sig));
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
