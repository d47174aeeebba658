import { describe, expect, it } from 'vitest';
import { incomeMonths, monthlyIncome, type ActivePeriod } from './provider-income';
import { formatLongDate } from './format';

const at = (iso: string) => new Date(iso);

describe('incomeMonths', () => {
  it('answers the last months up to the current one, by the São Paulo calendar', () => {
    // 2025-03-01 01:00 UTC is still February in São Paulo (UTC-3).
    const months = incomeMonths(at('2025-03-01T01:00:00Z'), 3);
    expect(months.map((m) => m.month)).toEqual(['2024-12', '2025-01', '2025-02']);
    expect(months.map((m) => m.label)).toEqual(['dez/2024', 'jan/2025', 'fev/2025']);
    expect(months[0]!.start.toISOString()).toBe('2024-12-01T03:00:00.000Z');
    expect(months[2]!.end.toISOString()).toBe('2025-03-01T03:00:00.000Z');
    expect(incomeMonths(at('2025-03-01T04:00:00Z'), 6).map((m) => m.month)).toEqual(['2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03']);
  });
});

describe('monthlyIncome (THE INCOME RULE)', () => {
  const months = incomeMonths(at('2025-06-15T12:00:00Z'), 6); // jan..jun 2025
  const sum = (periods: ActivePeriod[]) => Object.fromEntries(monthlyIncome(periods, months).map((m) => [m.month, m.valueCents]));

  it('a rent counts in every month it was active at some moment, once per month', () => {
    const periods: ActivePeriod[] = [
      { rentId: 1, previousRentId: null, valueCents: 1000, start: at('2025-02-20T12:00:00Z'), end: at('2025-03-02T12:00:00Z') },
      { rentId: 1, previousRentId: null, valueCents: 1000, start: at('2025-03-10T12:00:00Z'), end: null },
    ];
    expect(sum(periods)).toEqual({ '2025-01': 0, '2025-02': 1000, '2025-03': 1000, '2025-04': 1000, '2025-05': 1000, '2025-06': 1000 });
  });

  it('a canceled rent counts up to the month of its cancellation; a migrated rent and its successor count once', () => {
    const periods: ActivePeriod[] = [
      { rentId: 2, previousRentId: null, valueCents: 500, start: at('2025-01-05T12:00:00Z'), end: at('2025-02-10T12:00:00Z') },
      { rentId: 3, previousRentId: null, valueCents: 2000, start: at('2025-03-01T12:00:00Z'), end: at('2025-04-15T12:00:00Z') },
      { rentId: 4, previousRentId: 3, valueCents: 3000, start: at('2025-04-15T12:00:00Z'), end: null },
    ];
    expect(sum(periods)).toEqual({ '2025-01': 500, '2025-02': 500, '2025-03': 2000, '2025-04': 3000, '2025-05': 3000, '2025-06': 3000 });
  });

  it('an empty period (ended when it began) counts nothing; a month boundary is São Paulo midnight', () => {
    const periods: ActivePeriod[] = [
      { rentId: 5, previousRentId: null, valueCents: 700, start: at('2025-05-10T12:00:00Z'), end: at('2025-05-10T12:00:00Z') },
      // Ends at 23:59 of 31 May in São Paulo (02:59 UTC on 1 June): May only.
      { rentId: 6, previousRentId: null, valueCents: 100, start: at('2025-05-01T03:00:00Z'), end: at('2025-06-01T02:59:00Z') },
    ];
    expect(sum(periods)).toMatchObject({ '2025-04': 0, '2025-05': 100, '2025-06': 0 });
  });
});

describe('formatLongDate', () => {
  it("is 'dd de MMMM de yyyy' by the São Paulo day", () => {
    expect(formatLongDate('2025-03-05T15:00:00Z')).toBe('05 de março de 2025');
    expect(formatLongDate('2025-01-01T01:00:00Z')).toBe('31 de dezembro de 2024');
  });
});
