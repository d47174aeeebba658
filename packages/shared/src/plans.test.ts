import { describe, expect, it } from 'vitest';
import { planBody, planFormSchema, planPriceCreateBody, planPriceFormSchema, PLAN_MSG, planLabel, reaisToCents, studentsRange } from './plans';

const fieldErrors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('reaisToCents', () => {
  it.each([
    [890, 89_000],
    [890.5, 89_050],
    [0.1, 10],
    [1234.56, 123_456],
    ['890', 89_000],
    ['890,5', 89_050],
    ['1.234,56', 123_456],
    ['R$ 1.234,56', 123_456],
    ['1.234', 123_400],
    ['12.5', 1250],
    ['0', 0],
    ['-5', -500],
  ])('%s reais → %s centavos', (input, cents) => expect(reaisToCents(input)).toBe(cents));

  it('answers null for nothing typed or not an amount, NaN for a fraction of a centavo', () => {
    expect(reaisToCents('')).toBeNull();
    expect(reaisToCents(null)).toBeNull();
    expect(reaisToCents('abc')).toBeNull();
    expect(reaisToCents(Number.NaN)).toBeNull();
    expect(reaisToCents('1,234')).toBeNaN();
    expect(reaisToCents(0.125)).toBeNaN();
    expect(reaisToCents('10,500')).toBe(1050);
  });
});

describe('plan rules (spec 3 §5)', () => {
  it('requires name and description and refuses negative, fractional and inverted student counts', () => {
    expect(fieldErrors(planBody.safeParse({ name: ' ', description: '', minRent: -1, maxRent: 1.5 }))).toEqual({
      name: PLAN_MSG.required,
      description: PLAN_MSG.required,
      minRent: PLAN_MSG.minZero,
      maxRent: PLAN_MSG.wholeStudents,
    });
    expect(fieldErrors(planBody.safeParse({ name: 'A', description: 'B', minRent: 10, maxRent: 5 }))).toEqual({ maxRent: PLAN_MSG.minAboveMax });
    expect(planBody.safeParse({ name: 'A', description: 'B', minRent: 0, maxRent: 0 }).success).toBe(true);
  });

  it('the form says Campo Obrigatório for an empty number input, like the call for a missing field', () => {
    expect(fieldErrors(planFormSchema.safeParse({ name: '', description: 'x', minRent: '', maxRent: 3 }))).toEqual({
      name: PLAN_MSG.required,
      minRent: PLAN_MSG.required,
    });
    expect(fieldErrors(planBody.safeParse({ name: 'A', description: 'B', maxRent: 3 }))).toEqual({ minRent: PLAN_MSG.required });
  });

  it('a price is whole centavos from zero; the editor takes reais', () => {
    expect(fieldErrors(planPriceCreateBody.safeParse({ planId: 1, providerId: 1, value: -1 }))).toEqual({ value: PLAN_MSG.priceNegative });
    expect(fieldErrors(planPriceCreateBody.safeParse({ planId: 1, providerId: 1, value: 10.5 }))).toEqual({ value: PLAN_MSG.priceCents });
    expect(fieldErrors(planPriceCreateBody.safeParse({ planId: 1, providerId: 1 }))).toEqual({ value: PLAN_MSG.priceRequired });
    expect(fieldErrors(planPriceFormSchema.safeParse({ value: '' }))).toEqual({ value: PLAN_MSG.priceRequired });
    expect(fieldErrors(planPriceFormSchema.safeParse({ value: -3 }))).toEqual({ value: PLAN_MSG.priceNegative });
    expect(fieldErrors(planPriceFormSchema.safeParse({ value: 1.005 }))).toEqual({ value: PLAN_MSG.priceCents });
    expect(planPriceFormSchema.safeParse({ value: 890.9 }).success).toBe(true);
  });

  it("shows the range as 'De X a Y alunos'", () => {
    expect(studentsRange(0, 1500)).toBe('De 0 a 1.500 alunos');
    expect(planLabel({ name: 'Plano Ampliado', minRent: 501, maxRent: 2000 })).toBe('Plano Ampliado (De 501 a 2.000 alunos)');
  });
});
