/**
 * The tables of the staff units list (spec 2 §2.2): Novas (units awaiting delegation) and the review
 * tabs (Ativas, Publicadas, Reprovadas). 10 rows per page; a row expands to knowledge areas, learning
 * levels and provider. Which buttons a row offers comes from the page (`actions`).
 */
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconEye, IconFileCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { KnowledgeArea } from '@edu/shared/knowledge';
import { reviewStatusLabel } from '@edu/shared/review-machine';
import { REVIEW_MSG, STAFF_UNITS_PAGE_SIZE, type NewUnitRow, type ReviewRow } from '@edu/shared/reviews';
import { DataTable, type Column } from '../../../ui/data-table';
import { LabeledValue } from '../../../ui/labeled-value';
import { UnitStatusBadge } from '../../units';

const STAGE_COLORS: Record<string, string> = { null: 'yellow', approved: 'green', correction: 'orange', reproved: 'red' };

interface Paging {
  page: number;
  total: number;
  onPageChange: (page: number) => void;
  loading: boolean;
}

function UnitDetails({ knowledges, levels, provider }: { knowledges: KnowledgeArea[]; levels: string[]; provider: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} px="md" py="xs">
      <LabeledValue label="Áreas de conhecimento" value={knowledges.map((k) => k.title).join(', ') || 'Não informadas'} />
      <LabeledValue label="Nível de aprendizagem" value={levels.join(', ') || 'Não informado'} />
      <LabeledValue label="Fornecedor" value={provider} />
    </SimpleGrid>
  );
}

/** The title and, on a later version, 'Atualização': below the title when the column is narrow (phones), never cut. */
function TitleCell({ title, update }: { title: string; update?: boolean }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {update && (
        <Badge color="violet" variant="outline" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          Atualização
        </Badge>
      )}
    </Group>
  );
}

export function ViewUnitLink({ contentId, title }: { contentId: number; title: string }) {
  return (
    <Button component={Link} to={`/dashboard/units/item/${contentId}`} size="xs" variant="light" leftSection={<IconEye size={14} aria-hidden />} aria-label={`Ver unidade ${title}`}>
      Ver unidade
    </Button>
  );
}

export function ViewReviewLink({ reviewId, title }: { reviewId: number; title: string }) {
  return (
    <Button
      component={Link}
      to={`/dashboard/units/review/${reviewId}`}
      size="xs"
      variant="light"
      leftSection={<IconFileCheck size={14} aria-hidden />}
      aria-label={`Ver avaliação ${title}`}
    >
      Ver avaliação
    </Button>
  );
}

/** Novas: 'Aguardando responsáveis', an 'Atualização' badge on a later version, selection for the bulk 'Delegar'. */
export function NewUnitsTable({
  rows,
  selected,
  onSelectedChange,
  actions,
  emptyText,
  ...paging
}: Paging & {
  rows: NewUnitRow[] | undefined;
  selected?: number[];
  onSelectedChange?: (ids: number[]) => void;
  actions: (row: NewUnitRow) => ReactNode;
  emptyText: string;
}) {
  const columns: Column<NewUnitRow>[] = [
    { key: 'title', header: 'Título', render: (r) => <TitleCell title={r.title} update={r.version !== 1} /> },
    {
      key: 'status',
      header: 'Responsáveis',
      width: 200,
      render: () => (
        <Text size="sm" c="dimmed">
          {REVIEW_MSG.awaiting}
        </Text>
      ),
    },
    { key: 'actions', header: 'Ações', width: 240, render: (r) => <Group gap={6} wrap="nowrap" onClick={(e) => e.stopPropagation()}>{actions(r)}</Group> },
  ];
  return (
    <DataTable
      label="Unidades novas"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={paging.loading}
      emptyText={emptyText}
      page={paging.page}
      total={paging.total}
      pageSize={STAFF_UNITS_PAGE_SIZE}
      onPageChange={paging.onPageChange}
      selected={selected}
      onSelectedChange={onSelectedChange ? (keys) => onSelectedChange(keys as number[]) : undefined}
      renderExpanded={(r) => <UnitDetails knowledges={r.knowledges} levels={r.levelOfLearning} provider={r.provider.name} />}
    />
  );
}

function StageBadge({ label, status }: { label: string; status: string | null }) {
  return (
    <Text size="xs" component="span">
      {label}:{' '}
      <Badge size="sm" variant="light" radius="sm" tt="none" color={STAGE_COLORS[status ?? 'null']}>
        {reviewStatusLabel(status)}
      </Badge>
    </Text>
  );
}

/** Ativas, Publicadas, Reprovadas: the unit's status, the curator and reviewer with their stage status. */
export function ReviewsTable({
  label,
  rows,
  actions,
  emptyText,
  ...paging
}: Paging & { label: string; rows: ReviewRow[] | undefined; actions: (row: ReviewRow) => ReactNode; emptyText: string }) {
  const columns: Column<ReviewRow>[] = [
    { key: 'title', header: 'Título', render: (r) => <TitleCell title={r.title} update={r.unitVersion !== 1} /> },
    { key: 'status', header: 'Status', width: 130, render: (r) => <UnitStatusBadge status={r.unitStatus} /> },
    {
      key: 'people',
      header: 'Responsáveis',
      width: 260,
      render: (r) => (
        <Stack gap={4}>
          <Group gap={4} wrap="nowrap">
            <Text size="sm">{r.curator.name}</Text>
            <StageBadge label="Curadoria" status={r.curatorStatus} />
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text size="sm">{r.reviewer.name}</Text>
            <StageBadge label="Revisão" status={r.reviewerStatus} />
          </Group>
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      width: 360,
      render: (r) => (
        <Group gap={6} onClick={(e) => e.stopPropagation()}>
          {actions(r)}
        </Group>
      ),
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={paging.loading}
      emptyText={emptyText}
      page={paging.page}
      total={paging.total}
      pageSize={STAFF_UNITS_PAGE_SIZE}
      onPageChange={paging.onPageChange}
      minWidth={960}
      renderExpanded={(r) => <UnitDetails knowledges={r.knowledges} levels={r.levelOfLearning} provider={r.provider.name} />}
    />
  );
}
