/**
 * CSV import of team members (spec 1 §2.12; the spec leaves saving unwired, this wires it).
 * - preview: reads the uploaded CSV (1 MB, 500 rows, UTF-8 with or without BOM) and answers every row
 *   with its problems; nothing is written.
 * - commit: takes the rows as JSON, checks them all again (the preview is never trusted) and creates
 *   them in one transaction, each with its audit entry and its first-password e-mail. One bad row and
 *   nothing is created.
 */
import { inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { manageableTypes, type UserType } from '@edu/shared/access';
import { MSG } from '@edu/shared/messages';
import type { AuditAction } from '@edu/shared/audit';
import { CSV_LIMITS, CSV_MSG, checkImportRows, normalEmail, parseImportCsv, type ImportRow } from '@edu/shared/csv';
import type { ImportPreview, importBody } from '@edu/shared/team';
import type { Deps } from '../../platform/deps';
import { AppError, badRequest, forbidden } from '../../platform/errors';
import { hash as argon2 } from '@node-rs/argon2';
import { randomPassword } from '../../platform/security';
import { isUniqueViolation } from '../../platform/pg-errors';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { users } from '../../db/schema';
import { recordAll } from '../../platform/audit';
import { insertUsers } from '../users/index';

/** The upload field; the web's one API client names every file field `images`, so that is accepted too. */
const FILE_FIELDS = ['file', 'images'];

async function readCsvUpload(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw badRequest(CSV_MSG.notCsv);
  let file;
  try {
    file = await request.file({ limits: { fileSize: CSV_LIMITS.maxBytes, files: 1 } });
  } catch {
    throw badRequest(CSV_MSG.notCsv);
  }
  if (!file || !FILE_FIELDS.includes(file.fieldname)) throw badRequest(CSV_MSG.notCsv);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch {
    throw new AppError(413, 'FILE_TOO_LARGE', CSV_MSG.tooLarge);
  }
  if (file.file.truncated) throw new AppError(413, 'FILE_TOO_LARGE', CSV_MSG.tooLarge);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw badRequest(CSV_MSG.notUtf8);
  }
}

/** The e-mails among `rows` that already belong to a user (lower case). One query. */
async function registeredAmong(db: Executor, rows: readonly ImportRow[]): Promise<Set<string>> {
  const emails = [...new Set(rows.map((r) => normalEmail(r.email)).filter((e): e is string => !!e))];
  if (emails.length === 0) return new Set();
  const found = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(found.map((f) => f.email));
}

/**
 * The first passwords are random (12 characters of a 56-symbol alphabet, about 70 bits), unlike a
 * password a person chooses, so guessing them from a stolen hash is out of reach even with a light
 * argon2id setting; the user replaces it at the first sign-in with one hashed by the platform's full
 * setting. The light setting keeps a 500-row import to a few seconds instead of half a minute.
 */
const FIRST_PASSWORD_ARGON = { algorithm: 2 /* Argon2id */, memoryCost: 4096, timeCost: 1, parallelism: 1 } as const;

/** Hash with a bounded number of argon2 computations at a time. */
async function hashAll(passwords: string[], parallel = 4): Promise<string[]> {
  const out: string[] = new Array(passwords.length);
  let next = 0;
  const worker = async () => {
    while (next < passwords.length) {
      const i = next++;
      out[i] = await argon2(passwords[i]!, FIRST_PASSWORD_ARGON);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, passwords.length) }, worker));
  return out;
}

export function importService(deps: Deps) {
  const { db, mailer, config } = deps;
  const mayCreate = (auth: AuthContext, type: UserType) => manageableTypes(auth.user.type).includes(type);

  return {
    async preview(auth: AuthContext, type: UserType, request: FastifyRequest): Promise<ImportPreview> {
      const parsed = parseImportCsv(await readCsvUpload(request));
      if (!parsed.ok) throw badRequest(parsed.error);
      const issues = checkImportRows(parsed.rows, { typeAllowed: mayCreate(auth, type), registered: await registeredAmong(db, parsed.rows) });
      const rows = parsed.rows.map((row, i) => ({ ...row, errors: issues[i]! }));
      const invalid = rows.filter((r) => r.errors.length > 0).length;
      return { type, total: rows.length, valid: rows.length - invalid, invalid, rows };
    },

    async commit(auth: AuthContext, body: z.output<typeof importBody>) {
      if (!mayCreate(auth, body.type)) throw forbidden(MSG.cannotManageType);
      const issues = checkImportRows(body.rows, { typeAllowed: true, registered: await registeredAmong(db, body.rows) });
      const fields: Record<string, string> = {};
      issues.forEach((list, i) => list.forEach((issue) => (fields[`rows.${i}.${issue.field}`] ??= issue.message)));
      if (Object.keys(fields).length > 0) throw badRequest(CSV_MSG.fixRows, fields);

      const rows = body.rows.map((r) => ({ name: r.name.trim(), email: normalEmail(r.email)! }));
      const passwords = rows.map(() => randomPassword());
      const hashes = await hashAll(passwords);
      try {
        await db.transaction(async (tx) => {
          const created = await insertUsers(
            tx,
            rows.map((r, i) => ({
              name: r.name,
              email: r.email,
              passwordHash: hashes[i]!,
              type: body.type,
              status: 'active',
              providerId: auth.user.type === 'provider' ? auth.user.providerId : null,
              sellerId: auth.user.type === 'seller' ? auth.user.sellerId : null,
              mustChangePassword: true,
            })),
          );
          // One audit entry per created user (as POST /create writes), in one statement.
          await recordAll(
            tx,
            created.map((user) => ({
              userId: auth.user.id,
              sellerId: auth.user.sellerId,
              action: 'created_new_user' satisfies AuditAction,
              data: { createdUserId: user.id, type: body.type, imported: true },
            })),
          );
          for (const [i, row] of rows.entries()) {
            await mailer.send(tx, {
              to: row.email,
              subject: 'Seus dados de acesso',
              secret: true,
              paragraphs: [
                `Olá, ${row.name}! ${auth.user.name} cadastrou você na plataforma Saber Compartilhado.`,
                `Seu e-mail de acesso é ${row.email} e sua senha provisória é: ${passwords[i]}`,
                'No primeiro acesso você vai definir uma nova senha.',
              ],
              action: { label: 'Fazer Login', url: `${config.PUBLIC_URL}/` },
            });
          }
        });
      } catch (err) {
        // Someone registered one of the e-mails between the check and the insert: nothing was created.
        if (isUniqueViolation(err)) throw new AppError(409, 'EMAIL_IN_USE', MSG.emailInUse);
        throw err;
      }
      return { created: rows.length, message: CSV_MSG.imported(rows.length) };
    },
  };
}
