import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API } from '@edu/shared/api';
import type { LogsReportQuery } from '@edu/shared/reports';
import { call } from '../../lib/api';

export function useLogsReport(query: LogsReportQuery) {
  return useQuery({
    queryKey: ['reports', 'logs', query],
    queryFn: ({ signal }) => call(API.reports.logs, { query, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLogsUsers(name: string) {
  return useQuery({
    queryKey: ['reports', 'logs-users', name],
    queryFn: ({ signal }) => call(API.reports.logsUsers, { query: { name: name || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}
