import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { StoreProvider } from '@edu/shared/store';
import { ConditionBadge } from '../../../ui/condition-badge';
import { MonthlyPrice } from '../../../ui/monthly-price';
import { ProviderLogo } from './provider-logo';
import { RentButton } from './rent-button';

export const servicesCountLabel = (n: number) => (n === 1 ? '1 serviço' : `${n} serviços`);
export const unitCountLabel = (n: number) => (n === 1 ? '1 unidade' : `${n.toLocaleString('pt-BR')} unidades`);

/** A provider's card in the store (spec 3 §2.3). */
export function ProviderCard({ provider }: { provider: StoreProvider }) {
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={provider.companyName}>
      <Stack gap="sm" h="100%">
        <Group justify="center">
          <ProviderLogo url={provider.imgLogoUrl} name={provider.companyName} />
        </Group>
        <Anchor component={Link} to={`/seller/store/provider/${provider.id}`} fw={600} size="lg" c="inherit">
          {provider.companyName}
        </Anchor>
        <Group gap="xs">
          <ConditionBadge condition={provider.condition} />
          <Text size="sm" c="dimmed">
            {unitCountLabel(provider.unitCount)}
          </Text>
        </Group>
        <MonthlyPrice cents={provider.priceCents} />
        <div style={{ marginTop: 'auto' }}>
          <RentButton provider={provider} fullWidth />
        </div>
      </Stack>
    </Card>
  );
}
