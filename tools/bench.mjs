// `npm run bench`: requests per second and p50/p99 latency (autocannon) for POST /api/signin and
// GET /api/health on the built server (embedded PGlite, or DATABASE_URL when set), next to a bare
// Fastify hello-world measured in the same run; also the cold start to healthy and the gzip size
// of the JavaScript the sign-in page loads. Prints a Markdown table for docs/performance.md.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 3299;

async function waitHealthy(url, started) {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 10, duration: DURATION, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}
const row = (name, r) =>
  `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;

function signInPageJs() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  // The entry, its static imports (modulepreload) and the login route's lazy chunk with its imports.
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    for (const m of code.matchAll(/from"\.\/([^"]+\.js)"|import\("\.\/([^"]+\.js)"\)|"assets\/([^"]+\.js)"/g)) {
      const dep = `/assets/${m[1] ?? m[2] ?? m[3]}`;
      if (m[2] && !dep.includes('login-page')) continue; // other lazy routes are not loaded
      if (m[3] && !dep.includes('login-page') && !m[0].startsWith('"assets/login')) continue;
      visit(dep);
    }
  };
  entries.forEach(visit);
  let gzip = 0;
  for (const file of seen) gzip += zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
  return { files: seen.size, gzipKb: Math.round(gzip / 1024) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-bench-'));
const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN: '100000000', RATE_LIMIT_SIGNIN_EMAIL: '100000000' };
const started = Date.now();
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], { cwd: root, env, stdio: 'inherit' });
server.on('exit', (code) => {
  if (code) {
    console.error(`bench server exited with ${code} (is port ${PORT} in use?)`);
    process.exit(1);
  }
});
const coldStartMs = await waitHealthy(`http://localhost:${PORT}/api/health`, started);

const hello = Fastify();
hello.get('/', async () => ({ hello: 'world' }));
await hello.listen({ port: PORT + 1, host: '127.0.0.1' });

const results = [];
results.push(row('bare Fastify hello-world', await cannon({ url: `http://127.0.0.1:${PORT + 1}/` })));
results.push(row('GET /api/health', await cannon({ url: `http://127.0.0.1:${PORT}/api/health` })));
results.push(
  row(
    'POST /api/signin',
    await cannon({
      url: `http://127.0.0.1:${PORT}/api/signin`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.sabercompartilhado.com.br', password: 'demo1234' }),
    }),
  ),
);
await hello.close();
server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });

const js = signInPageJs();
console.log(`\nDatabase: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}; ${DURATION}s per run, 10 connections; ${os.cpus().length} cores.\n`);
console.log('| target | req/s | p50 ms | p99 ms | non-2xx |');
console.log('|---|---|---|---|---|');
for (const r of results) console.log(r);
console.log(`\nCold start to healthy (built app, fresh data folder, includes migrations and demo data): ${coldStartMs} ms`);
console.log(`Sign-in page JavaScript: ${js.gzipKb} KB gzip in ${js.files} files`);
