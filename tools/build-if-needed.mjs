// Installs (first run) and builds when the sources are newer than the build: `npm start` and `npm run cluster`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

export function buildIfNeeded(root) {
  const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
  if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
    console.log('Instalando dependências (primeira execução)...');
    run('npm ci --no-audit --no-fund');
  }
  const sources = Math.max(newestMtime(path.join(root, 'apps')), newestMtime(path.join(root, 'packages')));
  const built = Math.min(mtime(path.join(root, 'apps/web/dist/index.html')), mtime(path.join(root, 'apps/server/dist/main.js')));
  if (built < sources) {
    console.log('Gerando a versão de produção...');
    run('npm run build');
  }
}
