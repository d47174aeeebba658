// Installs (first run) and builds when the sources are newer than the build: `npm start` and `npm run cluster`.
// Each step says in one line what it does and how long it took; its own output (npm's, Vite's list of files, the
// bundle budgets) goes to a log file, shown only when the step fails. A step runs in a process group of its own, which
// `stopSteps()` ends (Ctrl-C or SIGTERM during the first build leaves nothing running).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('dist')) continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return newest;
}
const mtime = (p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0);

/** The steps running now (their process groups), for stopSteps(). */
const running = new Set();

/** Ends the running step's whole process group (npm, its shell, Vite, esbuild…). */
export function stopSteps(signal = 'SIGTERM') {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;

/**
 * Runs `command` with its output in `logFile`, saying `label` with the time it takes (a ticking line on a terminal).
 * Rejects with the log's last lines when it fails.
 */
function step(root, label, command, logFile) {
  const started = Date.now();
  const tty = process.stdout.isTTY;
  process.stdout.write(tty ? `${label}...` : `${label}...\n`);
  const ticker = tty ? setInterval(() => process.stdout.write(`\r${label}... ${seconds(Date.now() - started)}`), 1000) : null;
  const out = fs.openSync(logFile, 'a');
  fs.writeSync(out, `\n$ ${command}\n`);
  const child = spawn(command, { cwd: root, shell: true, detached: true, stdio: ['ignore', out, out] });
  running.add(child);
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      running.delete(child);
      fs.closeSync(out);
      if (ticker) clearInterval(ticker);
      if (code === 0) {
        process.stdout.write(`${tty ? '\r' : ''}${label}: pronto em ${seconds(Date.now() - started)}\n`);
        resolve();
        return;
      }
      if (tty) process.stdout.write('\n');
      const tail = fs.readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-40).join('\n');
      reject(new Error(`${label}: falhou (${signal ?? `código ${code}`}). Últimas linhas de ${logFile}:\n${tail}`));
    });
  });
}

/** Installs on the first run and builds when a source is newer than the build; quiet unless a step fails. */
export async function buildIfNeeded(root) {
  const logFile = path.join(os.tmpdir(), `saber-compartilhado-build-${process.pid}.log`);
  let ran = false;
  if (!fs.existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
    console.log('Primeira execução: instalando as dependências e gerando a versão de produção (alguns minutos).');
    await step(root, 'Instalando as dependências', 'npm ci --no-audit --no-fund', logFile);
    ran = true;
  }
  const sources = Math.max(newestMtime(path.join(root, 'apps')), newestMtime(path.join(root, 'packages')));
  const built = Math.min(mtime(path.join(root, 'apps/web/dist/index.html')), mtime(path.join(root, 'apps/server/dist/main.js')));
  if (built < sources) {
    await step(root, 'Gerando a versão de produção (aplicação web e servidor)', 'npm run build', logFile);
    ran = true;
  }
  if (ran) {
    fs.rmSync(logFile, { force: true });
    console.log('Iniciando o servidor...');
  }
}
