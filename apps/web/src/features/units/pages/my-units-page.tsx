/**
 * Minhas Unidades (spec 2 §2.3): the author's units with status chips and counts, search (1 s debounce),
 * knowledge-area filter, A-Z / Mais Recentes / Lixeira, 20 rows per page, send for analysis, trash and
 * recover. The server enforces every rule; the buttons only offer what it allows.
 */
import { Button, Card, Group, SimpleGrid, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AUTHOR_TYPES, UNITS_PAGE_SIZE, type OwnUnitFilter, type OwnUnitRow } from '@edu/shared/units';
import { useSessionUser } from '../../../lib/session';
import { DataTable, type Column } from '../../../ui/data-table';
import { LabeledValue } from '../../../ui/labeled-value';
import { LoadError } from '../../../ui/load-error';
import { myUnitsQuery } from '../api';
import { UnitStatusBadge } from '../components/unit-status-badge';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { ProviderApprovalNotice, useCanSendUnits } from '../components/provider-approval';
import { MY_UNITS_MSG } from '../components/my-units-messages';
import { MyUnitsFilters } from '../components/my-units-filters';
import { RowActions } from '../components/my-units-row-actions';
import { useMyUnitsActions } from '../components/use-my-units-actions';

/** Spec 2 §9: the search waits one second after the last key. */
const SEARCH_DEBOUNCE_MS = 1000;

type Tab = 'title' | 'recent' | 'trash';

export default function MyUnitsPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, AUTHOR_TYPES)) return <AccessDenied title="Minhas Unidades" />;
  return <MyUnits />;
}

function MyUnits() {
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
  const { move, restore, moving, busy } = useMyUnitsActions({ onStatusChanged: () => setSelected([]) });

  const rows = list.data?.content;
  const counts = list.data?.counts;
  const selectedRows = (rows ?? []).filter((r) => selected.includes(r.id));
  const selectedDrafts = selectedRows.filter((r) => r.status === 'draft');
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
        <Title order={1} size="h2">Minhas Unidades</Title>
        <LoadError error={list.error} title={MY_UNITS_MSG.loadFail} onRetry={() => void list.refetch()} />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">Minhas Unidades</Title>
        <Button component={Link} to="/studio" leftSection={<IconPlus size={16} aria-hidden />}>
          Nova Unidade
        </Button>
      </Group>
      <ProviderApprovalNotice />

      <MyUnitsFilters
        trash={trash}
        filter={filter}
        onFilter={setFilter}
        counts={counts}
        search={search}
        onSearch={setSearch}
        area={area}
        onArea={setArea}
      />

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
                  loading={moving}
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
