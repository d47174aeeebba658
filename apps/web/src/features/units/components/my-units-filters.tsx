import { Badge, Card, Chip, Group, Select, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';
import { OWN_UNIT_FILTER_LABELS, OWN_UNIT_FILTERS, type OwnUnitFilter } from '@edu/shared/units';
import { knowledgeAreasQuery } from '../api';

interface MyUnitsFiltersProps {
  /** In the trash the status chips are hidden. */
  trash: boolean;
  filter: OwnUnitFilter;
  onFilter: (filter: OwnUnitFilter) => void;
  /** How many units each status chip counts (undefined while loading). */
  counts: Partial<Record<OwnUnitFilter, number>> | undefined;
  search: string;
  onSearch: (search: string) => void;
  area: string | null;
  onArea: (area: string | null) => void;
}

/** The status chips with their counts, the title search and the knowledge-area filter of Minhas Unidades. */
export function MyUnitsFilters({ trash, filter, onFilter, counts, search, onSearch, area, onArea }: MyUnitsFiltersProps) {
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
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        {!trash && (
          <Chip.Group multiple={false} value={filter} onChange={(v) => onFilter(v as OwnUnitFilter)}>
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
            onChange={(e) => onSearch(e.currentTarget.value)}
            type="search"
          />
          <Select label="Área de conhecimento" placeholder="Todas as áreas" data={areaOptions} value={area} onChange={onArea} clearable searchable maw={360} />
        </Group>
      </Stack>
    </Card>
  );
}
