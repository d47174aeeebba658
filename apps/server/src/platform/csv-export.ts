/**
 * CSV exports of the reports: ';'-separated (spec 3 §9), CRLF line ends, UTF-8 with a BOM so Excel in pt-BR opens
 * accents correctly — the bytes csv-stringify wrote with those options (a cell with ';', '"' or CRLF quoted, '"'
 * doubled). A text cell a spreadsheet would run as a formula (first character =, +, -, @, tab or carriage return: CSV
 * injection) gets a leading apostrophe; numbers are written as is.
 *
 * Speed (a 10,000-row export in well under a second): the rows come in batches (`keysetBatches`: one statement per
 * batch, the next one asked for while the previous is written), each line is built as a plain string, and the lines
 * go out in chunks of about 64 KB (`csvChunks`), so the response compressor sees a few large writes instead of one
 * per row. The first batch goes out at once, so the download starts before the rest is read.
 */
import { once } from 'node:events';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyReply } from 'fastify';

export const CSV_SEPARATOR = ';';
const RECORD_END = '\r\n';
const BOM = '\uFEFF';

/** Characters written to the response at a time (at least; a chunk ends after the row that filled it). */
export const CSV_CHUNK_CHARS = 64 * 1024;

export type CsvCell = string | number | null;
export type CsvRow = readonly CsvCell[];

/** A text cell made inert for spreadsheets (OWASP "CSV injection"). */
export const neutralizeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Content-Disposition for a UTF-8 file name (RFC 6266/5987: an ASCII fallback and the exact name). */
export function attachmentName(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** What csv-stringify quoted with these options: the separator, a quote, or the record delimiter CRLF (not a lone CR or LF). */
const NEEDS_QUOTES = /[;"]|\r\n/;

/** One cell: null empty, a number as JavaScript prints it, text quoted when it holds ';', '"' or CRLF. */
function csvCell(value: CsvCell, neutralize: boolean): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = neutralize ? neutralizeCell(value) : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its CRLF; its text cells neutralised (not the header's, which are the file's own). */
export function csvLine(row: CsvRow, neutralize = true): string {
  let line = '';
  for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : CSV_SEPARATOR) + csvCell(row[i]!, neutralize);
  return line + RECORD_END;
}

/**
 * The file's text in chunks: the BOM and header with the first batch (at once, however small), then chunks of at
 * least `chunkChars` characters, and the rest at the end.
 */
export async function* csvChunks(
  header: readonly string[],
  batches: AsyncIterable<readonly CsvRow[]>,
  chunkChars = CSV_CHUNK_CHARS,
): AsyncGenerator<string> {
  let text = BOM + csvLine(header, false);
  let started = false;
  for await (const batch of batches) {
    for (const row of batch) {
      text += csvLine(row);
      if (text.length >= chunkChars) {
        yield text;
        text = '';
        started = true;
      }
    }
    if (!started && text) {
      yield text;
      text = '';
      started = true;
    }
  }
  if (text) yield text;
}

/**
 * Streams a CSV: the header row, then every batch of rows the async iterable yields (`keysetBatches` reads them from
 * the database). The route handler returns what this answers.
 */
export function sendCsv(reply: FastifyReply, fileName: string, header: readonly string[], batches: AsyncIterable<readonly CsvRow[]>): Readable {
  reply
    .header('content-disposition', attachmentName(fileName))
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding')
    .type('text/csv; charset=utf-8');
  const chunks = headersFirst(reply, csvChunks(header, batches));
  if (!acceptsGzip(reply.request.headers['accept-encoding'])) return Readable.from(chunks, { objectMode: false });
  // Compressed here, not by the app's compressor: gzip at a fast level (CSV compresses ~8x even so), flushed after the
  // first chunk so the download starts before the rest is read; brotli would hold every byte until the end.
  reply.header('content-encoding', 'gzip');
  const gzip = zlib.createGzip({ level: CSV_GZIP_LEVEL });
  void (async () => {
    let first = true;
    for await (const chunk of chunks) {
      if (gzip.destroyed) return;
      if (!gzip.write(chunk)) await once(gzip, 'drain');
      if (first) {
        first = false;
        gzip.flush();
      }
    }
    gzip.end();
  })().catch((err: unknown) => gzip.destroy(err as Error));
  return gzip;
}

/** zlib's level for CSV downloads: 1–9, speed against size; 4 writes ~100 MB of CSV a second on one core here. */
export const CSV_GZIP_LEVEL = 4;

/** Whether the client takes gzip (`accept-encoding: gzip` or `*`, not with q=0). */
function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * The chunks, once the response's headers have left: Fastify sets a stream's headers on the response (setHeader) just
 * before piping it, and Node holds them until the first body bytes — which, compressed, may come only at the end.
 * Flushed as soon as they are set (a few turns of the event loop at most), so the download starts while the first
 * batch is read.
 */
async function* headersFirst(reply: FastifyReply, chunks: AsyncIterable<string>): AsyncGenerator<string> {
  const res = reply.raw;
  for (let turn = 0; turn < 5 && !res.headersSent && !res.writableEnded; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!res.headersSent && !res.writableEnded && res.hasHeader('content-disposition')) res.flushHeaders();
  }
  yield* chunks;
}

/** Rows of an export's first batch: a small first statement, so the download starts at once. */
export const CSV_FIRST_BATCH = 1000;

/**
 * A query read in keyset batches: `read(after, limit)` answers up to `limit` rows in the export's order after the key
 * `after` (undefined: from the first row), ordered with a unique tiebreaker, so no row is skipped or repeated. The
 * first batch is small (`first` rows: the first bytes leave early), the others `size` rows; the next batch is asked
 * for as soon as one arrives (the database works while this one is written); a short batch is the last.
 */
export async function* keysetBatches<T, K>(
  read: (after: K | undefined, limit: number) => Promise<T[]>,
  keyOf: (last: T) => K,
  size: number,
  first = Math.min(size, CSV_FIRST_BATCH),
): AsyncGenerator<T[]> {
  // Each read is marked as handled when asked for: a download abandoned while the next batch is read must not leave
  // an unhandled rejection (awaiting it still throws).
  const ask = (after: K | undefined, limit: number) => {
    const batch = read(after, limit);
    batch.catch(() => undefined);
    return { batch, limit };
  };
  let next = ask(undefined, first);
  for (;;) {
    const batch = await next.batch;
    const more = batch.length >= next.limit;
    if (more) next = ask(keyOf(batch[batch.length - 1]!), size);
    yield batch;
    if (!more) return;
  }
}
