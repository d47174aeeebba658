/**
 * The access reports (spec 3 §2.17, §3 "Access report row" / "Unit access row", §7 "Reports", §8, §9):
 * students' openings of units, counted by the access rollups (docs/architecture.md, Reports).
 *
 * - 'Relatório de Acessos' (/dashboard/access-report, `GET /sellers/report-access`): per institution and student,
 *   total_access and last_access in the period; above the table the total of accesses, the unique students and the
 *   plan's usage percent (unique students ÷ the plan's maxRent × 100, two decimals). Staff (admin, director, manager)
 *   see every institution or choose one (`seller_id`); an institution (user type seller) sees its own only.
 * - 'Relatório de Acessos por Unidades' (/dashboard/unit-access-report,
 *   `GET /items/item/content/find/access/units/{knowledgeid}/{start_date}/{end_date}`): per unit, its accesses in the
 *   period, most first, 25 per page; knowledgeid 0 means every area. A provider sees its own units (accesses of every
 *   institution), admin and director every unit.
 * - Both show the accesses per day and the most accessed units as charts (`…/charts`) and export CSV (`…/csv`).
 */
import { z } from 'zod';
import { textIdSchema, INT_MAX } from './validation';
import { defineRoute } from './contract';
import { MSG } from './messages';
import { reportDate, withReportRange } from './reports';

/** Who reads the access report: the menu's holders of 'Relatório de Acessos' (spec 1 §6; access.ts MENU_BY_TYPE). */
export const ACCESS_REPORT_TYPES = ['admin', 'director', 'manager', 'seller'] as const;
/** Staff who see every institution and may choose one. */
export const ACCESS_REPORT_STAFF_TYPES = ['admin', 'director', 'manager'] as const;
export const ACCESS_REPORT_PAGE_SIZE = 20;
export const ACCESS_REPORT_FILE_NAME = 'relatorio-de-acessos.csv';
export const ACCESS_REPORT_CSV_HEADER = ['Instituição', 'Aluno', 'Total de acessos', 'Último acesso'] as const;

/** Who reads the unit-access report: the provider (its menu), admin (its menu) and director (by address). */
export const UNIT_ACCESS_REPORT_TYPES = ['provider', 'admin', 'director'] as const;
/** Spec 3 §9: 'access-units report page size 25'. */
export const UNIT_ACCESS_REPORT_PAGE_SIZE = 25;
/** Spec 3 §2.17: 'CSV export named relatorio.csv'. */
export const UNIT_ACCESS_REPORT_FILE_NAME = 'relatorio.csv';
export const UNIT_ACCESS_CSV_HEADER = ['Unidades', 'Área de conhecimento', 'Acessos'] as const;
/** The knowledgeid that means every knowledge area. */
export const ALL_KNOWLEDGE_AREAS = 0;
/** How many units the 'most accessed' charts show. */
export const TOP_UNITS = 10;

export const ACCESS_REPORT_MSG = {
  title: 'Relatório de Acessos',
  /** Spec 3 §8 empty state. */
  empty: 'Sem dados para apresentação',
  seller: 'Instituição',
  allSellers: 'Todas as instituições',
  totalAccess: 'Total de acessos',
  uniqueStudents: 'Alunos únicos',
  usage: 'Uso do plano',
  /** Staff over every institution: the percent needs one plan. */
  usageNeedsSeller: 'Escolha uma instituição para ver o uso do plano.',
  /** The institution has no plan, or a plan of 0 students. */
  usageNoPlan: 'A instituição não tem um plano com número máximo de alunos.',
  export: 'Exportar Relatório',
} as const;

export const UNIT_ACCESS_MSG = {
  title: 'Relatório de Acessos por Unidades',
  /** Spec 3 §8 empty state. */
  empty: 'Sem dados para apresentação',
  /** Spec 3 §8 "Access-units report empty: info". */
  noUnits: 'Não foram encontradas unidades de acesso para o período informado.',
  /** Spec 3 §2.17: a unit without a knowledge area. */
  notInformed: '(Não Informado)',
  unknownArea: 'Área de conhecimento não encontrada.',
  export: 'Exportar Relatório',
} as const;

export const CHARTS_MSG = {
  trend: 'Acessos por dia',
  topUnits: 'Unidades mais acessadas',
  noAccess: 'Nenhum acesso no período.',
} as const;

const id = () => textIdSchema(MSG.invalidValue);
const page = z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(100_000, MSG.invalidValue).default(1);

// ------------------------------------------------------------------ the access report

const accessFilters = {
  start_date: reportDate(),
  end_date: reportDate(),
  /** Staff: one institution (none: every institution). An institution: its own id or nothing. */
  seller_id: id().optional(),
};
export const accessReportQuery = withReportRange(z.strictObject({ ...accessFilters, page }));
export type AccessReportQuery = z.input<typeof accessReportQuery>;
export const accessReportFilters = withReportRange(z.strictObject(accessFilters));
export type AccessReportFilters = z.input<typeof accessReportFilters>;

/** Spec 3 §3 "Access report row": seller, student, total_access, last_access (ISO, in the period). */
export const accessReportRow = z.object({
  sellerId: z.number(),
  seller: z.string(),
  student: z.string(),
  total_access: z.number(),
  last_access: z.string(),
});
export type AccessReportRow = z.infer<typeof accessReportRow>;

export const accessReportSummary = z.object({
  /** The sum of total_access over every row. */
  totalAccess: z.number(),
  /** Students with an access in the period (per institution: the same identifier at two institutions is two). */
  uniqueStudents: z.number(),
  /** The chosen (or the caller's) institution; null: every institution. */
  seller: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The institution plan's maximum of students; null without one institution or without a plan. */
  maxRent: z.number().nullable(),
  /** uniqueStudents ÷ maxRent × 100, rounded to two decimals; null when maxRent is null or 0. */
  usagePercent: z.number().nullable(),
});
export type AccessReportSummary = z.infer<typeof accessReportSummary>;

export const accessReportPage = z.object({
  data: z.array(accessReportRow),
  /** Rows in the report: equals summary.uniqueStudents. */
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  summary: accessReportSummary,
});
export type AccessReportPage = z.infer<typeof accessReportPage>;

// ------------------------------------------------------------------ the charts of both reports

export const trendPoint = z.object({ day: z.string(), accesses: z.number() });
export type TrendPoint = z.infer<typeof trendPoint>;
export const topUnit = z.object({ itemId: z.number(), title: z.string(), accesses: z.number() });
export type TopUnit = z.infer<typeof topUnit>;
export const accessCharts = z.object({
  /** Every day of the period (YYYY-MM-DD, São Paulo), days without accesses included. */
  trend: z.array(trendPoint),
  /** The TOP_UNITS most accessed units of the same scope, most first. */
  topUnits: z.array(topUnit),
});
export type AccessCharts = z.infer<typeof accessCharts>;

// ------------------------------------------------------------------ the unit-access report

export const unitAccessParams = withReportRange(
  z.strictObject({
    /** A knowledge area id, or 0 (ALL_KNOWLEDGE_AREAS) for every area. */
    knowledgeid: z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(0, MSG.invalidValue).max(INT_MAX, MSG.invalidValue),
    start_date: reportDate(),
    end_date: reportDate(),
  }),
);
export type UnitAccessParams = z.input<typeof unitAccessParams>;
export const unitAccessQuery = z.strictObject({ page });

/** Spec 3 §3 "Unit access row": title, TitleKnowledges, access_counter. */
export const unitAccessRow = z.object({
  itemId: z.number(),
  title: z.string(),
  /** Titles of the unit's knowledge areas (its published version's; empty: '(Não Informado)'). */
  TitleKnowledges: z.array(z.string()),
  access_counter: z.number(),
});
export type UnitAccessRow = z.infer<typeof unitAccessRow>;

export const unitAccessPage = z.object({
  data: z.array(unitAccessRow),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
  /** Every access of the report's units in the period. */
  totalAccess: z.number(),
});
export type UnitAccessPage = z.infer<typeof unitAccessPage>;

const UNITS_PATH = '/items/item/content/find/access/units/:knowledgeid/:start_date/:end_date';

export const sellerOption = z.object({ id: z.number(), name: z.string() });
export const accessReportSellersQuery = z.strictObject({
  name: z.string({ error: MSG.invalidValue }).trim().max(200, MSG.invalidValue).optional(),
});

export const accessReportsRoutes = {
  access: defineRoute({
    method: 'GET', path: '/sellers/report-access', tag: 'reports',
    summary: 'Relatório de acessos: por instituição e aluno, total de acessos e último acesso no período (até 24 meses), 20 por página, com o total de acessos, os alunos únicos e o uso do plano',
    access: ACCESS_REPORT_TYPES, query: accessReportQuery, response: accessReportPage,
  }),
  accessCharts: defineRoute({
    method: 'GET', path: '/sellers/report-access/charts', tag: 'reports',
    summary: `Gráficos do relatório de acessos: acessos por dia no período e as ${TOP_UNITS} unidades mais acessadas`,
    access: ACCESS_REPORT_TYPES, query: accessReportFilters, response: accessCharts,
  }),
  accessCsv: defineRoute({
    method: 'GET', path: '/sellers/report-access/csv', tag: 'reports',
    summary: `O relatório de acessos em CSV (${ACCESS_REPORT_FILE_NAME}; ';', UTF-8 com BOM): ${ACCESS_REPORT_CSV_HEADER.join(';')}`,
    access: ACCESS_REPORT_TYPES, query: accessReportFilters, response: z.string().describe('O arquivo CSV'),
  }),
  accessSellers: defineRoute({
    method: 'GET', path: '/sellers/report-access/sellers', tag: 'reports',
    summary: 'Instituições que a equipe pode escolher no relatório de acessos (busca por nome, até 50, A-Z)',
    access: ACCESS_REPORT_STAFF_TYPES, query: accessReportSellersQuery, response: z.array(sellerOption),
  }),
  units: defineRoute({
    method: 'GET', path: UNITS_PATH, tag: 'reports',
    summary: 'Relatório de acessos por unidades: acessos de cada unidade no período (até 24 meses), as mais acessadas primeiro, 25 por página; knowledgeid 0 = todas as áreas',
    access: UNIT_ACCESS_REPORT_TYPES, params: unitAccessParams, query: unitAccessQuery, response: unitAccessPage,
  }),
  unitsCharts: defineRoute({
    method: 'GET', path: `${UNITS_PATH}/charts`, tag: 'reports',
    summary: `Gráficos do relatório de acessos por unidades: acessos por dia no período e as ${TOP_UNITS} unidades mais acessadas`,
    access: UNIT_ACCESS_REPORT_TYPES, params: unitAccessParams, response: accessCharts,
  }),
  unitsCsv: defineRoute({
    method: 'GET', path: `${UNITS_PATH}/csv`, tag: 'reports',
    summary: `O relatório de acessos por unidades em CSV (${UNIT_ACCESS_REPORT_FILE_NAME}; ';', UTF-8 com BOM): ${UNIT_ACCESS_CSV_HEADER.join(';')}`,
    access: UNIT_ACCESS_REPORT_TYPES, params: unitAccessParams, response: z.string().describe('O arquivo CSV'),
  }),
} as const;

/** 'dd,dd%' in pt-BR (two decimals), or '—' when there is no percent. */
export function formatUsagePercent(percent: number | null): string {
  if (percent === null) return '—';
  return `${percent.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}%`;
}

/** uniqueStudents ÷ maxRent × 100, rounded half up to two decimals; null without a positive maxRent. */
export function usagePercent(uniqueStudents: number, maxRent: number | null): number | null {
  if (maxRent === null || maxRent <= 0) return null;
  return Math.round((uniqueStudents * 10_000) / maxRent) / 100;
}
