/**
 * /dashboard/access-report, 'Relatório de Acessos' (spec 3 §2.17): per institution and student, the accesses in the
 * period and the last one, 20 per page from the server; above the table the total of accesses, the unique students
 * and the plan's usage percent, and the charts (accesses per day, most accessed units); 'Exportar Relatório'
 * (relatorio-de-acessos.csv). Staff see every institution or choose one; an institution sees its own students.
 */
import { Card, SimpleGrid, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCount } from '@edu/shared/format';
import {
  ACCESS_REPORT_MSG,
  ACCESS_REPORT_PAGE_SIZE,
  ACCESS_REPORT_STAFF_TYPES,
  ACCESS_REPORT_TYPES,
  formatUsagePercent,
  type AccessReportFilters as Filters,
  type AccessReportRow,
  type AccessReportSummary,
} from '@edu/shared/access-reports';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import type { Column } from '../../../ui/data-table';
import { accessChartsQuery, accessReportQuery, downloadAccessReport } from '../access-reports-api';
import { AccessChartsPanel } from '../components/access-charts-panel';
import { AccessReportFilters, type AccessReportFilterValues } from '../components/access-report-filters';
import { ReportFrame, ReportLoadError, ReportTable, ReportToolbar, useAppliedFilters } from '../components/report-frame';
import { formatDateTime } from '@edu/shared/format';
import { defaultRange } from '../dates';

const COLUMNS: Column<AccessReportRow>[] = [
  { key: 'seller', header: 'Instituição', render: (r) => r.seller },
  { key: 'student', header: 'Aluno', render: (r) => r.student },
  { key: 'total', header: 'Total de acessos', render: (r) => r.total_access.toLocaleString('pt-BR'), width: 150 },
  { key: 'last', header: 'Último acesso', render: (r) => formatDateTime(r.last_access), width: 170 },
];

export default function AccessReportPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, ACCESS_REPORT_TYPES)) return <AccessDenied title={ACCESS_REPORT_MSG.title} />;
  return <AccessReport userName={user.name} staff={typeAllowed(user.type, ACCESS_REPORT_STAFF_TYPES)} />;
}

const toQuery = (f: AccessReportFilterValues): Filters => ({
  start_date: f.start_date,
  end_date: f.end_date,
  seller_id: f.seller_id ? Number(f.seller_id) : undefined,
});

function AccessReport({ userName, staff }: { userName: string; staff: boolean }) {
  const { filters, page, setPage, apply } = useAppliedFilters<AccessReportFilterValues>(() => ({ ...defaultRange(), seller_id: null }));
  const query = toQuery(filters);
  const report = useQuery(accessReportQuery({ ...query, page }));
  const charts = useQuery(accessChartsQuery(query));
  const total = report.data?.total ?? 0;

  return (
    <ReportFrame
      title={ACCESS_REPORT_MSG.title}
      userName={userName}
      filters={
        <AccessReportFilters
          initial={filters}
          withSeller={staff}
          loading={report.isFetching}
          onApply={apply}
        />
      }
    >
      {report.isError ? (
        <Card withBorder padding="lg">
          <ReportLoadError report={report} />
        </Card>
      ) : (
        <>
          <Figures summary={report.data?.summary} />
          <AccessChartsPanel data={charts.data} error={charts.error} loading={charts.isFetching} onRetry={() => void charts.refetch()} />
          <Card withBorder padding="lg">
            <ReportToolbar
              count={report.data ? formatCount(total, 'aluno encontrado', 'alunos encontrados') : ''}
              exportLabel={ACCESS_REPORT_MSG.export}
              download={() => downloadAccessReport(query)}
              canExport={!!report.data && total > 0}
            />
            <ReportTable
              report={report}
              label="Acessos por aluno"
              columns={COLUMNS}
              rowKey={(r) => `${r.sellerId}:${r.student}`}
              emptyText={ACCESS_REPORT_MSG.empty}
              page={page}
              pageSize={ACCESS_REPORT_PAGE_SIZE}
              onPageChange={setPage}
            />
          </Card>
        </>
      )}
    </ReportFrame>
  );
}

/** Total de acessos, Alunos únicos and Uso do plano (unique students ÷ the plan's maxRent). */
function Figures({ summary }: { summary: AccessReportSummary | undefined }) {
  const usageNote = !summary
    ? ''
    : summary.seller === null
      ? ACCESS_REPORT_MSG.usageNeedsSeller
      : summary.usagePercent === null
        ? ACCESS_REPORT_MSG.usageNoPlan
        : `${summary.uniqueStudents.toLocaleString('pt-BR')} de ${summary.maxRent!.toLocaleString('pt-BR')} alunos do plano`;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="section" aria-label="Resumo do período">
      <Figure label={ACCESS_REPORT_MSG.totalAccess} value={summary ? summary.totalAccess.toLocaleString('pt-BR') : '–'} testId="total-access" />
      <Figure label={ACCESS_REPORT_MSG.uniqueStudents} value={summary ? summary.uniqueStudents.toLocaleString('pt-BR') : '–'} testId="unique-students" />
      <Figure
        label={ACCESS_REPORT_MSG.usage}
        value={summary ? formatUsagePercent(summary.usagePercent) : '–'}
        note={usageNote}
        testId="usage-percent"
      />
    </SimpleGrid>
  );
}

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      {note && (
        <Text size="xs" c="dimmed">
          {note}
        </Text>
      )}
    </Card>
  );
}
