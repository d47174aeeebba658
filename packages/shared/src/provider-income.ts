/**
 * The provider's side of the marketplace: the income dashboard on /dashboard (spec 1 §2.10) and 'Meus
 * alugueis' (/dashboard/providers-rents, spec 3 §2.8 last bullet). Provider users only, their own
 * provider's rents (the server asks the access gate's rent.read).
 *
 * THE INCOME RULE (computed on the server from rent_history, the pure part here so it is tested once):
 * the income of a calendar month (São Paulo time) is the sum of `value_cents` of the provider's rents that
 * were ACTIVE at any moment of that month — an active period runs from a history row 'active' to the rent's
 * next history row (or now). A rent counts once per month whatever the number of its active periods, and
 * with its agreed value (a plan change never rewrites the past: the old rent becomes migrated). A rent and
 * its successor (plan change of an active rent) are one contract: in the month of the change only the
 * successor's value counts, so the month is not billed twice. Requested and waiting rents count nothing; a
 * canceled rent counts in the months it was active, the month of its cancellation included.
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';

/** Who sees the income dashboard and 'Meus alugueis': the provider's account holders. */
export const PROVIDER_INCOME_TYPES = ['provider'] as const satisfies readonly UserType[];

export const INCOME = {
  monthsMax: 6,
  monthsMin: 1,
  monthsDefault: LIMITS.incomeMonthsDefault,
  /** Spec 3 §9: rents table page size 5. */
  rentsPageSize: 5,
  /** Spec 1 §2.10: recent rents 3 per page. */
  recentRentsPageSize: LIMITS.recentRentsPerPage,
  latestApproved: 3,
  popular: 5,
} as const;

export const INCOME_TEXT = {
  income: 'Rendimento mensal',
  months: 'Meses',
  approved: 'Unidades aprovadas',
  approvedLabel: 'Aprovada',
  recentRents: 'Aluguéis recentes',
  popular: 'Mais populares',
  popularNote: 'Pelas interações dos leitores com a unidade e, depois, pela publicação mais recente.',
  noApproved: 'Nenhuma unidade aprovada ainda.',
  noRents: 'Nenhum aluguel ainda.',
  myRents: 'Meus alugueis',
  empty: 'Nenhum item encontrado.',
  loadFail: MSG.listLoadFail,
  inReview: 'Seu perfil está em análise.',
  noProvider: 'Usuário sem fornecedor vinculado.',
} as const;

// ---------------------------------------------------------------- months in São Paulo

const SP_TZ = 'America/Sao_Paulo';
const MONTHS_SHORT = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const spFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SP_TZ, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** São Paulo's offset from UTC at `instant`, in milliseconds (negative: behind UTC). */
function spOffsetMs(instant: number): number {
  const parts = Object.fromEntries(spFormat.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant São Paulo's clock reads 00:00 on the first day of `month` (1-12) of `year`. */
function spMonthStart(year: number, month: number): Date {
  const naive = Date.UTC(year, month - 1, 1);
  const first = naive - spOffsetMs(naive);
  return new Date(naive - spOffsetMs(first));
}

/** [year, month 1-12] of `instant` in São Paulo. */
function spYearMonth(instant: Date): [number, number] {
  const parts = Object.fromEntries(spFormat.formatToParts(instant).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month)];
}

export interface IncomeMonth {
  /** 'YYYY-MM'. */
  month: string;
  /** 'mar/2025'. */
  label: string;
  /** First instant of the month (inclusive). */
  start: Date;
  /** First instant of the next month (exclusive). */
  end: Date;
}

/** The `count` calendar months up to and including the one of `now` (São Paulo), oldest first. */
export function incomeMonths(now: Date, count: number = INCOME.monthsMax): IncomeMonth[] {
  const [y, m] = spYearMonth(now);
  const out: IncomeMonth[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    const nextIndex = index + 1;
    out.push({
      month: `${year}-${String(month).padStart(2, '0')}`,
      label: `${MONTHS_SHORT[month - 1]}/${year}`,
      start: spMonthStart(year, month),
      end: spMonthStart(Math.floor(nextIndex / 12), (nextIndex % 12) + 1),
    });
  }
  return out;
}

/** One ACTIVE period of a rent (from rent_history): [start, end), end null = still active. */
export interface ActivePeriod {
  rentId: number;
  /** The rent this one replaced (plan change of an active rent). */
  previousRentId: number | null;
  valueCents: number;
  start: Date;
  end: Date | null;
}

/** The income of each month by THE INCOME RULE (header), in centavos. */
export function monthlyIncome(periods: readonly ActivePeriod[], months: readonly IncomeMonth[]): { month: string; label: string; valueCents: number }[] {
  return months.map((m) => {
    const active = new Map<number, ActivePeriod>();
    for (const p of periods) {
      const end = p.end?.getTime() ?? Number.POSITIVE_INFINITY;
      if (end <= p.start.getTime()) continue;
      if (p.start.getTime() < m.end.getTime() && end > m.start.getTime()) active.set(p.rentId, p);
    }
    // A rent whose successor was active in the same month: the contract counts once, with the newer value.
    const replaced = new Set([...active.values()].map((p) => p.previousRentId).filter((id): id is number => id !== null));
    let valueCents = 0;
    for (const [rentId, p] of active) if (!replaced.has(rentId)) valueCents += p.valueCents;
    return { month: m.month, label: m.label, valueCents };
  });
}

// ---------------------------------------------------------------- contract

export const incomeMonthRow = z.object({ month: z.string(), label: z.string(), valueCents: z.number() });

export const providerUnitRow = z.object({
  itemId: z.number(),
  contentId: z.number(),
  title: z.string(),
  /** Knowledge-area titles. */
  knowledges: z.array(z.string()),
  publishedAt: z.string(),
});
export type ProviderUnitRow = z.infer<typeof providerUnitRow>;

export const providerDashboard = z.object({
  /** The last INCOME.monthsMax months, oldest first (the slider shows the last 1 to 6). */
  income: z.array(incomeMonthRow),
  approved: z.object({ count: z.number(), latest: z.array(providerUnitRow) }),
  popular: z.array(providerUnitRow),
});
export type ProviderDashboard = z.infer<typeof providerDashboard>;

export const myRentsQuery = z.strictObject({
  page: z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).default(1),
  limit: z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(INCOME.rentsPageSize, MSG.invalidValue).default(INCOME.rentsPageSize),
});
export type MyRentsQuery = z.input<typeof myRentsQuery>;

/** A rent as its provider sees it (spec 3 §3 "Provider-side rent"): `valueCents` a month. */
export const providerRentRow = z.object({
  id: z.number(),
  seller: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  status: z.string(),
  valueCents: z.number(),
  planName: z.string(),
  createdAt: z.string(),
});
export type ProviderRentRow = z.infer<typeof providerRentRow>;

export const myRentsPage = z.object({ data: z.array(providerRentRow), total: z.number(), page: z.number(), limit: z.number() });
export type MyRentsPage = z.infer<typeof myRentsPage>;

export const providerIncomeRoutes = {
  dashboard: defineRoute({
    method: 'GET', path: '/providers/dashboard', tag: 'providers',
    summary: 'Painel do fornecedor: rendimento dos últimos 6 meses (centavos, aluguéis ativos no mês), unidades aprovadas e mais populares',
    access: PROVIDER_INCOME_TYPES, response: providerDashboard,
  }),
  myRents: defineRoute({
    method: 'GET', path: '/providers/my-rents', tag: 'providers',
    summary: 'Aluguéis do catálogo do próprio fornecedor, mais recentes primeiro (até 5 por página; valor mensal em centavos)',
    access: PROVIDER_INCOME_TYPES, query: myRentsQuery, response: myRentsPage,
  }),
} as const;
