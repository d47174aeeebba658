/**
 * /seller/rented-units, 'Meu Catálogo' / 'Unidades adquiridas' (spec 3 §2.13): the published units of the
 * institution's active rentals grouped by knowledge area ('Mostrar mais' past 4), the units of its subjects with a
 * newer version ('Unidades que foram atualizadas'), and the right filter panel (search by Unidades or Tags from 4
 * characters, areas and levels — not for providers —, 'Limpar Filtros'). Provider users see their own published
 * units with the students' rating.
 */
import { Alert, Anchor, Button, Card, Grid, Group, Rating, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATALOGUE_LIMITS, CATALOGUE_MSG, CATALOGUE_READER_TYPES, isCatalogueProvider, type CatalogueQuery, type CatalogueUnit } from '@edu/shared/catalogue';
import { LIMITS } from '@edu/shared/limits';
import { isSellerType } from '@edu/shared/access';
import { useSessionUser } from '../../../lib/session';
import { useDebouncedValueMaxWait } from '../../../lib/debounce';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { QueryBody } from '../../../ui/query-body';
import { UnitGroups } from '../../../ui/unit-groups';
import { AreaLevelFilters } from '../../units';
import { catalogueGroupPage, catalogueKeys, catalogueQuery } from '../api';
import { UpdatedUnits } from '../components/updated-units';
import { AddToSubjectButton } from '../components/add-to-subject-button';

export default function CataloguePage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, CATALOGUE_READER_TYPES)) return <AccessDenied title={CATALOGUE_MSG.title} />;
  return (
    <Catalogue
      provider={isCatalogueProvider(user.type)}
      seller={isSellerType(user.type)}
      unitAction={(u) => <AddToSubjectButton itemId={u.itemId} itemContentId={u.itemContentId} title={u.title} />}
    />
  );
}

/** `unitAction`: what a card offers beside 'Ver' (the Add button of institutions that may add to a subject). */
function Catalogue({ provider, seller, unitAction }: { provider: boolean; seller: boolean; unitAction?: ((unit: CatalogueUnit) => ReactNode) | undefined }) {
  const [search, setSearch] = useState('');
  const [filterType, setFilterType] = useState<'units' | 'tags'>('units');
  const [areas, setAreas] = useState<string[]>([]);
  const [levels, setLevels] = useState<string[]>([]);
  const typed = search.trim();
  const term = useDebouncedValueMaxWait(typed.length >= CATALOGUE_LIMITS.searchMin ? typed : '', CATALOGUE_LIMITS.searchDebounceMs, CATALOGUE_LIMITS.searchMaxWaitMs);
  const query: CatalogueQuery = {
    title: term || undefined,
    filterType,
    knowledges: !provider && areas.length ? areas.join(',') : undefined,
    levelOfLearning: !provider && levels.length ? levels.join(',') : undefined,
  };
  const list = useQuery(catalogueQuery(query));
  const filtered = !!term || areas.length > 0 || levels.length > 0;
  const short = typed.length > 0 && typed.length < CATALOGUE_LIMITS.searchMin;

  const body = (
    <QueryBody
      query={list}
      loadFail={CATALOGUE_MSG.loadFail}
      loadingLabel="Carregando catálogo"
      isEmpty={(d) => d.groups.length === 0}
      empty={
        seller && !filtered ? (
          <Alert color="blue">
            {CATALOGUE_MSG.emptyNoRent}{' '}
            <Anchor component={Link} to="/seller/store">
              Ir para a Loja
            </Anchor>
          </Alert>
        ) : (
          CATALOGUE_MSG.empty
        )
      }
    >
      {(d) => (
        <UnitGroups
          groups={d.groups}
          busy={list.isFetching}
          short={CATALOGUE_LIMITS.groupShort}
          queryKey={catalogueKeys.list(query)}
          loadPage={(group, page, signal) => catalogueGroupPage(query, group, page, signal)}
          unitKey={(u) => u.itemContentId}
          renderUnit={(u) => <UnitCard unit={u} action={unitAction?.(u)} />}
          showMore={CATALOGUE_MSG.showMore}
          showLess={CATALOGUE_MSG.showLess}
          loadFail={CATALOGUE_MSG.loadFail}
          headingOrder={2}
        />
      )}
    </QueryBody>
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">{CATALOGUE_MSG.title}</Title>
        <Text c="dimmed">{provider ? CATALOGUE_MSG.providerSubtitle : CATALOGUE_MSG.subtitle}</Text>
      </div>
      {seller && <UpdatedUnits />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 2, md: 1 }}>
          {body}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 2 }}>
          <Card withBorder padding="md" component="aside" aria-label={CATALOGUE_MSG.filters}>
            <Stack gap="md">
              <Title order={2} size="h4">{CATALOGUE_MSG.filters}</Title>
              <SegmentedControl
                aria-label={CATALOGUE_MSG.searchBy}
                value={filterType}
                onChange={(v) => setFilterType(v as 'units' | 'tags')}
                data={[
                  { value: 'units', label: CATALOGUE_MSG.byUnits },
                  { value: 'tags', label: CATALOGUE_MSG.byTags },
                ]}
              />
              <TextInput
                label={CATALOGUE_MSG.searchLabel}
                placeholder={filterType === 'units' ? 'Título da unidade' : 'Nome da tag'}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                maxLength={LIMITS.searchMax}
                description={short ? CATALOGUE_MSG.searchHint : undefined}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
              {!provider && <AreaLevelFilters areas={areas} levels={levels} onAreas={setAreas} onLevels={setLevels} checkboxes />}
              <Button
                variant="default"
                onClick={() => {
                  setSearch('');
                  setAreas([]);
                  setLevels([]);
                  setFilterType('units');
                }}
              >
                {CATALOGUE_MSG.clearFilters}
              </Button>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function UnitCard({ unit, action }: { unit: CatalogueUnit; action?: ReactNode }) {
  return (
    <Card withBorder padding="sm" radius="md" h="100%">
      <Stack gap={4} h="100%">
        <Text fw={600} lineClamp={3}>
          {unit.title}
        </Text>
        <Text size="sm" c="dimmed">
          {unit.companyName}
        </Text>
        {unit.rating && <UnitRating {...unit.rating} />}
        <Group justify="space-between" mt="auto" gap="xs">
          <Anchor component={Link} to={`/seller/rented-unit/item/${unit.itemContentId}`} aria-label={`${CATALOGUE_MSG.view} ${unit.title}`}>
            {CATALOGUE_MSG.view}
          </Anchor>
          {action}
        </Group>
      </Stack>
    </Card>
  );
}

/** Spec 3 §2.13: the average with one decimal on 5 stars, and 'avaliação' / 'avaliações'. */
function UnitRating({ average, votes }: { average: number; votes: number }) {
  const shown = average.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <Group gap={6} role="img" aria-label={votes ? `${shown} de 5 · ${CATALOGUE_MSG.rating(votes)}` : CATALOGUE_MSG.noVotes}>
      <Rating value={average} fractions={10} readOnly size="sm" aria-hidden />
      <Text size="xs" c="dimmed" aria-hidden>
        {votes ? `${shown} (${CATALOGUE_MSG.rating(votes)})` : CATALOGUE_MSG.noVotes}
      </Text>
    </Group>
  );
}
