/**
 * /seller/store/provider/{id} (spec 3 §2.4): the provider's header, then 'Lista de Unidades' grouped by
 * knowledge-area title (groups past 4 shortened with 'Mostrar mais'), and the 'Filtrar unidades' sidebar.
 */
import { Anchor, Button, Card, Center, Grid, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LIMITS } from '@edu/shared/limits';
import { STORE_LIMITS, STORE_MSG, STORE_READER_TYPES, type StoreUnit } from '@edu/shared/store';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { storeUnitsQuery } from '../api';
import { AreaLevelFilters } from '../components/area-level-filters';
import { ProviderHeader } from '../components/provider-header';
import { LoadError } from '../../../ui/load-error';

const NO_AREA = 'Sem área de conhecimento';

/** Units by knowledge-area title (a unit in two areas shows in both), groups in title order. */
function groupByArea(units: StoreUnit[]): [string, StoreUnit[]][] {
  const groups = new Map<string, StoreUnit[]>();
  for (const u of units) {
    const titles = u.knowledges.length ? u.knowledges.map((k) => k.title) : [NO_AREA];
    for (const title of titles) groups.set(title, [...(groups.get(title) ?? []), u]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === NO_AREA ? 1 : b === NO_AREA ? -1 : a.localeCompare(b, 'pt-BR')));
}

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
  const units = useQuery(
    storeUnitsQuery({
      providerId,
      companyName: debounced || undefined,
      knowledges: areas.length ? areas.join(',') : undefined,
      levelOfLearning: levels.length ? levels.join(',') : undefined,
    }),
  );

  let body;
  if (units.isError) body = <LoadError error={units.error} message={STORE_MSG.loadFail} showReason onRetry={() => void units.refetch()} retrying={units.isFetching} />;
  else if (!units.data) {
    body = (
      <Center py="xl" aria-busy="true" aria-label="Carregando unidades">
        <Loader />
      </Center>
    );
  } else if (units.data.content.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {STORE_MSG.empty}
      </Text>
    );
  } else {
    body = (
      <Stack gap="xl" aria-busy={units.isFetching}>
        {groupByArea(units.data.content).map(([title, list]) => (
          <AreaGroup key={title} title={title} units={list} providerId={providerId} />
        ))}
      </Stack>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Card withBorder padding="md" component="aside" aria-label={STORE_MSG.filterUnits}>
          <Stack gap="md">
            <Title order={4}>{STORE_MSG.filterUnits}</Title>
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
          <Title order={3}>{STORE_MSG.unitsHeading}</Title>
          {body}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function AreaGroup({ title, units, providerId }: { title: string; units: StoreUnit[]; providerId: number }) {
  const [open, setOpen] = useState(false);
  const long = units.length > STORE_LIMITS.groupShort;
  const shown = long && !open ? units.slice(0, STORE_LIMITS.groupShort) : units;
  return (
    <section aria-label={title}>
      <Stack gap="sm">
        <Title order={4}>{title}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {shown.map((u) => (
            <Card key={u.itemContentId} withBorder padding="sm" radius="md">
              <Stack gap={4} h="100%">
                <Text fw={600} lineClamp={3}>
                  {u.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {u.companyName}
                </Text>
                <Anchor component={Link} to={`/seller/store/provider/${providerId}/item/${u.itemContentId}`} mt="auto" aria-label={`Ver ${u.title}`}>
                  Ver
                </Anchor>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        {long && (
          <Group>
            <Button variant="subtle" onClick={() => setOpen((o) => !o)}>
              {open ? STORE_MSG.showLess : STORE_MSG.showMore}
            </Button>
          </Group>
        )}
      </Stack>
    </section>
  );
}
