import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { auditActionLabel } from '@edu/shared/audit';
import { MSG } from '@edu/shared/messages';
import { formatCount } from '@edu/shared/format';
import { LOGS_REPORT_PAGE_SIZE, LOGS_REPORT_TYPES, type LogRow } from '@edu/shared/reports';
import { useSessionUser } from '../../../lib/session';
import type { Column } from '../../../ui/data-table';
import { logsReportQuery } from '../api';
import { LogsFilters, type LogsFilterValues } from '../components/logs-filters';
import { ReportFrame, ReportTable, useAppliedFilters } from '../components/report-frame';
import { formatDateTime } from '@edu/shared/format';
import { defaultRange } from '../dates';

const COLUMNS: Column<LogRow>[] = [
  { key: 'action', header: 'Ação', render: (r) => auditActionLabel(r.action) },
  // The LMS links units with the institution's key, not as a user (the LMS API).
  { key: 'user', header: 'Usuário', render: (r) => r.userName ?? (r.action === 'linked_lms_item' ? 'LMS da instituição' : MSG.logUserNotFound) },
  { key: 'createdAt', header: 'Data', render: (r) => formatDateTime(r.createdAt), width: 180 },
];

/** /dashboard/logs-report, 'Relatório de Logs' (spec 3 §2.17): the audit log by period, user and log type. */
export default function LogsReportPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!(LOGS_REPORT_TYPES as readonly string[]).includes(user.type)) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">Relatório de Logs</Title>
        <Alert color="red" role="alert">
          {MSG.forbidden}
        </Alert>
      </Stack>
    );
  }
  return <LogsReport userName={user.name} />;
}

function LogsReport({ userName }: { userName: string }) {
  const { filters, page, setPage, apply } = useAppliedFilters<LogsFilterValues>(() => ({ ...defaultRange(), user_id: null, log_type: null }));
  const report = useQuery(
    logsReportQuery({
      start_date: filters.start_date,
      end_date: filters.end_date,
      user_id: filters.user_id ? Number(filters.user_id) : undefined,
      log_type: filters.log_type ?? undefined,
      page,
      limit: LOGS_REPORT_PAGE_SIZE,
    }),
  );

  return (
    <ReportFrame
      title="Relatório de Logs"
      userName={userName}
      filters={
        <LogsFilters
          initial={filters}
          loading={report.isFetching}
          onApply={apply}
        />
      }
    >
      {report.isError && (
        <Alert color="red" role="alert">
          {MSG.reportFail}
        </Alert>
      )}
      <Card withBorder padding="lg">
        {report.data && (
          <Text size="sm" c="dimmed" mb="sm" aria-live="polite">
            {formatCount(report.data.total, 'registro encontrado', 'registros encontrados')}
          </Text>
        )}
        <ReportTable
          report={report}
          label="Registros de log"
          columns={COLUMNS}
          rowKey={(r) => r.id}
          emptyText="Nenhum registro encontrado para os filtros informados."
          page={page}
          pageSize={LOGS_REPORT_PAGE_SIZE}
          onPageChange={setPage}
        />
      </Card>
    </ReportFrame>
  );
}
