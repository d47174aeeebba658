/** The 'Templates' tab: ID, Nome, Conteúdo (100 characters + '...'), Confirmação de Leitura, dates, actions. */
import { ActionIcon, Button, Card, Group, LoadingOverlay, Modal, Text, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { MSG } from '@edu/shared/messages';
import { textPreview } from '@edu/shared/content/html-text';
import type { NoticeTemplate } from '@edu/shared/notifications';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { DataTable, type Column } from '../../../ui/data-table';
import { confirm } from '../../../ui/confirm';
import { LazySafeHtml } from '../../../ui/lazy-safe-html';
import { PAGE_SIZE, templatesQuery, useDeleteTemplate } from '../api';
import { formatDateTime } from '@edu/shared/format';

// The editor (Tiptap and ProseMirror) loads only when a template is opened for editing.
const TemplateFormDialog = lazy(() => import('./template-form-dialog').then((m) => ({ default: m.TemplateFormDialog })));

export function TemplatesTab() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<NoticeTemplate | 'new' | null>(null);
  const [preview, setPreview] = useState<NoticeTemplate | null>(null);
  const list = useQuery({ ...templatesQuery(page, PAGE_SIZE), placeholderData: keepPreviousData });

  useEffect(() => {
    if (list.isError) toastError(MSG.templatesLoadFail);
  }, [list.isError]);
  useEffect(() => {
    if (list.data && list.data.data.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const remove = useDeleteTemplate({
    onSuccess: () => toastSuccess(MSG.templateDeleted),
    // A template in use: the server says why.
    onError: (err) => toastError(err instanceof ApiError && err.status === 409 ? err.message : MSG.templateDeleteFail),
  });

  async function askDelete(template: NoticeTemplate) {
    if (await confirm({ title: 'Excluir template', message: MSG.templateDeleteConfirm, confirmLabel: 'Excluir', danger: true })) remove.mutate(template.id);
  }

  const columns: Column<NoticeTemplate>[] = [
    { key: 'id', header: 'ID', render: (t) => t.id, width: 70 },
    { key: 'title', header: 'Nome', render: (t) => t.title },
    { key: 'content', header: 'Conteúdo', render: (t) => <Text size="sm" c="dimmed">{textPreview(t.htmlContent)}</Text> },
    { key: 'confirm', header: 'Confirmação de Leitura', render: (t) => (t.requiresReadConfirmation ? 'Sim' : 'Não'), width: 120 },
    { key: 'created', header: 'Data de Criação', render: (t) => formatDateTime(t.createdAt), width: 160 },
    { key: 'updated', header: 'Última Atualização', render: (t) => formatDateTime(t.updatedAt), width: 160 },
    {
      key: 'actions',
      header: 'Ações',
      width: 100,
      render: (t) => (
        <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <Tooltip label="Editar">
            <ActionIcon variant="subtle" aria-label={`Editar template ${t.title}`} onClick={() => setEditing(t)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Excluir">
            <ActionIcon variant="subtle" color="red" aria-label={`Excluir template ${t.title}`} onClick={() => void askDelete(t)}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    },
  ];

  return (
    <Card withBorder padding="md">
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          Novo Template
        </Button>
      </Group>
      <DataTable
        label="Templates"
        columns={columns}
        rows={list.data?.data}
        rowKey={(t) => t.id}
        loading={list.isLoading}
        emptyText={list.isError ? MSG.templatesLoadFail : 'Nenhum template cadastrado.'}
        page={page}
        total={list.data?.total}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        onRowClick={setPreview}
      />
      {editing !== null && (
        <Suspense fallback={<LoadingOverlay visible aria-label="Carregando editor" />}>
          <TemplateFormDialog template={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <Modal opened={!!preview} onClose={() => setPreview(null)} title={preview?.title} size="lg" centered>
        {preview && <LazySafeHtml html={preview.htmlContent} data-testid="template-preview" />}
      </Modal>
    </Card>
  );
}
