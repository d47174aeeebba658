/**
 * /seller/store/provider/{id} (spec 3 §2.4): the provider's header, then 'Lista de Unidades' grouped by
 * knowledge-area title (groups past 4 shortened with 'Mostrar mais'), and the 'Filtrar unidades' sidebar.
 */
import { QueryBody } from '../../../ui/query-body';
import { Anchor, Button, Card, Grid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LIMITS } from '@edu/shared/limits';
import { STORE_LIMITS, STORE_MSG, STORE_READER_TYPES, type StoreUnit } from '@edu/shared/store';
import { UnitGroups } from '../../../ui/unit-groups';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { storeKeys, storeUnitGroupPage, storeUnitsQuery } from '../api';
import { AreaLevelFilters } from '../../units';
import { ProviderHeader } from '../components/provider-header';

export default function StoreProviderPage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  if (!user) return null;
  if (!typeAllowed(user.type, STORE_READER_TYPES)) return <AccessDenied title={STORE_MSG.title} />;
  if (!Number.isInteger(id) || id <= 0) return <AccessDenied title={STORE_MSG.title} />;
  return (
    <Stack gap="lg">
      <ProviderHeader id={id} />
      <ProviderUnits providerId={id} />
    </Stack>
  );
}

function ProviderUnits({ providerId }: { providerId: number }) {
  const [search, setSearch] = useState('');
  const [areas, setAreas] = useState<string[]>([]);
  const [levels, setLevels] = useState<string[]>([]);
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const query = {
    providerId,
    companyName: debounced || undefined,
    knowledges: areas.length ? areas.join(',') : undefined,
    levelOfLearning: levels.length ? levels.join(',') : undefined,
  };
  const units = useQuery(storeUnitsQuery(query));

  const body = (
    <QueryBody query={units} loadFail={STORE_MSG.loadFail} loadingLabel="Carregando unidades" isEmpty={(d) => d.groups.length === 0} empty={STORE_MSG.empty}>
      {(d) => (
        <UnitGroups
          groups={d.groups}
          busy={units.isFetching}
          short={STORE_LIMITS.groupShort}
          queryKey={storeKeys.units(query)}
          loadPage={(group, page, signal) => storeUnitGroupPage(query, group, page, signal)}
          unitKey={(u) => u.itemContentId}
          renderUnit={(u) => <UnitCard unit={u} providerId={providerId} />}
          showMore={STORE_MSG.showMore}
          showLess={STORE_MSG.showLess}
          loadFail={STORE_MSG.loadFail}
        />
      )}
    </QueryBody>
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder padding="md" component="aside" aria-label={STORE_MSG.filterUnits}>
          <Stack gap="md">
            <Title order={2} size="h4">{STORE_MSG.filterUnits}</Title>
            <TextInput
              label="Buscar"
              placeholder="Título da unidade"
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              maxLength={LIMITS.searchMax}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
            <AreaLevelFilters areas={areas} levels={levels} onAreas={setAreas} onLevels={setLevels} />
            <Button
              variant="default"
              onClick={() => {
                setSearch('');
                setAreas([]);
                setLevels([]);
              }}
            >
              {STORE_MSG.clearFilters}
            </Button>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        <Stack gap="md">
          <Title order={2} size="h3">{STORE_MSG.unitsHeading}</Title>
          {body}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function UnitCard({ unit, providerId }: { unit: StoreUnit; providerId: number }) {
  return (
    <Card withBorder padding="sm" radius="md" h="100%">
      <Stack gap={4} h="100%">
        <Text fw={600} lineClamp={3}>
          {unit.title}
        </Text>
        <Text size="sm" c="dimmed">
          {unit.companyName}
        </Text>
        <Anchor component={Link} to={`/seller/store/provider/${providerId}/item/${unit.itemContentId}`} mt="auto" aria-label={`Ver ${unit.title}`}>
          Ver
        </Anchor>
      </Stack>
    </Card>
  );
}
