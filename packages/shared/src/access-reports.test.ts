import { describe, expect, it } from 'vitest';
import { formatUsagePercent, usagePercent } from './access-reports';

describe('the usage percent of the access report (spec 3 §2.17, §9)', () => {
  it('is unique students ÷ maxRent × 100, rounded half up to two decimals', () => {
    expect(usagePercent(2, 3)).toBe(66.67);
    expect(usagePercent(1, 3)).toBe(33.33);
    expect(usagePercent(1, 8)).toBe(12.5);
    expect(usagePercent(1, 20_000)).toBe(0.01); // 0.005 % rounds up
    expect(usagePercent(1, 200_000)).toBe(0); // 0.0005 % rounds down
    expect(usagePercent(0, 50)).toBe(0);
    expect(usagePercent(2500, 2000)).toBe(125);
  });

  it('has no value without a plan or with a plan of no students', () => {
    expect(usagePercent(5, null)).toBeNull();
    expect(usagePercent(5, 0)).toBeNull();
  });

  it('is written in pt-BR with two decimals', () => {
    expect(formatUsagePercent(66.67)).toBe('66,67%');
    expect(formatUsagePercent(12.5)).toBe('12,50%');
    expect(formatUsagePercent(1234.5)).toBe('1.234,50%');
    expect(formatUsagePercent(null)).toBe('—');
  });
});
