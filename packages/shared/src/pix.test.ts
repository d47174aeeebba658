import jsQR from 'jsqr';
import { hasError, isStaticPix, parsePix } from 'pix-utils';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  encodePixStatic,
  normalizePixKey,
  normalizePixText,
  PIX_MSG,
  pixAmount,
  pixCopiaECola,
  pixCrc16,
  PixError,
  type PixChargeInput,
} from './pix';

/**
 * Published vectors, reproduced byte for byte:
 * - the static example of the BCB's "Manual de Padrões para Iniciação do Pix" (random key, 'Fulano de Tal',
 *   BRASILIA, no amount, txid ***, CRC 1D3D);
 * - the static example with amount and description of pix-utils' test suite (tests/emvCodes.ts, STATIC_TEST_EMV).
 */
const BCB_MANUAL_STATIC =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';
const PIX_UTILS_STATIC =
  '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6';

/** A charge of R$ 1.234,56 to a valid CPF key; every other test changes one thing. */
const CHARGE: PixChargeInput = {
  key: '529.982.247-25',
  amountCents: 123_456,
  merchantName: 'Saber Compartilhado',
  merchantCity: 'São Paulo',
  txid: 'COB2026110001',
  description: 'Mensalidade de novembro/2026',
};

/** The payload read back by pix-utils (an independent parser that checks the CRC), as a static Pix. */
function decode(payload: string) {
  const parsed = parsePix(payload);
  if (hasError(parsed)) throw new Error(`pix-utils refused ${payload}: ${parsed.message}`);
  if (!isStaticPix(parsed)) throw new Error(`pix-utils read ${payload} as ${parsed.type}`);
  return parsed;
}

function refusal(run: () => unknown): { field: string; message: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof PixError) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

describe('BR Code: the published examples', () => {
  it('CRC16-CCITT-FALSE: the check value of "123456789" is 29B1', () => {
    expect(pixCrc16('123456789')).toBe('29B1');
  });

  it("reproduces the BCB manual's static example byte for byte", () => {
    const payload = encodePixStatic({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' });
    expect(payload).toBe(BCB_MANUAL_STATIC);
    expect(pixCrc16(payload.slice(0, -4))).toBe('1D3D');
  });

  it("reproduces pix-utils' static example with amount and description byte for byte", () => {
    const payload = encodePixStatic({
      key: 'thalesog@me.com',
      description: 'Pedido 123',
      amount: '10.00',
      merchantName: 'THALES OGLIARI',
      merchantCity: 'SAO MIGUEL DO O',
    });
    expect(payload).toBe(PIX_UTILS_STATIC);
  });

  it('the independent parser reads the published examples as we do', () => {
    expect(decode(BCB_MANUAL_STATIC)).toMatchObject({ pixKey: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', txid: '***' });
    expect(decode(PIX_UTILS_STATIC)).toMatchObject({ pixKey: 'thalesog@me.com', transactionAmount: 10, infoAdicional: 'Pedido 123' });
  });
});

describe('BR Code of a charge, read back by an independent parser (pix-utils)', () => {
  it('every field: key, amount, name, city, txid, description; the CRC is valid', () => {
    const payload = pixCopiaECola(CHARGE);
    expect(payload).toBe(
      '00020126650014br.gov.bcb.pix0111529982247250228MENSALIDADE DE NOVEMBRO/202652040000530398654071234.565802BR5919SABER COMPARTILHADO6009SAO PAULO62170513COB202611000163042EAA',
    );
    const pix = decode(payload);
    expect(pix).toMatchObject({
      pixKey: '52998224725',
      transactionAmount: 1234.56,
      merchantName: 'SABER COMPARTILHADO',
      merchantCity: 'SAO PAULO',
      txid: 'COB2026110001',
      infoAdicional: 'MENSALIDADE DE NOVEMBRO/2026',
      merchantCategoryCode: '0000',
      transactionCurrency: '986',
      countryCode: 'BR',
    });
    // pix-utils recomputes the CRC (its own table-driven code) and refuses a payload whose CRC differs.
    expect(pix.toBRCode()).toBe(payload);
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  });

  it('the parser refuses the payload once one character or its CRC changes (it really checks)', () => {
    const payload = pixCopiaECola(CHARGE);
    expect(hasError(parsePix(payload.replace('1234.56', '1234.57')))).toBe(true);
    expect(hasError(parsePix(`${payload.slice(0, -4)}0000`))).toBe(true);
  });

  const keys: [string, string, string][] = [
    ['CPF with its mask', '529.982.247-25', '52998224725'],
    ['CNPJ with its mask', '11.222.333/0001-81', '11222333000181'],
    ['CNPJ digits', '11222333000181', '11222333000181'],
    ['e-mail, lowercased', 'Financeiro@Saber.Example.com', 'financeiro@saber.example.com'],
    ['mobile phone with +55 and a mask', '+55 (11) 98765-4321', '+5511987654321'],
    ['landline phone with +55', '+556133334444', '+556133334444'],
    ['random key (EVP), lowercased', '7D9F0335-8DCC-4054-9BF9-0DBD61D36906', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'],
  ];
  for (const [what, key, carried] of keys) {
    it(`key: ${what}`, () => {
      const pix = decode(pixCopiaECola({ ...CHARGE, key }));
      expect(pix.pixKey).toBe(carried);
      expect(pix.transactionAmount).toBe(1234.56);
      expect(pix.txid).toBe('COB2026110001');
    });
  }

  it('amounts from integer centavos: one centavo, whole reais, the largest field 54 holds', () => {
    expect(pixAmount(1)).toBe('0.01');
    expect(pixAmount(10)).toBe('0.10');
    expect(pixAmount(50_000)).toBe('500.00');
    expect(pixAmount(999_999_999_999)).toBe('9999999999.99');
    for (const cents of [1, 99, 100, 4_990, 123_456, 999_999_999_999]) {
      expect(decode(pixCopiaECola({ ...CHARGE, amountCents: cents })).transactionAmount).toBe(cents / 100);
    }
  });

  it('name, city and description: accents dropped, uppercase, symbols outside the safe set become spaces', () => {
    expect(normalizePixText('  Educação & Cia.  Ltda ')).toBe('EDUCACAO CIA. LTDA');
    expect(normalizePixText('São João d’Aliança')).toBe('SAO JOAO D ALIANCA');
    expect(normalizePixText('Itaú: 50% - R$ 10,00 / mês')).toBe('ITAU: 50% - R$ 10 00 / MES');
    const pix = decode(pixCopiaECola({ ...CHARGE, merchantName: 'Associação Educação Ágil', merchantCity: 'Goiânia', description: 'Cobrança nº 7' }));
    expect(pix).toMatchObject({ merchantName: 'ASSOCIACAO EDUCACAO AGIL', merchantCity: 'GOIANIA', infoAdicional: 'COBRANCA NO 7' });
  });

  it('a description that normalises to nothing is left out; none at all is fine', () => {
    expect(decode(pixCopiaECola({ ...CHARGE, description: ' ¿¡ ' })).infoAdicional).toBeUndefined();
    const { description: _none, ...withoutDescription } = CHARGE;
    expect(decode(pixCopiaECola(withoutDescription)).infoAdicional).toBeUndefined();
  });

  it('a txid of 25 letters and digits, the longest allowed', () => {
    expect(decode(pixCopiaECola({ ...CHARGE, txid: 'abcDEF0123456789abcDEF012' })).txid).toBe('abcDEF0123456789abcDEF012');
  });
});

describe('BR Code: bad input is refused with a pt-BR message naming the field', () => {
  const cases: [string, Partial<PixChargeInput>, string, string][] = [
    ['an empty key', { key: '  ' }, 'key', PIX_MSG.keyEmpty],
    ['a CPF whose check digits fail', { key: '529.982.247-26' }, 'key', PIX_MSG.cpf],
    ['a CPF of one repeated digit', { key: '111.111.111-11' }, 'key', PIX_MSG.cpf],
    ['a CNPJ whose check digits fail', { key: '11.222.333/0001-82' }, 'key', PIX_MSG.cnpj],
    ['a document of another length', { key: '1234567890' }, 'key', PIX_MSG.keyUnknown],
    ['a phone without +55', { key: '+1 415 555 0100' }, 'key', PIX_MSG.phone],
    ['a phone with a zero in the DDD', { key: '+5501987654321' }, 'key', PIX_MSG.phone],
    ['a phone with letters', { key: '+55119876a4321' }, 'key', PIX_MSG.phone],
    ['an e-mail without a domain', { key: 'financeiro@' }, 'key', PIX_MSG.email],
    ['an e-mail with an accent', { key: 'joão@saber.example.com' }, 'key', PIX_MSG.email],
    ['an e-mail over 77 characters', { key: `${'a'.repeat(70)}@example.com` }, 'key', PIX_MSG.emailLong],
    ['a random key that is not a UUID', { key: '123e4567-e12b-12d1-a456-42665544000' }, 'key', PIX_MSG.keyUnknown],
    ['a zero amount', { amountCents: 0 }, 'amount', PIX_MSG.amount],
    ['a negative amount', { amountCents: -100 }, 'amount', PIX_MSG.amount],
    ['a fractional amount (reais, not centavos)', { amountCents: 12.5 }, 'amount', PIX_MSG.amount],
    ['NaN', { amountCents: Number.NaN }, 'amount', PIX_MSG.amount],
    ['an amount over field 54', { amountCents: 1_000_000_000_000 }, 'amount', PIX_MSG.amountTooLarge],
    ['a name of symbols only', { merchantName: '&&&' }, 'merchantName', PIX_MSG.nameEmpty],
    ['a name over 25 characters', { merchantName: 'Saber Compartilhado Educação' }, 'merchantName', PIX_MSG.nameLong],
    ['an empty city', { merchantCity: ' ' }, 'merchantCity', PIX_MSG.cityEmpty],
    ['a city over 15 characters', { merchantCity: 'São Miguel do Oeste' }, 'merchantCity', PIX_MSG.cityLong],
    ['an empty txid', { txid: '' }, 'txid', PIX_MSG.txid],
    ['a txid with a hyphen', { txid: 'COB-2026-11' }, 'txid', PIX_MSG.txid],
    ['a txid with an accent', { txid: 'COBRANÇA1' }, 'txid', PIX_MSG.txid],
    ['a txid of 26 characters', { txid: 'A'.repeat(26) }, 'txid', PIX_MSG.txid],
    ['the "no txid" mark', { txid: '***' }, 'txid', PIX_MSG.txid],
    ['a description past field 26', { description: 'x'.repeat(80) }, 'description', PIX_MSG.descriptionLong],
  ];
  for (const [what, change, field, message] of cases) {
    it(what, () => {
      expect(refusal(() => pixCopiaECola({ ...CHARGE, ...change }))).toEqual({ field, message });
    });
  }

  it('an e-mail key of 77 characters leaves no room for a description', () => {
    const key = `${'a'.repeat(65)}@example.com`;
    expect(normalizePixKey(key)).toEqual({ type: 'email', value: key });
    expect(refusal(() => pixCopiaECola({ ...CHARGE, key, description: 'Mensalidade' }))).toMatchObject({ field: 'description' });
    expect(decode(pixCopiaECola({ ...CHARGE, key, description: undefined })).pixKey).toBe(key);
  });

  it('the format level refuses what the format cannot carry', () => {
    const base = { key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' };
    expect(refusal(() => encodePixStatic({ ...base, amount: '10' }))).toMatchObject({ field: 'amount', message: PIX_MSG.amountFormat });
    expect(refusal(() => encodePixStatic({ ...base, amount: '10.5' }))).toMatchObject({ field: 'amount' });
    expect(refusal(() => encodePixStatic({ ...base, amount: '10000000000.00' }))).toMatchObject({ field: 'amount', message: PIX_MSG.amountTooLarge });
    expect(refusal(() => encodePixStatic({ ...base, merchantName: 'Fulano de Tal e Associados Ltda' }))).toMatchObject({ field: 'merchantName' });
    expect(refusal(() => encodePixStatic({ ...base, merchantCity: 'Brasília' }))).toMatchObject({ field: 'merchantCity', message: PIX_MSG.notAscii });
    expect(refusal(() => encodePixStatic({ ...base, txid: 'a b' }))).toMatchObject({ field: 'txid' });
    expect(refusal(() => encodePixStatic({ ...base, key: '' }))).toMatchObject({ field: 'key' });
  });
});

describe('QR code of a charge (qrcode renders, jsQR reads it back)', () => {
  it("the matrix qrcode draws decodes to the same payload, which pix-utils reads as the charge", () => {
    const payload = pixCopiaECola(CHARGE);
    const { modules } = QRCode.create(payload, { errorCorrectionLevel: 'M' });
    // Draw the modules as RGBA pixels: 4 px a module, a quiet zone of 4 modules.
    const scale = 4;
    const margin = 4;
    const side = (modules.size + 2 * margin) * scale;
    const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
    for (let y = 0; y < modules.size; y++) {
      for (let x = 0; x < modules.size; x++) {
        if (!modules.get(y, x)) continue;
        for (let dy = 0; dy < scale; dy++) {
          for (let dx = 0; dx < scale; dx++) {
            const at = (((y + margin) * scale + dy) * side + (x + margin) * scale + dx) * 4;
            rgba[at] = rgba[at + 1] = rgba[at + 2] = 0;
          }
        }
      }
    }
    const read = jsQR(rgba, side, side);
    expect(read?.data).toBe(payload);
    expect(decode(read!.data)).toMatchObject({ pixKey: '52998224725', transactionAmount: 1234.56, txid: 'COB2026110001' });
  });
});
