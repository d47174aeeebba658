import { describe, expect, it } from 'vitest';
import { formatCents, formatCommentDate, formatCount, formatDate, formatDay, formatLongDate, formatMonthly, formatMonthYear, isValidCnpj, isValidCpf, maskCnpj, maskCpf, onlyDigits } from './format';

describe('CPF', () => {
  it('accepts numbers whose check digits are right, with or without the mask', () => {
    for (const cpf of ['529.982.247-25', '52998224725', '111.444.777-35', '390.533.447-05']) expect(isValidCpf(cpf), cpf).toBe(true);
  });

  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    for (const cpf of ['529.982.247-24', '529.982.247-15', '111.444.777-53', '111.111.111-11', '000.000.000-00', '5299822472', '529982247251', '', 'abc']) {
      expect(isValidCpf(cpf), cpf).toBe(false);
    }
  });

  it('masks as 999.999.999-99 while typing', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
    expect(maskCpf('529982')).toBe('529.982');
    expect(maskCpf('5299822472')).toBe('529.982.247-2');
    expect(maskCpf('529.982.247-25 extra 99')).toBe('529.982.247-25');
  });
});

describe('CNPJ', () => {
  it('accepts numbers whose check digits are right, with or without the mask', () => {
    for (const cnpj of ['11.222.333/0001-81', '11222333000181', '04.252.011/0001-10', '45.723.174/0001-10']) expect(isValidCnpj(cnpj), cnpj).toBe(true);
  });

  it('rejects wrong check digits, repeated digits and wrong lengths', () => {
    for (const cnpj of ['11.222.333/0001-80', '11.222.333/0001-91', '04.252.011/0001-01', '11.111.111/1111-11', '00000000000000', '1122233300018', '']) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
  });

  it('masks as 99.999.999/9999-99 while typing', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('112')).toBe('11.2');
    expect(maskCnpj('11222333')).toBe('11.222.333');
    expect(maskCnpj('112223330001')).toBe('11.222.333/0001');
    expect(maskCnpj('1122233300018')).toBe('11.222.333/0001-8');
    expect(maskCnpj('11222333000181999')).toBe('11.222.333/0001-81');
  });

  it('onlyDigits strips the mask', () => {
    expect(onlyDigits('11.222.333/0001-81')).toBe('11222333000181');
  });
});

describe('pt-BR formats', () => {
  it('shows cents as BRL', () => {
    expect(formatCents(123456)).toBe('R$\u00a01.234,56');
    expect(formatCents(5)).toBe('R$\u00a00,05');
  });

  it('shows dates as DD/MM/YYYY in São Paulo time', () => {
    expect(formatDate('2024-03-05T15:00:00Z')).toBe('05/03/2024');
    // 01:00 UTC is still the previous evening in São Paulo.
    expect(formatDate(new Date('2024-03-05T01:00:00Z'))).toBe('04/03/2024');
  });
});

describe('formatCommentDate', () => {
  // 2026-03-10 12:00 in São Paulo (UTC-3).
  const now = new Date('2026-03-10T15:00:00Z');

  it("says 'hoje' for the same São Paulo day, even when UTC is already the next day", () => {
    expect(formatCommentDate('2026-03-10T03:00:00Z', now)).toBe('hoje');
    expect(formatCommentDate('2026-03-11T02:59:00Z', now)).toBe('hoje');
  });

  it("says 'ontem' for the day before in São Paulo", () => {
    expect(formatCommentDate('2026-03-10T02:59:00Z', now)).toBe('ontem');
    expect(formatCommentDate('2026-03-09T03:00:00Z', now)).toBe('ontem');
  });

  it('writes day and month name, with the year only when it is not the current one', () => {
    expect(formatCommentDate('2026-03-05T12:00:00Z', now)).toBe('5 de março');
    expect(formatCommentDate('2026-01-01T02:00:00Z', now)).toBe('31 de dezembro de 2025');
    expect(formatCommentDate('2025-07-20T12:00:00Z', now)).toBe('20 de julho de 2025');
  });

  it('crosses a month boundary for ontem', () => {
    expect(formatCommentDate('2026-02-28T15:00:00Z', new Date('2026-03-01T15:00:00Z'))).toBe('ontem');
  });

  it('returns an empty text for an invalid date', () => {
    expect(formatCommentDate('nope', now)).toBe('');
  });
});

describe('formatCount (capped list totals)', () => {
  it('says one, many with pt-BR digits, and "mais de 10.000" above the cap', () => {
    expect(formatCount(1, 'registro encontrado', 'registros encontrados')).toBe('1 registro encontrado');
    expect(formatCount(0, 'registro encontrado', 'registros encontrados')).toBe('0 registros encontrados');
    expect(formatCount(2500, 'registro encontrado', 'registros encontrados')).toBe('2.500 registros encontrados');
    expect(formatCount(10_000, 'registro encontrado', 'registros encontrados')).toBe('10.000 registros encontrados');
    expect(formatCount(10_001, 'registro encontrado', 'registros encontrados')).toBe('mais de 10.000 registros encontrados');
  });
});

describe('formatLongDate (dd de MMMM de yyyy)', () => {
  it('writes the São Paulo day with the month in Portuguese', () => {
    expect(formatLongDate('2026-03-05T15:00:00Z')).toBe('05 de março de 2026');
    expect(formatLongDate(new Date('2025-12-24T12:00:00Z'))).toBe('24 de dezembro de 2025');
  });
  it('uses the São Paulo calendar day, not UTC', () => {
    // 01:30 UTC on 1 January is still 31 December in São Paulo (UTC−3).
    expect(formatLongDate('2026-01-01T01:30:00Z')).toBe('31 de dezembro de 2025');
  });
  it('answers an empty text for an invalid date', () => {
    expect(formatLongDate('não é data')).toBe('');
  });
});

describe('formatMonthly', () => {
  it("writes centavos as reais per month, the one '/mês' text", () => {
    expect(formatMonthly(123456)).toBe('R$\u00a01.234,56/mês');
    expect(formatMonthly(0)).toBe('R$\u00a00,00/mês');
  });
});

describe('calendar days and months (charges: São Paulo dates, not instants)', () => {
  it('writes a day as DD/MM/AAAA from its digits, whatever the machine’s time zone', () => {
    expect(formatDay('2026-11-05')).toBe('05/11/2026');
    expect(formatDay('2026-01-01T00:00:00Z')).toBe('01/01/2026');
  });
  it('writes a month, or its first day, in words', () => {
    expect(formatMonthYear('2026-11-01')).toBe('novembro de 2026');
    expect(formatMonthYear('2027-03')).toBe('março de 2027');
  });
});
