/**
 * Units grouped by knowledge area (spec 3 §2.4 store provider page, §2.13 catalogue): one section per area with its
 * first units as the server answered them; an area with more than `short` units offers 'Mostrar mais', which loads
 * that area's units a page at a time from the server (`loadPage`) until all are shown, and 'Mostrar menos'.
 */
import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

export interface AreaGroup<U> {
  knowledgeId: number;
  title: string;
  total: number;
  units: U[];
}

interface Props<U> {
  groups: AreaGroup<U>[];
  /** Cards shown before 'Mostrar mais' (the server answers this many per group). */
  short: number;
  /** The query key the group pages live under (the group's id is appended). */
  queryKey: QueryKey;
  /** One area's page (1-based): the server's answer for that group, or undefined when it has no units now. */
  loadPage: (knowledgeId: number, page: number, signal: AbortSignal) => Promise<AreaGroup<U> | undefined>;
  unitKey: (unit: U) => number;
  renderUnit: (unit: U) => ReactNode;
  busy?: boolean;
  showMore: string;
  showLess: string;
  loadFail: string;
  /** The groups' heading level: 3 under a section heading of the page (default), 2 straight under its h1. */
  headingOrder?: 2 | 3;
}

export function UnitGroups<U>({ groups, busy, ...rest }: Props<U>) {
  return (
    <Stack gap="xl" aria-busy={busy}>
      {groups.map((g) => (
        <AreaSection key={g.knowledgeId} group={g} {...rest} />
      ))}
    </Stack>
  );
}

function AreaSection<U>({ group, short, queryKey, loadPage, unitKey, renderUnit, showMore, showLess, loadFail, headingOrder = 3 }: Omit<Props<U>, 'groups' | 'busy'> & { group: AreaGroup<U> }) {
  const [open, setOpen] = useState(false);
  const pages = useInfiniteQuery({
    queryKey: [...queryKey, 'group', group.knowledgeId],
    queryFn: ({ pageParam, signal }) => loadPage(group.knowledgeId, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, all, lastParam) => {
      const loaded = all.reduce((n, p) => n + (p?.units.length ?? 0), 0);
      return last && last.units.length > 0 && loaded < last.total ? lastParam + 1 : undefined;
    },
    enabled: open,
  });
  const loaded = pages.data?.pages.flatMap((p) => p?.units ?? []) ?? [];
  const shown = open && loaded.length ? loaded : group.units;
  const total = open ? (pages.data?.pages.at(-1)?.total ?? group.total) : group.total;
  const long = group.total > short;
  const more = !open || pages.hasNextPage;

  return (
    <section aria-label={group.title}>
      <Stack gap="sm">
        <Group gap="xs" align="baseline">
          <Title order={headingOrder} size="h4">{group.title}</Title>
          <Text size="sm" c="dimmed">
            ({total})
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {shown.map((u) => (
            <div key={unitKey(u)}>{renderUnit(u)}</div>
          ))}
        </SimpleGrid>
        {pages.isError && (
          <Alert color="red" role="alert">
            {loadFail}
          </Alert>
        )}
        {long && (
          <Group>
            {more && (
              <Button
                variant="subtle"
                loading={open && (pages.isFetchingNextPage || pages.isPending)}
                onClick={() => (open ? void pages.fetchNextPage() : setOpen(true))}
              >
                {showMore}
              </Button>
            )}
            {open && (
              <Button variant="subtle" onClick={() => setOpen(false)}>
                {showLess}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </section>
  );
}
