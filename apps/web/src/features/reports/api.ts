import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsRoutes } from '@edu/shared/reports';
import type { LogsReportQuery } from '@edu/shared/reports';
import { call } from '../../lib/api';

export function useLogsReport(query: LogsReportQuery) {
  return useQuery({
    queryKey: ['reports', 'logs', query],
    queryFn: ({ signal }) => call(reportsRoutes.logs, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLogsUsers(name: string) {
  return useQuery({
    queryKey: ['reports', 'logs-users', name],
    queryFn: ({ signal }) => call(reportsRoutes.logsUsers, { query: { name: name || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}
