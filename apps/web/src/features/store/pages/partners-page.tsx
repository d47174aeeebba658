/**
 * /seller/store-service, 'Parceiros' (spec 3 §2.6): the partners' cards (names cut to 20 characters + '…'),
 * search by company name, and 'Clique aqui e conheça mais!' (the partner's link, or the prospect form).
 */
import { QueryBody } from '../../../ui/query-body';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconExternalLink, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '@edu/shared/limits';
import { cutPartnerName, STORE_BUYER_TYPES, STORE_MSG, STORE_READER_TYPES, type PartnerCard } from '@edu/shared/store';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { partnersQuery } from '../api';
import { ProspectModal } from '../components/prospect-modal';
import { ProviderLogo } from '../components/provider-logo';
import { servicesCountLabel } from '../components/provider-card';

export default function PartnersPage() {
  const user = useSessionUser();
  if (!user) return null;
  if (!typeAllowed(user.type, STORE_READER_TYPES)) return <AccessDenied title={STORE_MSG.partnersTitle} />;
  return <Partners mayProspect={typeAllowed(user.type, STORE_BUYER_TYPES)} />;
}

function Partners({ mayProspect }: { mayProspect: boolean }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 1000);
  const list = useQuery(partnersQuery(debounced));
  const [prospect, setProspect] = useState<PartnerCard | null>(null);

  const body = (
    <QueryBody query={list} loadFail={STORE_MSG.loadFail} loadingLabel="Carregando" isEmpty={(d) => d.length === 0} empty={STORE_MSG.empty}>
      {(d) => (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {d.map((p) => (
            <Card key={p.id} withBorder padding="md" radius="md" component="article" aria-label={p.companyName}>
              <Stack gap="sm" h="100%">
                <Group justify="center">
                  <ProviderLogo url={p.imgLogoUrl} name={p.companyName} />
                </Group>
                <Anchor component={Link} to={`/seller/store-service/provider/${p.id}`} fw={600} size="lg" c="inherit" title={p.companyName}>
                  {cutPartnerName(p.companyName)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {servicesCountLabel(p.servicesCount)}
                </Text>
                <div style={{ marginTop: 'auto' }}>
                  {p.link ? (
                    <Button component="a" href={p.link} target="_blank" rel="noopener noreferrer" fullWidth variant="light" rightSection={<IconExternalLink size={16} aria-hidden />}>
                      {STORE_MSG.knowMore}
                    </Button>
                  ) : (
                    <Button fullWidth variant="light" disabled={!mayProspect} onClick={() => setProspect(p)}>
                      {STORE_MSG.knowMore}
                    </Button>
                  )}
                </div>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </QueryBody>
  );

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{STORE_MSG.partnersTitle}</Title>
      <TextInput
        aria-label="Buscar parceiro"
        placeholder="Buscar pelo nome"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        maxLength={LIMITS.searchMax}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={420}
      />
      {body}
      <ProspectModal partner={prospect} onClose={() => setProspect(null)} />
    </Stack>
  );
}
