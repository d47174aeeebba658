/**
 * CSV exports of the reports: csv-stringify writes them, ';'-separated (spec 3 §9), UTF-8 with a
 * BOM so Excel in pt-BR opens accents correctly, streamed to the client page by page so a large range never sits in
 * memory. Every report's export goes through `sendCsv`. A text cell a spreadsheet would run as a formula (first
 * character =, +, -, @, tab or carriage return: CSV injection) gets a leading apostrophe; numbers are written as is.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { stringify } from 'csv-stringify';

export const CSV_SEPARATOR = ';';

/** A text cell made inert for spreadsheets (OWASP "CSV injection"). */
export const neutralizeCell = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** Content-Disposition for a UTF-8 file name (RFC 6266/5987: an ASCII fallback and the exact name). */
export function attachmentName(name: string): string {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9._-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams a CSV: the header row, then every row the async iterable yields (read it page by page from the database).
 * The route handler returns what this answers.
 */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  rows: AsyncIterable<readonly (string | number | null)[]>,
): Readable {
  const csv = stringify({ delimiter: CSV_SEPARATOR, bom: true, header: false, record_delimiter: 'windows' });
  const source = Readable.from(
    (async function* () {
      yield [...header];
      for await (const row of rows) yield row.map((v) => (v === null ? '' : typeof v === 'string' ? neutralizeCell(v) : v));
    })(),
  );
  source.on('error', (err) => csv.destroy(err));
  source.pipe(csv);
  reply
    .header('content-disposition', attachmentName(fileName))
    .header('cache-control', 'private, no-store')
    .type('text/csv; charset=utf-8');
  return csv;
}

/** Reads a query page by page (keyset or offset, the caller's choice) as one async iterable of rows. */
export async function* pages<T>(fetch: (offset: number, limit: number) => Promise<T[]>, limit = 1000): AsyncIterable<T> {
  for (let offset = 0; ; offset += limit) {
    const batch = await fetch(offset, limit);
    yield* batch;
    if (batch.length < limit) return;
  }
}
