/**
 * CSV import of team members (spec 1 §2.12 "CSV import"): parsing and per-row validation, pure. The
 * server runs the same functions for the preview and again for the commit, so the web's preview is a
 * convenience and never the protection.
 *
 * The file: UTF-8 (with or without BOM), a header row naming the columns `name` and `email` (also
 * `nome` and `e-mail`, any case, any order, other columns ignored), fields separated by `;` or `,`
 * (whichever the header uses), fields optionally quoted with `"` (a doubled `""` inside is a quote).
 * Parsing is Papa Parse's (browser and Node alike); the checks of the rows are ours.
 */
import Papa from 'papaparse';
import { MSG } from './messages';
import { email as emailSchema, requiredText } from './validation';

export const CSV_LIMITS = {
  /** Largest accepted file. */
  maxBytes: 1024 * 1024,
  /** Most data rows (the header not counted). */
  maxRows: 500,
} as const;

export const CSV_MSG = {
  notCsv: 'Envie um arquivo CSV.',
  notUtf8: 'Não foi possível ler o arquivo. Salve-o como CSV UTF-8 e tente novamente.',
  tooLarge: 'O arquivo deve ter no máximo 1 MB.',
  empty: 'O arquivo está vazio.',
  header: 'O arquivo deve ter uma linha de cabeçalho com as colunas name e email.',
  tooManyRows: `O arquivo pode ter no máximo ${CSV_LIMITS.maxRows} linhas de usuários.`,
  noRows: 'O arquivo não tem nenhuma linha de usuário.',
  unclosedQuote: 'O arquivo tem aspas que não foram fechadas.',
  duplicate: 'E-mail repetido no arquivo',
  fixRows: 'Corrija as linhas com erro antes de importar.',
  imported: (n: number) => (n === 1 ? '1 usuário importado com sucesso!' : `${n} usuários importados com sucesso!`),
} as const;

export type CsvSeparator = ';' | ',';

/** Remove a UTF-8 byte-order mark. */
export const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** The separator the first line uses most, outside quotes (`,` when there is none). */
export function detectSeparator(text: string): CsvSeparator {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return semicolons > commas ? ';' : ',';
}

export interface CsvRecord {
  /** Line of the file where the record starts (1 = the first line). */
  line: number;
  cells: string[];
}

/**
 * Split CSV text into records with Papa Parse (RFC 4180 quoting; CRLF, LF or CR line ends, even mixed:
 * they are read as LF first). Throws a CsvError when a quote is never closed.
 */
export function parseCsv(input: string, separator: CsvSeparator = detectSeparator(stripBom(input))): CsvRecord[] {
  const text = stripBom(input).replace(/\r\n?/g, '\n');
  const records: CsvRecord[] = [];
  let unclosed = false;
  // Papa reports where each row ends (`cursor`); the next row starts there. Count the line breaks
  // up to each start to number the records by the line they start on.
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    delimiter: separator,
    newline: '\n',
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (row) => {
      if (row.errors.some((e) => e.code === 'MissingQuotes')) unclosed = true;
      records.push({ line, cells: row.data });
      const end = row.meta.cursor;
      for (let i = start; i < end; i++) if (text.charCodeAt(i) === 10) line++;
      start = end;
    },
  });
  if (unclosed) throw new CsvError(CSV_MSG.unclosedQuote);
  // A final line break ends the last record; it does not open an empty one.
  const last = records[records.length - 1];
  if (last && text.endsWith('\n') && last.cells.length === 1 && last.cells[0] === '') records.pop();
  return records;
}

export class CsvError extends Error {}

const headerKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]/g, '');
const NAME_HEADERS = ['name', 'nome'];
const EMAIL_HEADERS = ['email', 'mail'];

export interface ImportRow {
  name: string;
  email: string;
}
export interface CsvImportRow extends ImportRow {
  line: number;
}

export type ParsedImport = { ok: true; rows: CsvImportRow[] } | { ok: false; error: string };

/** Read the team CSV: header, columns and the row limit. Blank lines are skipped. */
export function parseImportCsv(text: string): ParsedImport {
  if (text.includes('\u0000')) return { ok: false, error: CSV_MSG.notCsv };
  let records: CsvRecord[];
  try {
    records = parseCsv(text);
  } catch (err) {
    if (err instanceof CsvError) return { ok: false, error: err.message };
    throw err;
  }
  records = records.filter((r) => r.cells.some((c) => c.trim() !== ''));
  if (records.length === 0) return { ok: false, error: CSV_MSG.empty };
  const [header, ...data] = records;
  const keys = header!.cells.map(headerKey);
  const nameAt = keys.findIndex((k) => NAME_HEADERS.includes(k));
  const emailAt = keys.findIndex((k) => EMAIL_HEADERS.includes(k));
  if (nameAt < 0 || emailAt < 0) return { ok: false, error: CSV_MSG.header };
  if (data.length === 0) return { ok: false, error: CSV_MSG.noRows };
  if (data.length > CSV_LIMITS.maxRows) return { ok: false, error: CSV_MSG.tooManyRows };
  return {
    ok: true,
    rows: data.map((r) => ({ line: r.line, name: (r.cells[nameAt] ?? '').trim(), email: (r.cells[emailAt] ?? '').trim() })),
  };
}

export type RowField = 'name' | 'email' | 'type';
export interface RowIssue {
  field: RowField;
  message: string;
}

export interface RowCheckOptions {
  /** May the importer create users of the chosen type? */
  typeAllowed: boolean;
  /** E-mails (lower case) already registered on the platform. */
  registered: ReadonlySet<string>;
}

const nameSchema = requiredText();
const emailField = emailSchema();

/** The normalised e-mail of a row (trimmed, lower case), or null when it is not a valid address. */
export function normalEmail(value: string): string | null {
  const parsed = emailField.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * The problems of each row, in order: missing or too long name, invalid e-mail, an e-mail repeated in
 * the file (every occurrence after the first), an e-mail already registered, a type the importer may
 * not create. An empty list means the row can be created.
 */
export function checkImportRows(rows: readonly ImportRow[], opts: RowCheckOptions): RowIssue[][] {
  const seen = new Set<string>();
  return rows.map((row) => {
    const issues: RowIssue[] = [];
    const name = nameSchema.safeParse(row.name);
    if (!name.success) issues.push({ field: 'name', message: name.error.issues[0]?.message ?? MSG.required });
    const trimmed = row.email.trim();
    const email = normalEmail(trimmed);
    if (!trimmed) issues.push({ field: 'email', message: MSG.required });
    else if (!email) issues.push({ field: 'email', message: MSG.invalidEmail });
    else if (seen.has(email)) issues.push({ field: 'email', message: CSV_MSG.duplicate });
    else if (opts.registered.has(email)) issues.push({ field: 'email', message: MSG.emailInUse });
    if (email) seen.add(email);
    if (!opts.typeAllowed) issues.push({ field: 'type', message: MSG.cannotManageType });
    return issues;
  });
}
