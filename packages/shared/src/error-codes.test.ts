import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHARED_SRC = here;
const SERVER_SRC = path.resolve(here, '../../../apps/server/src');

/** The TypeScript sources under `dir` (not tests), each as [path relative to `dir`, text]. */
function sources(dir: string): [string, string][] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => [file, fs.readFileSync(path.join(dir, file), 'utf8')]);
}

const serverSources = sources(SERVER_SRC);
const sharedSources = sources(SHARED_SRC).filter(([file]) => file !== 'error-codes.ts');

/**
 * Where the server names a code it answers: `new AppError(status, 'X'`, a subclass's `super(status, 'X'`, the
 * error handler's `errorBody(status, 'X'` and a refusal helper's `refuse('X'`; in the shared machine tables, `code: 'X'`.
 */
const SERVER_SITES = [
  /\bAppError\(\s*[^,()]+,\s*'([A-Z0-9_]+)'/g,
  /\bsuper\(\s*\d+,\s*'([A-Z0-9_]+)'/g,
  /\berrorBody\(\s*\d+,\s*'([A-Z0-9_]+)'/g,
  /\brefuse\(\s*'([A-Z0-9_]+)'/g,
];
const TABLE_SITES = [/\bcode: '([A-Z0-9_]+)'/g];

function codesAt(files: [string, string][], patterns: RegExp[]): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, text] of files) {
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) found.set(m[1]!, file);
  }
  return found;
}

describe('ERROR_CODES', () => {
  it('holds each code once', () => {
    const seen = new Set<string>();
    const twice = ERROR_CODES.filter((code) => seen.size === seen.add(code).size);
    expect(twice).toEqual([]);
  });

  it('holds every code the server throws or its shared tables refuse with', () => {
    const thrown = codesAt(serverSources, SERVER_SITES);
    const tables = codesAt(sharedSources, TABLE_SITES);
    // The scan still sees the throw sites (a change of their form would otherwise pass this test silently).
    expect(thrown.size).toBeGreaterThan(50);
    const missing = [...thrown, ...tables].filter(([code]) => !isErrorCode(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  it('holds no code that nothing in the server or packages/shared names (a dead code)', () => {
    const texts = [...serverSources, ...sharedSources].map(([, text]) => text);
    const dead = ERROR_CODES.filter((code) => !texts.some((text) => text.includes(`'${code}'`)));
    expect(dead).toEqual([]);
  });

  it('tells a known code from any other text', () => {
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    expect(isErrorCode('NOT_A_CODE')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
