/**
 * 'Importar extrato': choose the bank's OFX or CSV → the preview (each credit: date, amount, description, the charge
 * it names and what importing does with it) → 'Confirmar importação', which sends the same file again: the server
 * reads and matches it anew (the preview decides nothing) and answers what it paid.
 */
import { Alert, Badge, Code, FileInput, Group, Modal, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { formatCents, formatDay, formatMonthYear } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import {
  STATEMENT_LIMITS,
  STATEMENT_MSG,
  STATEMENT_RESULT_COLORS,
  STATEMENT_RESULT_LABELS,
  type StatementLine,
  type StatementPreview,
} from '@edu/shared/charge-payments';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { DataTable, type Column } from '../../../ui/data-table';
import { FormActions } from '../../../ui/form-actions';
import { previewStatement, useImportStatement } from '../staff-api';

const PREVIEW_PAGE = 10;
const refusal = (err: unknown) => (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 ? err.message : MSG.generic);

const columns: Column<StatementLine>[] = [
  { key: 'date', header: 'Data', width: 110, render: (l) => formatDay(l.date) },
  { key: 'amount', header: 'Valor', render: (l) => formatCents(l.amountCents) },
  { key: 'description', header: 'Descrição', render: (l) => <Text size="sm">{l.description || '—'}</Text> },
  {
    key: 'charge',
    header: 'Cobrança',
    render: (l) =>
      l.charge ? (
        <Text size="sm">
          {l.charge.sellerName} · {formatMonthYear(l.charge.period)} · {formatCents(l.charge.amountCents)}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'result',
    header: 'Resultado',
    render: (l) => (
      <Badge color={STATEMENT_RESULT_COLORS[l.result]} variant="light" style={{ flexShrink: 0, overflow: 'visible' }} styles={{ label: { overflow: 'visible' } }}>
        {STATEMENT_RESULT_LABELS[l.result]}
      </Badge>
    ),
  },
];

export function ImportStatementModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (opened) return;
    setFile(null);
    setFileError(null);
    setPreview(null);
    setPage(1);
  }, [opened]);

  const importing = useImportStatement({
    onSuccess: (res) => {
      toastSuccess(res.message);
      onClose();
    },
    onError: (err) => toastError(refusal(err)),
  });

  async function choose(f: File | null) {
    setFile(f);
    setPreview(null);
    setFileError(null);
    setPage(1);
    if (!f) return;
    if (f.size > STATEMENT_LIMITS.maxBytes) {
      setFileError(STATEMENT_MSG.tooLarge);
      return;
    }
    setReading(true);
    try {
      setPreview(await previewStatement(f));
    } catch (err) {
      setFileError(refusal(err));
    } finally {
      setReading(false);
    }
  }

  const lines = preview?.lines ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="Importar extrato" size="xl" centered>
      <Stack>
        <FileInput
          label="Arquivo do extrato"
          placeholder="Selecione o arquivo OFX ou CSV"
          accept=".ofx,.csv,.txt,application/x-ofx,text/csv"
          clearable
          leftSection={<IconFileInvoice size={18} aria-hidden />}
          value={file}
          error={fileError}
          onChange={(f) => void choose(f)}
          data-autofocus
          description={
            <>
              O OFX exportado pelo banco, ou um CSV com as colunas <Code>Data</Code> (dd/mm/aaaa), <Code>Valor</Code> (1.234,56),{' '}
              <Code>Descrição</Code> ou <Code>Histórico</Code> e <Code>Identificador</Code>, separadas por ponto e vírgula ou vírgula. Até{' '}
              {STATEMENT_LIMITS.maxBytes / (1024 * 1024)} MB. Uma cobrança é paga quando o crédito traz o código dela (o txid do Pix) e o valor exato.
            </>
          }
        />
        {reading && (
          <Text c="dimmed" role="status">
            Lendo o extrato…
          </Text>
        )}
        {preview && (
          <Stack gap="sm">
            <Text fw={500} data-testid="statement-summary" role="status">
              {lines.length === 1 ? '1 crédito' : `${lines.length} créditos`} no extrato;{' '}
              {preview.payable === 1 ? '1 cobrança será paga' : `${preview.payable} cobranças serão pagas`}.
              {preview.debits > 0 && ` ${preview.debits === 1 ? '1 débito ignorado' : `${preview.debits} débitos ignorados`}.`}
            </Text>
            {preview.payable === 0 && (
              <Alert color="yellow" variant="light">
                Nenhum crédito deste extrato paga uma cobrança em aberto.
              </Alert>
            )}
            <DataTable
              label="Pré-visualização do extrato"
              minWidth={760}
              columns={columns}
              rows={lines.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE)}
              rowKey={(l) => l.line}
              emptyText="Nenhum crédito no extrato."
              page={page}
              total={lines.length}
              pageSize={PREVIEW_PAGE}
              onPageChange={setPage}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <FormActions
            onCancel={onClose}
            saving={importing.isPending}
            onSave={() => file && importing.mutate(file)}
            label="Confirmar importação"
            disabled={!preview || preview.payable === 0 || reading}
          />
        </Group>
      </Stack>
    </Modal>
  );
}
