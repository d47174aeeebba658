/**
 * /lti/deep-linking?session=…: the content picker a teacher opens from the LMS (a Deep
 * Linking 2.0 request), inside the LMS iframe, without signing in to the product — the launch's session is the
 * credential. It lists the institution's subjects and its catalogue (the units of its ACTIVE rentals, by knowledge
 * area, searchable as in 'Meu Catálogo'); 'Adicionar ao LMS' posts the choice, and the server's answer posts the signed
 * response back to the LMS. A placement that accepts one item keeps one choice.
 */
import { Alert, Box, Button, Card, Checkbox, Container, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CATALOGUE_LIMITS, CATALOGUE_MSG, type CatalogueQuery, type CatalogueUnit } from '@edu/shared/catalogue';
import { LIMITS } from '@edu/shared/limits';
import { LTI_TOOL_MSG, type DeepLinkingContext } from '@edu/shared/lti-tool';
import { WithQuery } from '../../../lib/query';
import { useDebouncedValueMaxWait } from '../../../lib/debounce';
import { Brand } from '../../../ui/brand';
import { QueryBody } from '../../../ui/query-body';
import { UnitGroups } from '../../../ui/unit-groups';
import { PICKER_RESPONSE_ACTION, pickerCatalogueQuery, pickerContextQuery, pickerGroupPage, ltiKeys } from '../api';

export default function DeepLinkingPage() {
  return (
    <WithQuery>
      <Box mih="100vh" bg="gray.0">
        <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Container size="lg">
            <Brand size="sm" />
          </Container>
        </Box>
        <Container size="lg" py="md" component="main">
          <Picker />
        </Container>
      </Box>
    </WithQuery>
  );
}

function Picker() {
  const [params] = useSearchParams();
  const session = params.get('session')?.trim() ?? '';
  const context = useQuery({ ...pickerContextQuery(session), enabled: session !== '' });
  if (session && context.data) return <Chooser session={session} context={context.data} />;
  // Refused or still loading: the page keeps its title (its one h1) above the reason.
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        {LTI_TOOL_MSG.pickerTitle}
      </Title>
      {!session ? (
        <Alert color="red" title={LTI_TOOL_MSG.refusedTitle}>{LTI_TOOL_MSG.sessionInvalid}</Alert>
      ) : context.isError ? (
        <Alert color="red" title={LTI_TOOL_MSG.refusedTitle}>{context.error.message}</Alert>
      ) : (
        <Text c="dimmed">{CATALOGUE_MSG.title}…</Text>
      )}
    </Stack>
  );
}

type Choice = `u:${number}` | `s:${number}`;

function Chooser({ session, context }: { session: string; context: DeepLinkingContext }) {
  const [chosen, setChosen] = useState<Choice[]>([]);
  const toggle = (choice: Choice, on: boolean) =>
    setChosen((old) => (on ? (context.acceptMultiple ? [...old.filter((c) => c !== choice), choice] : [choice]) : old.filter((c) => c !== choice)));
  const isChosen = (choice: Choice) => chosen.includes(choice);

  return (
    <form method="post" action={PICKER_RESPONSE_ACTION} aria-label={LTI_TOOL_MSG.pickerTitle}>
      <input type="hidden" name="session" value={session} />
      <input type="hidden" name="items" value={chosen.join(',')} />
      <Stack gap="lg" pb={80}>
        <div>
          <Title order={1} fz="h2">
            {LTI_TOOL_MSG.pickerTitle}
          </Title>
          <Text c="dimmed">{LTI_TOOL_MSG.pickerIntro(context.institution)}</Text>
          {!context.acceptMultiple && (
            <Text size="sm" c="dimmed">
              {LTI_TOOL_MSG.pickerOnlyOne}
            </Text>
          )}
        </div>
        <Stack gap="xs" component="section" aria-label={LTI_TOOL_MSG.pickerSubjects}>
          <Title order={2} fz="h4">
            {LTI_TOOL_MSG.pickerSubjects}
          </Title>
          <Text size="sm" c="dimmed">
            {LTI_TOOL_MSG.pickerSubjectsHint}
          </Text>
          {context.subjects.length === 0 ? (
            <Text size="sm" c="dimmed">
              {LTI_TOOL_MSG.pickerNoSubjects}
            </Text>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="xs">
              {context.subjects.map((s) => (
                <Card key={s.id} withBorder padding="sm">
                  <Checkbox
                    label={s.name}
                    description={LTI_TOOL_MSG.pickerSubjectUnits(s.units)}
                    checked={isChosen(`s:${s.id}`)}
                    // None of its units is readable now (their rentals ended): the server would refuse it.
                    disabled={s.units === 0}
                    onChange={(e) => toggle(`s:${s.id}`, e.currentTarget.checked)}
                  />
                </Card>
              ))}
            </SimpleGrid>
          )}
        </Stack>
        <Units session={session} isChosen={(u) => isChosen(`u:${u.itemId}`)} onToggle={(u, on) => toggle(`u:${u.itemId}`, on)} />
      </Stack>
      <Box pos="fixed" bottom={0} left={0} right={0} bg="white" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', zIndex: 10 }}>
        <Container size="lg">
          <Group justify="space-between">
            <Text size="sm" aria-live="polite">
              {LTI_TOOL_MSG.pickerChosen(chosen.length)}
            </Text>
            <Button type="submit" disabled={chosen.length === 0}>
              {LTI_TOOL_MSG.pickerSubmit}
            </Button>
          </Group>
        </Container>
      </Box>
    </form>
  );
}

function Units({ session, isChosen, onToggle }: { session: string; isChosen: (u: CatalogueUnit) => boolean; onToggle: (u: CatalogueUnit, on: boolean) => void }) {
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const term = useDebouncedValueMaxWait(typed.length >= CATALOGUE_LIMITS.searchMin ? typed : '', CATALOGUE_LIMITS.searchDebounceMs, CATALOGUE_LIMITS.searchMaxWaitMs);
  const query: CatalogueQuery = { title: term || undefined, filterType: 'units' };
  const list = useQuery(pickerCatalogueQuery(session, query));
  const short = typed.length > 0 && typed.length < CATALOGUE_LIMITS.searchMin;
  return (
    <Stack gap="xs" component="section" aria-label={LTI_TOOL_MSG.pickerUnits}>
      <Title order={2} fz="h4">
        {LTI_TOOL_MSG.pickerUnits}
      </Title>
      <TextInput
        label={CATALOGUE_MSG.searchLabel}
        placeholder="Título da unidade"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={LIMITS.searchMax}
        description={short ? CATALOGUE_MSG.searchHint : undefined}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      <QueryBody query={list} loadFail={CATALOGUE_MSG.loadFail} loadingLabel="Carregando unidades" isEmpty={(d) => d.groups.length === 0} empty={term ? CATALOGUE_MSG.empty : LTI_TOOL_MSG.pickerEmpty}>
        {(d) => (
          <UnitGroups
            groups={d.groups}
            busy={list.isFetching}
            short={CATALOGUE_LIMITS.groupShort}
            queryKey={ltiKeys.catalogue(session, query)}
            loadPage={(group, page, signal) => pickerGroupPage(session, query, group, page, signal)}
            unitKey={(u) => u.itemContentId}
            renderUnit={(u) => (
              <Card withBorder padding="sm" radius="md" h="100%">
                <Checkbox
                  label={<Text fw={600}>{u.title}</Text>}
                  description={u.companyName}
                  aria-label={`Escolher ${u.title}`}
                  checked={isChosen(u)}
                  onChange={(e) => onToggle(u, e.currentTarget.checked)}
                />
              </Card>
            )}
            showMore={CATALOGUE_MSG.showMore}
            showLess={CATALOGUE_MSG.showLess}
            loadFail={CATALOGUE_MSG.loadFail}
          />
        )}
      </QueryBody>
    </Stack>
  );
}
