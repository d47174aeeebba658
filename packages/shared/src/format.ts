/** pt-BR formatting and the CPF/CNPJ masks and check digits. */
export const CPF_MASK = '000.000.000-00';
export const CNPJ_MASK = '00.000.000/0000-00';

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

export function maskCpf(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

export function maskCnpj(value: string): string {
  const d = onlyDigits(value).slice(0, 14);
  return d
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1/$2')
    .replace(/(\d{4})(\d{1,2})$/, '$1-$2');
}

function allSame(d: string) {
  return /^(\d)\1+$/.test(d);
}

export function isValidCpf(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || allSame(d)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

export function isValidCnpj(value: string): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || allSame(d)) return false;
  const digit = (len: number) => {
    const weights = len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * weights[i]!;
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return digit(12) === Number(d[12]) && digit(13) === Number(d[13]);
}

/**
 * An Intl formatter made on first use, then kept: making one costs far more than formatting with it (milliseconds on a
 * phone), so none is made while a page's code loads, and none per call.
 */
export function formatterOnce<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const brl = formatterOnce(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 }));
export const formatCents = (cents: number): string => brl().format(cents / 100);

/** The monthly suffix of prices and rents (spec 3 §2.3 "price '/mês'"). */
export const PER_MONTH = '/mês';
/** A monthly price, 'R$ 1.234,56/mês', from centavos: the one way prices per month are written. */
export const formatMonthly = (cents: number): string => `${formatCents(cents)}${PER_MONTH}`;

const SP = 'America/Sao_Paulo';
const spDate = formatterOnce(() => new Intl.DateTimeFormat('pt-BR', { timeZone: SP, day: '2-digit', month: '2-digit', year: 'numeric' }));
const spDateTime = formatterOnce(
  () => new Intl.DateTimeFormat('pt-BR', { timeZone: SP, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
);

/** DD/MM/YYYY in the São Paulo time zone. */
export function formatDate(value: string | Date): string {
  return spDate().format(typeof value === 'string' ? new Date(value) : value);
}

/** DD/MM/YYYY HH:mm in the São Paulo time zone. */
export const formatDateTime = (iso: string | Date): string => spDateTime().format(typeof iso === 'string' ? new Date(iso) : iso).replace(',', '');

const MONTHS_PT = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
/** A calendar day 'YYYY-MM-DD' (a date, not an instant: no time zone) as DD/MM/AAAA. */
export const formatDay = (day: string): string => day.slice(0, 10).split('-').reverse().join('/');
/** A month, 'YYYY-MM' or its first day 'YYYY-MM-01', as 'novembro de 2026'. */
export const formatMonthYear = (month: string): string => `${MONTHS_PT[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
const spDay = formatterOnce(() => new Intl.DateTimeFormat('en-CA', { timeZone: SP, year: 'numeric', month: '2-digit', day: '2-digit' }));
/** The São Paulo calendar day of an instant (default: now), as YYYY-MM-DD. */
export const spToday = (now: Date = new Date()): string => spDay().format(now);
/** [year, month (1-12), day] of an instant in São Paulo. */
function spParts(date: Date): [number, number, number] {
  const [y, m, d] = spToday(date).split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/**
 * Comment dates (spec 2 §9): 'hoje', 'ontem', otherwise '5 de março' (plus ' de 2025' when not the
 * current year), by the São Paulo calendar day.
 */
export function formatCommentDate(iso: string | Date, now: Date = new Date()): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const [y, m, d] = spParts(date);
  const [ny, nm, nd] = spParts(now);
  const dayNumber = (yy: number, mm: number, dd: number) => Date.UTC(yy, mm - 1, dd) / 86_400_000;
  const diff = dayNumber(ny, nm, nd) - dayNumber(y, m, d);
  if (diff === 0) return 'hoje';
  if (diff === 1) return 'ontem';
  return `${d} de ${MONTHS_PT[m - 1]}${y !== ny ? ` de ${y}` : ''}`;
}

/** 'dd de MMMM de yyyy' in Portuguese (spec 3 §9), by the São Paulo calendar day: '05 de março de 2026'. */
export function formatLongDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const [y, m, d] = spParts(date);
  return `${String(d).padStart(2, '0')} de ${MONTHS_PT[m - 1]} de ${y}`;
}

/**
 * Lists count their rows up to COUNT_CAP and answer COUNT_CAP + 1 above it (the server's capped count):
 * a total above the cap is shown as "mais de 10.000".
 */
export const COUNT_CAP = 10_000;
export function formatCount(total: number, one: string, many: string): string {
  if (total > COUNT_CAP) return `mais de ${COUNT_CAP.toLocaleString('pt-BR')} ${many}`;
  return total === 1 ? `1 ${one}` : `${total.toLocaleString('pt-BR')} ${many}`;
}
