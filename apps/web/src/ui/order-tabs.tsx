/** The A-Z / Mais Recentes order of the admin and marketplace lists (spec 3: plans, providers, institutions, rents). */
import { Tabs } from '@mantine/core';

export type ListOrder = 'name' | 'date';

export function OrderTabs({ value, onChange }: { value: ListOrder; onChange(order: ListOrder): void }) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as ListOrder)}>
      <Tabs.List aria-label="Ordenação">
        <Tabs.Tab value="name">A-Z</Tabs.Tab>
        <Tabs.Tab value="date">Mais Recentes</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
