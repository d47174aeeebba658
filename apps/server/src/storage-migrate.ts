/**
 * `npm run storage:migrate`: copies the local uploads folder (DATA_DIR/uploads, or `-- --from <folder>`)
 * into the bucket of the server's configuration (S3_BUCKET and the other S3_* settings), with a progress bar.
 * Resumable: objects already in the bucket with the same size are skipped, so an interrupted copy is run again.
 * Rows already keep keys (migration storage_keys), so nothing in the database changes.
 */
import { SingleBar, Presets } from 'cli-progress';
import { configOrExit } from './config';
import { localStorage, s3Storage } from './platform/storage';
import { copyToStorage, filesToCopy } from './platform/storage-copy';

const config = configOrExit();
const args = process.argv.slice(2);
const fromAt = args.indexOf('--from');
const from = fromAt >= 0 ? args[fromAt + 1] : config.uploadsDir;
if (!config.s3) {
  console.error('storage:migrate: defina S3_BUCKET (e as demais variáveis S3_*) com o bucket de destino.');
  process.exit(2);
}
if (!from || from.startsWith('--')) {
  console.error('storage:migrate: informe a pasta de origem: npm run storage:migrate -- --from <pasta>');
  process.exit(2);
}

const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
let listing;
try {
  listing = await filesToCopy(from);
} catch (err) {
  console.error(`storage:migrate: não foi possível ler a pasta ${from}: ${(err as Error).message}`);
  process.exit(2);
}
const { files, ignored } = listing;
const total = files.reduce((sum, f) => sum + f.size, 0);
console.log(`Copiando ${files.length} arquivos (${mb(total)} MB) de ${from} para o bucket ${config.s3.bucket}…`);
if (ignored.length) console.log(`${ignored.length} arquivo(s) ignorado(s) (nome inválido ou temporário), por exemplo: ${ignored.slice(0, 3).join(', ')}`);

const bar = new SingleBar(
  {
    format: '{bar} {percentage}% | {doneFiles}/{files} arquivos | {doneMb}/{totalMb} MB | copiados {copied}, já presentes {skipped}, falhas {failedCount}',
    // Without a terminal (a log file, CI), a line every 5 s instead of redrawing.
    noTTYOutput: true,
    notTTYSchedule: 5000,
    hideCursor: true,
  },
  Presets.shades_classic,
);
bar.start(Math.max(total, 1), 0, { doneFiles: 0, files: files.length, doneMb: '0.0', totalMb: mb(total), copied: 0, skipped: 0, failedCount: 0 });
const result = await copyToStorage(files, localStorage(from), s3Storage(config.s3), {
  onProgress: (p) =>
    bar.update(p.doneBytes, { doneFiles: p.doneFiles, files: p.files, doneMb: mb(p.doneBytes), totalMb: mb(p.bytes), copied: p.copied, skipped: p.skipped, failedCount: p.failed.length }),
});
if (files.length === 0) bar.update(1);
bar.stop();
for (const f of result.failed.slice(0, 20)) console.error(`falhou: ${f.key}: ${f.error}`);
console.log(`Concluído: ${result.copied} copiado(s), ${result.skipped} já presente(s), ${result.failed.length} falha(s).`);
if (result.failed.length) {
  console.error('Rode o comando de novo para tentar os que falharam (os já copiados são pulados).');
  process.exit(1);
}
