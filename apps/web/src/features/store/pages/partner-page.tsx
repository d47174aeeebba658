/** /seller/store-service/provider/{id} (spec 3 §2.6): the partner (logo, name, description, service count) and its services with add-to-cart. */
import { Anchor, Breadcrumbs, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isAllowedImageSrc } from '@edu/shared/content/html-allow-list';
import { STORE_BUYER_TYPES, STORE_MSG, STORE_READER_TYPES } from '@edu/shared/store';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { partnerQuery } from '../api';
import { ProviderLogo } from '../components/provider-logo';
import { LoadError } from '../../../ui/load-error';
import { useAddToCartAndOpen } from '../components/use-add-to-cart-and-open';
import { servicesCountLabel } from '../components/provider-card';

export default function PartnerPage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const partner = useQuery({ ...partnerQuery(id), enabled: valid });
  const add = useAddToCartAndOpen();
  if (!user) return null;
  if (!typeAllowed(user.type, STORE_READER_TYPES) || !valid) return <AccessDenied title={STORE_MSG.partnersTitle} />;
  const mayBuy = typeAllowed(user.type, STORE_BUYER_TYPES);
  const p = partner.data;
  return (
    <Stack gap="lg">
      <nav aria-label="Trilha de navegação">
        <Breadcrumbs>
          <Anchor component={Link} to="/seller/store-service">
            {STORE_MSG.partnersTitle}
          </Anchor>
          {p && (
            <Text span aria-current="page">
              {p.companyName}
            </Text>
          )}
        </Breadcrumbs>
      </nav>
      {partner.isError ? (
        <LoadError error={partner.error} message={STORE_MSG.loadFail} showReason onRetry={() => void partner.refetch()} retrying={partner.isFetching} />
      ) : !p ? (
        <Skeleton height={200} radius="md" role="status" aria-label="Carregando parceiro" />
      ) : (
        <>
          <Card withBorder padding="lg" radius="md">
            <Group align="flex-start" wrap="nowrap" gap="lg">
              <ProviderLogo url={p.imgLogoUrl} name={p.companyName} size={120} />
              <Stack gap="xs">
                <Title order={1} size="h2">{p.companyName}</Title>
                {p.description && <Text size="sm">{p.description}</Text>}
                <Text size="sm" c="dimmed">
                  {servicesCountLabel(p.servicesCount)}
                </Text>
              </Stack>
            </Group>
          </Card>
          <Title order={2} size="h3">Serviços disponíveis</Title>
          {p.services.length === 0 ? (
            <Text c="dimmed">{STORE_MSG.empty}</Text>
          ) : (
            <Stack gap="md">
              {p.services.map((s) => (
                <Card key={s.id} withBorder padding="md" radius="md" component="article" aria-label={s.title}>
                  <Group align="flex-start" wrap="nowrap" gap="md">
                    {s.image && isAllowedImageSrc(s.image) && <Image src={s.image} alt="" w={96} h={96} fit="cover" radius="sm" />}
                    <Stack gap={4} style={{ flex: 1 }}>
                      <Text fw={600}>{s.title}</Text>
                      <Text size="sm">{s.description}</Text>
                      <Text size="sm" c="dimmed">
                        {s.price}
                      </Text>
                      {s.link && (
                        <Anchor href={s.link} target="_blank" rel="noopener noreferrer" size="sm">
                          Saiba mais
                        </Anchor>
                      )}
                    </Stack>
                    {s.inCart ? (
                      <Button component={Link} to="/seller/cart" variant="light">
                        {STORE_MSG.inCart}
                      </Button>
                    ) : (
                      <Button
                        disabled={!mayBuy}
                        loading={add.isPending && add.variables?.serviceId === s.id}
                        aria-label={`Adicionar ao carrinho: ${s.title}`}
                        onClick={() => add.mutate({ serviceId: s.id })}
                      >
                        Adicionar ao carrinho
                      </Button>
                    )}
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
