/**
 * The bank statement import: the OFX (1.x SGML in Windows-1252 with unclosed elements, 2.x XML) and CSV (`;` with a
 * decimal comma, `,` as Nubank exports it) readers on realistic samples; the preview writes nothing; the import pays
 * the charges named with their exact amount and skips the rest (another amount, already paid, canceled, no code, a
 * repeated line); importing twice pays nothing twice; the other types are refused (403).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '@edu/shared/messages';
import { STATEMENT_MSG, type StatementImportReply, type StatementPreview } from '@edu/shared/charge-payments';
import { auditLogs } from '../src/platform/platform.tables';
import { chargeRents, charges, plans, rents, users } from '../src/db/schema';
import { chargeCodesIn, parseAmountCents, parseStatement } from '../src/modules/charges/statement-parse';
import { call, createTestApp, demoEmail, multipartFile, signIn, type TestApp } from './harness';
import { buildRentRequest } from './factories';

const win1252 = (text: string) => Buffer.from(text, 'latin1');

/** Banco do Brasil-like OFX 1.02: SGML header, CHARSET:1252, unclosed elements, a debit, an accented memo. */
const bbOfx = (code: string, amount: string) =>
  win1252(
    [
      'OFXHEADER:100',
      'DATA:OFXSGML',
      'VERSION:102',
      'SECURITY:NONE',
      'ENCODING:USASCII',
      'CHARSET:1252',
      'COMPRESSION:NONE',
      'OLDFILEUID:NONE',
      'NEWFILEUID:NONE',
      '',
      '<OFX>',
      '<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240115120000[-3:BRT]<LANGUAGE>POR</SONRS></SIGNONMSGSRSV1>',
      '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>',
      '<STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<BRANCHID>1234-5<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM>',
      '<BANKTRANLIST><DTSTART>20240101<DTEND>20240115',
      '<STMTTRN>',
      '<TRNTYPE>CREDIT',
      '<DTPOSTED>20240110100000[-3:BRT]',
      `<TRNAMT>${amount}`,
      '<FITID>BB20240110001',
      '<CHECKNUM>000001',
      '<MEMO>Pix - Recebido 10/01 12:00 ESCOLA SÃO JOSÉ',
      `<NAME>${code}`,
      '</STMTTRN>',
      '<STMTTRN>',
      '<TRNTYPE>DEBIT',
      '<DTPOSTED>20240111',
      '<TRNAMT>-35.90',
      '<FITID>BB20240111002',
      '<MEMO>Tarifa pacote de serviços',
      '</STMTTRN>',
      '</BANKTRANLIST><LEDGERBAL><BALAMT>1000.00<DTASOF>20240115</LEDGERBAL>',
      '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      '',
    ].join('\r\n'),
  );

/** Itaú-like OFX without closing tags for the transactions at all (aggregates left open), amount with a comma. */
const openOfx = (lines: { date: string; amount: string; fitid: string; memo: string }[]) =>
  Buffer.from(
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST>\n' +
      lines.map((l) => `<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>${l.date}\n<TRNAMT>${l.amount}\n<FITID>${l.fitid}\n<MEMO>${l.memo}\n`).join('') +
      '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n',
    'latin1',
  );

/** Nubank-like OFX 2 (XML, UTF-8). */
const xmlOfx = (code: string, amount: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>
    <BANKTRANLIST>
      <DTSTART>20240101000000[-3:BRT]</DTSTART><DTEND>20240131000000[-3:BRT]</DTEND>
      <STMTTRN>
        <TRNTYPE>CREDIT</TRNTYPE>
        <DTPOSTED>20240112000000[-3:BRT]</DTPOSTED>
        <TRNAMT>${amount}</TRNAMT>
        <FITID>65a1b2c3-0000-4000-8000-000000000001</FITID>
        <MEMO>Transferência recebida pelo Pix - COLÉGIO &amp; CIA - txid ${code}</MEMO>
      </STMTTRN>
    </BANKTRANLIST>
  </STMTRS></STMTTRNRS></BANKMSGSRSV1>
</OFX>
`,
    'utf8',
  );

const csvSemicolon = (rows: string[]) => win1252(['Data;Histórico;Valor;Identificador', ...rows].join('\r\n'));

describe('reading statements', () => {
  it('amounts: OFX dot or comma; Brazilian CSV with thousands, R$, signs; bad ones refused', () => {
    expect(parseAmountCents('123.45', 'ofx')).toBe(12_345);
    expect(parseAmountCents('-35.9', 'ofx')).toBe(-3_590);
    expect(parseAmountCents('123,45', 'ofx')).toBe(12_345);
    expect(parseAmountCents('1.234,56', 'br')).toBe(123_456);
    expect(parseAmountCents('R$ 1.234,56', 'br')).toBe(123_456);
    expect(parseAmountCents('-50,00', 'br')).toBe(-5_000);
    expect(parseAmountCents('150.00', 'br')).toBe(15_000);
    expect(parseAmountCents('1.234', 'br')).toBe(123_400);
    expect(parseAmountCents('50', 'br')).toBe(5_000);
    for (const bad of ['', 'abc', '1,2,3', '12.345,6789', '1.23.4']) expect(parseAmountCents(bad, 'br'), bad).toBeNull();
    expect(parseAmountCents('1.234,56', 'ofx')).toBeNull();
  });

  it('OFX 1.x SGML in Windows-1252 with unclosed elements: the credit and the debit, the accents read', () => {
    const r = parseStatement(bbOfx('SCABCDEFGHIJKLMN', '123.45'));
    if (!r.ok) throw new Error(r.error);
    expect(r.format).toBe('ofx');
    expect(r.transactions).toEqual([
      expect.objectContaining({ line: 1, date: '2024-01-10', amountCents: 12_345, reference: 'BB20240110001', description: 'SCABCDEFGHIJKLMN — Pix - Recebido 10/01 12:00 ESCOLA SÃO JOSÉ' }),
      expect.objectContaining({ line: 2, date: '2024-01-11', amountCents: -3_590, reference: 'BB20240111002' }),
    ]);
  });

  it('OFX SGML with transactions never closed, amounts with a comma', () => {
    const r = parseStatement(openOfx([
      { date: '20240103', amount: '10,00', fitid: 'A1', memo: 'PIX RECEBIDO' },
      { date: '20240104', amount: '20,50', fitid: 'A2', memo: 'PIX SCXYZ' },
    ]));
    if (!r.ok) throw new Error(r.error);
    expect(r.transactions.map((t) => [t.date, t.amountCents, t.reference])).toEqual([
      ['2024-01-03', 1_000, 'A1'],
      ['2024-01-04', 2_050, 'A2'],
    ]);
  });

  it('OFX 2 XML in UTF-8, entities decoded', () => {
    const r = parseStatement(xmlOfx('SC0000000000000X', '99.90'));
    if (!r.ok) throw new Error(r.error);
    expect(r.transactions).toEqual([expect.objectContaining({ date: '2024-01-12', amountCents: 9_990, description: 'Transferência recebida pelo Pix - COLÉGIO & CIA - txid SC0000000000000X' })]);
  });

  it('CSV with ; and a decimal comma (Windows-1252), and CSV with , as Nubank exports it', () => {
    const semi = parseStatement(csvSemicolon(['10/01/2024;PIX RECEBIDO "ESCOLA";1.234,56;ID-1', '11/01/2024;TARIFA;-12,00;ID-2']));
    if (!semi.ok) throw new Error(semi.error);
    expect(semi.format).toBe('csv');
    expect(semi.transactions.map((t) => [t.line, t.date, t.amountCents, t.description, t.reference])).toEqual([
      [2, '2024-01-10', 123_456, 'PIX RECEBIDO "ESCOLA"', 'ID-1'],
      [3, '2024-01-11', -1_200, 'TARIFA', 'ID-2'],
    ]);
    const nubank = parseStatement(Buffer.from('Data,Valor,Identificador,Descrição\n12/01/2024,150.00,6123abc,"Transferência recebida pelo Pix - ESCOLA, LTDA"\n'));
    if (!nubank.ok) throw new Error(nubank.error);
    expect(nubank.transactions).toEqual([expect.objectContaining({ date: '2024-01-12', amountCents: 15_000, reference: '6123abc', description: 'Transferência recebida pelo Pix - ESCOLA, LTDA' })]);
  });

  it('refuses with pt-BR messages: neither OFX nor CSV, missing columns, bad date, bad amount, an unclosed quote', () => {
    expect(parseStatement(Buffer.from('%PDF-1.4 qualquer coisa'))).toEqual({ ok: false, error: STATEMENT_MSG.notStatement });
    expect(parseStatement(Buffer.from('<html><body>oi</body></html>'))).toEqual({ ok: false, error: STATEMENT_MSG.notStatement });
    expect(parseStatement(Buffer.from(''))).toEqual({ ok: false, error: STATEMENT_MSG.notStatement });
    expect(parseStatement(Buffer.from('nome;email\nAna;ana@x.com'))).toEqual({ ok: false, error: STATEMENT_MSG.notStatement });
    expect(parseStatement(Buffer.from('Data;Descrição\n10/01/2024;x'))).toEqual({ ok: false, error: STATEMENT_MSG.csvColumns('Data, Descrição') });
    expect(parseStatement(Buffer.from('Data;Valor\n31/02/2024;1,00'))).toEqual({ ok: false, error: STATEMENT_MSG.csvDate(2, '31/02/2024') });
    expect(parseStatement(Buffer.from('Data;Valor\n10/01/2024;um real'))).toEqual({ ok: false, error: STATEMENT_MSG.csvAmount(2, 'um real') });
    expect(parseStatement(Buffer.from('Data;Valor;Descrição\n10/01/2024;1,00;"aberta'))).toEqual({ ok: false, error: STATEMENT_MSG.csvUnclosedQuote(2) });
  });

  it('finds the charge codes in a memo, glued to other text too', () => {
    expect(chargeCodesIn('PIX RECEBIDO txid:scabcdefghijklmn fim')).toEqual(['SCABCDEFGHIJKLMN']);
    expect(chargeCodesIn('PIXSCABCDEFGHIJKLMN')).toContain('SCABCDEFGHIJKLMN');
    expect(chargeCodesIn('sem código SC123')).toEqual([]);
  });
});

describe('preview and import through the routes', () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let sellerId: number;
  let planId: number;
  let adminId: number;

  /** A new charge (a rent request accepted by the team), its id, code and amount. */
  async function newCharge(valueCents: number) {
      const { rentId } = await buildRentRequest(t.deps.db, { sellerId, planId, valueCents, byUserId: adminId });
    const rent = { id: rentId };
    expect((await call(t.app, 'PUT', `/api/sellers/rents/${rent.id}`, { token: tok.admin, payload: { status: 'waiting' } })).statusCode).toBe(200);
    const [row] = await t.deps.db.select({ charge: charges }).from(chargeRents).innerJoin(charges, eq(charges.id, chargeRents.chargeId)).where(eq(chargeRents.rentId, rent.id));
    return { ...row!.charge, rentId: rent.id };
  }

  const upload = (route: 'preview' | 'import', token: string | undefined, file: Buffer, filename = 'extrato.ofx') => {
    const { payload, headers } = multipartFile(file, { field: 'file', filename, contentType: 'application/octet-stream' });
    return call(t.app, 'POST', `/api/charges/statement/${route}`, { token, payload, headers });
  };
  const snapshot = async () => ({
    charges: await t.deps.db.select().from(charges).orderBy(charges.id),
    audits: Number((await t.deps.db.select({ n: sql<number>`count(*)` }).from(auditLogs))[0]!.n),
  });

  beforeAll(async () => {
    t = await createTestApp();
    for (const local of ['admin', 'director', 'curator', 'seller', 'provider']) tok[local] = await signIn(t.app, local);
    const db = t.deps.db;
    sellerId = (await db.select({ sellerId: users.sellerId }).from(users).where(eq(users.email, demoEmail('seller'))))[0]!.sellerId!;
    adminId = (await db.select({ id: users.id }).from(users).where(eq(users.email, demoEmail('admin'))))[0]!.id;
    planId = (await db.select({ id: plans.id }).from(plans).limit(1))[0]!.id;
  });
  afterAll(() => t?.close());

  it('refuses the other types (403) and no session (401); a file that is not a statement is 400 in pt-BR, nothing written', async () => {
    const file = csvSemicolon(['10/01/2024;PIX;1,00;X']);
    for (const who of ['curator', 'seller', 'provider']) {
      for (const route of ['preview', 'import'] as const) {
        const res = await upload(route, tok[who], file, 'extrato.csv');
        expect(res.statusCode, `${who} ${route}`).toBe(403);
        expect(res.json()).toMatchObject({ message: MSG.forbidden });
      }
    }
    expect((await upload('preview', undefined, file)).statusCode).toBe(401);
    const before = await snapshot();
    const bad = await upload('import', tok.admin, Buffer.from('%PDF-1.4'), 'extrato.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: STATEMENT_MSG.notStatement });
    const noFile = await call(t.app, 'POST', '/api/charges/statement/preview', { token: tok.admin, payload: {} });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({ message: STATEMENT_MSG.noFile });
    expect(await snapshot()).toEqual(before);
  });

  it('preview: each credit with its charge and result; nothing is written', async () => {
    const good = await newCharge(12_345);
    const wrongAmount = await newCharge(5_000);
    const file = csvSemicolon([
      `10/01/2024;PIX RECEBIDO ${good.code};123,45;E2E-GOOD`,
      `10/01/2024;PIX RECEBIDO ${wrongAmount.code};49,99;E2E-LESS`,
      '11/01/2024;PIX RECEBIDO sem código;10,00;E2E-NONE',
      `11/01/2024;PIX ${good.code} repetido;123,45;E2E-AGAIN`,
      '12/01/2024;TARIFA;-9,90;DEB-1',
    ]);
    const before = await snapshot();
    const res = await upload('preview', tok.director, file, 'extrato.csv');
    expect(res.statusCode).toBe(200);
    const preview = res.json<StatementPreview>();
    expect(preview).toMatchObject({ format: 'csv', debits: 1, payable: 1 });
    expect(preview.lines.map((l) => [l.reference, l.result, l.charge?.id ?? null])).toEqual([
      ['E2E-GOOD', 'pay', good.id],
      ['E2E-LESS', 'amount_mismatch', wrongAmount.id],
      ['E2E-NONE', 'no_match', null],
      ['E2E-AGAIN', 'duplicate', good.id],
    ]);
    expect(preview.lines[0]!.charge).toMatchObject({ code: good.code, sellerId, amountCents: 12_345 });
    expect(await snapshot()).toEqual(before);
  });

  it('import pays the matched charges (date and reference from the statement, the rent activated) and skips the rest; twice pays nothing twice', async () => {
    const good = await newCharge(20_000);
    const mismatch = await newCharge(7_000);
    const paidByHand = await newCharge(3_000);
    const canceled = await newCharge(4_000);
    expect((await call(t.app, 'POST', `/api/charges/${paidByHand.id}/pay`, { token: tok.admin, payload: { paidOn: '2024-01-09', reference: 'MAO' } })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', `/api/charges/${canceled.id}/cancel`, { token: tok.admin })).statusCode).toBe(200);
    const file = bbOfx(good.code, '200.00');
    const csv = csvSemicolon([
      `09/01/2024;PIX ${mismatch.code};70,01;M-1`,
      `09/01/2024;PIX ${paidByHand.code};30,00;P-1`,
      `09/01/2024;PIX ${canceled.code};40,00;C-1`,
    ]);

    const res = await upload('import', tok.admin, file);
    expect(res.statusCode).toBe(200);
    const reply = res.json<StatementImportReply>();
    expect(reply).toMatchObject({ format: 'ofx', paid: 1, debits: 1, message: STATEMENT_MSG.imported(1) });
    const [paid] = await t.deps.db.select().from(charges).where(eq(charges.id, good.id));
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2024-01-10', paidReference: 'BB20240110001', paidBy: adminId });
    expect((await t.deps.db.select({ s: rents.status }).from(rents).where(eq(rents.id, good.rentId)))[0]!.s).toBe('active');
    const audit = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'paid_charge'), sql`${auditLogs.data}->>'chargeId' = ${String(good.id)}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: adminId, data: expect.objectContaining({ reference: 'BB20240110001', paidOn: '2024-01-10' }) });

    // Again: already paid, nothing changes.
    const before = await snapshot();
    const again = await upload('import', tok.admin, file);
    expect(again.json<StatementImportReply>()).toMatchObject({ paid: 0, lines: [expect.objectContaining({ result: 'already_paid' })] });
    const after = await snapshot();
    expect(after.charges).toEqual(before.charges);
    expect(after.audits).toBe(before.audits + 1); // only the import's own entry

    const other = await upload('import', tok.director, csv, 'extrato.csv');
    expect(other.statusCode).toBe(200);
    expect(other.json<StatementImportReply>().lines.map((l) => l.result)).toEqual(['amount_mismatch', 'already_paid', 'canceled']);
    const rows = await t.deps.db.select().from(charges).where(sql`${charges.id} in (${mismatch.id}, ${paidByHand.id}, ${canceled.id})`).orderBy(charges.id);
    expect(rows.map((r) => [r.status, r.paidReference])).toEqual([
      ['open', null],
      ['paid', 'MAO'],
      ['canceled', null],
    ]);
    const logged = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.action, 'imported_statement'));
    expect(logged.length).toBe(3);
  });

  it('a credit dated after today is shown as such and never paid (money does not arrive in the future)', async () => {
    const charge = await newCharge(6_600);
    const future = csvSemicolon([`01/02/2999;PIX ${charge.code};66,00;F-1`]);
    const preview = await upload('preview', tok.admin, future, 'extrato.csv');
    expect(preview.json<StatementPreview>()).toMatchObject({ payable: 0, lines: [expect.objectContaining({ result: 'future_date' })] });
    const imported = await upload('import', tok.admin, future, 'extrato.csv');
    expect(imported.json<StatementImportReply>()).toMatchObject({ paid: 0, lines: [expect.objectContaining({ result: 'future_date' })] });
    expect((await t.deps.db.select({ s: charges.status }).from(charges).where(eq(charges.id, charge.id)))[0]!.s).toBe('open');
  });

  it('a statement naming thousands of candidate codes answers, never 500', async () => {
    // 400 lines naming 200 codes each: 80,000 candidates, more than one SQL statement may carry parameters (65,535).
    const code = (n: number) => `SC${n.toString(36).toUpperCase().padStart(14, '0')}`;
    const lines = Array.from({ length: 400 }, (_, i) => `09/01/2024;${Array.from({ length: 200 }, (_, j) => code(i * 200 + j)).join(' ')};1,00;N-${i}`);
    const res = await upload('preview', tok.admin, csvSemicolon(lines), 'extrato.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json<StatementPreview>().lines.every((l) => l.result === 'no_match')).toBe(true);
  });

  it('two imports of the same file at once pay each charge once, never 500', async () => {
    const charge = await newCharge(8_800);
    const file = xmlOfx(charge.code, '88.00');
    const answers = await Promise.all([upload('import', tok.admin, file), upload('import', tok.director, file)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json<StatementImportReply>().paid).sort()).toEqual([0, 1]);
    const audit = await t.deps.db.select().from(auditLogs).where(and(eq(auditLogs.action, 'paid_charge'), sql`${auditLogs.data}->>'chargeId' = ${String(charge.id)}`));
    expect(audit).toHaveLength(1);
  });
});
