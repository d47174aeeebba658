import { Alert, Badge, Button, Code, FileInput, Group, List, Modal, Radio, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { manageableTypes, USER_TYPE_LABELS, type UserType } from '@edu/shared/access';
import type { SessionUser } from '@edu/shared/auth';
import { CSV_LIMITS, CSV_MSG } from '@edu/shared/csv';
import { MSG } from '@edu/shared/messages';
import type { ImportPreview } from '@edu/shared/team';
import { ApiError } from '../../../lib/api';
import { importPreview, useImportCommit } from '../api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { DataTable, type Column } from '../../../ui/data-table';

type PreviewRow = ImportPreview['rows'][number];
const FIELD_LABEL = { name: 'Nome', email: 'E-mail', type: 'Tipo' } as const;
const PREVIEW_PAGE = 10;

/**
 * 'Importar CSV' (spec 1 §2.12): choose the type, upload the CSV, see every row with its problems,
 * then create the valid rows at once. The server checks everything again on 'Importar'.
 */
export function ImportCsvModal({ viewer, opened, onClose }: { viewer: SessionUser; opened: boolean; onClose: () => void }) {
  const commitImport = useImportCommit();
  const types = manageableTypes(viewer.type);
  const [type, setType] = useState<UserType>(types[0]!);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [loading, setLoading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (opened) return;
    setFile(null);
    setPreview(null);
    setFileError(null);
    setOnlyErrors(false);
    setPage(1);
  }, [opened]);

  async function runPreview(f: File | null, t: UserType) {
    setPreview(null);
    setFileError(null);
    setPage(1);
    if (!f) return;
    // Checked here, so a wrong file is named at once (and never sent: no 400 in the console).
    if (!/\.csv$/i.test(f.name)) {
      setFileError(MSG.csvOnly(f.name));
      return;
    }
    if (f.size > CSV_LIMITS.maxBytes) {
      setFileError(CSV_MSG.tooLarge);
      return;
    }
    setLoading(true);
    try {
      setPreview(await importPreview(t, f));
    } catch (err) {
      setFileError(err instanceof ApiError && err.status < 500 && err.status !== 0 ? err.message : MSG.statusChangeFail);
    } finally {
      setLoading(false);
    }
  }

  async function commit() {
    if (!preview) return;
    const rows = preview.rows.filter((r) => r.errors.length === 0).map((r) => ({ name: r.name, email: r.email }));
    setImporting(true);
    try {
      const res = await commitImport.mutateAsync({ type: preview.type, rows });
      toastSuccess(res.message);
      onClose();
    } catch (err) {
      // Something changed since the preview (e.g. an e-mail was registered meanwhile): show it again.
      toastError(err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : MSG.statusChangeFail);
      await runPreview(file, type);
    } finally {
      setImporting(false);
    }
  }

  const shown = useMemo(() => (preview ? (onlyErrors ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows) : []), [preview, onlyErrors]);
  const columns: Column<PreviewRow>[] = [
    { key: 'line', header: 'Linha', width: 70, render: (r) => r.line },
    { key: 'name', header: 'Nome', render: (r) => r.name || <Text c="dimmed">—</Text> },
    { key: 'email', header: 'E-mail', render: (r) => r.email || <Text c="dimmed">—</Text> },
    {
      key: 'errors',
      header: 'Situação',
      render: (r) =>
        r.errors.length === 0 ? (
          <Badge color="green" variant="light">
            Pronto para importar
          </Badge>
        ) : (
          <List size="sm" c="red" spacing={2}>
            {r.errors.map((e) => (
              <List.Item key={`${e.field}${e.message}`}>
                {FIELD_LABEL[e.field]}: {e.message}
              </List.Item>
            ))}
          </List>
        ),
    },
  ];

  return (
    <Modal opened={opened} onClose={onClose} title="Importar CSV" size="xl" centered>
      <Stack>
        <Radio.Group
          label="Tipo de usuário"
          description="Todos os usuários do arquivo serão cadastrados com este tipo."
          value={type}
          onChange={(v) => {
            setType(v as UserType);
            void runPreview(file, v as UserType);
          }}
        >
          <Group mt="xs">
            {types.map((t) => (
              <Radio key={t} value={t} label={USER_TYPE_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
        <FileInput
          label="Arquivo CSV"
          placeholder="Selecione o arquivo"
          accept=".csv,text/csv"
          clearable
          leftSection={<IconFileTypeCsv size={18} />}
          value={file}
          error={fileError}
          onChange={(f) => {
            setFile(f);
            void runPreview(f, type);
          }}
          description={
            <>
              Uma linha de cabeçalho com as colunas <Code>name</Code> e <Code>email</Code>, separadas por vírgula ou ponto e vírgula, em UTF-8.
              Até {CSV_LIMITS.maxRows} usuários (1 MB). Cada usuário recebe por e-mail uma senha provisória.
            </>
          }
        />
        {loading && <Text c="dimmed">Lendo o arquivo…</Text>}
        {preview && (
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={500} data-testid="import-summary">
                {preview.valid === 1 ? '1 linha válida' : `${preview.valid} linhas válidas`}
                {', '}
                {preview.invalid === 1 ? '1 com erro' : `${preview.invalid} com erro`}
              </Text>
              {preview.invalid > 0 && (
                <Switch
                  label="Mostrar apenas linhas com erro"
                  checked={onlyErrors}
                  onChange={(e) => {
                    setOnlyErrors(e.currentTarget.checked);
                    setPage(1);
                  }}
                />
              )}
            </Group>
            {preview.invalid > 0 && (
              <Alert color="yellow" icon={<IconAlertTriangle />}>
                As linhas com erro não serão importadas. Corrija o arquivo e envie de novo, ou importe apenas as linhas válidas.
              </Alert>
            )}
            <DataTable
              label="Pré-visualização da importação"
              columns={columns}
              rows={shown.slice((page - 1) * PREVIEW_PAGE, page * PREVIEW_PAGE)}
              rowKey={(r) => r.line}
              page={page}
              total={shown.length}
              pageSize={PREVIEW_PAGE}
              onPageChange={setPage}
            />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button onClick={commit} loading={importing} disabled={!preview || preview.valid === 0 || loading}>
            Importar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
