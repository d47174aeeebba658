/**
 * /seller/store, 'Loja de Fornecedores' (spec 3 §2.3): provider cards and the filter sidebar (search,
 * Premium/Basic, price range on the institution's plan, knowledge areas, learning levels, 'Limpar Filtros').
 */
import { Alert, Anchor, Button, Card, Center, Checkbox, Grid, Group, Loader, RangeSlider, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconShoppingCart } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '@edu/shared/format';
import { LIMITS } from '@edu/shared/limits';
import { STORE_LIMITS, STORE_MSG, STORE_READER_TYPES, type StoreProvidersQuery } from '@edu/shared/store';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { Pager } from '../../../ui/pager';
import { storeProvidersQuery } from '../api';
import { AreaLevelFilters } from '../../units';
import { ProviderCard } from '../components/provider-card';
import { LoadError } from '../../../ui/load-error';

const MIN = STORE_LIMITS.priceMinCents / 100;
const MAX = STORE_LIMITS.priceMaxCents / 100;

export default function StorePage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, STORE_READER_TYPES)) return <AccessDenied title={STORE_MSG.title} />;
  return <Store />;
}

function Store() {
  const [search, setSearch] = useState('');
  const [premium, setPremium] = useState(false);
  const [basic, setBasic] = useState(false);
  const [price, setPrice] = useState<[number, number]>([MIN, MAX]);
  const [areas, setAreas] = useState<string[]>([]);
  const [levels, setLevels] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 1000);
  const [debouncedPrice] = useDebouncedValue(price, 300);

  const condition = [premium && "'premium'", basic && "'basic'"].filter(Boolean).join(',');
  const query: StoreProvidersQuery = {
    companyName: debouncedSearch || undefined,
    condition: condition || undefined,
    minimumValuePlan: debouncedPrice[0] > MIN ? debouncedPrice[0] * 100 : undefined,
    maximumValuePlan: debouncedPrice[1] < MAX ? debouncedPrice[1] * 100 : undefined,
    knowledges: areas.length ? areas.join(',') : undefined,
    levelOfLearning: levels.length ? levels.join(',') : undefined,
    page,
  };
  const list = useQuery(storeProvidersQuery(query));
  // The cards (24 per page) render in the background once the answer arrives, in slices the browser can interrupt,
  // instead of one long task that holds the filters and the header.
  const data = useDeferredValue(list.data);
  const touched = <T,>(set: (v: T) => void) => (v: T) => {
    set(v);
    setPage(1);
  };
  function clear() {
    setSearch('');
    setPremium(false);
    setBasic(false);
    setPrice([MIN, MAX]);
    setAreas([]);
    setLevels([]);
    setPage(1);
  }

  let body;
  if (list.isError) body = <LoadError error={list.error} message={STORE_MSG.loadFail} showReason onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  else if (!data) {
    body = (
      <Center py="xl" role="status" aria-busy="true" aria-label="Carregando">
        <Loader />
      </Center>
    );
  } else if (data.planName === null) {
    body = <Alert color="yellow">{STORE_MSG.noPlan}</Alert>;
  } else if (data.data.length === 0) {
    body = (
      <Text c="dimmed" ta="center" py="xl">
        {STORE_MSG.empty}
      </Text>
    );
  } else {
    const pages = Math.ceil(data.total / data.limit);
    body = (
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={list.isFetching}>
          {data.data.map((p) => (
            <ProviderCard key={p.id} provider={p} />
          ))}
        </SimpleGrid>
        {pages > 1 && (
          <Group justify="center">
            <Pager total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">{STORE_MSG.title}</Title>
        <Group gap="xs">
          <Anchor component={Link} to="/seller/store-service">
            {STORE_MSG.partnersTitle}
          </Anchor>
          <Button component={Link} to="/seller/cart" variant="light" leftSection={<IconShoppingCart size={16} aria-hidden />}>
            {STORE_MSG.cartTitle}
          </Button>
        </Group>
      </Group>
      {data?.planName && (
        <Text size="sm" c="dimmed">
          Preços mensais no plano da instituição: {data.planName}.
        </Text>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <Card withBorder padding="md" component="aside" aria-label="Filtros">
            <Stack gap="md">
              <TextInput
                label="Buscar"
                placeholder="Nome do fornecedor"
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                maxLength={LIMITS.searchMax}
                onChange={(e) => touched(setSearch)(e.currentTarget.value)}
              />
              <Stack gap="xs">
                <Checkbox label="Fornecedores Premium" checked={premium} onChange={(e) => touched(setPremium)(e.currentTarget.checked)} />
                <Checkbox label="Fornecedores Basic" checked={basic} onChange={(e) => touched(setBasic)(e.currentTarget.checked)} />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="price-range-label">
                  Preço mensal
                </Text>
                <RangeSlider
                  min={MIN}
                  max={MAX}
                  step={50}
                  minRange={50}
                  value={price}
                  onChange={touched(setPrice)}
                  label={(v) => formatCents(v * 100)}
                  thumbFromLabel="Preço mínimo"
                  thumbToLabel="Preço máximo"
                  aria-labelledby="price-range-label"
                />
                <Group justify="space-between">
                  <Text size="xs" c="dimmed">
                    {formatCents(price[0] * 100)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatCents(price[1] * 100)}
                  </Text>
                </Group>
              </Stack>
              <AreaLevelFilters areas={areas} levels={levels} onAreas={touched(setAreas)} onLevels={touched(setLevels)} />
              <Button variant="default" onClick={clear}>
                {STORE_MSG.clearFilters}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>{body}</Grid.Col>
      </Grid>
    </Stack>
  );
}
