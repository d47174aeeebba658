/**
 * `npm run admin:create -- --email <e-mail> --name "<nome>"`: an administrator account, for the first sign-in of a
 * production start (which has no account) or when every administrator lost access. Prints the provisional password,
 * changed at the first access. Uses the server's configuration (DATABASE_URL or the embedded DATA_DIR; with the
 * embedded database, stop the server first: it belongs to one process).
 */
import { parseArgs } from 'node:util';
import { configOrExit } from './config';
import { openDatabase } from './platform/db';
import { AppError } from './platform/errors';
import { createAdmin } from './modules/users/index';

const config = configOrExit();
let values: { email?: string; name?: string };
try {
  ({ values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' } } }));
} catch {
  values = {};
}
if (!values.email || !values.name) {
  process.stderr.write('Informe o e-mail e o nome: npm run admin:create -- --email admin@exemplo.com.br --name "Nome do Administrador"\n');
  process.exit(2);
}
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
try {
  const admin = await createAdmin(database.db, { email: values.email, name: values.name });
  process.stdout.write(
    `Administrador criado: ${admin.email}\nSenha provisória: ${admin.password}\nEntre em ${config.PUBLIC_URL}/ com ela; no primeiro acesso a senha deve ser trocada.\n`,
  );
} catch (err) {
  if (!(err instanceof AppError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
