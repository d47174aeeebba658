/** The 'Notificações' tab: notices to institutions, with create, edit, delete and a read-only detail. */
import { ActionIcon, Button, Card, Group, Text, Tooltip } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { MSG } from '@edu/shared/messages';
import { TARGET_TYPE_LABELS, type SellerNotice } from '@edu/shared/notifications';
import { toastError, toastSuccess } from '../../../lib/toast';
import { DataTable, type Column } from '../../../ui/data-table';
import { confirm } from '../../../ui/confirm';
import { noticesQuery, PAGE_SIZE, useDeleteNotice } from '../api';
import { formatDateTime } from '@edu/shared/format';
import { NoticeDetailDialog } from './notice-detail-dialog';
import { NoticeFormDialog } from './notice-form-dialog';

export const clientsOf = (notice: SellerNotice) =>
  notice.targetType === 'ALL' ? TARGET_TYPE_LABELS.ALL : notice.targets.map((t) => t.seller.name).join(', ');

export function NoticesTab() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<SellerNotice | 'new' | null>(null);
  const [viewing, setViewing] = useState<SellerNotice | null>(null);
  const list = useQuery({ ...noticesQuery(page), placeholderData: keepPreviousData });

  useEffect(() => {
    if (list.isError) toastError(MSG.noticesLoadFail);
  }, [list.isError]);
  // The last row of a page deleted: back one page.
  useEffect(() => {
    if (list.data && list.data.data.length === 0 && page > 1) setPage(page - 1);
  }, [list.data, page]);

  const remove = useDeleteNotice({
    onSuccess: () => toastSuccess(MSG.noticeDeleted),
    onError: () => toastError(MSG.noticeDeleteFail),
  });

  async function askDelete(notice: SellerNotice) {
    if (await confirm({ title: 'Excluir notificação', message: MSG.noticeDeleteConfirm, confirmLabel: 'Excluir', danger: true })) remove.mutate(notice.id);
  }

  const columns: Column<SellerNotice>[] = [
    { key: 'clients', header: 'Cliente', render: (n) => <Text size="sm" lineClamp={2}>{clientsOf(n)}</Text> },
    { key: 'template', header: 'Template', render: (n) => n.template.title },
    { key: 'type', header: 'Tipo', render: (n) => TARGET_TYPE_LABELS[n.targetType], width: 120 },
    { key: 'created', header: 'Data de Criação', render: (n) => formatDateTime(n.createdAt), width: 160 },
    { key: 'updated', header: 'Última Atualização', render: (n) => formatDateTime(n.updatedAt), width: 160 },
    {
      key: 'actions',
      header: 'Ações',
      width: 100,
      render: (n) => (
        <Group gap={4} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
          <Tooltip label="Editar">
            <ActionIcon variant="subtle" aria-label={`Editar notificação ${n.template.title}`} onClick={() => setEditing(n)}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Excluir">
            <ActionIcon variant="subtle" color="red" aria-label={`Excluir notificação ${n.template.title}`} onClick={() => void askDelete(n)}>
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
          Nova Notificação
        </Button>
      </Group>
      <DataTable
        label="Notificações"
        columns={columns}
        rows={list.data?.data}
        rowKey={(n) => n.id}
        loading={list.isLoading}
        emptyText={list.isError ? MSG.noticesLoadFail : 'Nenhuma notificação cadastrada.'}
        page={page}
        total={list.data?.total}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        onRowClick={setViewing}
      />
      <NoticeFormDialog notice={editing} onClose={() => setEditing(null)} />
      <NoticeDetailDialog notice={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
