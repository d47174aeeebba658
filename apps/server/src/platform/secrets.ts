/**
 * Secrets made once and kept under DATA_DIR/secrets (the embedded default, or a single server without the variable
 * set): 32 random bytes written whole to a temporary file and linked into place, so a crash or a second process
 * never sees a short key, and two processes starting together end up with the same one.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function keptSecret(dataDir: string, fileName: string, variable: string): Buffer {
  const file = path.join(dataDir, 'secrets', fileName);
  try {
    const kept = fs.readFileSync(file);
    if (kept.length >= 32) return kept;
  } catch {
    // made below
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(32);
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, secret, { mode: 0o600 });
  try {
    fs.linkSync(temp, file);
  } catch {
    // Another process made it first (or a short file is in the way): use theirs only when it is a whole key.
  } finally {
    fs.rmSync(temp, { force: true });
  }
  const kept = fs.readFileSync(file);
  if (kept.length < 32) throw new Error(`secret ${file} is shorter than 32 bytes: remove it or set ${variable}`);
  return kept;
}
