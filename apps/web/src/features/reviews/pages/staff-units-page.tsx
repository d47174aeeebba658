/**
 * Unidades, the staff units list (spec 2 §2.2, §2.6, §4.2, §6): tabs Novas (publishing roles only, their
 * default), Ativas (everyone else's default), Publicadas, Reprovadas; search, sort menu, the Ativas status
 * filter, 10 rows per page. Approve and reprove are offered from the review state table (`allowedMoves`);
 * the server refuses whatever that table does not allow.
 */
import { Button, Card, Group, Menu, NativeSelect, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconChevronDown, IconSearch, IconSortAZ, IconSortDescending, IconUserCog, IconUsersPlus, IconX } from '@tabler/icons-react';
import { lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SessionUser } from '@edu/shared/auth';
import type { UserType } from '@edu/shared/access';
import { allowedMoves, PUBLISHER_TYPES, type ReviewActor, type StageStatus } from '@edu/shared/review-machine';
import { REVIEW_MSG, REVIEW_STAFF_TYPES, type ReviewRow } from '@edu/shared/reviews';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { OnceOpened } from '../../../ui/lazy-dialog';
import { newUnitsQuery, reviewsFindQuery, type ReviewsFindQuery } from '../api';
import type { DelegationTarget } from '../components/delegation-panel';
import { STATUS_ACTION_LABELS, type StaffStatusChange } from '../components/staff-status-labels';
import { NewUnitsTable, ReviewsTable, ViewReviewLink, ViewUnitLink } from '../components/units-tables';

// The delegation and status dialogs (selects, a comment form) load when one is first opened, or earlier when the pointer
// or the keyboard reaches a button that opens one.
const loadDelegation = () => import('../components/delegation-panel');
const loadStatusModal = () => import('../components/staff-status-modal');
const DelegationPanel = lazy(() => loadDelegation().then((m) => ({ default: m.DelegationPanel })));
const StaffStatusModal = lazy(() => loadStatusModal().then((m) => ({ default: m.StaffStatusModal })));
const preloadDialogs = () => void Promise.all([loadDelegation(), loadStatusModal()]);

const SEARCH_DEBOUNCE_MS = 500;

type Tab = 'new' | 'active' | 'published' | 'reproved';
type Order = 'title' | 'recent';
type StatusFilter = '' | 'analyze' | 'correction';

const TAB_LABELS: Record<Tab, string> = { new: 'Novas', active: 'Ativas', published: 'Publicadas', reproved: 'Reprovadas' };
const ORDER_LABELS: Record<Order, string> = { title: 'De A-Z', recent: 'Mais Recentes' };
const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'Status...' },
  { value: 'analyze', label: 'Análise' },
  { value: 'correction', label: 'Correção' },
];
const EMPTY = 'Nenhuma unidade encontrada';

const isPublisher = (type: UserType) => (PUBLISHER_TYPES as readonly UserType[]).includes(type);

export default function StaffUnitsPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, REVIEW_STAFF_TYPES)) return <AccessDenied title="Unidades" />;
  return <StaffUnits user={user} />;
}

/** The moves of the state table the user may make on a row, as the review screen would offer them. */
function rowMoves(row: ReviewRow, actor: ReviewActor) {
  return allowedMoves(
    {
      unitStatus: row.unitStatus,
      active: row.active,
      curatorId: row.curator.id,
      reviewerId: row.reviewer.id,
      curatorStatus: row.curatorStatus,
      reviewerStatus: row.reviewerStatus,
      managerStatus: row.managerStatus,
    },
    actor,
  );
}

function StaffUnits({ user }: { user: SessionUser }) {
  const publisher = isPublisher(user.type);
  const tabs: Tab[] = publisher ? ['new', 'active', 'published', 'reproved'] : ['active', 'published', 'reproved'];
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<Order>('recent');
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [delegation, setDelegation] = useState<DelegationTarget | null>(null);
  const [change, setChange] = useState<StaffStatusChange | null>(null);

  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [tab, debounced, order, statusFilter]);

  const reviewsQuery: ReviewsFindQuery = {
    page,
    order,
    itemContentTitle: debounced || undefined,
    ...(tab === 'active' ? { active: 'true' as const, itemContentStatus: statusFilter || undefined } : {}),
    ...(tab === 'published' ? { active: 'false' as const, managerStatus: 'approved' as const } : {}),
    ...(tab === 'reproved' ? { active: 'false' as const, managerStatus: 'reproved' as const } : {}),
  };
  const newUnits = useQuery({ ...newUnitsQuery({ page, order, title: debounced || undefined }), enabled: tab === 'new' });
  const reviews = useQuery({ ...reviewsFindQuery(reviewsQuery), enabled: tab !== 'new' });
  const list = tab === 'new' ? newUnits : reviews;

  const actor: ReviewActor = { id: user.id, type: user.type };
  const ask = (row: ReviewRow, status: StageStatus) => {
    const move = rowMoves(row, actor).find((m) => m.status === status);
    if (move) setChange({ reviewIds: [row.id], status, needsComment: move.needsComment });
  };

  const reviewActions = (row: ReviewRow) => {
    const moves = tab === 'active' ? rowMoves(row, actor) : [];
    const can = (s: StageStatus) => moves.some((m) => m.status === s);
    return (
      <>
        <ViewUnitLink contentId={row.itemContentId} title={row.title} />
        <ViewReviewLink reviewId={row.id} title={row.title} />
        {can('reproved') && (
          <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} aria-hidden />} onClick={() => ask(row, 'reproved')}>
            {STATUS_ACTION_LABELS.reproved}
          </Button>
        )}
        {can('approved') && (
          <Button size="xs" variant="light" color="green" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => ask(row, 'approved')}>
            {STATUS_ACTION_LABELS.approved}
          </Button>
        )}
        {tab === 'active' && publisher && (
          <Button
            size="xs"
            variant="light"
            color="gray"
            leftSection={<IconUserCog size={14} aria-hidden />}
            onClick={() => setDelegation({ kind: 'edit', reviewIds: [row.id], curatorId: row.curator.id, reviewerId: row.reviewer.id })}
          >
            Editar Delegação
          </Button>
        )}
      </>
    );
  };

  const paging = {
    page,
    total: list.data?.total ?? 0,
    onPageChange: (p: number) => {
      setPage(p);
      setSelected([]);
    },
    loading: list.isPending,
  };

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Unidades</Title>

      <Card withBorder padding="md">
        <Group align="flex-end" justify="space-between" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder="Título da unidade"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            miw={260}
            style={{ flexGrow: 1 }}
          />
          {tab === 'active' && (
            <NativeSelect
              label="Status"
              data={STATUS_FILTER_OPTIONS}
              value={statusFilter}
              onChange={(e) => setStatusFilter(e.currentTarget.value as StatusFilter)}
              w={180}
            />
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="default" rightSection={<IconChevronDown size={14} aria-hidden />} aria-label={`Ordenar: ${ORDER_LABELS[order]}`}>
                {ORDER_LABELS[order]}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconSortAZ size={14} aria-hidden />} onClick={() => setOrder('title')}>
                {ORDER_LABELS.title}
              </Menu.Item>
              <Menu.Item leftSection={<IconSortDescending size={14} aria-hidden />} onClick={() => setOrder('recent')}>
                {ORDER_LABELS.recent}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Card>

      <Card withBorder padding="md" onPointerEnter={preloadDialogs} onFocus={preloadDialogs}>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Tabs value={tab} onChange={(v) => v && setParams({ tab: v }, { replace: true })}>
            <Tabs.List aria-label="Situação das unidades">
              {tabs.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {TAB_LABELS[t]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {tab === 'new' && selected.length > 0 && (
            <Group gap="xs" role="group" aria-label="Ações em lote">
              <Text size="sm" c="dimmed">
                {selected.length === 1 ? '1 selecionada' : `${selected.length} selecionadas`}
              </Text>
              <Button leftSection={<IconUsersPlus size={16} aria-hidden />} onClick={() => setDelegation({ kind: 'create', contentIds: selected })}>
                Delegar
              </Button>
            </Group>
          )}
        </Group>

        {list.isError && !list.data ? (
          <LoadError error={list.error} message={REVIEW_MSG.listFail} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : tab === 'new' ? (
          <NewUnitsTable
            {...paging}
            rows={newUnits.data?.content}
            emptyText={EMPTY}
            selected={selected}
            onSelectedChange={setSelected}
            actions={(row) => (
              <>
                <Button size="xs" leftSection={<IconUsersPlus size={14} aria-hidden />} onClick={() => setDelegation({ kind: 'create', contentIds: [row.id] })}>
                  Delegar
                </Button>
                <ViewUnitLink contentId={row.id} title={row.title} />
              </>
            )}
          />
        ) : (
          <ReviewsTable {...paging} label={`Unidades ${TAB_LABELS[tab].toLowerCase()}`} rows={reviews.data?.content} emptyText={EMPTY} actions={reviewActions} />
        )}
      </Card>

      {publisher && (
        <OnceOpened open={delegation !== null}>
          <DelegationPanel target={delegation} onClose={() => setDelegation(null)} onDone={() => setSelected([])} />
        </OnceOpened>
      )}
      <OnceOpened open={change !== null}>
        <StaffStatusModal change={change} onClose={() => setChange(null)} onDone={() => setSelected([])} />
      </OnceOpened>
    </Stack>
  );
}
