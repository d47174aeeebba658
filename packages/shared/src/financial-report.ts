/**
 * 'Relatório Financeiro' (/dashboard/financial-report): what the platform billed, received and has overdue, per month
 * and per institution or provider, for the platform team (admin, director), with its CSV.
 *
 * The figures are sums of the charges' lines (charge_rents: each rent's part of a charge, at the amount it was issued
 * at), in integer centavos, by the month a charge covers (its period), not the day it was paid:
 * - Faturado: lines of charges issued and not canceled (paid, open or overdue);
 * - Pago: lines of paid charges;
 * - Vencido: lines of overdue charges (unpaid after their due date);
 * - Em aberto: lines of open charges (unpaid, not yet due). Faturado = Pago + Vencido + Em aberto.
 * A charge of one institution may hold rents of several providers: per provider, each provider's lines; per
 * institution, the institution's lines (with a provider filter, only that provider's lines). Gross amounts: what the
 * institutions owe, before the platform's fee.
 */
import { z } from 'zod';
import { CHARGE_ADMIN_TYPES } from './charge-machine';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { shortMonthLabel } from './provider-income';
import { REPORT_MAX_MONTHS } from './reports';
import { textIdSchema } from './validation';

export const FINANCIAL_REPORT_TYPES = CHARGE_ADMIN_TYPES;
export const FINANCIAL_REPORT_PATH = '/dashboard/financial-report';
export const FINANCIAL_REPORT_FILE_NAME = 'relatorio-financeiro.csv';
/** One CSV line per month, institution and provider with charges (amounts in reais, decimal comma: pt-BR spreadsheets). */
export const FINANCIAL_REPORT_CSV_HEADER = ['Mês', 'Instituição', 'Fornecedor', 'Faturado (R$)', 'Pago (R$)', 'Vencido (R$)', 'Em aberto (R$)'] as const;

export const FINANCIAL_BREAKDOWNS = ['institution', 'provider'] as const;
export type FinancialBreakdown = (typeof FINANCIAL_BREAKDOWNS)[number];

export const FINANCIAL_REPORT_MSG = {
  title: 'Relatório Financeiro',
  export: 'Exportar CSV',
  startMonth: 'Mês inicial',
  endMonth: 'Mês final',
  seller: 'Instituição',
  allSellers: 'Todas',
  provider: 'Fornecedor',
  allProviders: 'Todos',
  breakdown: 'Detalhar por',
  byInstitution: 'Instituição',
  byProvider: 'Fornecedor',
  billed: 'Faturado',
  paid: 'Pago',
  overdue: 'Vencido',
  open: 'Em aberto',
  total: 'Total do período',
  monthTotal: 'Total do mês',
  noCharges: 'Nenhuma cobrança neste mês.',
  note: 'Valores das cobranças pelo mês a que se referem, antes da taxa da plataforma. Faturado = Pago + Vencido + Em aberto; cobranças canceladas não entram.',
  monthInvalid: 'Informe o mês no formato AAAA-MM.',
  monthRangeInvalid: 'O mês final deve ser igual ou posterior ao mês inicial.',
  monthRangeTooLong: `O período deve ter no máximo ${REPORT_MAX_MONTHS} meses.`,
} as const;

const YEAR_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const yearMonth = () =>
  z
    .string({ error: MSG.required })
    .trim()
    .min(1, MSG.required)
    .refine((v) => YEAR_MONTH.test(v) && Number(v.slice(0, 4)) >= 2000 && Number(v.slice(0, 4)) <= 2100, FINANCIAL_REPORT_MSG.monthInvalid);

/** The months from `from` to `to` ('YYYY-MM'), both included, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1;
  const out: string[] = [];
  for (let i = index(from); i <= index(to); i++) out.push(`${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
  return out;
}

/** What is wrong with a month range, or null: the end before the start, or more than REPORT_MAX_MONTHS months. */
export function monthRangeIssue(from: string, to: string): string | null {
  if (!YEAR_MONTH.test(from) || !YEAR_MONTH.test(to)) return null;
  if (to < from) return FINANCIAL_REPORT_MSG.monthRangeInvalid;
  return monthsBetween(from, to).length > REPORT_MAX_MONTHS ? FINANCIAL_REPORT_MSG.monthRangeTooLong : null;
}

const filters = {
  /** First month, 'YYYY-MM'. */
  from: yearMonth(),
  /** Last month, 'YYYY-MM' (at most 24 months after `from`, counting both). */
  to: yearMonth(),
  /** One institution. */
  sellerId: textIdSchema(MSG.invalidValue).optional(),
  /** One provider. */
  providerId: textIdSchema(MSG.invalidValue).optional(),
};

const withMonthRange = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema.superRefine((q, ctx) => {
    const issue = monthRangeIssue(q.from, q.to);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['to'] });
  });

export const financialReportQuery = withMonthRange(
  z.strictObject({
    ...filters,
    /** The rows under each month: per institution (default) or per provider. */
    by: z.enum(FINANCIAL_BREAKDOWNS, { error: MSG.invalidValue }).default('institution'),
  }),
);
export type FinancialReportQuery = z.input<typeof financialReportQuery>;

export const financialReportCsvQuery = withMonthRange(z.strictObject(filters));
export type FinancialReportCsvQuery = z.input<typeof financialReportCsvQuery>;

const sums = {
  billedCents: z.number(),
  paidCents: z.number(),
  overdueCents: z.number(),
  openCents: z.number(),
};
export const financialSums = z.object(sums);
export type FinancialSums = z.infer<typeof financialSums>;

/** An institution's or a provider's sums in a month. */
export const financialRow = z.object({ id: z.number(), name: z.string(), ...sums });
export type FinancialRow = z.infer<typeof financialRow>;

export const financialMonth = z.object({ month: z.string(), label: z.string(), ...sums, rows: z.array(financialRow) });
export type FinancialMonth = z.infer<typeof financialMonth>;

export const financialReport = z.object({
  by: z.enum(FINANCIAL_BREAKDOWNS),
  /** Every month of the range, oldest first (a month without charges has zeros and no rows). */
  months: z.array(financialMonth),
  totals: financialSums,
});
export type FinancialReport = z.infer<typeof financialReport>;

/** The finest sums the server reads: one month, institution and provider. */
export interface FinancialCell extends FinancialSums {
  /** 'YYYY-MM'. */
  month: string;
  sellerId: number;
  sellerName: string;
  providerId: number;
  providerName: string;
}

const zero = (): FinancialSums => ({ billedCents: 0, paidCents: 0, overdueCents: 0, openCents: 0 });
const add = (to: FinancialSums, s: FinancialSums) => {
  to.billedCents += s.billedCents;
  to.paidCents += s.paidCents;
  to.overdueCents += s.overdueCents;
  to.openCents += s.openCents;
};

/** The report of `cells` over `months` ('YYYY-MM', oldest first): per month, rows per institution or provider (A–Z). */
export function summarizeFinancial(cells: readonly FinancialCell[], months: readonly string[], by: FinancialBreakdown): FinancialReport {
  const totals = zero();
  const out = months.map((month) => {
    const sumsOf = zero();
    const rows = new Map<number, FinancialRow>();
    for (const c of cells) {
      if (c.month !== month) continue;
      const [id, name] = by === 'institution' ? [c.sellerId, c.sellerName] : [c.providerId, c.providerName];
      const row = rows.get(id) ?? { id, name, ...zero() };
      add(row, c);
      rows.set(id, row);
      add(sumsOf, c);
    }
    add(totals, sumsOf);
    return {
      month,
      label: shortMonthLabel(month),
      ...sumsOf,
      rows: [...rows.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id),
    };
  });
  return { by, months: out, totals };
}

/** Centavos as a CSV amount in reais: '1234,56' (no thousands separator, decimal comma: what a pt-BR spreadsheet reads as a number). */
export const csvReais = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
};

export const financialReportRoutes = {
  report: defineRoute({
    method: 'GET', path: '/reports/financial', tag: 'reports',
    summary: 'Relatório financeiro (admin e diretor): faturado, pago, vencido e em aberto por mês (até 24 meses), por instituição ou fornecedor, em centavos',
    access: FINANCIAL_REPORT_TYPES, query: financialReportQuery, response: financialReport,
  }),
  csv: defineRoute({
    method: 'GET', path: '/reports/financial/csv', tag: 'reports',
    summary: `O relatório financeiro em CSV (${FINANCIAL_REPORT_FILE_NAME}; ';', UTF-8 com BOM): ${FINANCIAL_REPORT_CSV_HEADER.join(';')}`,
    access: FINANCIAL_REPORT_TYPES, query: financialReportCsvQuery, response: z.string().describe('O arquivo CSV'),
  }),
} as const;
