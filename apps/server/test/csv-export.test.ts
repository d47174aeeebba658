/**
 * The CSV exports' streaming (platform/csv-export.ts): the bytes csv-stringify wrote (BOM, ';', CRLF, quoting,
 * neutralised formulas), the text leaving in chunks of tens of kilobytes (not one small write per row) with the first
 * batch at once, keyset batches read ahead, and a 10,000-row published-units export over a real socket: complete, in
 * order across batches and ties, in large writes, fast, the same bytes compressed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvChunks, csvLine, keysetBatches, neutralizeCell, type CsvRow } from '../src/platform/csv-export';
import { createTestApp, signIn, type TestApp } from './harness';
import { reportProvider, universityAreaIds } from './report-fixtures';

const HEADER = ['UNIDADE', 'ÁREA_DE_CONHECIMENTO', 'NÍVEL_DE_APRENDIZADO', 'PUBLICADA_EM'];

describe('csvLine', () => {
  it('writes the bytes csv-stringify wrote with the exports’ options', () => {
    const rows: CsvRow[] = [
      ['simples', 'com;ponto e vírgula', 'com "aspas"', 'linha\nnova', 'retorno\rcarro', 'crlf\r\nfim', ''],
      ['=SOMA(1;2)', '+1', '-2', '@x', '\tTAB', '\rCR', "'já"],
      [0, -3, 1.5, 12345678901, null, 'Ünïcode ç ã', ' espaços '],
      ['""', ';', '"', 'a""b', 'x;"y"\r\nz', '=', '-'],
    ];
    // Every short text over the characters that matter, at random (a fixed seed: the same cases each run).
    const alphabet = ['a', ';', '"', '\r', '\n', '=', '-', '+', '@', '\t', ' ', 'ç', "'"];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 2000; i++) {
      rows.push(Array.from({ length: 3 }, () => Array.from({ length: random(6) }, () => alphabet[random(alphabet.length)]).join('')));
    }
    const legacy = stringify(
      rows.map((r) => r.map((v) => (v === null ? '' : typeof v === 'string' ? neutralizeCell(v) : v))),
      { delimiter: ';', bom: false, header: false, record_delimiter: 'windows' },
    );
    expect(rows.map((r) => csvLine(r)).join('')).toBe(legacy);
    // The header is the file's own: not neutralised.
    expect(csvLine(['-a', 'b'], false)).toBe('-a;b\r\n');
  });
});

describe('csvChunks', () => {
  /** `n` batches of `size` rows of about 60 characters, counting how many were read. */
  function batches(n: number, size: number) {
    const read = { batches: 0 };
    const source = (async function* () {
      for (let b = 0; b < n; b++) {
        read.batches++;
        yield Array.from({ length: size }, (_, i): CsvRow => [`Unidade ${b * size + i} de um título médio`, 'Ciências Exatas', 'Graduação', '01/05/2024']);
      }
    })();
    return { read, source };
  }

  it('sends the header with the first batch at once, then chunks of at least 64 KB, the rest at the end', async () => {
    const { read, source } = batches(10, 1000);
    const chunks: string[] = [];
    const readWhen: number[] = [];
    for await (const chunk of csvChunks(HEADER, source)) {
      chunks.push(chunk);
      readWhen.push(read.batches);
    }
    expect(readWhen[0]).toBe(1);
    expect(chunks[0]!.startsWith('\uFEFFUNIDADE;ÁREA_DE_CONHECIMENTO;NÍVEL_DE_APRENDIZADO;PUBLICADA_EM\r\nUnidade 0 de')).toBe(true);
    for (const chunk of chunks.slice(1, -1)) expect(chunk.length).toBeGreaterThanOrEqual(64 * 1024);
    const lines = chunks.join('').split('\r\n');
    expect(lines).toHaveLength(10_000 + 2);
    expect(lines[10_000]).toBe('Unidade 9999 de um título médio;Ciências Exatas;Graduação;01/05/2024');
    expect(chunks.length).toBeLessThan(20);
  });

  it('writes the header alone for an export without rows', async () => {
    const chunks: string[] = [];
    for await (const chunk of csvChunks(['A', 'B'], (async function* () {})())) chunks.push(chunk);
    expect(chunks).toEqual(['\uFEFFA;B\r\n']);
  });
});

describe('keysetBatches', () => {
  it('reads every row once, asking for the next batch after the last key while the previous one is used', async () => {
    const all = Array.from({ length: 30 }, (_, i) => i);
    const asked: [number | undefined, number][] = [];
    const read = async (after: number | undefined, limit: number) => {
      asked.push([after, limit]);
      return all.filter((v) => after === undefined || v > after).slice(0, limit);
    };
    const seen: number[] = [];
    for await (const batch of keysetBatches(read, (last) => last, 10, 5)) {
      // The next batch was already asked for when this one is handed over.
      if (batch.length === (seen.length ? 10 : 5)) expect(asked.at(-1)?.[0]).toBe(batch.at(-1));
      seen.push(...batch);
    }
    expect(seen).toEqual(all);
    // A small first batch, then full ones; the short one is the last.
    expect(asked).toEqual([[undefined, 5], [4, 10], [14, 10], [24, 10]]);
  });

  it('a download abandoned while a batch is read leaves no unhandled rejection', async () => {
    let calls = 0;
    const read = async () => {
      calls++;
      if (calls > 1) throw new Error('connection lost');
      return [1, 2];
    };
    for await (const batch of keysetBatches(read, (last) => last, 2)) {
      expect(batch).toEqual([1, 2]);
      break;
    }
    // The rejected read ahead is handled: vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(2);
  });
});

describe('GET /api/reports/published-units/csv with 10,000 rows', () => {
  const ROWS = 10_000;
  let t: TestApp;
  let token = '';
  let base = '';
  const area = { exatas: 'Ciências Exatas e da Terra', biologicas: 'Ciências Biológicas' } as const;

  /** Unit g's line: every 500th title a formula with ';' and quotes (neutralised and quoted in the file). */
  const expectedLine = (g: number) =>
    [
      g % 500 === 0 ? `"'=Fórmula ${g}; ""citada"""` : `Unidade ${g}`,
      g % 2 === 0 ? `${area.exatas}, ${area.biologicas}` : g % 3 === 0 ? '' : area.biologicas,
      g % 2 === 0 ? 'Graduação' : '',
      '01/05/2024',
    ].join(';');

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.deps.db;
    const ids = await universityAreaIds(db, Object.values(area));
    const providerId = await reportProvider(db, {
      companyName: 'Editora Exportação',
      email: 'exportacao@exemplo.com.br',
      user: { name: 'Érica Exportação', email: 'erica.exportacao@exemplo.com.br' },
    });
    // 10,000 published units, three at each second (ties on published_at, broken by id): unit g is the g-th inserted.
    await db.execute(sql`with new_items as (
        insert into items (provider_id) select ${providerId} from generate_series(1, ${ROWS}) g order by g returning id)
      insert into item_contents (item_id, title, status, knowledge_ids, level_of_learning)
      select id, case when g % 500 = 0 then '=Fórmula ' || g || '; "citada"' else 'Unidade ' || g end, 'publish',
             case when g % 2 = 0 then array[${ids[area.exatas]}::int, ${ids[area.biologicas]}::int, ${ids[area.exatas]}::int]
                  when g % 3 = 0 then array[]::int[] else array[${ids[area.biologicas]}::int, 999999] end,
             case when g % 2 = 0 then array['Graduação', 'Mestrado'] else array[]::text[] end
        from (select id, row_number() over (order by id) as g from new_items) n`);
    await db.execute(sql`update items i set published_content_id = c.id from item_contents c where c.item_id = i.id and i.provider_id = ${providerId}`);
    await db.execute(sql`update items i set published_at = timestamptz '2024-05-01 12:00:00-03' + (n.g / 3) * interval '1 second'
      from (select id, row_number() over (order by id) as g from items where provider_id = ${providerId}) n where n.id = i.id`);
    token = await signIn(t.app, 'erica.exportacao@exemplo.com.br');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(() => t?.close());

  /** The export over a real socket: its body, the sizes the server wrote, and when the headers, first byte and end came. */
  async function download(encoding?: 'br' | 'gzip') {
    const writes: number[] = [];
    const write = http.ServerResponse.prototype.write;
    http.ServerResponse.prototype.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
      if (this.req?.url?.includes('/csv')) writes.push(typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as typeof write;
    const started = performance.now();
    try {
      return await new Promise<{ status: number; body: Buffer; writes: number[]; headersMs: number; firstByteMs: number; totalMs: number; encoding?: string; parts: number }>((resolve, reject) => {
        const url = `${base}/api/reports/published-units/csv?startDate=2024-05-01&endDate=2024-05-01`;
        const req = http.get(url, { headers: { authorization: `Bearer ${token}`, ...(encoding ? { 'accept-encoding': encoding } : {}) } }, (res) => {
          const headersMs = performance.now() - started;
          let firstByteMs = 0;
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => {
            if (!parts.length) firstByteMs = performance.now() - started;
            parts.push(part);
          });
          res.on('error', reject);
          res.on('end', () => {
            const raw = Buffer.concat(parts);
            const body = res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(raw) : res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
            resolve({ status: res.statusCode ?? 0, body, writes, headersMs, firstByteMs, totalMs: performance.now() - started, encoding: res.headers['content-encoding'], parts: parts.length });
          });
        });
        req.on('error', reject);
      });
    } finally {
      http.ServerResponse.prototype.write = write;
    }
  }

  it('streams every row once, newest first across batches and ties, in writes of at least 16 KB, within 2 s', async () => {
    await download(); // warm: the statement prepared, the knowledge areas in memory
    const res = await download();
    expect(res.status).toBe(200);
    const text = res.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(HEADER.join(';'));
    expect(lines.at(-1)).toBe('');
    const expected = Array.from({ length: ROWS }, (_, i) => expectedLine(ROWS - i));
    expect(lines.slice(1, -1)).toEqual(expected);
    // A few large writes, not one per row: every write but the last carries at least 16 KB.
    expect(res.writes.length).toBeLessThan(40);
    for (const size of res.writes.slice(0, -1)) expect(size).toBeGreaterThanOrEqual(16 * 1024);
    expect(res.totalMs).toBeLessThan(2000);
    // The headers leave before the file is read through (a generous bound for a busy CI machine).
    expect(res.headersMs).toBeLessThan(res.totalMs);
    console.info(
      `csv export, ${ROWS} rows: headers ${res.headersMs.toFixed(0)} ms, first byte ${res.firstByteMs.toFixed(0)} ms, ` +
        `complete ${res.totalMs.toFixed(0)} ms (${Math.round(ROWS / (res.totalMs / 1000))} rows/s), ${res.writes.length} writes`,
    );
  });

  it('gzip-compressed as it streams (a brotli-only client gets brotli): the same bytes, within 2 s', async () => {
    const plain = (await download()).body;
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await download(encoding);
      expect(res.status).toBe(200);
      expect(res.encoding).toBe(encoding);
      expect(res.body.equals(plain)).toBe(true);
      expect(res.totalMs).toBeLessThan(2000);
      // Streamed: the gzip body arrives in several parts, the first flushed after the first chunk.
      if (encoding === 'gzip') expect(res.parts).toBeGreaterThan(1);
      console.info(`csv export, ${ROWS} rows, ${encoding}: headers ${res.headersMs.toFixed(0)} ms, first byte ${res.firstByteMs.toFixed(0)} ms, complete ${res.totalMs.toFixed(0)} ms`);
    }
  });
});
