/**
 * /dashboard/unit-access-report, 'Relatório de Acessos por Unidades' (spec 3 §2.17): each unit's accesses in the
 * period (every institution's students together), most first, 25 per page with a pager past 25, a knowledge-area
 * filter, the charts (accesses per day, most accessed units) and the CSV 'relatorio.csv' (disabled without data).
 * A provider sees its own units; admin (and director, by address) every unit.
 */
import { Card } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  ALL_KNOWLEDGE_AREAS,
  UNIT_ACCESS_MSG,
  UNIT_ACCESS_REPORT_PAGE_SIZE,
  UNIT_ACCESS_REPORT_TYPES,
  type UnitAccessParams,
  type UnitAccessRow,
} from '@edu/shared/access-reports';
import { useSessionUser } from '../../../lib/session';
import { toastInfo } from '../../../lib/toast';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import type { Column } from '../../../ui/data-table';
import { downloadUnitAccessReport, unitAccessChartsQuery, unitAccessQuery } from '../access-reports-api';
import { AccessChartsPanel } from '../components/access-charts-panel';
import { ReportFrame, ReportLoadError, ReportTable, ReportToolbar, useAppliedFilters } from '../components/report-frame';
import { UnitAccessFilters, type UnitAccessFilterValues } from '../components/unit-access-filters';
import { defaultRange } from '../dates';

const COLUMNS: Column<UnitAccessRow>[] = [
  { key: 'title', header: 'Unidades', render: (r) => r.title },
  { key: 'areas', header: 'Área de conhecimento', render: (r) => (r.TitleKnowledges.length ? r.TitleKnowledges.join(', ') : UNIT_ACCESS_MSG.notInformed) },
  { key: 'accesses', header: 'Acessos', render: (r) => r.access_counter.toLocaleString('pt-BR'), width: 110 },
];

export default function UnitAccessReportPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, UNIT_ACCESS_REPORT_TYPES)) return <AccessDenied title={UNIT_ACCESS_MSG.title} />;
  return <UnitAccessReport userName={user.name} />;
}

const toParams = (f: UnitAccessFilterValues): UnitAccessParams => ({ knowledgeid: Number(f.knowledgeid), start_date: f.start_date, end_date: f.end_date });

function UnitAccessReport({ userName }: { userName: string }) {
  const { filters, page, setPage, apply } = useAppliedFilters<UnitAccessFilterValues>(() => ({ ...defaultRange(), knowledgeid: String(ALL_KNOWLEDGE_AREAS) }));
  const params = toParams(filters);
  const report = useQuery(unitAccessQuery(params, page));
  const charts = useQuery(unitAccessChartsQuery(params));
  const total = report.data?.total ?? 0;

  // Spec 3 §8: an empty period is said once per search ('Não foram encontradas unidades de acesso…').
  const toldEmpty = useRef<string | null>(null);
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!report.data || report.isPlaceholderData || report.data.total > 0) return;
    if (toldEmpty.current === key) return;
    toldEmpty.current = key;
    toastInfo(UNIT_ACCESS_MSG.noUnits);
  }, [report.data, report.isPlaceholderData, key]);

  return (
    <ReportFrame
      title={UNIT_ACCESS_MSG.title}
      userName={userName}
      filters={
        <UnitAccessFilters
          initial={filters}
          loading={report.isFetching}
          onApply={(v) => {
            toldEmpty.current = null;
            apply(v);
          }}
        />
      }
    >
      {report.isError ? (
        <Card withBorder padding="lg">
          <ReportLoadError report={report} />
        </Card>
      ) : (
        <>
          <AccessChartsPanel data={charts.data} error={charts.error} loading={charts.isFetching} onRetry={() => void charts.refetch()} />
          <Card withBorder padding="lg">
            <ReportToolbar
              count={
                report.data
                  ? `${total.toLocaleString('pt-BR')} ${total === 1 ? 'unidade' : 'unidades'} · ${report.data.totalAccess.toLocaleString('pt-BR')} ${report.data.totalAccess === 1 ? 'acesso' : 'acessos'}`
                  : ''
              }
              countTestId="units-summary"
              exportLabel={UNIT_ACCESS_MSG.export}
              download={() => downloadUnitAccessReport(params)}
              canExport={!!report.data && total > 0}
            />
            <ReportTable
              report={report}
              label="Acessos por unidade"
              columns={COLUMNS}
              rowKey={(r) => r.itemId}
              emptyText={UNIT_ACCESS_MSG.empty}
              page={page}
              pageSize={UNIT_ACCESS_REPORT_PAGE_SIZE}
              onPageChange={setPage}
            />
          </Card>
        </>
      )}
    </ReportFrame>
  );
}
