import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { LoadError } from '../../../ui/load-error';
import { OrderTabs, type ListOrder } from '../../../ui/order-tabs';
import { StatusFilter as StatusFilterControl } from '../../../ui/status-filter';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconCheck, IconSearch, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PROFILE_TYPES, type ProfileType } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { PROVIDER_ADMIN_TYPES, type ProviderFilterStatus } from '@edu/shared/providers';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { confirm } from '../../../ui/confirm';
import { PROVIDERS_PAGE_SIZE, providersListQuery, useSetProviderCondition, useSetProvidersStatus } from '../api';
import { ProvidersTable } from '../components/providers-table';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';

type StatusFilter = 'all' | ProviderFilterStatus;
type Order = ListOrder;

/** Spec 3 §9: the search waits one second after the last key. */
const SEARCH_DEBOUNCE_MS = 1000;

const STATUS_FILTERS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  { value: 'review', label: 'Em análise' },
  { value: 'active', label: 'Aprovados' },
  { value: 'rejected', label: 'Reprovados' },
];

/** /dashboard/providers (spec 3 §2.2): admin and director approve, reject and set Premium. */
export default function ProvidersAdminPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, PROVIDER_ADMIN_TYPES)) return <AccessDenied title="Providers" />;
  return <ProvidersAdmin />;
}

function ProvidersAdmin() {
  // The status filter lives in the address (?status=review), so the Painel's count opens the screen filtered.
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: StatusFilter = STATUS_FILTERS.find((f) => f.value === asked)?.value ?? 'all';
  const setStatus = (next: StatusFilter) => setParams(next === 'all' ? {} : { status: next }, { replace: true });
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [typePerson, setTypePerson] = useState<ProfileType | null>(null);
  const [order, setOrder] = useState<Order>('date');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);

  // A new filter starts again from the first page with nothing selected.
  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [status, debouncedSearch, typePerson, order]);

  const list = useQuery(
    providersListQuery({
      status: status === 'all' ? undefined : status,
      name: debouncedSearch || undefined,
      typePerson: typePerson ?? undefined,
      order,
      page,
      limit: PROVIDERS_PAGE_SIZE,
    }),
  );

  useEffect(() => {
    if (list.isError) toastError(MSG.listLoadFail, MSG.providersLoadFailTitle);
  }, [list.isError]);

  function resetFilters() {
    setStatus('all');
    setSearch('');
    setTypePerson(null);
    setOrder('date');
    setPage(1);
    setSelected([]);
  }

  const statusChange = useSetProvidersStatus({
    onSuccess: (res) => {
      toastSuccess(res.message);
      resetFilters();
    },
    onError: () => toastError(MSG.statusChangeFail),
  });

  const conditionChange = useSetProviderCondition({
    onSuccess: (res) => toastSuccess(res.message),
    onError: () => toastError(MSG.statusChangeFail),
  });

  async function changeStatus(ids: number[], next: 'active' | 'rejected') {
    if (ids.length === 0) return;
    const ok = await confirm({
      title: next === 'active' ? MSG.providerConfirmActive : MSG.providerConfirmRejected,
      message: MSG.canBeUndone,
      confirmLabel: next === 'active' ? 'Aprovar' : 'Reprovar',
      danger: next === 'rejected',
    });
    if (ok) statusChange.mutate({ ids, status: next });
  }

  const counts = list.data?.counts;
  const rows = list.data?.data;

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">Providers</Title>

      <Card withBorder padding="md">
        <Stack gap="md">
          <StatusFilterControl filters={STATUS_FILTERS} counts={counts} value={status} onChange={setStatus} />
          <Group align="flex-end" grow preventGrowOverflow={false}>
            <TextInput
              label="Buscar"
              placeholder="Empresa, responsável ou e-mail"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              type="search"
            />
            <Select
              label="Tipos de Provider"
              placeholder="Tipos de Provider"
              data={[...PROFILE_TYPES]}
              value={typePerson}
              onChange={(v) => setTypePerson(v as ProfileType | null)}
              clearable
              maw={320}
            />
          </Group>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <OrderTabs value={order} onChange={setOrder} />
          {selected.length > 0 && (
            <Group gap="xs" aria-label="Ações em lote" role="group">
              <Text size="sm" c="dimmed">
                {selected.length === 1 ? '1 selecionado' : `${selected.length} selecionados`}
              </Text>
              <Button
                color="red"
                variant="light"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => void changeStatus(selected, 'rejected')}
                loading={statusChange.isPending}
              >
                Reprovar
              </Button>
              <Button
                color="green"
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => void changeStatus(selected, 'active')}
                loading={statusChange.isPending}
              >
                Aprovar
              </Button>
            </Group>
          )}
        </Group>

        {list.isError && !rows ? (
          <LoadError error={list.error} title={MSG.providersLoadFailTitle} onRetry={() => void list.refetch()} />
        ) : (
          <ProvidersTable
            rows={rows}
            loading={list.isPending}
            page={page}
            total={list.data?.total ?? 0}
            pageSize={PROVIDERS_PAGE_SIZE}
            onPageChange={(p) => {
              setPage(p);
              setSelected([]);
            }}
            selected={selected}
            onSelectedChange={setSelected}
            onStatus={(targets, next) => void changeStatus(targets.map((r) => r.id), next)}
            onCondition={(row, condition) => conditionChange.mutate({ id: row.id, condition })}
            savingCondition={conditionChange.isPending ? (conditionChange.variables?.id ?? null) : null}
            busy={statusChange.isPending}
          />
        )}
      </Card>
    </Stack>
  );
}
