import { Anchor, Badge, Button, Card, Group, Stack, Tabs, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatDate, formatMonthly } from '@edu/shared/format';
import { PLAN_ADMIN_TYPES, PLAN_LIMITS, PLAN_MSG, studentsRange, type Plan, type PlanRow } from '@edu/shared/plans';
import { MSG } from '@edu/shared/messages';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { DataTable, type Column } from '../../../ui/data-table';
import { LoadError } from '../../../ui/load-error';
import { plansListQuery } from '../api';
import { PlanFormModal } from '../components/plan-form-modal';
import { PriceFormModal } from '../components/price-form-modal';

/** Spec 3 §9: the search waits one second after the last key. */
const SEARCH_DEBOUNCE_MS = 1000;

type Order = 'date' | 'name';

/** A positive whole id from the address, undefined when absent, null when it is not an id. */
function idFrom(value: string | null | undefined): number | undefined | null {
  if (value === null || value === undefined || value === '') return undefined;
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * 'Planos de Aluguel' (spec 3 §2.1): /dashboard/plans (optionally ?provider_id=) and
 * /dashboard/providers/plan/{providerId}. Admin and director; with a provider the rows carry its monthly
 * value and 'Editar' opens the price editor, otherwise the plan editor.
 */
export default function PlansPage() {
  const user = useSessionUser();
  const { providerId: fromPath } = useParams();
  const [params] = useSearchParams();
  if (!user) return null;
  if (!typeAllowed(user.type, PLAN_ADMIN_TYPES)) return <AccessDenied title={PLAN_MSG.title} />;
  const providerId = idFrom(fromPath ?? params.get('provider_id'));
  if (providerId === null) return <AccessDenied title={PLAN_MSG.title} message={MSG.notFoundOrDenied} />;
  return <Plans key={providerId ?? 'all'} providerId={providerId} />;
}

function Plans({ providerId }: { providerId: number | undefined }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<Order>('date');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const [editingPlan, setEditingPlan] = useState<Plan | null>(null);
  const [planModal, setPlanModal] = useState(false);
  const [pricing, setPricing] = useState<PlanRow | null>(null);

  useEffect(() => {
    setPage(1);
    setSelected([]);
  }, [debouncedSearch, order]);

  const list = useQuery(plansListQuery({ name: debouncedSearch || undefined, providerId, order, page, limit: PLAN_LIMITS.pageSize }));
  const provider = list.data?.provider ?? null;
  const rows = list.data?.data;

  function openPlan(plan: Plan | null) {
    setEditingPlan(plan);
    setPlanModal(true);
  }

  const columns: Column<PlanRow>[] = [
    {
      key: 'name',
      header: 'Plano',
      render: (row) => (
        <div>
          <Text size="sm" fw={600}>
            {row.name}
          </Text>
          <Text size="xs" c="dimmed">
            Criado em {formatDate(row.createdAt)}
          </Text>
        </div>
      ),
    },
    { key: 'students', header: 'Alunos', render: (row) => <Text size="sm">{studentsRange(row.minRent, row.maxRent)}</Text> },
  ];
  if (providerId !== undefined) {
    columns.push({
      key: 'value',
      header: 'Valor mensal',
      render: (row) =>
        row.price ? (
          <Text size="sm" data-testid="plan-price">
            {formatMonthly(row.price.value)}
          </Text>
        ) : (
          <Badge color="gray" variant="light">
            {PLAN_MSG.noPrice}
          </Badge>
        ),
    });
  }
  columns.push({
    key: 'actions',
    header: <VisuallyHidden>Ações</VisuallyHidden>,
    width: 110,
    render: (row) => (
      <Button
        size="compact-sm"
        variant="light"
        aria-label={`Editar ${row.name}`}
        onClick={() => (providerId !== undefined ? setPricing(row) : openPlan(row))}
        disabled={providerId !== undefined && !provider}
      >
        Editar
      </Button>
    ),
  });

  return (
    <Stack gap="lg">
      <div>
        {providerId !== undefined && (
          <Anchor component={Link} to="/dashboard/providers" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden /> Fornecedores
            </Group>
          </Anchor>
        )}
        <Title order={1} size="h2">{PLAN_MSG.title}</Title>
        {provider && (
          <Text size="lg" c="dimmed" data-testid="plans-company">
            {provider.companyName}
          </Text>
        )}
      </div>

      <Card withBorder padding="md">
        <Group justify="space-between" align="flex-end" mb="sm" wrap="wrap">
          <TextInput
            label="Buscar"
            placeholder="Nome do plano"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            type="search"
            miw={260}
          />
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openPlan(null)}>
            {PLAN_MSG.newPlan}
          </Button>
        </Group>
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Tabs value={order} onChange={(v) => v && setOrder(v as Order)}>
            <Tabs.List aria-label="Ordenação">
              <Tabs.Tab value="date">Mais Recentes</Tabs.Tab>
              <Tabs.Tab value="name">A-Z</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {selected.length > 0 && (
            <Text size="sm" c="dimmed">
              {selected.length === 1 ? '1 selecionado' : `${selected.length} selecionados`}
            </Text>
          )}
        </Group>
        {list.isError && !rows ? (
          <LoadError error={list.error} message={PLAN_MSG.loadFail} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <DataTable
            label={PLAN_MSG.title}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            loading={list.isPending}
            emptyText={PLAN_MSG.empty}
            page={page}
            total={list.data?.total ?? 0}
            pageSize={PLAN_LIMITS.pageSize}
            onPageChange={(p) => {
              setPage(p);
              setSelected([]);
            }}
            selected={selected}
            onSelectedChange={setSelected}
            minWidth={560}
          />
        )}
      </Card>

      <PlanFormModal opened={planModal} plan={editingPlan} onClose={() => setPlanModal(false)} />
      {provider && <PriceFormModal plan={pricing} provider={provider} onClose={() => setPricing(null)} />}
    </Stack>
  );
}
