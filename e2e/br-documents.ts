/**
 * Brazilian documents for the e2e journeys (CPF, CNPJ): an independent check-digit implementation, so valid numbers
 * can be generated per test. The helpers (./helpers) export them.
 */

const randomDigits = (n: number) => {
  for (;;) {
    const d = Array.from({ length: n }, () => Math.floor(Math.random() * 10));
    if (new Set(d).size > 1) return d;
  }
};

function cpfCheckDigit(d: number[]): number {
  const weightStart = d.length + 1;
  const sum = d.reduce((acc, digit, i) => acc + digit * (weightStart - i), 0);
  const r = (sum * 10) % 11;
  return r === 10 ? 0 : r;
}

function cnpjCheckDigit(d: number[]): number {
  const weights = d.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = d.reduce((acc, digit, i) => acc + digit * weights[i]!, 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

/** A random CPF with correct check digits: 11 digits, no mask. */
export function validCpf(): string {
  const d = randomDigits(9);
  d.push(cpfCheckDigit(d));
  d.push(cpfCheckDigit(d));
  return d.join('');
}

/** A random CNPJ with correct check digits: 14 digits, no mask. */
export function validCnpj(): string {
  const d = randomDigits(12);
  d.push(cnpjCheckDigit(d));
  d.push(cnpjCheckDigit(d));
  return d.join('');
}

/** The same number with its last check digit changed: fails the check-digit test. */
export const withWrongCheckDigit = (digits: string) => digits.slice(0, -1) + String((Number(digits.at(-1)) + 1) % 10);

export const cpfMasked = (d: string) => `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
export const cnpjMasked = (d: string) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`;
