/**
 * The provider's side of the marketplace: the income dashboard on /dashboard (spec 1 §2.10) and 'Meus
 * alugueis' (/dashboard/providers-rents, spec 3 §2.8 last bullet). Provider users only, their own
 * provider's rents (the server asks the access gate's rent.read).
 *
 * THE INCOME RULE (what was paid, never what was rented): the income of a month is the provider's share of the
 * PAID charges of that month — the month a charge covers (its period, the month's first day), not the day it was
 * paid. A charge lists its rents (charge_rents, each at the amount it was issued at); the provider's share of each of
 * its rents' lines is that amount minus the platform's fee (`providerShareCents`: CHARGE_PLATFORM_FEE_BPS basis
 * points, half a centavo rounded up, per line). A rent is charged at most once a month, and the same institution and
 * provider at most once a month (a plan change, a reactivation, a cancel and re-rent), so a month is never counted
 * twice. 'A receber' is the same share of the month's unpaid charges (open or overdue); canceled charges count in
 * neither. Requested and waiting rents count only once their charge is paid (paying the first charge activates them).
 */
import { z } from 'zod';
import type { UserType } from './access';
import { defineRoute } from './contract';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { platformFeeCents } from './charge-machine';

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
  received: 'Recebido',
  pending: 'A receber',
  incomeNote: 'Cobranças pagas pelas instituições, no mês a que se referem.',
  pendingNote: 'A receber: cobranças emitidas e ainda não pagas (em aberto ou vencidas).',
  feeNote: (percent: string) => `Valores com a taxa da plataforma (${percent}) já descontada.`,
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

/** 'mar/2025' of a month 'YYYY-MM' (the income chart's and the financial report's months). */
export const shortMonthLabel = (month: string): string => `${MONTHS_SHORT[Number(month.slice(5, 7)) - 1]}/${month.slice(0, 4)}`;

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

/** The provider's share of a charge's line of `amountCents` at a platform fee of `feeBps` (THE INCOME RULE). */
export const providerShareCents = (amountCents: number, feeBps: number): number => amountCents - platformFeeCents(amountCents, feeBps);

/** One month's paid and unpaid provider shares, as the server sums them (`month`: 'YYYY-MM'). */
export interface IncomeSums {
  month: string;
  receivedCents: number;
  pendingCents: number;
}

/** Every month of `months`, oldest first, with its sums (0 for a month without charges). */
export function incomeByMonth(months: readonly IncomeMonth[], sums: readonly IncomeSums[]): IncomeMonthRow[] {
  const byMonth = new Map(sums.map((s) => [s.month, s]));
  return months.map((m) => ({ month: m.month, label: m.label, valueCents: byMonth.get(m.month)?.receivedCents ?? 0, pendingCents: byMonth.get(m.month)?.pendingCents ?? 0 }));
}

// ---------------------------------------------------------------- contract

export const incomeMonthRow = z.object({
  /** 'YYYY-MM'. */
  month: z.string(),
  /** 'mar/2025'. */
  label: z.string(),
  /** Received: the provider's share of the month's paid charges (THE INCOME RULE), centavos. */
  valueCents: z.number(),
  /** A receber: the provider's share of the month's open and overdue charges, centavos. */
  pendingCents: z.number(),
});
export type IncomeMonthRow = z.infer<typeof incomeMonthRow>;

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
  /** The platform's fee on the charges, in basis points (CHARGE_PLATFORM_FEE_BPS; 0: none). */
  platformFeeBps: z.number(),
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
  /** What the provider has received for this rent: its share of the rent's paid charges, every month (centavos). */
  receivedCents: z.number(),
});
export type ProviderRentRow = z.infer<typeof providerRentRow>;

export const myRentsPage = z.object({ data: z.array(providerRentRow), total: z.number(), page: z.number(), limit: z.number() });
export type MyRentsPage = z.infer<typeof myRentsPage>;

export const providerIncomeRoutes = {
  dashboard: defineRoute({
    method: 'GET', path: '/providers/dashboard', tag: 'providers',
    summary: 'Painel do fornecedor: rendimento dos últimos 6 meses (centavos: parte do fornecedor nas cobranças pagas de cada mês, e a receber), unidades aprovadas e mais populares',
    access: PROVIDER_INCOME_TYPES, response: providerDashboard,
  }),
  myRents: defineRoute({
    method: 'GET', path: '/providers/my-rents', tag: 'providers',
    summary: 'Aluguéis do catálogo do próprio fornecedor, mais recentes primeiro (até 5 por página; valor mensal e total recebido em centavos)',
    access: PROVIDER_INCOME_TYPES, query: myRentsQuery, response: myRentsPage,
  }),
} as const;
