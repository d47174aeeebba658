/**
 * `npm start` (tools/start.mjs, tools/build-if-needed.mjs) as an operator runs it, in a copy of the two scripts beside a
 * stand-in product: a package.json whose `build` runs a slow step and a `dist/main.js` that serves a port until SIGTERM.
 * SIGTERM to npm (as a service manager sends it) and Ctrl-C (SIGINT to the terminal's process group) must stop the
 * server — or the build, when they arrive during it — and leave nothing running; the first run says what it does in a
 * few lines, with the build's own output kept out of the terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { waitUntil } from './wait';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let dirs: string[] = [];
let children: ChildProcess[] = [];

afterEach(() => {
  for (const c of children) if (c.pid) killGroup(c.pid, 'SIGKILL');
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  dirs = [];
  children = [];
});

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // gone
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A free TCP port on loopback. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/**
 * A stand-in product: the real start scripts, a server that writes its pid and serves `port`, and a build that
 * prints a lot, writes its pid and takes `buildMs`. `built` false: the sources are newer than the build.
 */
function product(port: number, opts: { built: boolean; buildMs?: number }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-start-'));
  dirs.push(root);
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  for (const f of ['tools/start.mjs', 'tools/build-if-needed.mjs']) write(f, fs.readFileSync(path.join(repo, f), 'utf8'));
  write(
    'tools/fake-build.mjs',
    `import fs from 'node:fs';
fs.writeFileSync('build.pid', String(process.pid));
for (let i = 0; i < 300; i++) console.log('dist/assets/chunk-' + i + '.js  1.00 kB');
setTimeout(() => {
  fs.mkdirSync('apps/web/dist', { recursive: true });
  fs.writeFileSync('apps/web/dist/index.html', '<!doctype html>');
  fs.mkdirSync('apps/server/dist', { recursive: true });
  fs.copyFileSync('server.mjs', 'apps/server/dist/main.js');
}, ${opts.buildMs ?? 0});
`,
  );
  write(
    'server.mjs',
    `import fs from 'node:fs';
import http from 'node:http';
fs.writeFileSync('server.pid', String(process.pid));
const server = http.createServer((req, res) => res.end('ok')).listen(${port}, '127.0.0.1', () => console.log('no ar'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
`,
  );
  write('package.json', JSON.stringify({ name: 'stand-in', private: true, type: 'module', scripts: { start: 'node tools/start.mjs', build: 'node tools/fake-build.mjs' } }));
  write('node_modules/.package-lock.json', '{}');
  write('apps/server/src/main.ts', '// source');
  if (opts.built) {
    write('apps/web/dist/index.html', '<!doctype html>');
    write('apps/server/dist/main.js', fs.readFileSync(path.join(root, 'server.mjs'), 'utf8'));
    // The build is newer than the sources.
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'apps/web/dist/index.html'), later, later);
    fs.utimesSync(path.join(root, 'apps/server/dist/main.js'), later, later);
  }
  return root;
}

/** `npm start` in `root`, in a process group of its own (a terminal's); its output collected. */
function npmStart(root: string) {
  const child = spawn('npm', ['start'], { cwd: root, detached: true, env: { PATH: process.env.PATH, HOME: os.tmpdir() }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

const pidIn = (root: string, file: string) => (fs.existsSync(path.join(root, file)) ? Number(fs.readFileSync(path.join(root, file), 'utf8')) : 0);

describe('npm start', () => {
  it('SIGTERM to npm stops the server: its port is free and nothing is left running', async () => {
    const port = await freePort();
    const root = product(port, { built: true });
    const start = npmStart(root);
    await waitUntil(() => listening(port), { timeout: 30_000 });
    const server = pidIn(root, 'server.pid');
    expect(alive(server)).toBe(true);
    start.child.kill('SIGTERM');
    await waitUntil(async () => !(await listening(port)) && !alive(server), { timeout: 15_000 });
  }, 60_000);

  it('Ctrl-C (SIGINT to the terminal) stops the server', async () => {
    const port = await freePort();
    const root = product(port, { built: true });
    const start = npmStart(root);
    await waitUntil(() => listening(port), { timeout: 30_000 });
    const server = pidIn(root, 'server.pid');
    killGroup(start.child.pid!, 'SIGINT');
    await start.exited;
    await waitUntil(async () => !(await listening(port)) && !alive(server), { timeout: 15_000 });
  }, 60_000);

  it('the first run says what it does in a few lines, keeps the build output out of the terminal, then serves', async () => {
    const port = await freePort();
    const root = product(port, { built: false });
    const start = npmStart(root);
    await waitUntil(() => listening(port), { timeout: 30_000 });
    const lines = start.output().split('\n').filter((l) => l.trim() && !l.startsWith('>'));
    // Not a terminal (a service's log): the step's start and its end, each on a line of its own.
    expect(lines).toEqual([
      'Gerando a versão de produção (aplicação web e servidor)...',
      expect.stringMatching(/^Gerando a versão de produção \(aplicação web e servidor\): pronto em \d+ s$/),
      'Iniciando o servidor...',
      'no ar',
    ]);
    expect(start.output()).not.toContain('chunk-');
    start.child.kill('SIGTERM');
    await start.exited;
  }, 60_000);

  it('SIGTERM during the build ends the build too', async () => {
    const port = await freePort();
    const root = product(port, { built: false, buildMs: 60_000 });
    const start = npmStart(root);
    await waitUntil(() => pidIn(root, 'build.pid') > 0, { timeout: 30_000 });
    const build = pidIn(root, 'build.pid');
    expect(alive(build)).toBe(true);
    start.child.kill('SIGTERM');
    await waitUntil(() => !alive(build), { timeout: 15_000 });
    expect(pidIn(root, 'server.pid')).toBe(0);
  }, 60_000);
});
