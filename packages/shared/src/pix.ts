/**
 * Pix "copia e cola": the STATIC BR Code of a charge, written once. The Banco Central do Brasil's BR Code follows
 * EMV® QRCPS (merchant-presented mode): a string of TLV fields, each `ID` (2 digits) + length (2 digits) + value,
 * closed by a CRC. The same string is what the payer pastes and what the QR code holds.
 *
 *   00  payload format indicator   "01"
 *   26  merchant account info      00 GUI "br.gov.bcb.pix", 01 the Pix key, 02 a description (optional)
 *   52  merchant category code     "0000"
 *   53  transaction currency       "986" (BRL)
 *   54  transaction amount         "123.45" (a charge always has one)
 *   58  country code               "BR"
 *   59  merchant name              at most 25 characters
 *   60  merchant city              at most 15 characters
 *   62  additional data            05 the txid: at most 25 of [A-Za-z0-9] ("***" when there is none)
 *   63  CRC16-CCITT-FALSE          poly 0x1021, init 0xFFFF, over the whole string up to and including "6304";
 *                                  4 uppercase hex digits
 *
 * Two levels:
 * - `encodePixStatic` writes the fields as given (only the format's own limits are checked): it reproduces the BCB
 *   manual's example, mixed-case name included.
 * - `pixCopiaECola` is what the product uses for a charge: it checks and normalises the key (CPF, CNPJ, e-mail, +55
 *   phone, random EVP key), writes the amount from integer centavos, and reduces name, city and description to the
 *   character set every payer's app reads (below), refusing what does not fit with a pt-BR message (`PixError`).
 *
 * The character set: the BR Code manual first allowed only A–Z (uppercase), 0–9, space and `$ % * + - . / :` (the
 * QR code's alphanumeric set); later versions lifted it, but some payers' apps and the BCB's own checker still refuse
 * accented letters and other symbols in the name. So accents are dropped (São → SAO, Ç → C, nº → NO: compatibility
 * decomposition, NFKD, then the marks removed), letters are uppercased, any other character becomes a space, and
 * runs of spaces become one.
 */
import { isValidCnpj, isValidCpf, onlyDigits } from './format';

export const PIX_GUI = 'br.gov.bcb.pix';

/** The format's limits (characters; every value here is ASCII, so characters = bytes). */
export const PIX_LIMITS = {
  /** Any TLV value, templates (26, 62) included. */
  field: 99,
  merchantName: 25,
  merchantCity: 15,
  txid: 25,
  /** Field 54: "9999999999.99" at most. */
  amount: 13,
  /** An e-mail key (DICT). */
  emailKey: 77,
} as const;

/** A charge's amount, in centavos, at most what field 54 holds. */
export const PIX_MAX_AMOUNT_CENTS = 999_999_999_999;

/** The txid of a static BR Code: 1 to 25 letters and digits. */
export const PIX_TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;
/** The txid of a static BR Code that carries none. */
export const PIX_NO_TXID = '***';
export const isPixTxid = (value: string): boolean => PIX_TXID_PATTERN.test(value);

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PIX_KEY_TYPE_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Telefone',
  evp: 'Chave aleatória',
};

export type PixField = 'key' | 'amount' | 'merchantName' | 'merchantCity' | 'txid' | 'description';

export const PIX_MSG = {
  keyEmpty: 'Informe a chave Pix.',
  keyUnknown: 'Chave Pix inválida: use um CPF, um CNPJ, um e-mail, um telefone com +55 ou uma chave aleatória.',
  cpf: 'Chave Pix inválida: o CPF não confere.',
  cnpj: 'Chave Pix inválida: o CNPJ não confere.',
  email: 'Chave Pix inválida: o e-mail não é válido.',
  emailLong: `Chave Pix inválida: o e-mail passa de ${PIX_LIMITS.emailKey} caracteres.`,
  phone: 'Chave Pix inválida: o telefone deve ser +55, o DDD e o número (ex.: +5511987654321).',
  amount: 'O valor do Pix deve ser um número inteiro de centavos maior que zero.',
  amountTooLarge: 'O valor do Pix passa do máximo que o código aceita.',
  amountFormat: 'O valor do Pix deve ter o formato 123.45.',
  nameEmpty: 'Informe o nome do recebedor do Pix.',
  nameLong: `O nome do recebedor do Pix passa de ${PIX_LIMITS.merchantName} caracteres.`,
  cityEmpty: 'Informe a cidade do recebedor do Pix.',
  cityLong: `A cidade do recebedor do Pix passa de ${PIX_LIMITS.merchantCity} caracteres.`,
  txid: `O identificador do Pix (txid) deve ter de 1 a ${PIX_LIMITS.txid} letras sem acento ou números.`,
  descriptionLong: 'A descrição do Pix é longa demais para esta chave.',
  notAscii: 'O código Pix só aceita letras sem acento, números e símbolos simples.',
} as const;

/** A value the BR Code cannot carry; `field` names the input, `message` is pt-BR. */
export class PixError extends Error {
  constructor(
    readonly field: PixField,
    message: string,
  ) {
    super(message);
    this.name = 'PixError';
  }
}

const fail = (field: PixField, message: string): never => {
  throw new PixError(field, message);
};

// ---------------------------------------------------------------------------------------------------------------
// CRC and TLV

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes, 4 uppercase hex. */
export function pixCrc16(text: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** One TLV field: id, 2-digit length, value. Refuses an empty, over-long or non-ASCII value. */
function tlv(id: string, value: string, field: PixField): string {
  if (!PRINTABLE_ASCII.test(value)) fail(field, PIX_MSG.notAscii);
  if (value.length === 0 || value.length > PIX_LIMITS.field) {
    fail(field, field === 'description' ? PIX_MSG.descriptionLong : `Campo ${id} do código Pix com tamanho inválido.`);
  }
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

// ---------------------------------------------------------------------------------------------------------------
// The format, as given

export interface PixStaticFields {
  /** The Pix key as DICT holds it. */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Field 54, "123.45"; absent: the payer types the amount. */
  amount?: string;
  /** Field 62-05; absent: "***". */
  txid?: string;
  /** Field 26-02, shown to the payer. */
  description?: string;
}

const AMOUNT_FORMAT = /^(?:0|[1-9]\d*)\.\d{2}$/;

/**
 * The static BR Code of `fields`, written as given: only the format's own limits are checked (lengths, ASCII, the
 * amount's and the txid's shapes). The product calls `pixCopiaECola`, which normalises first.
 */
export function encodePixStatic(fields: PixStaticFields): string {
  if (fields.merchantName.length > PIX_LIMITS.merchantName) fail('merchantName', PIX_MSG.nameLong);
  if (fields.merchantName.trim() === '') fail('merchantName', PIX_MSG.nameEmpty);
  if (fields.merchantCity.length > PIX_LIMITS.merchantCity) fail('merchantCity', PIX_MSG.cityLong);
  if (fields.merchantCity.trim() === '') fail('merchantCity', PIX_MSG.cityEmpty);
  if (fields.key === '') fail('key', PIX_MSG.keyEmpty);
  if (fields.amount !== undefined) {
    if (!AMOUNT_FORMAT.test(fields.amount)) fail('amount', PIX_MSG.amountFormat);
    if (fields.amount.length > PIX_LIMITS.amount) fail('amount', PIX_MSG.amountTooLarge);
  }
  const txid = fields.txid ?? PIX_NO_TXID;
  if (txid !== PIX_NO_TXID && !isPixTxid(txid)) fail('txid', PIX_MSG.txid);

  const description = fields.description !== undefined ? tlv('02', fields.description, 'description') : '';
  const account = tlv('00', PIX_GUI, 'key') + tlv('01', fields.key, 'key') + description;
  const body =
    tlv('00', '01', 'key') +
    tlv('26', account, fields.description !== undefined ? 'description' : 'key') +
    tlv('52', '0000', 'key') +
    tlv('53', '986', 'key') +
    (fields.amount !== undefined ? tlv('54', fields.amount, 'amount') : '') +
    tlv('58', 'BR', 'key') +
    tlv('59', fields.merchantName, 'merchantName') +
    tlv('60', fields.merchantCity, 'merchantCity') +
    tlv('62', tlv('05', txid, 'txid'), 'txid') +
    '6304';
  return body + pixCrc16(body);
}

// ---------------------------------------------------------------------------------------------------------------
// The product's rules

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// DICT's e-mail keys are lowercase; a dot in the domain is required here.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
// +55, a DDD (two digits, no zero), then 8 digits or a mobile's 9.
const PHONE = /^\+55[1-9]{2}9?\d{8}$/;
const DOCUMENT = /^[\d.\-/\s]+$/;

export interface PixKey {
  type: PixKeyType;
  /** As DICT holds it: digits only (CPF, CNPJ), lowercase (e-mail, EVP), +55 and digits (phone). */
  value: string;
}

/**
 * The key's type and the value the BR Code carries, or a `PixError`. Masks are accepted (123.456.789-09,
 * +55 (11) 98765-4321); a phone must start with +55 (11 bare digits are a CPF).
 */
export function normalizePixKey(raw: string): PixKey {
  const key = raw.trim();
  if (key === '') return fail('key', PIX_MSG.keyEmpty);
  if (EVP.test(key)) return { type: 'evp', value: key.toLowerCase() };
  if (key.includes('@')) {
    const value = key.toLowerCase();
    if (value.length > PIX_LIMITS.emailKey) return fail('key', PIX_MSG.emailLong);
    if (!EMAIL.test(value)) return fail('key', PIX_MSG.email);
    return { type: 'email', value };
  }
  if (key.startsWith('+')) {
    const value = `+${onlyDigits(key)}`;
    if (!/^\+[\d\s()-]+$/.test(key) || !PHONE.test(value)) return fail('key', PIX_MSG.phone);
    return { type: 'phone', value };
  }
  if (DOCUMENT.test(key)) {
    const digits = onlyDigits(key);
    if (digits.length === 11) return isValidCpf(digits) ? { type: 'cpf', value: digits } : fail('key', PIX_MSG.cpf);
    if (digits.length === 14) return isValidCnpj(digits) ? { type: 'cnpj', value: digits } : fail('key', PIX_MSG.cnpj);
  }
  return fail('key', PIX_MSG.keyUnknown);
}

/** Field 54 from integer centavos: 12345 → "123.45". */
export function pixAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents <= 0) return fail('amount', PIX_MSG.amount);
  if (cents > PIX_MAX_AMOUNT_CENTS) return fail('amount', PIX_MSG.amountTooLarge);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Name, city and description as every payer's app reads them: accents dropped, uppercase, only A–Z, 0–9, space and
 * `$ % * + - . / :`; any other character becomes a space, runs of spaces one, none at the ends.
 * 'Educação & Cia.' → 'EDUCACAO CIA.'.
 */
export function normalizePixText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 $%*+\-./:]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

export interface PixChargeInput {
  /** The receiving Pix key, in any accepted form (see `normalizePixKey`). */
  key: string;
  /** Integer centavos, > 0. */
  amountCents: number;
  merchantName: string;
  merchantCity: string;
  /** The charge's code: 1 to 25 letters and digits. */
  txid: string;
  /** Shown to the payer; it must fit field 26 beside the key (99 characters in all). */
  description?: string;
}

/**
 * The "Pix copia e cola" (and QR code content) of a charge: a static BR Code with the amount, the receiving key, the
 * normalised name and city, and the charge's code as txid. Throws `PixError` (pt-BR message, the field at fault).
 */
export function pixCopiaECola(input: PixChargeInput): string {
  const key = normalizePixKey(input.key);
  const amount = pixAmount(input.amountCents);
  const merchantName = normalizePixText(input.merchantName);
  if (merchantName === '') fail('merchantName', PIX_MSG.nameEmpty);
  if (merchantName.length > PIX_LIMITS.merchantName) fail('merchantName', PIX_MSG.nameLong);
  const merchantCity = normalizePixText(input.merchantCity);
  if (merchantCity === '') fail('merchantCity', PIX_MSG.cityEmpty);
  if (merchantCity.length > PIX_LIMITS.merchantCity) fail('merchantCity', PIX_MSG.cityLong);
  if (!isPixTxid(input.txid)) fail('txid', PIX_MSG.txid);
  const description = input.description === undefined ? undefined : normalizePixText(input.description) || undefined;
  return encodePixStatic({ key: key.value, amount, merchantName, merchantCity, txid: input.txid, description });
}
