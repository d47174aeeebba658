/**
 * The bank statement import (admin, director): the uploaded OFX or CSV (`statement-parse.ts`) is read again on every
 * call — the preview writes nothing, the import parses and matches the same file anew (the preview is never trusted)
 * and pays each matched charge in a transaction of its own through `payCharge` (the hand payment's code), as the team
 * user, on the statement's date, with the bank's transaction id as the reference. A charge paid meanwhile (by hand, by
 * a Pix notice, by an earlier import of the same file) is answered 'já paga' and nothing is paid twice.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isOpenCharge } from '@edu/shared/charge-machine';
import { CHARGE_REFERENCE_MAX } from '@edu/shared/charges';
import { spToday } from '@edu/shared/format';
import { STATEMENT_LIMITS, STATEMENT_MSG, type StatementImportReply, type StatementLine, type StatementPreview } from '@edu/shared/charge-payments';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import type { AuthContext } from '../../platform/sessions';
import { AppError, badRequest } from '../../platform/errors';
import { readUpload } from '../../platform/uploads';
import { record } from '../../platform/audit';
import { requireAccess } from '../access/index';
import { sellers } from '../../db/schema';
import { charges } from './charges.tables';
import { payCharge } from './charges.commands';
import { chargeCodesIn, parseStatement, type StatementTransaction } from './statement-parse';

/** The statement file (field `file`, or `images` as the web's API client names file fields); any bytes: the parser decides. */
async function readStatementUpload(request: FastifyRequest): Promise<Uint8Array> {
  const { data } = await readUpload(request, {
    fields: ['file', 'images'],
    maxBytes: STATEMENT_LIMITS.maxBytes,
    accept: () => 'txt',
    messages: { fail: STATEMENT_MSG.noFile, tooLarge: STATEMENT_MSG.tooLarge, notSupported: STATEMENT_MSG.notStatement },
  });
  return data;
}

function parsed(bytes: Uint8Array) {
  const result = parseStatement(bytes);
  if (!result.ok) throw badRequest(result.error);
  return result;
}

type Matched = StatementLine & { chargeId: number | null };

/** Charge codes looked up per query (PostgreSQL takes at most 65,535 parameters in one statement). */
const CODES_PER_QUERY = 1_000;

/** Each credit of `transactions` with the charge it names and what importing it would do (read now, nothing locked). */
async function matchLines(ex: Executor, transactions: StatementTransaction[]): Promise<{ lines: Matched[]; debits: number }> {
  const credits = transactions.filter((t) => t.amountCents > 0);
  const candidates = [...new Set(credits.flatMap((t) => chargeCodesIn(t.searchText)))];
  // In batches: a statement full of 'SC…' text names more candidates than one statement may carry parameters.
  const found = [];
  for (let i = 0; i < candidates.length; i += CODES_PER_QUERY) {
    found.push(
      ...(await ex
        .select({ id: charges.id, code: charges.code, sellerId: charges.sellerId, sellerName: sellers.name, period: charges.period, amountCents: charges.amountCents, status: charges.status })
        .from(charges)
        .innerJoin(sellers, eq(sellers.id, charges.sellerId))
        .where(inArray(charges.code, candidates.slice(i, i + CODES_PER_QUERY)))),
    );
  }
  const byCode = new Map(found.map((c) => [c.code, c]));
  const today = spToday();
  const claimed = new Set<number>();
  const lines = credits.map((t): Matched => {
    const charge = chargeCodesIn(t.searchText)
      .map((code) => byCode.get(code))
      .find((c) => c !== undefined);
    const base = { line: t.line, date: t.date, amountCents: t.amountCents, description: t.description, reference: t.reference.slice(0, CHARGE_REFERENCE_MAX) };
    if (!charge) return { ...base, result: 'no_match', charge: null, chargeId: null };
    const { status, ...shown } = charge;
    const result: StatementLine['result'] =
      status === 'paid'
        ? 'already_paid'
        : !isOpenCharge(status)
          ? 'canceled'
          : charge.amountCents !== t.amountCents
            ? 'amount_mismatch'
            : claimed.has(charge.id)
              ? 'duplicate'
              : t.date > today
                ? 'future_date'
                : 'pay';
    if (result === 'pay') claimed.add(charge.id);
    return { ...base, result, charge: shown, chargeId: charge.id };
  });
  return { lines, debits: transactions.length - credits.length };
}

const shown = (lines: Matched[]): StatementLine[] => lines.map(({ chargeId: _, ...l }) => l);

export function statementService(deps: Pick<Deps, 'db' | 'jobs' | 'config'>) {
  const { db } = deps;
  return {
    /** POST /charges/statement/preview: the credits and what importing each would do; nothing is written. */
    async preview(_auth: AuthContext, request: FastifyRequest): Promise<StatementPreview> {
      const statement = parsed(await readStatementUpload(request));
      const { lines, debits } = await matchLines(db, statement.transactions);
      return { format: statement.format, lines: shown(lines), debits, payable: lines.filter((l) => l.result === 'pay').length };
    },

    /**
     * POST /charges/statement/import: the same file again; each line that pays, in a transaction of its own (one
     * charge failing leaves the others paid; a repeated import finds them paid). Audited per charge (`paid_charge`,
     * reference = the bank's id) and once for the file (`imported_statement`).
     */
    async import(auth: AuthContext, request: FastifyRequest): Promise<StatementImportReply> {
      const statement = parsed(await readStatementUpload(request));
      const { lines, debits } = await matchLines(db, statement.transactions);
      const actor = { id: auth.user.id, type: auth.user.type };
      const paid: { chargeId: number; reference: string; paidOn: string }[] = [];
      for (const line of lines) {
        if (line.result !== 'pay' || line.chargeId === null) continue;
        const chargeId = line.chargeId;
        try {
          await db.transaction(async (tx) => {
            await requireAccess(tx, auth, 'charge.read', chargeId);
            await payCharge(deps, tx, chargeId, actor, { paidOn: line.date, reference: line.reference });
          });
          paid.push({ chargeId, reference: line.reference, paidOn: line.date });
        } catch (err) {
          // Paid or canceled since it was read (another import, a notice, the team): say what it is now.
          if (!(err instanceof AppError) || err.statusCode !== 409) throw err;
          const [now] = await db.select({ status: charges.status }).from(charges).where(eq(charges.id, chargeId));
          line.result = now?.status === 'paid' ? 'already_paid' : 'canceled';
        }
      }
      await record(db, {
        userId: auth.user.id,
        sellerId: auth.user.sellerId,
        action: 'imported_statement',
        data: {
          format: statement.format,
          credits: lines.length,
          debits,
          paid,
          skipped: lines.filter((l) => l.result !== 'pay').map((l) => ({ line: l.line, reference: l.reference, result: l.result, chargeId: l.chargeId })),
        },
      });
      return {
        format: statement.format,
        lines: shown(lines),
        debits,
        payable: paid.length,
        paid: paid.length,
        message: STATEMENT_MSG.imported(paid.length),
      };
    },
  };
}
