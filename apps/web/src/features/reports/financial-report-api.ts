/** 'Relatório Financeiro': the report of a month range and filters, and its CSV. */
import { FINANCIAL_REPORT_FILE_NAME, financialReportRoutes as R, type FinancialReportCsvQuery, type FinancialReportQuery } from '@edu/shared/financial-report';
import { call, callFile } from '../../lib/api';
import { reportQuery } from './api';

export const financialReportKeys = {
  all: ['reports', 'financial'] as const,
  report: (query: FinancialReportQuery) => [...financialReportKeys.all, query] as const,
};

export const financialReportQuery = (query: FinancialReportQuery) => reportQuery(financialReportKeys.report(query), (signal) => call(R.report, { query, signal }));

/** 'Exportar CSV': one line per month, institution and provider of the filters. */
export const downloadFinancialReport = (query: FinancialReportCsvQuery) => callFile(R.csv, { query, fallbackName: FINANCIAL_REPORT_FILE_NAME });
