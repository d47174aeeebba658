/**
 * The filters of both rent lists (spec 3 §2.8, §2.12): the status filter Ativos / Solicitados / Aguardando with
 * the server's counts (plus Todos, the default), the company-name search (one second after the last key,
 * spec 3 §9) and the A-Z / Mais Recentes tabs (default Mais Recentes). A new filter starts from page 1.
 */
import { Group, TextInput, useMatches } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { RENT_FILTER_LABELS, RENT_FILTER_STATUSES } from '@edu/shared/rent-machine';
import type { RentCounts } from '@edu/shared/rents';
import { StatusFilter } from '../../../ui/status-filter';
import { OrderTabs, type ListOrder } from '../../../ui/order-tabs';

export type RentStatusFilter = 'all' | (typeof RENT_FILTER_STATUSES)[number];
export type RentOrder = ListOrder;

const SEARCH_DEBOUNCE_MS = 1000;

const FILTERS: { value: RentStatusFilter; label: string }[] = [
  { value: 'all', label: 'Todos' },
  ...RENT_FILTER_STATUSES.map((s) => ({ value: s, label: RENT_FILTER_LABELS[s] })),
];

export function useRentsFilters() {
  const [status, setStatus] = useState<RentStatusFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [order, setOrder] = useState<RentOrder>('date');
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [status, debounced, order]);
  const query = { status: status === 'all' ? undefined : status, name: debounced || undefined, order, page };
  return { status, setStatus, search, setSearch, order, setOrder, page, setPage, query };
}
export type RentsFilters = ReturnType<typeof useRentsFilters>;

export function RentsStatusFilter({ filters, counts }: { filters: RentsFilters; counts: RentCounts | undefined }) {
  // Four choices do not fit side by side on a phone.
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });
  return (
    <StatusFilter filters={FILTERS} counts={counts} value={filters.status} onChange={filters.setStatus} orientation={orientation} />
  );
}

export function RentsSearch({ filters, action }: { filters: RentsFilters; action?: ReactNode }) {
  return (
    <Group align="flex-end" justify="space-between" wrap="wrap">
      <TextInput
        label="Buscar"
        placeholder="Nome do fornecedor"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(e) => filters.setSearch(e.currentTarget.value)}
        type="search"
        style={{ flex: 1, minWidth: 240, maxWidth: 480 }}
      />
      {action}
    </Group>
  );
}

export function RentsOrderTabs({ filters }: { filters: RentsFilters }) {
  return (
    <OrderTabs value={filters.order} onChange={filters.setOrder} />
  );
}
