import { describe, expect, it } from 'vitest';
import { incomeByMonth, incomeMonths, providerShareCents } from './provider-income';
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

describe('the provider share (THE INCOME RULE)', () => {
  it('is the amount minus the platform fee, half a centavo rounded up in the platform\'s favour, per line', () => {
    expect(providerShareCents(12_345, 0)).toBe(12_345);
    // 10 % of 12 345 = 1 234.5 → fee 1 235 (half up), share 11 110.
    expect(providerShareCents(12_345, 1_000)).toBe(11_110);
    // 2.5 % of 1 001 = 25.025 → fee 25.
    expect(providerShareCents(1_001, 250)).toBe(976);
    expect(providerShareCents(999, 10_000)).toBe(0);
  });

  it('every month of the window comes back, oldest first, 0 where nothing was charged', () => {
    const months = incomeMonths(at('2025-06-15T12:00:00Z'), 3);
    expect(incomeByMonth(months, [{ month: '2025-05', receivedCents: 700, pendingCents: 50 }, { month: '2024-01', receivedCents: 9, pendingCents: 9 }])).toEqual([
      { month: '2025-04', label: 'abr/2025', valueCents: 0, pendingCents: 0 },
      { month: '2025-05', label: 'mai/2025', valueCents: 700, pendingCents: 50 },
      { month: '2025-06', label: 'jun/2025', valueCents: 0, pendingCents: 0 },
    ]);
  });
});

describe('formatLongDate', () => {
  it("is 'dd de MMMM de yyyy' by the São Paulo day", () => {
    expect(formatLongDate('2025-03-05T15:00:00Z')).toBe('05 de março de 2025');
    expect(formatLongDate('2025-01-01T01:00:00Z')).toBe('31 de dezembro de 2024');
  });
});
