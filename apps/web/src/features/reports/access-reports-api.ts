/** The access reports' queries (spec 3 §2.17): pages, charts, CSV downloads, and the institutions staff choose from. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ACCESS_REPORT_FILE_NAME,
  UNIT_ACCESS_REPORT_FILE_NAME,
  accessReportsRoutes as R,
  type AccessReportFilters,
  type AccessReportQuery,
  type UnitAccessParams,
} from '@edu/shared/access-reports';
import { call, callFile } from '../../lib/api';

export const accessReportKeys = {
  all: ['reports', 'access'] as const,
  page: (query: AccessReportQuery) => [...accessReportKeys.all, 'page', query] as const,
  charts: (query: AccessReportFilters) => [...accessReportKeys.all, 'charts', query] as const,
  sellers: (name: string) => [...accessReportKeys.all, 'sellers', name] as const,
  units: (params: UnitAccessParams, page: number) => [...accessReportKeys.all, 'units', params, page] as const,
  unitsCharts: (params: UnitAccessParams) => [...accessReportKeys.all, 'units-charts', params] as const,
};

export const accessReportQuery = (query: AccessReportQuery) =>
  queryOptions({
    queryKey: accessReportKeys.page(query),
    queryFn: ({ signal }) => call(R.access, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const accessChartsQuery = (query: AccessReportFilters) =>
  queryOptions({
    queryKey: accessReportKeys.charts(query),
    queryFn: ({ signal }) => call(R.accessCharts, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** 'Exportar Relatório' of the access report: every student of the filters, as the server streams it. */
export const downloadAccessReport = (query: AccessReportFilters) => callFile(R.accessCsv, { query, fallbackName: ACCESS_REPORT_FILE_NAME });

/** Institutions by name (staff choose whose report they read). */
export function useAccessReportSellers(name: string, enabled: boolean) {
  return useQuery({
    queryKey: accessReportKeys.sellers(name),
    queryFn: ({ signal }) => call(R.accessSellers, { query: { name: name || undefined }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const unitAccessQuery = (params: UnitAccessParams, page: number) =>
  queryOptions({
    queryKey: accessReportKeys.units(params, page),
    queryFn: ({ signal }) => call(R.units, { params, query: { page }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const unitAccessChartsQuery = (params: UnitAccessParams) =>
  queryOptions({
    queryKey: accessReportKeys.unitsCharts(params),
    queryFn: ({ signal }) => call(R.unitsCharts, { params, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The unit-access report's CSV, 'relatorio.csv'. */
export const downloadUnitAccessReport = (params: UnitAccessParams) => callFile(R.unitsCsv, { params, fallbackName: UNIT_ACCESS_REPORT_FILE_NAME });
