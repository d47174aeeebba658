/**
 * The published-units report (spec 3 §2.17 "Published-units report", §3 "Published unit row", §7 "Reports", §9):
 * a provider's units published in a period, with a learning-level and a knowledge-area filter,
 * 20 per page, and its CSV 'Relatório-de-postagem.csv'. The spec's call takes startDate, endDate, providerId,
 * levelOfLearning and knowledge; the path is not shown, so it is `GET /reports/published-units` (and `/csv`).
 *
 * Who: the provider (its own units; the menu's only holder of 'Relatório de Unidades Publicadas'), and admin and
 * director (every provider's, one provider at a time: providerId is required for them; the page is reachable by its
 * address, their menu keeps the spec's list).
 */
import { z } from 'zod';
import { textIdSchema } from './validation';
import { defineRoute } from './contract';
import { LEVELS_OF_LEARNING } from './knowledge';
import { MSG } from './messages';
import { reportDate, reportRangeIssue } from './reports';

export const UNITS_REPORT_TYPES = ['provider', 'admin', 'director'] as const;
/** The staff who may read any provider's report (they choose the provider). */
export const UNITS_REPORT_STAFF_TYPES = ['admin', 'director'] as const;
export const UNITS_REPORT_PAGE_SIZE = 20;
export const UNITS_REPORT_FILE_NAME = 'Relatório-de-postagem.csv';
export const UNITS_REPORT_CSV_HEADER = ['UNIDADE', 'ÁREA_DE_CONHECIMENTO', 'NÍVEL_DE_APRENDIZADO', 'PUBLICADA_EM'] as const;

export const UNITS_REPORT_MSG = {
  title: 'Relatório de Unidades Publicadas',
  export: 'Exportar Relatório',
  empty: 'Nenhum item encontrado',
  providerRequired: 'Selecione um fornecedor.',
} as const;

/** Every learning level (basic and university): the report's level select. */
export const ALL_LEVELS_OF_LEARNING: readonly string[] = [...LEVELS_OF_LEARNING.basic, ...LEVELS_OF_LEARNING.university];

const optionalId = textIdSchema(MSG.invalidValue).optional();

const filters = {
  startDate: reportDate(),
  endDate: reportDate(),
  /** Required for admin and director; a provider's own id (or nothing) for a provider. */
  providerId: optionalId,
  /** One learning level: units that have it (among theirs, not only the first). */
  levelOfLearning: z.string({ error: MSG.invalidValue }).refine((v) => ALL_LEVELS_OF_LEARNING.includes(v), MSG.invalidValue).optional(),
  /** One knowledge area id: units classified in it. */
  knowledge: optionalId,
};

/** start ≤ end and at most REPORT_MAX_MONTHS (24) months, on endDate with the pt-BR message. */
const withRange = <T extends z.ZodType<{ startDate: string; endDate: string }>>(schema: T) =>
  schema.superRefine((q, ctx) => {
    const issue = reportRangeIssue(q.startDate, q.endDate);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['endDate'] });
  });

export const unitsReportQuery = withRange(
  z.strictObject({
    ...filters,
    page: z.coerce.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(1, MSG.invalidValue).max(100_000, MSG.invalidValue).default(1),
  }),
);
export type UnitsReportQuery = z.input<typeof unitsReportQuery>;

export const unitsReportCsvQuery = withRange(z.strictObject(filters));
export type UnitsReportCsvQuery = z.input<typeof unitsReportCsvQuery>;

/** Spec 3 §3 "Published unit row": the unit, its knowledge areas, its first learning level, when it was published. */
export const unitsReportRow = z.object({
  itemId: z.number(),
  title: z.string(),
  /** Titles of the published version's knowledge areas (empty: none). */
  knowledgeAreas: z.array(z.string()),
  /** The first learning level of the published version (null: none). */
  level: z.string().nullable(),
  /** When the version became the published one (items.published_at), ISO. */
  publishedAt: z.string(),
});
export type UnitsReportRow = z.infer<typeof unitsReportRow>;

export const unitsReportPage = z.object({ data: z.array(unitsReportRow), total: z.number(), page: z.number(), limit: z.number() });
export type UnitsReportPage = z.infer<typeof unitsReportPage>;

export const unitsReportRoutes = {
  list: defineRoute({
    method: 'GET', path: '/reports/published-units', tag: 'reports',
    summary: 'Relatório de unidades publicadas no período (startDate a endDate, até 24 meses), por nível de aprendizado e área de conhecimento, 20 por página, as mais recentes primeiro',
    access: UNITS_REPORT_TYPES, query: unitsReportQuery, response: unitsReportPage,
  }),
  csv: defineRoute({
    method: 'GET', path: '/reports/published-units/csv', tag: 'reports',
    summary: `O mesmo relatório em CSV (${UNITS_REPORT_FILE_NAME}; ';', UTF-8 com BOM): ${UNITS_REPORT_CSV_HEADER.join(';')}`,
    access: UNITS_REPORT_TYPES, query: unitsReportCsvQuery, response: z.string().describe('O arquivo CSV'),
  }),
} as const;
