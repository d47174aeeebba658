/**
 * Minhas Unidades (spec 2 §2.3): the author's units with status chips and counts, search (1 s debounce),
 * knowledge-area filter, A-Z / Mais Recentes / Lixeira, 20 rows per page, send for analysis, trash and
 * recover. The server enforces every rule; the buttons only offer what it allows.
 */
import { Anchor, Badge, Button, Card, Chip, Group, Select, SimpleGrid, Stack, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconEdit, IconEye, IconPlus, IconRestore, IconSearch, IconSend, IconTrash } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { MSG } from '@edu/shared/messages';
import { UNIT_MSG } from '@edu/shared/content/unit-content';
import {
  AUTHOR_TYPES,
  OWN_UNIT_FILTER_LABELS,
  OWN_UNIT_FILTERS,
  UNIT_STATUS_LABELS,
  UNITS_PAGE_SIZE,
  type OwnUnitFilter,
  type OwnUnitRow,
} from '@edu/shared/units';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { DataTable, type Column } from '../../../ui/data-table';
import { LabeledValue } from '../../../ui/labeled-value';
import { LoadError } from '../../../ui/load-error';
import { knowledgeAreasQuery, myUnitsQuery, recoverUnit, setUnitsStatus, unitsKeys } from '../api';
import { UnitStatusBadge } from '../components/unit-status-badge';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { ApiError } from '../../../lib/api';
import { PROVIDER_APPROVAL_MSG, ProviderApprovalNotice, useCanSendUnits } from '../components/provider-approval';

/** Spec 2 §9: the search waits one second after the last key. */
const SEARCH_DEBOUNCE_MS = 1000;

export const MY_UNITS_MSG = {
  loadFail: 'Algo inesperado aconteceu, por favor recarrege sua página.',
  actionFail: 'Algo de inesperado aconteceu',
  empty: 'Nenhum item encontrado',
  recovered: 'A unidade foi recuperada com sucesso',
  statusChanged: (label: string) => `Status da unidade foi alterado para ${label}`,
  confirmStatus: (label: string) => `Tem certeza que deseja mudar o status deste item para ${label}`,
  confirmRecover: 'Tem certeza que deseja recuperar este item?',
} as const;

type Tab = 'title' | 'recent' | 'trash';

export default function MyUnitsPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, AUTHOR_TYPES)) return <AccessDenied title="Minhas Unidades" />;
  return <MyUnits />;
}

function MyUnits() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [filter, setFilter] = useState<OwnUnitFilter>('all');
  const [tab, setTab] = useState<Tab>('title');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [area, setArea] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);

  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [filter, tab, debounced, area]);

  const trash = tab === 'trash';
  const query = {
    page,
    statusItemContent: trash ? ('deleted' as const) : filter,
    title: debounced || undefined,
    knowledges: area ? Number(area) : undefined,
    order: tab === 'recent' ? ('recent' as const) : ('title' as const),
  };
  const list = useQuery(myUnitsQuery(query));
  const areas = useQuery(knowledgeAreasQuery());
  const areaOptions = useMemo(
    () =>
      areas.data
        ? [
            { group: 'Ensino superior', items: areas.data.filter((a) => a.type === 'university').map((a) => ({ value: String(a.id), label: a.title })) },
            { group: 'Educação básica', items: areas.data.filter((a) => a.type === 'basic').map((a) => ({ value: String(a.id), label: a.title })) },
          ]
        : [],
    [areas.data],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: unitsKeys.all });

  const status = useMutation({
    mutationFn: ({ ids, next }: { ids: number[]; next: 'send' | 'deleted' | 'analyze' }) => setUnitsStatus(ids, next),
    onSuccess: (_res, { next }) => {
      toastSuccess(MY_UNITS_MSG.statusChanged(UNIT_STATUS_LABELS[next]));
      setSelected([]);
    },
    onError: (err) =>
      toastError(
        err instanceof ApiError && err.code === 'PROVIDER_NOT_APPROVED'
          ? err.message
          : err instanceof Error && err.message === UNIT_MSG.incomplete
            ? UNIT_MSG.incomplete
            : MY_UNITS_MSG.actionFail,
      ),
    onSettled: refresh,
  });
  const recover = useMutation({
    mutationFn: (id: number) => recoverUnit(id),
    onSuccess: () => toastSuccess(MY_UNITS_MSG.recovered),
    onError: () => toastError(MY_UNITS_MSG.actionFail),
    onSettled: refresh,
  });

  async function move(rows: OwnUnitRow[], next: 'send' | 'deleted' | 'analyze') {
    if (rows.length === 0) return;
    if (next === 'send' && rows.some((r) => !r.complete)) {
      toastError(UNIT_MSG.incomplete);
      return;
    }
    const ok = await confirm({
      title: MY_UNITS_MSG.confirmStatus(UNIT_STATUS_LABELS[next]),
      message: MSG.canBeUndone,
      confirmLabel: next === 'deleted' ? 'Mover para a lixeira' : 'Enviar',
      danger: next === 'deleted',
    });
    if (ok) status.mutate({ ids: rows.map((r) => r.id), next });
  }

  async function restore(row: OwnUnitRow) {
    const ok = await confirm({ title: MY_UNITS_MSG.confirmRecover, message: MSG.canBeUndone, confirmLabel: 'Recuperar' });
    if (ok) recover.mutate(row.id);
  }

  const rows = list.data?.content;
  const counts = list.data?.counts;
  const selectedRows = (rows ?? []).filter((r) => selected.includes(r.id));
  const selectedDrafts = selectedRows.filter((r) => r.status === 'draft');
  const busy = status.isPending || recover.isPending;
  const canSend = useCanSendUnits();

  const columns: Column<OwnUnitRow>[] = [
    {
      key: 'title',
      header: 'Título',
      render: (row) => (
        <Text size="sm" fw={500}>
          {row.title}
        </Text>
      ),
    },
    { key: 'status', header: 'Status', width: 160, render: (row) => <UnitStatusBadge status={row.status} updating={row.updating} /> },
    {
      key: 'actions',
      header: 'Ações',
      render: (row) => <RowActions row={row} trash={trash} busy={busy} canSend={canSend} onMove={move} onRecover={restore} onNavigate={navigate} />,
    },
  ];

  if (list.isError && !rows) {
    return (
      <Stack gap="lg">
        <Title order={2}>Minhas Unidades</Title>
        <LoadError error={list.error} title={MY_UNITS_MSG.loadFail} onRetry={() => void list.refetch()} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>Minhas Unidades</Title>
        <Button component={Link} to="/studio" leftSection={<IconPlus size={16} aria-hidden />}>
          Nova Unidade
        </Button>
      </Group>
      <ProviderApprovalNotice />

      <Card withBorder padding="md">
        <Stack gap="md">
          {!trash && (
            <Chip.Group multiple={false} value={filter} onChange={(v) => setFilter(v as OwnUnitFilter)}>
              <Group gap="xs" role="group" aria-label="Filtrar por status">
                {OWN_UNIT_FILTERS.map((f) => (
                  <Chip key={f} value={f} variant="outline">
                    {OWN_UNIT_FILTER_LABELS[f]}{' '}
                    <Badge size="xs" variant="light" color="gray" ml={4} component="span">
                      {counts?.[f] ?? '–'}
                    </Badge>
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          )}
          <Group align="flex-end" grow preventGrowOverflow={false}>
            <TextInput
              label="Buscar"
              placeholder="Título da unidade"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              type="search"
            />
            <Select label="Área de conhecimento" placeholder="Todas as áreas" data={areaOptions} value={area} onChange={setArea} clearable searchable maw={360} />
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)}>
            <Tabs.List aria-label="Ordenação e lixeira">
              <Tabs.Tab value="title">A-Z</Tabs.Tab>
              <Tabs.Tab value="recent">Mais Recentes</Tabs.Tab>
              <Tabs.Tab value="trash" leftSection={<IconTrash size={14} aria-hidden />}>
                Lixeira
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {!trash && selected.length > 0 && (
            <Group gap="xs" role="group" aria-label="Ações em lote">
              <Text size="sm" c="dimmed">
                {selected.length === 1 ? '1 selecionada' : `${selected.length} selecionadas`}
              </Text>
              <Tooltip label="Só rascunhos podem ir para a lixeira" disabled={selectedDrafts.length > 0}>
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  disabled={selectedDrafts.length === 0}
                  loading={status.isPending}
                  onClick={() => void move(selectedDrafts, 'deleted')}
                >
                  Mover rascunhos para a lixeira ({selectedDrafts.length})
                </Button>
              </Tooltip>
            </Group>
          )}
        </Group>
        <DataTable
          label="Minhas unidades"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isPending}
          emptyText={MY_UNITS_MSG.empty}
          page={page}
          total={list.data?.total ?? 0}
          pageSize={UNITS_PAGE_SIZE}
          onPageChange={(p) => {
            setPage(p);
            setSelected([]);
          }}
          selected={trash ? undefined : selected}
          onSelectedChange={trash ? undefined : (keys) => setSelected(keys as number[])}
          renderExpanded={(row) => (
            <SimpleGrid cols={{ base: 1, sm: 3 }} px="md" py="xs">
              <LabeledValue label="Áreas de conhecimento" value={row.knowledges.map((k) => k.title).join(', ') || 'Não informadas'} />
              <LabeledValue label="Nível de aprendizagem" value={row.levelOfLearning.join(', ') || 'Não informado'} />
              <LabeledValue label="Vendas" value="—" />
            </SimpleGrid>
          )}
        />
      </Card>
    </Stack>
  );
}

interface RowActionsProps {
  row: OwnUnitRow;
  trash: boolean;
  busy: boolean;
  /** False for a provider under analysis: the send buttons are disabled and say why. */
  canSend: boolean;
  onMove: (rows: OwnUnitRow[], next: 'send' | 'deleted' | 'analyze') => Promise<void>;
  onRecover: (row: OwnUnitRow) => Promise<void>;
  onNavigate: (to: string) => void;
}

/**
 * A row's send to the staff: refused for a provider under analysis, but not `disabled` then (a disabled button gets no
 * hover), so its tooltip says why.
 */
function SendButton({ label, title, busy, canSend, onSend }: { label: string; title: string; busy: boolean; canSend: boolean; onSend: () => void }) {
  return (
    <Tooltip label={PROVIDER_APPROVAL_MSG.sendBlocked} disabled={canSend}>
      <Button
        size="xs"
        variant="light"
        color="green"
        leftSection={<IconSend size={14} aria-hidden />}
        disabled={busy}
        data-disabled={!canSend || undefined}
        aria-disabled={!canSend || undefined}
        onClick={() => canSend && onSend()}
        aria-label={`${label}: ${title}`}
      >
        {label}
      </Button>
    </Tooltip>
  );
}

/** Spec 2 §2.3: edit for draft, correction, publish and reproved (publish opens the update page). */
function RowActions({ row, trash, busy, canSend, onMove, onRecover, onNavigate }: RowActionsProps) {
  if (trash) {
    return (
      <Button size="xs" variant="light" leftSection={<IconRestore size={14} aria-hidden />} disabled={busy} onClick={() => void onRecover(row)}>
        Recuperar
      </Button>
    );
  }
  const editable = ['draft', 'correction', 'publish', 'reproved'].includes(row.status);
  const editTo = row.status === 'publish' ? `/dashboard/my-units/update/${row.id}` : `/studio/${row.id}`;
  return (
    // The buttons keep their full labels (no max-width per child): the column takes the width they need.
    <Group gap={6} wrap="nowrap" preventGrowOverflow={false} onClick={(e) => e.stopPropagation()}>
      {editable && (
        <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => onNavigate(editTo)} aria-label={`Editar ${row.title}`}>
          Editar
        </Button>
      )}
      {row.status === 'correction' && (
        <Anchor component={Link} to={`/dashboard/my-units/review/${row.id}`} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconEye size={14} aria-hidden /> Ver Unidade
          </Group>
        </Anchor>
      )}
      {row.status === 'correction' && (
        <SendButton label="Enviar para análise" title={row.title} busy={busy} canSend={canSend} onSend={() => void onMove([row], 'analyze')} />
      )}
      {row.status === 'draft' && (
        <>
          <SendButton label="Enviar para aprovação" title={row.title} busy={busy} canSend={canSend} onSend={() => void onMove([row], 'send')} />
          <Tooltip label="Mover para a lixeira">
            <Button size="xs" variant="subtle" color="red" px={6} disabled={busy} onClick={() => void onMove([row], 'deleted')} aria-label={`Mover para a lixeira: ${row.title}`}>
              <IconTrash size={16} aria-hidden />
            </Button>
          </Tooltip>
        </>
      )}
    </Group>
  );
}
