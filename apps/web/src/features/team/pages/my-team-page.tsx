import { ActionIcon, Avatar, Badge, Button, Group, SegmentedControl, Select, Stack, Tabs, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { LoadError } from '../../../ui/load-error';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconFileTypeCsv, IconPencil, IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { canManageUser, manageableTypes, USER_STATUS_LABELS, USER_TYPE_LABELS, type UserStatus, type UserType } from '@edu/shared/access';
import type { SessionUser } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { TEAM_VIEWER_TYPES, teamListTypes } from '@edu/shared/team';
import type { UserRow } from '@edu/shared/users';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { DataTable, type Column } from '../../../ui/data-table';
import { actorOf, TEAM_PAGE_SIZE, teamQuery, useDeleteMember, useSetTeamStatus } from '../api';
import { MemberFormModal } from '../components/member-form-modal';
import { ImportCsvModal } from '../components/import-csv-modal';

const DEFAULT_AVATAR = '/avatar-default.svg';
const STATUS_COLOR: Record<UserStatus, string> = { active: 'green', inative: 'gray', exclused: 'red' };
type Tab = 'az' | 'recent' | 'trash';

/** /dashboard/my-team (spec 1 §2.12). */
export default function MyTeamPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!(TEAM_VIEWER_TYPES as readonly UserType[]).includes(user.type)) return <Navigate to="/dashboard" replace />;
  return <MyTeam viewer={user} />;
}

function MyTeam({ viewer }: { viewer: SessionUser }) {
  const actor = actorOf(viewer);
  // Admin, director, provider and seller manage their team; the seller's assistant only looks.
  const manages = manageableTypes(viewer.type).length > 0;
  const [tab, setTab] = useState<Tab>('recent');
  const [status, setStatusFilter] = useState<'all' | 'active' | 'inative'>('all');
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 400);
  const [type, setType] = useState<UserType | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const filters = {
    status: tab === 'trash' ? ('exclused' as const) : status === 'all' ? undefined : status,
    name: name || undefined,
    type: type ?? undefined,
    order: tab === 'az' ? ('name' as const) : ('date' as const),
    page,
  };
  const list = useQuery(teamQuery(viewer, filters));

  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [tab, status, name, type]);
  useEffect(() => {
    if (list.isError) toastError(MSG.listLoadFail);
  }, [list.isError]);

  const manageable = (row: UserRow) => manages && canManageUser(actor, row);
  const removal = useDeleteMember(viewer);
  const statusChange = useSetTeamStatus();

  async function remove(row: UserRow) {
    if (!(await confirm({ title: MSG.deleteUserConfirm, message: MSG.canBeUndone, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await removal.mutateAsync(row.id);
      toastSuccess(MSG.statusEdited);
      setSelected((s) => s.filter((id) => id !== row.id));
    } catch {
      toastError(MSG.statusChangeFail);
    }
  }

  async function restore(row: UserRow) {
    try {
      await statusChange.mutateAsync({ ids: [row.id], status: 'active' });
      toastSuccess(MSG.statusEdited);
      setSelected((s) => s.filter((id) => id !== row.id));
    } catch {
      toastError(MSG.statusChangeFail);
    }
  }

  async function bulk() {
    const target: UserStatus = tab === 'trash' ? 'active' : 'exclused';
    const n = selected.length;
    const ok = await confirm({
      title: target === 'exclused' ? (n === 1 ? MSG.deleteUserConfirm : `Tem certeza que deseja excluir ${n} usuários?`) : n === 1 ? 'Restaurar o usuário selecionado?' : `Restaurar ${n} usuários?`,
      message: MSG.canBeUndone,
      confirmLabel: target === 'exclused' ? 'Excluir' : 'Restaurar',
      danger: target === 'exclused',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await statusChange.mutateAsync({ ids: selected, status: target });
      toastSuccess(MSG.statusEdited);
      setSelected([]);
    } catch {
      toastError(MSG.statusChangeFail);
    } finally {
      setBusy(false);
    }
  }

  const rows = list.data?.data;
  const columns: Column<UserRow>[] = [
    {
      key: 'user',
      header: 'Usuário',
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={r.avatar_url || DEFAULT_AVATAR} alt="" radius="xl" />
          <div>
            <Text size="sm" fw={500}>
              {r.name}
            </Text>
            <Text size="xs" c="dimmed">
              {r.email}
            </Text>
          </div>
        </Group>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      render: (r) => (
        <Badge color={STATUS_COLOR[r.status]} variant="light">
          {USER_STATUS_LABELS[r.status]}
        </Badge>
      ),
    },
    { key: 'type', header: 'Tipo', render: (r) => USER_TYPE_LABELS[r.type] },
  ];
  if (manages) {
    columns.push({
      key: 'actions',
      header: 'Ações',
      width: 120,
      render: (r) =>
        manageable(r) ? (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Editar">
              <ActionIcon variant="subtle" aria-label={`Editar ${r.name}`} onClick={() => { setEditing(r); setFormOpen(true); }}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            {r.status === 'exclused' ? (
              <Tooltip label="Restaurar">
                <ActionIcon variant="subtle" color="green" aria-label={`Restaurar ${r.name}`} onClick={() => restore(r)}>
                  <IconArrowBackUp size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Tooltip label="Excluir">
                <ActionIcon variant="subtle" color="red" aria-label={`Excluir ${r.name}`} onClick={() => remove(r)}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ) : null,
    });
  }
  const manageableIds = new Set((rows ?? []).filter(manageable).map((r) => r.id));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">Meu Time</Title>
        {manages && (
          <Group gap="sm">
            <Button variant="default" leftSection={<IconFileTypeCsv size={18} />} onClick={() => setImportOpen(true)}>
              Importar CSV
            </Button>
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => { setEditing(null); setFormOpen(true); }}>
              Novo membro
            </Button>
          </Group>
        )}
      </Group>

      <Tabs value={tab} onChange={(v) => setTab((v as Tab) ?? 'recent')}>
        <Tabs.List>
          <Tabs.Tab value="az">A-Z</Tabs.Tab>
          <Tabs.Tab value="recent">Mais Recentes</Tabs.Tab>
          <Tabs.Tab value="trash">Lixeira</Tabs.Tab>
        </Tabs.List>
      </Tabs>

      <Group align="flex-end" gap="md">
        {tab !== 'trash' && (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="team-status-label">
              Status
            </Text>
            <SegmentedControl
              aria-labelledby="team-status-label"
              value={status}
              onChange={(v) => setStatusFilter(v as typeof status)}
              data={[
                { value: 'all', label: 'Todos' },
                { value: 'active', label: 'Ativos' },
                { value: 'inative', label: 'Inativos' },
              ]}
            />
          </Stack>
        )}
        <TextInput
          label="Buscar"
          placeholder="Buscar por nome"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={260}
        />
        <Select
          label="Tipo de usuário"
          placeholder="Todos os tipos"
          clearable
          data={teamListTypes(viewer.type).map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }))}
          value={type}
          onChange={(v) => setType(v as UserType | null)}
          w={240}
        />
        {manages && (
          <Button
            ml="auto"
            variant="light"
            color={tab === 'trash' ? 'green' : 'red'}
            leftSection={tab === 'trash' ? <IconArrowBackUp size={18} /> : <IconTrash size={18} />}
            disabled={selected.length === 0}
            loading={busy}
            onClick={bulk}
          >
            {tab === 'trash' ? 'Restaurar selecionados' : 'Excluir selecionados'}
            {selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
        )}
      </Group>

      {list.isError ? (
        <LoadError error={list.error} title="Não foi possível carregar a equipe" onRetry={() => void list.refetch()} />
      ) : (
        <DataTable
          label="Membros da equipe"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={list.isPending}
          emptyText={tab === 'trash' ? 'A lixeira está vazia.' : 'Nenhum membro encontrado.'}
          page={page}
          total={list.data?.total}
          pageSize={TEAM_PAGE_SIZE}
          onPageChange={setPage}
          selected={manages ? selected : undefined}
          // Only rows the viewer may change can be selected (not oneself, not a peer it does not manage).
          onSelectedChange={manages ? (keys) => setSelected(keys.map(Number).filter((id) => manageableIds.has(id) || selected.includes(id))) : undefined}
        />
      )}

      {manages && <MemberFormModal viewer={viewer} opened={formOpen} member={editing} onClose={() => setFormOpen(false)} />}
      {manages && <ImportCsvModal viewer={viewer} opened={importOpen} onClose={() => setImportOpen(false)} />}
    </Stack>
  );
}
