/**
 * Several server instances on one PostgreSQL behind a round-robin proxy: the one place that starts them,
 * used by `npm run cluster` (tools/cluster.mjs), the two-instance tests (the proxy) and the benches.
 *
 * - startProxy(targets): an HTTP server made with http-proxy-3 that sends each request (and each websocket upgrade) to
 *   the next live target in turn. It adds X-Forwarded-For/-Proto/-Host/-Port (`xfwd`), so the instances, started with
 *   TRUST_PROXY=loopback, see the client's address (the rate limits count per client, not per proxy). Streams (SSE)
 *   pass through unbuffered. A target that refuses the connection is skipped for the next requests
 *   (and retried after a second); the request that met it gets 502.
 * - startInstance(opts): one server process (the built apps/server/dist/main.js by default) on a loopback port,
 *   resolved once GET /api/health answers 200.
 * - startS3rver(opts): s3rver (an S3-compatible server) on a loopback port with one bucket; `env` points a server at it.
 * - startCluster(opts): makes the database if needed, starts s3rver unless the bucket is given (`s3: false`: the local
 *   folder), starts the first instance alone (it migrates and loads the demo data), then the others together, then the
 *   proxy. Every instance gets the same DATABASE_URL, S3_* settings and DATA_DIR (the kept secrets).
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createProxyServer } from 'http-proxy-3';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const builtServer = path.join(root, 'apps/server/dist/main.js');

/** A free loopback port (asked of the kernel, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Makes the database `url` names unless it exists (CREATE DATABASE through the server's `postgres` database). */
export async function ensureDatabase(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (err) {
    if (err.code !== '3D000') throw err; // anything but "database does not exist"
  } finally {
    await probe.end().catch(() => undefined);
  }
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  target.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: target.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name.replace(/"/g, '""')}"`).catch((err) => {
      if (err.code !== '42P04') throw err; // made meanwhile by someone else
    });
  } finally {
    await admin.end();
  }
}

/**
 * s3rver on 127.0.0.1 (`port` 0 = any) keeping its objects in `directory`, with the bucket `bucket`. Answers { env (the
 * S3_* settings of a server), endpoint, close() }. s3rver accepts any correctly signed request: the key pair is its
 * documented default.
 */
export async function startS3rver({ directory, bucket, port = 0 }) {
  // Loaded here: the proxy and the instances do not need it (a dev dependency).
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => server.close(),
  };
}

/**
 * The round-robin proxy. `targets` are base URLs (http://127.0.0.1:port); the array may be changed later
 * (proxy.targets). Answers { url, port, targets, close() }.
 */
export async function startProxy(targets, opts = {}) {
  const proxy = createProxyServer({ xfwd: true, ws: true });
  const state = { targets: [...targets], next: 0, down: new Map() };
  const pick = () => {
    const n = state.targets.length;
    for (let i = 0; i < n; i++) {
      const target = state.targets[(state.next + i) % n];
      const downSince = state.down.get(target);
      if (downSince === undefined || Date.now() - downSince > 1000) {
        state.next = (state.next + i + 1) % n;
        return target;
      }
    }
    // All marked down: try the next anyway.
    return state.targets[state.next++ % n];
  };
  const failed = (target, res) => (err) => {
    if (['ECONNREFUSED', 'ECONNRESET'].includes(err.code)) state.down.set(target, Date.now());
    if (res instanceof http.ServerResponse && !res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ statusCode: 502, code: 'BAD_GATEWAY', message: 'Instância indisponível; tente novamente.' }));
    } else {
      res.destroy();
    }
  };
  const server = http.createServer((req, res) => {
    if (state.targets.length === 0) {
      res.writeHead(503, { 'content-type': 'application/json; charset=utf-8' });
      return void res.end(JSON.stringify({ statusCode: 503, code: 'STARTING', message: 'Servidor iniciando; tente novamente.' }));
    }
    const target = pick();
    proxy.web(req, res, { target }, failed(target, res));
  });
  server.on('upgrade', (req, socket, head) => {
    if (state.targets.length === 0) return void socket.destroy();
    const target = pick();
    proxy.ws(req, socket, head, { target }, failed(target, socket));
  });
  // A request may wait long (an AI call, an export): no idle cut-off here, the instances have their own.
  server.requestTimeout = 0;
  server.headersTimeout = 60_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://${opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1'}:${port}`,
    port,
    get targets() {
      return state.targets;
    },
    set targets(list) {
      state.targets = [...list];
    },
    async close() {
      server.closeAllConnections?.();
      await new Promise((resolve) => server.close(() => resolve()));
      proxy.close?.();
    },
  };
}

async function waitHealthy(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance exited (${child.exitCode ?? child.signalCode}) before answering`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${url} not healthy within ${timeoutMs} ms`);
}

/**
 * One server process. opts: { name, port?, env (merged over process.env), entry (default the built server; e.g.
 * ['--import', 'tsx', 'apps/server/src/main.ts'] for the sources), output: 'inherit' (lines prefixed with the name) |
 * 'ignore' | a function(line), healthTimeoutMs }. Answers { name, port, url, child, exited, stop(), kill() }.
 */
export async function startInstance(opts) {
  const port = opts.port ?? (await freePort());
  const args = opts.entry ?? [builtServer];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...opts.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const output = opts.output ?? 'inherit';
  const onLine = (line) => {
    tail.push(line);
    if (tail.length > 50) tail.shift();
    if (output === 'inherit') process.stdout.write(`[${opts.name}] ${line}\n`);
    else if (typeof output === 'function') output(line);
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      lines.forEach(onLine);
    });
  }
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  const instance = {
    name: opts.name,
    port,
    url,
    child,
    exited,
    /** SIGTERM (graceful shutdown), SIGKILL after `graceMs`. */
    async stop(graceMs = 30_000) {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    /** kill -9: no shutdown at all. */
    kill() {
      child.kill('SIGKILL');
      return exited;
    },
  };
  try {
    await waitHealthy(url, child, opts.healthTimeoutMs ?? 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${err.message}\n${tail.join('\n')}`);
  }
  return instance;
}

/**
 * N instances and the proxy. opts: { instances = 2, databaseUrl (a database's URL; made if missing), dataDir, port
 * (the proxy's; 0 = any), host, env (every instance: MAIL_URL, …; S3_BUCKET there = that bucket, no s3rver), s3
 * (default true: s3rver with its objects in DATA_DIR/s3rver; false: the local folder DATA_DIR/uploads), entry,
 * output }. Answers { url, proxy, instances, s3 (s3rver's endpoint or null), startInstance() (one more, added to the
 * proxy), stop() }.
 */
export async function startCluster(opts) {
  const count = opts.instances ?? 2;
  await ensureDatabase(opts.databaseUrl);
  const s3 = opts.s3 !== false && !opts.env?.S3_BUCKET ? await startS3rver({ directory: path.join(opts.dataDir, 's3rver'), bucket: 'cluster' }) : null;
  // The proxy listens first: its address is the instances' PUBLIC_URL (links in e-mails, LTI).
  const proxy = await startProxy([], { port: opts.port ?? 0, host: opts.host });
  const env = {
    DATABASE_URL: opts.databaseUrl,
    DATA_DIR: opts.dataDir,
    // Only the local proxy may name the client in X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    PUBLIC_URL: opts.publicUrl ?? proxy.url,
    ...s3?.env,
    ...opts.env,
  };
  const instances = [];
  const launch = async (index) => {
    const instance = await startInstance({ name: `${index + 1}`, env, entry: opts.entry, output: opts.output, healthTimeoutMs: opts.healthTimeoutMs });
    instances.push(instance);
    proxy.targets = [...proxy.targets, instance.url];
    // An instance that ends (killed, crashed) leaves the rotation at once; startInstance() adds a new one.
    void instance.exited.then(() => (proxy.targets = proxy.targets.filter((t) => t !== instance.url)));
    return instance;
  };
  try {
    // The first migrates the database and loads the demo data alone; the others find it done.
    await launch(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => launch(i + 1)));
  } catch (err) {
    await Promise.all(instances.map((i) => i.stop(5000)));
    await proxy.close();
    await s3?.close();
    throw err;
  }
  return {
    url: proxy.url,
    proxy,
    instances,
    s3: s3?.endpoint ?? null,
    startInstance: () => launch(instances.length),
    async stop() {
      await Promise.all(instances.map((i) => i.stop()));
      await proxy.close();
      await s3?.close();
    },
  };
}
