/**
 * How payments reach the charges besides the team's hand payment (`./charges`, POST /charges/:id/pay):
 * - the bank statement import (admin, director): an OFX (1.x SGML or 2.x XML) or the bank's CSV, previewed (nothing
 *   written) and then imported; each credit whose description names a charge's code (its Pix txid) with the charge's
 *   exact amount pays it, on the statement's date, with the bank's id of the transaction as the reference;
 * - the Pix notice (POST /charges/webhook): a payment provider's HMAC-SHA256-signed notice in the shape of the Banco
 *   Central's Pix API webhook ({"pix": [{endToEndId, txid, valor, horario}]}), which pays as the system.
 * The server parses and matches everything again on import: the preview is a convenience, never the protection.
 */
import { z } from 'zod';
import { CHARGE_ADMIN_TYPES } from './charge-machine';
import { defineRoute } from './contract';

export const STATEMENT_LIMITS = {
  /** Largest accepted statement file. */
  maxBytes: 2 * 1024 * 1024,
  /** Most transactions (credits and debits) in one file. */
  maxLines: 5000,
} as const;

/** The largest Pix notice body the webhook reads. */
export const PIX_WEBHOOK_BODY_LIMIT = 64 * 1024;
/** The webhook's signature header: `sha256=` and the lowercase hex HMAC-SHA256 of the raw body. */
export const PIX_SIGNATURE_HEADER = 'x-signature';
/** PIX_WEBHOOK_SECRET's shortest accepted length. */
export const PIX_WEBHOOK_SECRET_MIN = 32;

/**
 * What a statement line does on import: `pay` pays its charge; every other one pays nothing.
 * - amount_mismatch: the code of a charge is there but the amount is not the charge's;
 * - already_paid: the charge was paid (by hand, by a notice, by an earlier import);
 * - canceled: the charge was canceled;
 * - duplicate: an earlier line of the same file already pays that charge;
 * - no_match: no charge's code in the line.
 */
export const STATEMENT_RESULTS = ['pay', 'amount_mismatch', 'already_paid', 'canceled', 'duplicate', 'future_date', 'no_match'] as const;
export type StatementResult = (typeof STATEMENT_RESULTS)[number];

export const STATEMENT_RESULT_LABELS: Record<StatementResult, string> = {
  pay: 'Será paga',
  amount_mismatch: 'Valor divergente',
  already_paid: 'Já paga',
  canceled: 'Cobrança cancelada',
  duplicate: 'Repetida no extrato',
  future_date: 'Data no futuro',
  no_match: 'Sem correspondência',
};
export const STATEMENT_RESULT_COLORS: Record<StatementResult, 'green' | 'yellow' | 'gray' | 'red' | 'blue'> = {
  pay: 'green',
  amount_mismatch: 'red',
  already_paid: 'blue',
  canceled: 'gray',
  duplicate: 'yellow',
  future_date: 'red',
  no_match: 'gray',
};

export const STATEMENT_MSG = {
  notStatement:
    'O arquivo não é um extrato OFX nem um CSV reconhecido. Envie o arquivo OFX exportado pelo banco, ou um CSV com as colunas Data, Valor, Descrição (ou Histórico) e Identificador.',
  noFile: 'Escolha o arquivo do extrato (OFX ou CSV).',
  tooLarge: `O extrato deve ter no máximo ${STATEMENT_LIMITS.maxBytes / (1024 * 1024)} MB.`,
  tooManyLines: `O extrato pode ter no máximo ${STATEMENT_LIMITS.maxLines} lançamentos.`,
  csvColumns: (found: string) => `O CSV precisa das colunas Data e Valor (colunas encontradas: ${found || 'nenhuma'}).`,
  csvDate: (line: number, value: string) => `Linha ${line}: a data "${value}" não é válida (use dd/mm/aaaa).`,
  csvAmount: (line: number, value: string) => `Linha ${line}: o valor "${value}" não é válido (use por exemplo 1.234,56 ou -50,00).`,
  csvUnclosedQuote: (line: number) => `Linha ${line}: há aspas que não foram fechadas.`,
  ofxDate: (fitid: string, value: string) => `Lançamento ${fitid}: a data "${value}" não é válida.`,
  ofxAmount: (fitid: string, value: string) => `Lançamento ${fitid}: o valor "${value}" não é válido.`,
  imported: (n: number) => (n === 0 ? 'Nenhuma cobrança foi paga.' : n === 1 ? '1 cobrança paga.' : `${n} cobranças pagas.`),
} as const;

export const statementLine = z.object({
  /** The line's place in the file (1-based: the CSV's line number, the OFX's transaction order). */
  line: z.number(),
  /** The day the money arrived, YYYY-MM-DD. */
  date: z.string(),
  amountCents: z.number(),
  description: z.string(),
  /** The bank's id of the transaction (OFX FITID, the CSV's Identificador): the payment's reference. */
  reference: z.string(),
  result: z.enum(STATEMENT_RESULTS),
  /** The charge named in the line, if any. */
  charge: z
    .object({ id: z.number(), code: z.string(), sellerId: z.number(), sellerName: z.string(), period: z.string(), amountCents: z.number() })
    .nullable(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const statementPreview = z.object({
  format: z.enum(['ofx', 'csv']),
  /** The credits of the file (debits are not payments and are left out). */
  lines: z.array(statementLine),
  /** How many debits were left out. */
  debits: z.number(),
  /** How many lines would pay (preview) or paid (import). */
  payable: z.number(),
});
export type StatementPreview = z.infer<typeof statementPreview>;

export const statementImportReply = statementPreview.extend({ message: z.string(), paid: z.number() });
export type StatementImportReply = z.infer<typeof statementImportReply>;

/** One payment of a Pix notice, as the Banco Central's Pix API sends it (other fields are ignored). */
export const pixNoticeItem = z.looseObject({
  endToEndId: z.string().trim().min(1).max(64),
  txid: z.string().trim().max(35).optional(),
  /** Reais with a dot and two decimals, e.g. "123.45". */
  valor: z.string().trim().regex(/^\d{1,12}\.\d{2}$/),
  /** RFC 3339 with an offset (Z or ±hh:mm), e.g. 2020-09-09T20:15:00.000-03:00: without one the day would depend on the server's zone. */
  horario: z
    .string()
    .trim()
    .max(40)
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i),
});
export const pixNotice = z.looseObject({ pix: z.array(pixNoticeItem).min(1).max(100) });
export type PixNotice = z.infer<typeof pixNotice>;

export const PIX_NOTICE_RESULTS = ['paid', 'already_paid', 'amount_mismatch', 'canceled', 'unknown'] as const;
export const pixNoticeReply = z.object({
  results: z.array(z.object({ endToEndId: z.string(), txid: z.string().nullable(), result: z.enum(PIX_NOTICE_RESULTS) })),
});
export type PixNoticeReply = z.infer<typeof pixNoticeReply>;

export const chargePaymentRoutes = {
  statementPreview: defineRoute({
    method: 'POST', path: '/charges/statement/preview', tag: 'charges',
    summary: 'Pré-visualizar a importação de um extrato bancário (OFX ou CSV, campo de arquivo "file"): os créditos e a cobrança de cada um; nada é gravado',
    access: CHARGE_ADMIN_TYPES, multipart: true, response: statementPreview, rateLimit: 'upload',
  }),
  statementImport: defineRoute({
    method: 'POST', path: '/charges/statement/import', tag: 'charges',
    summary: 'Importar um extrato bancário (o mesmo arquivo da pré-visualização): paga cada cobrança cujo código e valor estão num crédito',
    access: CHARGE_ADMIN_TYPES, multipart: true, response: statementImportReply, rateLimit: 'upload',
  }),
  webhook: defineRoute({
    method: 'POST', path: '/charges/webhook', tag: 'charges',
    summary:
      'Aviso de pagamento Pix de um provedor (formato do webhook da API Pix do Banco Central), assinado: cabeçalho X-Signature: sha256=<HMAC-SHA256 hexadecimal do corpo com PIX_WEBHOOK_SECRET>. Sem o segredo configurado: 404',
    access: 'public', response: pixNoticeReply,
  }),
} as const;
