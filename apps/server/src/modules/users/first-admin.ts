/**
 * The first administrator of a production start (PostgreSQL without the demo data has no account at all):
 * `npm run admin:create -- --email <e-mail> --name <nome>` (apps/server/src/admin-create.ts). The account is active,
 * its e-mail confirmed, with a provisional password the operator hands over and the administrator changes at the
 * first access, as every account an administrator creates. The audit log records it with no author (the console).
 */
import { z } from 'zod';
import { email, requiredText } from '@edu/shared/validation';
import type { Db } from '../../platform/db';
import { hashPassword, randomPassword } from '../../platform/security';
import { record } from '../../platform/audit';
import { AppError, badRequest } from '../../platform/errors';
import { emailTaken } from './users.queries';
import { insertUsers } from './user-writes';

const firstAdminInput = z.object({ email: email(), name: requiredText() });

/** Creates an administrator; answers its id and the provisional password. 400 on bad input, 409 on a taken e-mail. */
export async function createAdmin(db: Db, input: { email: string; name: string }) {
  const parsed = firstAdminInput.safeParse(input);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    throw badRequest(Object.values(fields)[0]!, fields);
  }
  const { email: address, name } = parsed.data;
  if (await emailTaken(db, address)) throw new AppError(409, 'EMAIL_IN_USE', `Já existe uma conta com o e-mail ${address}.`);
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const [user] = await insertUsers(tx, [{ name, email: address, passwordHash, type: 'admin', status: 'active', mustChangePassword: true, emailConfirmedAt: new Date() }]);
    await record(tx, { userId: null, action: 'created_new_user', data: { createdUserId: user!.id, type: 'admin', by: 'console' } });
    return user!.id;
  });
  return { id, email: address, password };
}
