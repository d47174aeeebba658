// `npm test`: unit and API tests (Vitest; PostgreSQL when DATABASE_URL is set, else PGlite), then
// the e2e journeys (Playwright in Debian's Chromium against the built app on the embedded default).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const run = (cmd, env = {}) => execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });

run('npx vitest run');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html')) || !fs.existsSync(path.join(root, 'apps/server/dist/main.js')) || process.env.CI) {
  run('npm run build');
}
run('npx playwright test');
