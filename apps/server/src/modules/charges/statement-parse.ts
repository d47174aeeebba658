/**
 * Reads a bank statement into its transactions, pure (no database). Accepted:
 *
 * - **OFX 1.x (SGML)** as Brazilian banks export it: the `OFXHEADER:100` header lines (`CHARSET:1252` or UTF-8),
 *   elements left unclosed (`<TRNAMT>-12.50` with no `</TRNAMT>`), aggregates closed or not; and **OFX 2.x (XML)**.
 *   Each `<STMTTRN>` gives DTPOSTED (its first 8 digits, YYYYMMDD), TRNAMT (a dot or, as some banks write it, a comma
 *   before the centavos; negative: a debit), FITID, NAME, MEMO (and CHECKNUM, REFNUM, read for the code too).
 * - **CSV**: a header line, then one transaction a line; the separator is `;` or `,` (whichever the header uses more),
 *   fields optionally quoted with `"`. Columns by name, any case, accents ignored, any order, others ignored:
 *   `Data` (required; dd/mm/aaaa, dd/mm/aa or aaaa-mm-dd), `Valor` (required; decimal comma `1.234,56`, `-50,00`,
 *   `R$ 10,00`, or a dot with one or two decimals `150.00`; a lone dot before three digits is a thousands separator),
 *   the description from every column named `Descrição`, `Histórico`, `Lançamento`, `Detalhes` or `Memo` (joined),
 *   and the transaction's id from `Identificador`, `ID`, `FITID`, `Documento` or `Nº documento`.
 *
 * The bytes are read as UTF-8 and, when they are not valid UTF-8, as Windows-1252 (what `CHARSET:1252` and most
 * Brazilian exports mean). Anything else is refused with a pt-BR message naming what was expected.
 */
import { STATEMENT_LIMITS, STATEMENT_MSG } from '@edu/shared/charge-payments';

export interface StatementTransaction {
  /** 1-based: the CSV's line number, the OFX's transaction order. */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Negative: a debit. */
  amountCents: number;
  description: string;
  /** The bank's id (FITID, Identificador); a CSV without one gets `linha <n> <date>`. */
  reference: string;
  /** Every text of the transaction where a charge's code may be written (name, memo, ids). */
  searchText: string;
}

export type StatementParse = { ok: true; format: 'ofx' | 'csv'; transactions: StatementTransaction[] } | { ok: false; error: string };

/** The bytes as text: UTF-8 when they are valid UTF-8, else Windows-1252; no BOM. */
export function decodeStatement(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const validDate = (y: number, m: number, d: number): string | null => {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > last) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/**
 * An amount as integer centavos, or null. `style` 'ofx': a dot or a comma is the decimal separator (never thousands);
 * 'br': a comma is the decimal separator and dots group thousands; a lone dot followed by one or two digits is decimal.
 */
export function parseAmountCents(raw: string, style: 'ofx' | 'br'): number | null {
  let s = raw.replace(/\s|\u00a0/g, '').replace(/^R\$/i, '');
  let negative = false;
  if (s.startsWith('-')) [negative, s] = [true, s.slice(1)];
  else if (s.startsWith('+')) s = s.slice(1);
  else if (s.endsWith('-')) [negative, s] = [true, s.slice(0, -1)];
  else if (/^\(.*\)$/.test(s)) [negative, s] = [true, s.slice(1, -1)];
  s = s.replace(/^R\$/i, '');
  let intPart: string;
  let fracPart = '';
  if (style === 'ofx') {
    const m = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(s);
    if (!m) return null;
    [intPart, fracPart] = [m[1]!, m[2] ?? ''];
  } else if (s.includes(',')) {
    const m = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/.exec(s);
    if (!m) return null;
    [intPart, fracPart] = [m[1]!.replace(/\./g, ''), m[2]!];
  } else {
    const dec = /^(\d+)\.(\d{1,2})$/.exec(s);
    if (dec) [intPart, fracPart] = [dec[1]!, dec[2]!];
    else if (/^\d{1,3}(?:\.\d{3})+$/.test(s) || /^\d+$/.test(s)) intPart = s.replace(/\./g, '');
    else return null;
  }
  if (intPart.length > 11) return null;
  const cents = Number(intPart) * 100 + Number(fracPart.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

// ---------------------------------------------------------------- OFX

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const unescape = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

const isOfx = (text: string) => /<OFX>/i.test(text) && (/^\s*OFXHEADER\s*:/i.test(text) || /<\?OFX\b/i.test(text) || /^\s*(<\?xml[^>]*>\s*)?<OFX>/i.test(text));

/** The value of element `tag` in a transaction's text (unclosed SGML or closed XML), or ''. */
function ofxValue(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<\\r\\n]*)`, 'i').exec(block);
  return m ? unescape(m[1]!.trim()) : '';
}

function parseOfx(text: string): StatementParse {
  const body = text.slice(text.search(/<OFX>/i));
  // Each transaction runs from <STMTTRN> to its </STMTTRN>, or (an SGML file that leaves aggregates open) to the next
  // <STMTTRN> or the end of the list.
  const starts = [...body.matchAll(/<STMTTRN>/gi)].map((m) => m.index!);
  if (starts.length > STATEMENT_LIMITS.maxLines) return { ok: false, error: STATEMENT_MSG.tooManyLines };
  const transactions: StatementTransaction[] = [];
  for (let i = 0; i < starts.length; i++) {
    let block = body.slice(starts[i]! + '<STMTTRN>'.length, starts[i + 1] ?? body.length);
    const end = block.search(/<\/STMTTRN>|<\/BANKTRANLIST>/i);
    if (end >= 0) block = block.slice(0, end);
    const fitid = ofxValue(block, 'FITID');
    const label = fitid || String(i + 1);
    const posted = ofxValue(block, 'DTPOSTED');
    const dm = /^(\d{4})(\d{2})(\d{2})/.exec(posted);
    const date = dm ? validDate(Number(dm[1]), Number(dm[2]), Number(dm[3])) : null;
    if (!date) return { ok: false, error: STATEMENT_MSG.ofxDate(label, posted) };
    const rawAmount = ofxValue(block, 'TRNAMT');
    const amountCents = parseAmountCents(rawAmount, 'ofx');
    if (amountCents === null) return { ok: false, error: STATEMENT_MSG.ofxAmount(label, rawAmount) };
    const name = ofxValue(block, 'NAME');
    const memo = ofxValue(block, 'MEMO');
    const extra = ['CHECKNUM', 'REFNUM', 'PAYEEID'].map((t) => ofxValue(block, t)).filter(Boolean);
    const description = [name, memo].filter(Boolean).join(' — ');
    transactions.push({
      line: i + 1,
      date,
      amountCents,
      description,
      reference: fitid || `OFX ${date} ${i + 1}`,
      searchText: [name, memo, fitid, ...extra].join(' '),
    });
  }
  return { ok: true, format: 'ofx', transactions };
}

// ---------------------------------------------------------------- CSV

/** The fields of a CSV text, line by line (quoted fields may hold the separator, quotes doubled, and line breaks). */
function csvRecords(text: string, sep: string): { line: number; fields: string[] }[] | { unclosedAt: number } {
  const out: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteStart = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      quoteStart = line;
    } else if (c === sep) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      out.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else field += c;
  }
  if (quoted) return { unclosedAt: quoteStart };
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    out.push({ line: recordLine, fields });
  }
  return out.filter((r) => r.fields.some((f) => f.trim() !== ''));
}

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[º°]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const DATE_COLS = ['data', 'data lancamento', 'data do lancamento', 'data movimento'];
const AMOUNT_COLS = ['valor', 'valor r', 'valor rs', 'quantia'];
const DESC_COLS = ['descricao', 'historico', 'lancamento', 'detalhes', 'memo', 'descricao historico'];
const ID_COLS = ['identificador', 'id', 'fitid', 'documento', 'n documento', 'no documento', 'numero documento', 'n do documento'];

function parseCsvDate(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/.exec(s);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return validDate(y, Number(m[2]), Number(m[1]));
  }
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  return m ? validDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

function parseCsv(text: string): StatementParse | null {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const semis = firstLine.split(';').length - 1;
  const commas = firstLine.split(',').length - 1;
  if (semis === 0 && commas === 0) return null;
  const sep = semis >= commas ? ';' : ',';
  const records = csvRecords(text, sep);
  if ('unclosedAt' in records) return { ok: false, error: STATEMENT_MSG.csvUnclosedQuote(records.unclosedAt) };
  const [header, ...rows] = records;
  if (!header) return null;
  const names = header.fields.map(norm);
  const col = (options: string[]) => names.findIndex((n) => options.includes(n));
  const dateCol = col(DATE_COLS);
  const amountCol = col(AMOUNT_COLS);
  if (dateCol < 0 || amountCol < 0) {
    // A header that names nothing we know is not a statement at all; one that names some of it is a CSV missing columns.
    const known = names.some((n) => [...DATE_COLS, ...AMOUNT_COLS, ...DESC_COLS, ...ID_COLS].includes(n));
    if (!known) return null;
    return { ok: false, error: STATEMENT_MSG.csvColumns(header.fields.map((f) => f.trim()).filter(Boolean).join(', ')) };
  }
  const descCols = names.flatMap((n, i) => (DESC_COLS.includes(n) ? [i] : []));
  const idCol = col(ID_COLS);
  if (rows.length > STATEMENT_LIMITS.maxLines) return { ok: false, error: STATEMENT_MSG.tooManyLines };
  const transactions: StatementTransaction[] = [];
  for (const { line, fields } of rows) {
    const rawDate = (fields[dateCol] ?? '').trim();
    const date = parseCsvDate(rawDate);
    if (!date) return { ok: false, error: STATEMENT_MSG.csvDate(line, rawDate) };
    const rawAmount = (fields[amountCol] ?? '').trim();
    const amountCents = parseAmountCents(rawAmount, 'br');
    if (amountCents === null) return { ok: false, error: STATEMENT_MSG.csvAmount(line, rawAmount) };
    const description = descCols.map((i) => (fields[i] ?? '').trim()).filter(Boolean).join(' — ');
    const id = idCol >= 0 ? (fields[idCol] ?? '').trim() : '';
    transactions.push({ line, date, amountCents, description, reference: id || `linha ${line} ${date}`, searchText: `${description} ${id}` });
  }
  return { ok: true, format: 'csv', transactions };
}

/** The transactions of a statement file (OFX or CSV), or why it is not one. */
export function parseStatement(bytes: Uint8Array): StatementParse {
  const text = decodeStatement(bytes);
  if (text.trim() === '') return { ok: false, error: STATEMENT_MSG.notStatement };
  if (isOfx(text)) return parseOfx(text);
  if (/^\s*</.test(text)) return { ok: false, error: STATEMENT_MSG.notStatement };
  return parseCsv(text) ?? { ok: false, error: STATEMENT_MSG.notStatement };
}

/**
 * The candidates for a charge code ('SC' and 14 letters or digits) written in `text`, uppercase, in order, once each:
 * every 'SC' followed by 14 letters or digits, even glued to other text (banks cut and join the memo), overlapping
 * ones included. Only the candidates that are a charge's code count (the caller looks them up).
 */
export function chargeCodesIn(text: string): string[] {
  const upper = text.toUpperCase();
  const found = new Set<string>();
  for (let at = upper.indexOf('SC'); at >= 0; at = upper.indexOf('SC', at + 1)) {
    const candidate = upper.slice(at, at + 16);
    if (/^SC[A-Z0-9]{14}$/.test(candidate)) found.add(candidate);
  }
  return [...found];
}
