/**
 * The reports' query-options factories, and the logs report's queries (spec 3 §2.17). Every report page answers
 * the same way: the last page stays on screen while the next filters load, and a page is always read anew.
 */
import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';
import { reportsRoutes } from '@edu/shared/reports';
import type { LogsReportQuery } from '@edu/shared/reports';
import { call } from '../../lib/api';

/** A report's page (or charts): the previous answer shown while the next loads, never taken as fresh. */
export const reportQuery = <K extends QueryKey, T>(queryKey: K, fetch: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData, staleTime: 0 });

/** What a report's filter offers by name (users, providers, institutions): the previous answer shown while typing. */
export const choicesQuery = <K extends QueryKey, T>(queryKey: K, fetch: (signal: AbortSignal) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: ({ signal }) => fetch(signal), placeholderData: keepPreviousData });

export const logsReportQuery = (query: LogsReportQuery) =>
  reportQuery(['reports', 'logs', query] as const, (signal) => call(reportsRoutes.logs, { query, signal }));

/** The users whose actions the logs report can show, by name. */
export const logsUsersQuery = (name: string) =>
  choicesQuery(['reports', 'logs-users', name] as const, (signal) => call(reportsRoutes.logsUsers, { query: { name: name || undefined }, signal }));
