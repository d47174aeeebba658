// `node tools/build-tagged.mjs <tag>`: builds web and server into apps/web/dist-<tag> and
// apps/server/dist-<tag>, so that several people (or agents) can run e2e at once:
//   node tools/build-tagged.mjs me && E2E_TAG=me E2E_PORT=3201 npx playwright test e2e/x.spec.ts
import { execSync } from 'node:child_process';
import path from 'node:path';

const tag = process.argv[2];
if (!tag || !/^[a-z0-9-]+$/.test(tag)) {
  console.error('usage: node tools/build-tagged.mjs <tag>');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
execSync(`npx vite build --outDir dist-${tag} --emptyOutDir`, { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
execSync('node build.mjs', { cwd: path.join(root, 'apps/server'), stdio: 'inherit', env: { ...process.env, BUILD_TAG: tag } });
