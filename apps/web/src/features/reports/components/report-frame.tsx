/**
 * What every report page shares (spec 3 §2.17): the title with 'Emitido por {name}' and the filters in a card above
 * the results; above a report's table, its count (read out when it changes) and 'Exportar Relatório', which downloads
 * the CSV of the filters; and the report's load error with a retry.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { MSG } from '@edu/shared/messages';
import { saveFile } from '../../../lib/save-file';
import { toastError } from '../../../lib/toast';
import { LoadError } from '../../../ui/load-error';

export function ReportFrame({ title, userName, filters, children }: { title: string; userName: string; filters: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{title}</Title>
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
