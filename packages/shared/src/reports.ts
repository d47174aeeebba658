/**
 * Reports. The logs report (spec 3 §2.17 "Logs report", §3 "Log row", §7 "Reports"; spec 1 §9 audit
 * constants): the audit log filtered by a date range, a user and a log type, paginated on the server.
 */
import { z } from 'zod';
import { defineRoute } from './contract';
import { AUDIT_ACTION_LABELS } from './audit';
import { LIMITS } from './limits';
import { MSG } from './messages';
import { pageLimit, pageQuery, textIdSchema } from './validation';

/** Who may open the logs report: staff that sees every entry, the institution (its own) and the provider (its team's). */
export const LOGS_REPORT_TYPES = ['admin', 'director', 'seller', 'provider'] as const;
export const LOGS_REPORT_PAGE_SIZE = 20;
/** How many users the user filter offers at once (it searches on the server as the user types). */
export const LOGS_USERS_LIMIT = 50;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date typed as YYYY-MM-DD (the report's date pickers send it so). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2100;
}

/** A required report date (YYYY-MM-DD): the logs report's and the access reports'. */
export const reportDate = () =>
  z.string({ error: MSG.required }).trim().min(1, MSG.required).refine(isIsoDate, MSG.invalidDate);

/** The longest range the access reports answer (docs/decisions.md, Reports, "Shared rules"): 24 months. */
export const REPORT_MAX_MONTHS = 24;

/**
 * What is wrong with a report range, or null: the end before the start, or a range longer than REPORT_MAX_MONTHS
 * (the end must come before the same calendar day REPORT_MAX_MONTHS later: 2024-01-01 to 2025-12-31 is the longest
 * range from 2024-01-01). Dates that are not valid are the fields' own issue (reportDate), not the range's.
 */
export function reportRangeIssue(start: unknown, end: unknown): string | null {
  if (typeof start !== 'string' || typeof end !== 'string' || !isIsoDate(start.trim()) || !isIsoDate(end.trim())) return null;
  const [a, b] = [start.trim(), end.trim()];
  if (b < a) return MSG.dateRangeInvalid;
  const months = Number(a.slice(0, 4)) * 12 + Number(a.slice(5, 7)) - 1 + REPORT_MAX_MONTHS;
  const limit = `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}${a.slice(7)}`;
  return b >= limit ? MSG.dateRangeTooLong : null;
}

/** Adds the range check of `reportRangeIssue` to a schema with start_date and end_date (the issue goes on end_date). */
export const withReportRange = <T extends z.ZodType<{ start_date: string; end_date: string }>>(schema: T) =>
  schema.superRefine((q, ctx) => {
    const issue = reportRangeIssue(q.start_date, q.end_date);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, path: ['end_date'] });
  });

export const logsReportQuery = z
  .strictObject({
    start_date: reportDate(),
    end_date: reportDate(),
    user_id: textIdSchema(MSG.invalidValue).optional(),
    log_type: z
      .string({ error: MSG.invalidValue })
      .refine((v) => Object.hasOwn(AUDIT_ACTION_LABELS, v), MSG.invalidValue)
      .optional(),
    page: pageQuery.page,
    limit: pageLimit(LOGS_REPORT_PAGE_SIZE),
  })
  .refine((q) => q.end_date >= q.start_date, { message: MSG.dateRangeInvalid, path: ['end_date'] });
export type LogsReportQuery = z.input<typeof logsReportQuery>;

/** Spec 3 §3 "Log row": action, userName, createdAt. userName is null when the user no longer exists. */
export const logRow = z.object({
  id: z.number(),
  action: z.string(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type LogRow = z.infer<typeof logRow>;

export const logsReportPage = z.object({ data: z.array(logRow), total: z.number(), page: z.number(), limit: z.number() });

export const logsUsersQuery = z.strictObject({
  name: z.string({ error: MSG.invalidValue }).trim().max(LIMITS.nameMax, MSG.invalidValue).optional(),
});
export const logsUserOption = z.object({ id: z.number(), name: z.string() });

export const reportsRoutes = {
  logs: defineRoute({
    method: 'GET', path: '/reports/logs', tag: 'reports',
    summary: 'Relatório de logs: entradas do registro de auditoria por período, usuário e tipo (a data final vai até as 23:59:59 do dia seguinte)',
    access: LOGS_REPORT_TYPES, query: logsReportQuery, response: logsReportPage,
  }),
  logsUsers: defineRoute({
    method: 'GET', path: '/reports/logs/users', tag: 'reports',
    summary: 'Usuários que o relatório de logs pode filtrar (busca por nome, até 50)',
    access: LOGS_REPORT_TYPES, query: logsUsersQuery, response: z.array(logsUserOption),
  }),
} as const;
