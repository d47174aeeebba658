/**
 * `npm run backup [-- --to <pasta>]` and `npm run restore -- --from <pasta> [--replace]`: the whole deployment — the
 * database (PostgreSQL's `pg_dump` custom format, or the embedded database's folder) and every file (the uploads folder
 * or the bucket) — into a folder and back (platform/backup.ts). Uses the server's configuration (DATABASE_URL or
 * DATA_DIR, S3_*). The embedded database is copied and restored only with the server stopped; on PostgreSQL a backup
 * runs beside the servers, a restore with them stopped.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { configOrExit } from './config';
import { storageOf } from './app';
import { backup, BackupError, restore } from './platform/backup';

const config = configOrExit();
const command = process.argv[2];
let values: { to?: string; from?: string; replace?: boolean } = {};
try {
  ({ values } = parseArgs({ args: process.argv.slice(3), options: { to: { type: 'string' }, from: { type: 'string' }, replace: { type: 'boolean' } } }));
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(2);
}
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

try {
  if (command === 'backup') {
    const dir = path.resolve(values.to ?? path.join(config.dataDir, 'backups', `saber-${stamp}`));
    const m = await backup(config, storageOf(config), dir);
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    process.stdout.write(`Cópia de segurança em ${dir}\n  banco (${m.database}): ${Object.keys(m.tables).length} tabelas, ${rows} linhas\n  arquivos: ${m.files.count} (${mb(m.files.bytes)} MB)\n`);
  } else if (command === 'restore') {
    if (!values.from) {
      process.stderr.write('Informe a cópia a restaurar: npm run restore -- --from <pasta> [--replace]\n');
      process.exit(2);
    }
    const m = await restore(config, storageOf(config), path.resolve(values.from), { replace: values.replace });
    process.stdout.write(`Restaurada a cópia de ${m.createdAt}: ${Object.keys(m.tables).length} tabelas e ${m.files.count} arquivo(s) conferidos.\n`);
  } else {
    process.stderr.write('Uso: node apps/server/dist/backup.js backup [--to <pasta>] | restore --from <pasta> [--replace]\n');
    process.exit(2);
  }
} catch (err) {
  if (!(err instanceof BackupError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}
