/**
 * /dashboard/units-report, 'Relatório de Unidades Publicadas' (spec 3 §2.17): the provider's units published in a
 * period, with a learning-level and a knowledge-area filter, 20 per page from the server, and 'Exportar Relatório'
 * (Relatório-de-postagem.csv). Admin and director (by address) choose the provider first.
 */
import { Card, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatCount, formatDate } from '@edu/shared/format';
import {
  UNITS_REPORT_MSG,
  UNITS_REPORT_PAGE_SIZE,
  UNITS_REPORT_STAFF_TYPES,
  UNITS_REPORT_TYPES,
  type UnitsReportCsvQuery,
  type UnitsReportRow,
} from '@edu/shared/units-report';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import type { Column } from '../../../ui/data-table';
import { ReportFrame, ReportLoadError, ReportTable, ReportToolbar, useAppliedFilters } from '../components/report-frame';
import { UnitsReportFilters, type UnitsReportFilterValues } from '../components/units-report-filters';
import { defaultRange } from '../dates';
import { downloadUnitsReport, unitsReportQuery } from '../units-report-api';

const NONE = '—';

const COLUMNS: Column<UnitsReportRow>[] = [
  { key: 'title', header: 'Unidade', render: (r) => r.title },
  { key: 'areas', header: 'Área de Conhecimento', render: (r) => (r.knowledgeAreas.length ? r.knowledgeAreas.join(', ') : NONE) },
  { key: 'level', header: 'Nível de Aprendizado', render: (r) => r.level ?? NONE },
  { key: 'publishedAt', header: 'Publicada em', render: (r) => formatDate(r.publishedAt), width: 130 },
];

export default function UnitsReportPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, UNITS_REPORT_TYPES)) return <AccessDenied title={UNITS_REPORT_MSG.title} />;
  return <UnitsReport userName={user.name} staff={typeAllowed(user.type, UNITS_REPORT_STAFF_TYPES)} />;
}

/** The filters as the API takes them (ids as numbers, empty choices left out). */
function toQuery(f: UnitsReportFilterValues): UnitsReportCsvQuery {
  return {
    startDate: f.start_date,
    endDate: f.end_date,
    providerId: f.providerId ? Number(f.providerId) : undefined,
    levelOfLearning: f.levelOfLearning ?? undefined,
    knowledge: f.knowledge ? Number(f.knowledge) : undefined,
  };
}

function UnitsReport({ userName, staff }: { userName: string; staff: boolean }) {
  const { filters, page, setPage, apply } = useAppliedFilters<UnitsReportFilterValues>(() => ({ ...defaultRange(), levelOfLearning: null, knowledge: null, providerId: null }));
  // Staff see nothing until they choose a provider.
  const ready = !staff || filters.providerId !== null;
  const report = useQuery({ ...unitsReportQuery({ ...toQuery(filters), page }), enabled: ready });
  const total = report.data?.total ?? 0;

  return (
    <ReportFrame
      title={UNITS_REPORT_MSG.title}
      userName={userName}
      filters={
        <UnitsReportFilters
          initial={filters}
          withProvider={staff}
          loading={report.isFetching}
          onApply={apply}
        />
      }
    >
      <Card withBorder padding="lg">
        {!ready ? (
          <Text c="dimmed" ta="center" py="xl">
            Selecione um fornecedor e clique em Filtrar para ver o relatório.
          </Text>
        ) : report.isError ? (
          <ReportLoadError report={report} />
        ) : (
          <>
            <ReportToolbar
              count={report.data ? formatCount(total, 'unidade publicada encontrada', 'unidades publicadas encontradas') : ''}
              exportLabel={UNITS_REPORT_MSG.export}
              download={() => downloadUnitsReport(toQuery(filters))}
              canExport={!!report.data && total > 0}
            />
            <ReportTable
              report={report}
              label="Unidades publicadas"
              columns={COLUMNS}
              rowKey={(r) => r.itemId}
              emptyText={UNITS_REPORT_MSG.empty}
              page={page}
              pageSize={UNITS_REPORT_PAGE_SIZE}
              onPageChange={setPage}
            />
          </>
        )}
      </Card>
    </ReportFrame>
  );
}
