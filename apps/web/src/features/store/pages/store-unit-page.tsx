/** /seller/store/provider/{id}/item/{idItem} (spec 3 §2.5): the provider's header, 'Unidade {title}', the published content. */
import { Card, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { STORE_MSG, STORE_READER_TYPES } from '@edu/shared/store';
import { useSessionUser } from '../../../lib/session';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { UnitContent } from '../../../ui/unit-content';
import { storeUnitQuery } from '../api';
import { ProviderHeader } from '../components/provider-header';
import { LoadError } from '../../../ui/load-error';

export default function StoreUnitPage() {
  const user = useSessionUser();
  const params = useParams();
  const providerId = Number(params.id);
  const id = Number(params.idItem);
  const valid = [providerId, id].every((n) => Number.isInteger(n) && n > 0);
  const unit = useQuery({ ...storeUnitQuery(providerId, id), enabled: valid });
  if (!user) return null;
  if (!typeAllowed(user.type, STORE_READER_TYPES) || !valid) return <AccessDenied title={STORE_MSG.title} />;
  return (
    <Stack gap="lg">
      <ProviderHeader id={providerId} unitTitle={unit.data?.title} />
      {unit.isError ? (
        <LoadError error={unit.error} message={STORE_MSG.loadFail} showReason onRetry={() => void unit.refetch()} retrying={unit.isFetching} />
      ) : !unit.data ? (
        <Skeleton height={400} radius="md" role="status" aria-label="Carregando unidade" />
      ) : (
        <>
          <Title order={2} size="h3">Unidade {unit.data.title}</Title>
          <Card withBorder padding="md">
            <UnitContent unit={unit.data} />
          </Card>
        </>
      )}
    </Stack>
  );
}
