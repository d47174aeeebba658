/**
 * What every report page shares (spec 3 §2.17): the applied filters and the page (new filters go back to page 1); the
 * title with 'Emitido por {name}' and the filters in a card above the results; above a report's table, its count
 * (read out when it changes) and 'Exportar Relatório', which downloads the CSV of the filters; the table of the
 * report's page with the server's pager; and the report's load error with a retry.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { MSG } from '@edu/shared/messages';
import { saveFile } from '../../../lib/save-file';
import { toastError } from '../../../lib/toast';
import { DataTable, type DataTableProps } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';

/** The filters the report shows and its page; `apply` takes new filters from the first page. */
export function useAppliedFilters<T>(initial: () => T) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const apply = (v: T) => {
    setFilters(v);
    setPage(1);
  };
  return { filters, page, setPage, apply };
}

export function ReportFrame({ title, userName, filters, children }: { title: string; userName: string; filters: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">{title}</Title>
        <Text c="dimmed" size="sm">
          Emitido por {userName}
        </Text>
      </div>
      <Card withBorder padding="lg">
        {filters}
      </Card>
      {children}
    </Stack>
  );
}

/** The report's count and its export button; the button waits for rows, and a failed download says MSG.reportFail. */
export function ReportToolbar({
  count,
  countTestId,
  exportLabel,
  download,
  canExport,
}: {
  count: string;
  countTestId?: string;
  exportLabel: string;
  download: () => Promise<{ blob: Blob; fileName: string }>;
  canExport: boolean;
}) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const { blob, fileName } = await download();
      saveFile(blob, fileName);
    } catch {
      toastError(MSG.reportFail);
    } finally {
      setExporting(false);
    }
  }

  return (
    <Group justify="space-between" mb="sm">
      <Text size="sm" c="dimmed" aria-live="polite" data-testid={countTestId}>
        {count}
      </Text>
      <Button variant="light" leftSection={<IconDownload size={18} />} disabled={!canExport} loading={exporting} onClick={() => void exportCsv()}>
        {exportLabel}
      </Button>
    </Group>
  );
}

/** A report that could not be read: MSG.reportFail and 'Tentar novamente' (or 'Acesso negado' for a 403/404). */
export function ReportLoadError({ report }: { report: UseQueryResult }) {
  return <LoadError error={report.error} message={MSG.reportFail} onRetry={() => void report.refetch()} retrying={report.isFetching} />;
}

/** The rows of the report's page (the skeleton until the first answer), with the pager of the server's total. */
export function ReportTable<Row>({ report, ...table }: Omit<DataTableProps<Row>, 'rows' | 'total' | 'loading'> & { report: UseQueryResult<{ data: Row[]; total: number }> }) {
  return <DataTable {...table} rows={report.data?.data} total={report.data?.total} loading={report.isPending} />;
}
