/**
 * The embedded database (PGlite) belongs to one process: a second `npm start` (or `npm run lti:rotate-key` while the
 * server runs) on the same DATA_DIR refuses with a pt-BR message instead of writing the same files as if alone; a lock
 * left by a process that died is taken over.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { lockEmbedded, openDatabase } from '../src/platform/db';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-lock-'));
const lockFile = path.join(dataDir, 'pglite.lock');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A process that is running (until killed), and one that has ended. */
const running = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
async function endedPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

it('another running process holding the embedded database: the start is refused and its lock is left alone', async () => {
  const other = running();
  try {
    fs.writeFileSync(lockFile, String(other.pid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(`Outro processo (pid ${other.pid}) já usa o banco embutido em ${dataDir}`);
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(other.pid));
  } finally {
    other.kill('SIGKILL');
  }
});

it('a lock left by a process that died is taken over; closing the database releases it', async () => {
  fs.writeFileSync(lockFile, String(await endedPid()));
  const database = await openDatabase({ dataDir });
  expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));
  await database.close();
  expect(fs.existsSync(lockFile)).toBe(false);
  const release = lockEmbedded(dataDir);
  release();
}, 60_000);
