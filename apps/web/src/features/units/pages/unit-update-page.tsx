/**
 * /dashboard/my-units/update/{id} (spec 2 §2.1): the author views a unit (published, or in correction) and
 * starts its update or correction in the studio. Updating a published unit creates a new version that goes
 * through all analysis steps again (up to 48 hours) while the published version stays available.
 */
import { Alert, Badge, Button, Card, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowLeft, IconEdit } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { LIMITS } from '@edu/shared/limits';
import { AUTHOR_TYPES, UNIT_STATUS_LABELS } from '@edu/shared/units';
import { formatDate } from '@edu/shared/format';
import { useSessionUser } from '../../../lib/session';
import { LoadError } from '../../../ui/load-error';
import { AccessDenied, typeAllowed } from '../../../ui/access-denied';
import { UnitContent } from '../../../ui/unit-content';
import { unitQuery, unitVersionsQuery } from '../api';
import { UnitStatusBadge } from '../components/unit-status-badge';

export default function UnitUpdatePage() {
  const user = useSessionUser();
  const id = Number(useParams().id);
  if (!user) return null;
  if (!typeAllowed(user.type, AUTHOR_TYPES)) return <AccessDenied />;
  return <UnitUpdate id={id} />;
}

function UnitUpdate({ id }: { id: number }) {
  const unit = useQuery({ ...unitQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const versions = useQuery({ ...unitVersionsQuery(unit.data?.itemId ?? 0), enabled: !!unit.data });

  if (unit.isError) return <LoadError error={unit.error} title="Algo inesperado aconteceu" onRetry={() => void unit.refetch()} />;
  if (!unit.data) return <Skeleton height={400} radius="md" role="status" aria-label="Carregando unidade" />;
  const u = unit.data;
  const pending = versions.data?.some((v) => v.version > u.version && v.status !== 'deleted');
  const canUpdate = u.status === 'publish' && !pending;
  const canFix = u.status === 'correction';

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button component={Link} to="/dashboard/my-units" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Minhas Unidades
          </Button>
          <Title order={1} size="h2">{u.title}</Title>
          <UnitStatusBadge status={u.status} />
        </Group>
        {(canUpdate || canFix) && (
          <Button component={Link} to={`/studio/${u.id}`} leftSection={<IconEdit size={16} aria-hidden />}>
            {canFix ? 'Corrigir unidade' : 'Atualizar unidade'}
          </Button>
        )}
      </Group>
      {u.status === 'publish' && (
        <Alert color={pending ? 'yellow' : 'blue'} variant="light">
          {pending
            ? 'Esta unidade já tem uma atualização em análise. A versão publicada continua disponível até que a nova seja aprovada.'
            : `Ao atualizar uma unidade publicada, a nova versão passa novamente por todas as etapas de análise, com retorno em até ${LIMITS.providerReviewHours} horas. A versão publicada continua disponível enquanto isso.`}
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding="md">
            <UnitContent unit={u} />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder padding="md">
            <Title order={2} size="h4" mb="sm">
              Versões
            </Title>
            {versions.isPending ? (
              <Skeleton height={80} />
            ) : (
              <Table verticalSpacing="xs" aria-label="Versões da unidade">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Versão</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Atualizada em</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {versions.data?.map((v) => (
                    <Table.Tr key={v.id}>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Text size="sm">{v.version}</Text>
                          {v.published && (
                            <Badge size="xs" color="green" variant="light" tt="none">
                              Publicada
                            </Badge>
                          )}
                        </Group>
                        {v.updateMessage && (
                          <Text size="xs" c="dimmed">
                            {v.updateMessage}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{UNIT_STATUS_LABELS[v.status]}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{formatDate(v.updatedAt)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
