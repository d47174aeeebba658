/**
 * A PostgreSQL cluster of one's own (database-outage.test.ts and `npm run bench:faults`): `initdb` into a temporary
 * folder, its own loopback port, no Unix socket, started and stopped with `pg_ctl` at will. It never touches the
 * machine's shared server (5432). As root (initdb refuses root), the binaries run as the `postgres` system user,
 * who owns the folder.
 */
import { execFile, execFileSync, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BIN_DIRS = [process.env.PG_BIN_DIR, '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].filter(Boolean) as string[];

/** The folder holding initdb and pg_ctl, or null (the outage test is skipped with that reason). */
export function postgresBinDir(): string | null {
  return BIN_DIRS.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) ?? null;
}

/** A free loopback port (asked of the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** uid/gid of the user the binaries run as: ourselves, or `postgres` when we are root. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('running as root and no `postgres` user to run initdb as');
  }
}

export interface PrivatePostgres {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database?: string): string;
  /** pg_ctl start, resolving once it accepts connections (asynchronous: the caller's event loop keeps running). */
  start(): Promise<void>;
  /** pg_ctl stop (`fast`: ends the sessions cleanly; `immediate`: like a crash), resolving once it is down. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stop (immediate) and delete the folder. */
  destroy(): void;
}

export async function createPrivatePostgres(opts: { binDir?: string } = {}): Promise<PrivatePostgres> {
  const bin = opts.binDir ?? postgresBinDir();
  if (!bin) throw new Error('initdb not found');
  const owner = runAs();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-pg-'));
  const data = path.join(dir, 'data');
  if (owner) fs.chownSync(dir, owner.uid, owner.gid);
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const options: SpawnSyncOptions = { cwd: dir, encoding: 'utf8', timeout: 60_000, ...(owner ?? {}) };
    const result = spawnSync(path.join(bin, tool), args, options);
    if (result.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout || result.error}`);
  };
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      execFile(path.join(bin, tool), args, { cwd: dir, timeout: 60_000, ...(owner ?? {}) }, (err, stdout, stderr) =>
        err ? reject(new Error(`${tool} ${args.join(' ')} failed: ${stderr || stdout || err.message}`)) : resolve(),
      );
    });
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  // Small and quick: no Unix socket (nothing next to the shared server's), no fsync (a test's data), a log file.
  const settings = [
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    "unix_socket_directories = ''",
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 32MB',
    'max_connections = 60',
    'logging_collector = off',
  ];
  fs.appendFileSync(path.join(data, 'postgresql.conf'), `\n${settings.join('\n')}\n`);
  const log = path.join(dir, 'postgres.log');
  let destroyed = false;
  const pg: PrivatePostgres = {
    port,
    dir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => runAsync('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '60']),
    stop: (mode = 'fast') => runAsync('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '60']),
    destroy() {
      if (destroyed) return;
      destroyed = true;
      process.off('exit', onExit);
      // Synchronous, so it also works in an 'exit' handler.
      if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
        try {
          run('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w', '-t', '60']);
        } catch {
          // already down
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  // A test run or a bench that dies before its clean-up must not leave a server running.
  const onExit = () => pg.destroy();
  process.once('exit', onExit);
  return pg;
}
