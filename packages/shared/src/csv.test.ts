import { describe, expect, it } from 'vitest';
import { CSV_LIMITS, CSV_MSG, checkImportRows, detectSeparator, parseCsv, parseImportCsv } from './csv';
import { MSG } from './messages';

const none = { typeAllowed: true, registered: new Set<string>() };

describe('parseCsv', () => {
  it('splits on the separator the header uses', () => {
    expect(detectSeparator('name;email\na,b;c')).toBe(';');
    expect(detectSeparator('name,email\n')).toBe(',');
    expect(detectSeparator('"a;b",email')).toBe(',');
    expect(detectSeparator('nome')).toBe(',');
    expect(parseCsv('a;b\r\nc;d\r\n').map((r) => r.cells)).toEqual([['a', 'b'], ['c', 'd']]);
    expect(parseCsv('a,b\nc,d').map((r) => r.cells)).toEqual([['a', 'b'], ['c', 'd']]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks, and numbers lines', () => {
    const records = parseCsv('name,email\n"Silva, Ana","a@x.com"\n"Dito ""Zé""\nSegundo",z@x.com\nÚltimo,u@x.com');
    expect(records).toEqual([
      { line: 1, cells: ['name', 'email'] },
      { line: 2, cells: ['Silva, Ana', 'a@x.com'] },
      { line: 3, cells: ['Dito "Zé"\nSegundo', 'z@x.com'] },
      { line: 5, cells: ['Último', 'u@x.com'] },
    ]);
  });

  it('drops a BOM and refuses an unclosed quote', () => {
    expect(parseCsv('\uFEFFname;email\nA;a@x.com')[0]!.cells).toEqual(['name', 'email']);
    expect(() => parseCsv('name,email\n"A,a@x.com')).toThrow(CSV_MSG.unclosedQuote);
  });
});

describe('parseImportCsv', () => {
  it('finds the columns by header, in any order and spelling, and skips blank lines', () => {
    const parsed = parseImportCsv('\uFEFFE-mail;Nome;Cargo\r\nana@x.com; Ana Souza ;Prof\r\n\r\n;;\r\nBIA@X.COM;Bia;\r\n');
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, name: 'Ana Souza', email: 'ana@x.com' },
        { line: 5, name: 'Bia', email: 'BIA@X.COM' },
      ],
    });
    expect(parseImportCsv('name,email\nCarlos,c@x.com')).toEqual({ ok: true, rows: [{ line: 2, name: 'Carlos', email: 'c@x.com' }] });
    // A row with fewer cells than the header: the missing cell is empty.
    expect(parseImportCsv('name,email\nSó nome')).toEqual({ ok: true, rows: [{ line: 2, name: 'Só nome', email: '' }] });
  });

  it('refuses files without a header, without rows, with too many rows, or binary', () => {
    expect(parseImportCsv('')).toEqual({ ok: false, error: CSV_MSG.empty });
    expect(parseImportCsv('\uFEFF\r\n\r\n')).toEqual({ ok: false, error: CSV_MSG.empty });
    expect(parseImportCsv('Ana,ana@x.com\nBia,bia@x.com')).toEqual({ ok: false, error: CSV_MSG.header });
    expect(parseImportCsv('name;telefone\nAna;123')).toEqual({ ok: false, error: CSV_MSG.header });
    expect(parseImportCsv('name,email\n')).toEqual({ ok: false, error: CSV_MSG.noRows });
    expect(parseImportCsv('name,email\n"Ana,ana@x.com')).toEqual({ ok: false, error: CSV_MSG.unclosedQuote });
    expect(parseImportCsv('name,email\nA\u0000,b')).toEqual({ ok: false, error: CSV_MSG.notCsv });
    const rows = (n: number) => ['name,email', ...Array.from({ length: n }, (_, i) => `U${i},u${i}@x.com`)].join('\n');
    expect(parseImportCsv(rows(CSV_LIMITS.maxRows))).toMatchObject({ ok: true });
    expect(parseImportCsv(rows(CSV_LIMITS.maxRows + 1))).toEqual({ ok: false, error: CSV_MSG.tooManyRows });
  });
});

describe('checkImportRows', () => {
  it('accepts good rows', () => {
    expect(checkImportRows([{ name: 'Ana', email: 'ana@x.com' }, { name: 'Bia', email: ' BIA@x.com ' }], none)).toEqual([[], []]);
  });

  it('reports a missing name, a missing or invalid e-mail and a name that is too long', () => {
    const issues = checkImportRows(
      [
        { name: '  ', email: 'a@x.com' },
        { name: 'B', email: '' },
        { name: 'C', email: 'não-é-email' },
        { name: 'x'.repeat(201), email: 'd@x.com' },
      ],
      none,
    );
    expect(issues).toEqual([
      [{ field: 'name', message: MSG.required }],
      [{ field: 'email', message: MSG.required }],
      [{ field: 'email', message: MSG.invalidEmail }],
      [{ field: 'name', message: 'Máximo de 200 caracteres' }],
    ]);
  });

  it('reports every repeat of an e-mail after the first, ignoring case, and registered e-mails', () => {
    const issues = checkImportRows(
      [
        { name: 'A', email: 'a@x.com' },
        { name: 'B', email: 'A@X.com' },
        { name: 'C', email: 'taken@x.com' },
        { name: 'D', email: 'a@x.com' },
      ],
      { typeAllowed: true, registered: new Set(['taken@x.com']) },
    );
    expect(issues).toEqual([
      [],
      [{ field: 'email', message: CSV_MSG.duplicate }],
      [{ field: 'email', message: MSG.emailInUse }],
      [{ field: 'email', message: CSV_MSG.duplicate }],
    ]);
  });

  it('marks every row when the importer may not create the type', () => {
    const issues = checkImportRows([{ name: 'A', email: 'a@x.com' }, { name: '', email: 'b@x.com' }], { ...none, typeAllowed: false });
    expect(issues[0]).toEqual([{ field: 'type', message: MSG.cannotManageType }]);
    expect(issues[1]).toEqual([
      { field: 'name', message: MSG.required },
      { field: 'type', message: MSG.cannotManageType },
    ]);
  });
});
