import { Anchor, Breadcrumbs, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { STORE_MSG, type StoreProviderDetail } from '@edu/shared/store';
import { storeProviderQuery } from '../api';
import { unitCountLabel } from './provider-card';
import { ConditionBadge } from '../../../ui/condition-badge';
import { MonthlyPrice } from '../../../ui/monthly-price';
import { ProviderLogo } from './provider-logo';
import { RentButton } from './rent-button';
import { LoadError } from '../../../ui/load-error';

/** Loja > company (> unit): the breadcrumb of the provider and unit pages. */
export function StoreBreadcrumb({ provider, unitTitle }: { provider?: Pick<StoreProviderDetail, 'id' | 'companyName'>; unitTitle?: string }) {
  const crumbs = [
    <Anchor key="store" component={Link} to="/seller/store">
      Loja
    </Anchor>,
  ];
  if (provider) {
    crumbs.push(
      unitTitle ? (
        <Anchor key="provider" component={Link} to={`/seller/store/provider/${provider.id}`}>
          {provider.companyName}
        </Anchor>
      ) : (
        <Text key="provider" span aria-current="page">
          {provider.companyName}
        </Text>
      ),
    );
  }
  if (unitTitle) {
    crumbs.push(
      <Text key="unit" span aria-current="page">
        {unitTitle}
      </Text>,
    );
  }
  return (
    <nav aria-label="Trilha de navegação">
      <Breadcrumbs>{crumbs}</Breadcrumbs>
    </nav>
  );
}

/** The provider's header on its store pages (spec 3 §2.4, §2.5): logo, description, unit count, price '/mês', the button. */
export function ProviderHeader({ id, unitTitle }: { id: number; unitTitle?: string }) {
  const provider = useQuery(storeProviderQuery(id));
  if (provider.isError) {
    return (
      <Stack>
        <StoreBreadcrumb />
        <LoadError error={provider.error} message={STORE_MSG.loadFail} showReason onRetry={() => void provider.refetch()} retrying={provider.isFetching} />
      </Stack>
    );
  }
  if (!provider.data) return <Skeleton height={160} radius="md" role="status" aria-label="Carregando fornecedor" />;
  const p = provider.data;
  return (
    <Stack gap="md">
      <StoreBreadcrumb provider={p} unitTitle={unitTitle} />
      <Card withBorder padding="lg" radius="md">
        <Group align="flex-start" wrap="nowrap" gap="lg">
          <ProviderLogo url={p.imgLogoUrl} name={p.companyName} size={120} />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Group gap="sm">
              <Title order={1} size="h2">{p.companyName}</Title>
              <ConditionBadge condition={p.condition} />
            </Group>
            {p.description && <Text size="sm">{p.description}</Text>}
            <Group gap="lg">
              <Text size="sm" c="dimmed">
                {unitCountLabel(p.unitCount)}
              </Text>
              <MonthlyPrice cents={p.priceCents} />
            </Group>
          </Stack>
          <div style={{ minWidth: 180 }}>
            <RentButton provider={p} fullWidth />
          </div>
        </Group>
      </Card>
    </Stack>
  );
}
