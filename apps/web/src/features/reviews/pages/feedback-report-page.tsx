/**
 * /dashboard/feedback-report, 'Relatório de Feedbacks' (spec 2 §2.12, §4.3): the readers' problem reports,
 * newest first, with the status toggle (to resolved from any other status, to closed from resolved; blue
 * when resolved or closed, grey otherwise), 'Unidade', 'Erro', 'Descrição' and 'Data'. Admin and director.
 * Paginated on the server (20 a page), like the logs report.
 */
import { ActionIcon, Badge, Center, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCircleCheck, IconCircleDashed, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDate } from '@edu/shared/format';
import {
  FEEDBACK_MSG,
  FEEDBACK_REPORT_PAGE_SIZE,
  FEEDBACK_REPORT_TYPES,
  FEEDBACK_STATUS_LABELS,
  nextFeedbackStatus,
  type FeedbackRow,
} from '@edu/shared/feedback';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { feedbackListQuery, useToggleFeedbackStatus } from '../feedback-api';

export const FEEDBACK_REPORT_TEXT = {
  title: 'Relatório de Feedbacks',
  table: 'Feedbacks',
  empty: 'Nenhum feedback encontrado',
  loading: 'Carregando feedbacks',
  status: 'Status',
  unit: 'Unidade',
  error: 'Erro',
  description: 'Descrição',
  date: 'Data',
  toResolved: 'Marcar como resolvido',
  toClosed: 'Fechar feedback',
} as const;

const done = (row: FeedbackRow) => row.status === 'resolved' || row.status === 'closed';

export default function FeedbackReportPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, FEEDBACK_REPORT_TYPES)) return <AccessDenied title={FEEDBACK_REPORT_TEXT.title} />;
  return <FeedbackReport />;
}

function FeedbackReport() {
  const [page, setPage] = useState(1);
  const query = { page, limit: FEEDBACK_REPORT_PAGE_SIZE };
  const list = useQuery(feedbackListQuery(query));

  const toggle = useToggleFeedbackStatus(query, {
    onSuccess: (updated) => toastSuccess(updated.status === 'closed' ? FEEDBACK_MSG.closed : FEEDBACK_MSG.resolved),
    onError: () => toastError(FEEDBACK_MSG.fail),
  });

  const columns: Column<FeedbackRow>[] = [
    {
      key: 'status',
      header: FEEDBACK_REPORT_TEXT.status,
      width: 170,
      render: (row) => {
        const next = nextFeedbackStatus(row.status);
        const label = `${next === 'closed' ? FEEDBACK_REPORT_TEXT.toClosed : FEEDBACK_REPORT_TEXT.toResolved}: ${row.unit_name}`;
        const Icon = row.status === 'closed' ? IconLock : done(row) ? IconCircleCheck : IconCircleDashed;
        return (
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={next === 'closed' ? FEEDBACK_REPORT_TEXT.toClosed : FEEDBACK_REPORT_TEXT.toResolved}>
              <ActionIcon
                variant={done(row) ? 'filled' : 'light'}
                color={done(row) ? 'blue' : 'gray'}
                aria-label={label}
                aria-pressed={done(row)}
                loading={toggle.isPending && toggle.variables?.id === row.id}
                disabled={toggle.isPending && toggle.variables?.id !== row.id}
                onClick={() => toggle.mutate(row)}
                data-testid="feedback-toggle"
              >
                <Icon size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Badge variant="light" color={done(row) ? 'blue' : 'gray'} tt="none">
              {FEEDBACK_STATUS_LABELS[row.status]}
            </Badge>
          </Group>
        );
      },
    },
    { key: 'unit', header: FEEDBACK_REPORT_TEXT.unit, render: (row) => <Text size="sm">{row.unit_name}</Text> },
    { key: 'error', header: FEEDBACK_REPORT_TEXT.error, render: (row) => <Text size="sm">{row.error_type}</Text> },
    {
      key: 'description',
      header: FEEDBACK_REPORT_TEXT.description,
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {row.error_description}
        </Text>
      ),
    },
    { key: 'date', header: FEEDBACK_REPORT_TEXT.date, width: 110, render: (row) => <Text size="sm">{formatDate(row.created_at)}</Text> },
  ];

  const result = list.data;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{FEEDBACK_REPORT_TEXT.title}</Title>
      {list.isError ? (
        <LoadError error={list.error} message={FEEDBACK_MSG.fail} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : !result ? (
        <Center py="xl" role="status" aria-label={FEEDBACK_REPORT_TEXT.loading}>
          <Loader />
        </Center>
      ) : (
        <DataTable
          label={FEEDBACK_REPORT_TEXT.table}
          columns={columns}
          rows={result.data}
          rowKey={(row) => row.id}
          emptyText={FEEDBACK_REPORT_TEXT.empty}
          page={result.page}
          total={result.total}
          pageSize={result.limit}
          onPageChange={setPage}
          minWidth={820}
        />
      )}
    </Stack>
  );
}
