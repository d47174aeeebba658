// `npm run cluster [-- --instances 3 --port 3100 --database cluster]`: builds if needed, then starts N instances of the
// built server (default 2) on loopback ports against one PostgreSQL (DATABASE_URL names the server, default the local
// one; the database `cluster` is made on it if missing, with the demo data) and one s3rver (files) behind a round-robin
// proxy, and prints the proxy's address. Ctrl-C stops everything. The instances share DATA_DIR (default data/cluster:
// s3rver's objects and the kept secrets). S3_BUCKET (and the other S3_*) in the environment: that bucket instead of
// s3rver; --local-files: the shared folder DATA_DIR/uploads instead.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded, stopSteps } from './build-if-needed.mjs';
import { root, startCluster } from './cluster-lib.mjs';

const { values } = parseArgs({
  options: {
    instances: { type: 'string', default: '2' },
    port: { type: 'string', default: '3100' },
    database: { type: 'string', default: 'cluster' },
    'local-files': { type: 'boolean', default: false },
  },
});
const instances = Number(values.instances);
if (!Number.isInteger(instances) || instances < 1 || instances > 16) {
  console.error('--instances: informe um número de 1 a 16');
  process.exit(2);
}
// Ctrl-C or SIGTERM during the build ends the build's processes too (they run in a process group of their own).
const stopBuild = (signal) => {
  stopSteps(signal);
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.on('SIGINT', stopBuild);
process.on('SIGTERM', stopBuild);
try {
  await buildIfNeeded(root);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
process.off('SIGINT', stopBuild);
process.off('SIGTERM', stopBuild);

const server = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres');
server.pathname = `/${values.database}`;
console.log(`Iniciando ${instances} instâncias no banco ${values.database} (${server.host})...`);
const cluster = await startCluster({
  instances,
  databaseUrl: server.toString(),
  dataDir: process.env.DATA_DIR || path.join(root, 'data/cluster'),
  port: Number(values.port),
  // Files in s3rver (DATA_DIR/s3rver), unless S3_BUCKET names a bucket of yours or --local-files keeps DATA_DIR/uploads.
  s3: !values['local-files'] && !process.env.S3_BUCKET,
  env: { DEMO_DATA: process.env.DEMO_DATA ?? 'true', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
});
console.log(`\nSaber Compartilhado em ${cluster.url}  (${cluster.instances.map((i) => `${i.name}: ${i.url}`).join(', ')})`);
console.log(`Arquivos: ${cluster.s3 ? `s3rver em ${cluster.s3}, bucket cluster` : process.env.S3_BUCKET ? `bucket ${process.env.S3_BUCKET}` : 'pasta local compartilhada'}`);
console.log('Ctrl-C encerra tudo.');

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nEncerrando as instâncias...');
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const instance of cluster.instances) {
  void instance.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`[${instance.name}] encerrou (${code ?? signal}); as outras seguem atendendo.`);
  });
}
