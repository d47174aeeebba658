/** The published-units report's queries (spec 3 §2.17): the page of rows, its CSV, and the providers staff choose from. */
import { providersRoutes } from '@edu/shared/providers';
import { UNITS_REPORT_FILE_NAME, unitsReportRoutes, type UnitsReportCsvQuery, type UnitsReportQuery } from '@edu/shared/units-report';
import { call, callFile } from '../../lib/api';
import { choicesQuery, reportQuery } from './api';

export const unitsReportKeys = {
  all: ['reports', 'published-units'] as const,
  page: (query: UnitsReportQuery) => [...unitsReportKeys.all, query] as const,
  providers: (name: string) => [...unitsReportKeys.all, 'providers', name] as const,
};

export const unitsReportQuery = (query: UnitsReportQuery) => reportQuery(unitsReportKeys.page(query), (signal) => call(unitsReportRoutes.list, { query, signal }));

/** 'Exportar Relatório': the whole filtered report as the server streams it. */
export const downloadUnitsReport = (query: UnitsReportCsvQuery) => callFile(unitsReportRoutes.csv, { query, fallbackName: UNITS_REPORT_FILE_NAME });

/** Approved providers by name (admin and director pick the provider whose report they read). */
export const reportProvidersQuery = (name: string) =>
  choicesQuery(unitsReportKeys.providers(name), (signal) =>
    call(providersRoutes.filter, { query: { status: 'active', name: name || undefined, order: 'name', limit: 50 }, signal }),
  );
