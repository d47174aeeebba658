/** The access reports' queries (spec 3 §2.17): pages, charts, CSV downloads, and the institutions staff choose from. */
import {
  ACCESS_REPORT_FILE_NAME,
  UNIT_ACCESS_REPORT_FILE_NAME,
  accessReportsRoutes as R,
  type AccessReportFilters,
  type AccessReportQuery,
  type UnitAccessParams,
} from '@edu/shared/access-reports';
import { call, callFile } from '../../lib/api';
import { choicesQuery, reportQuery } from './api';

export const accessReportKeys = {
  all: ['reports', 'access'] as const,
  page: (query: AccessReportQuery) => [...accessReportKeys.all, 'page', query] as const,
  charts: (query: AccessReportFilters) => [...accessReportKeys.all, 'charts', query] as const,
  sellers: (name: string) => [...accessReportKeys.all, 'sellers', name] as const,
  units: (params: UnitAccessParams, page: number) => [...accessReportKeys.all, 'units', params, page] as const,
  unitsCharts: (params: UnitAccessParams) => [...accessReportKeys.all, 'units-charts', params] as const,
};

export const accessReportQuery = (query: AccessReportQuery) => reportQuery(accessReportKeys.page(query), (signal) => call(R.access, { query, signal }));

export const accessChartsQuery = (query: AccessReportFilters) => reportQuery(accessReportKeys.charts(query), (signal) => call(R.accessCharts, { query, signal }));

/** 'Exportar Relatório' of the access report: every student of the filters, as the server streams it. */
export const downloadAccessReport = (query: AccessReportFilters) => callFile(R.accessCsv, { query, fallbackName: ACCESS_REPORT_FILE_NAME });

/** Institutions by name (staff choose whose report they read). */
export const accessReportSellersQuery = (name: string) =>
  choicesQuery(accessReportKeys.sellers(name), (signal) => call(R.accessSellers, { query: { name: name || undefined }, signal }));

export const unitAccessQuery = (params: UnitAccessParams, page: number) =>
  reportQuery(accessReportKeys.units(params, page), (signal) => call(R.units, { params, query: { page }, signal }));

export const unitAccessChartsQuery = (params: UnitAccessParams) => reportQuery(accessReportKeys.unitsCharts(params), (signal) => call(R.unitsCharts, { params, signal }));

/** The unit-access report's CSV, 'relatorio.csv'. */
export const downloadUnitAccessReport = (params: UnitAccessParams) => callFile(R.unitsCsv, { params, fallbackName: UNIT_ACCESS_REPORT_FILE_NAME });
