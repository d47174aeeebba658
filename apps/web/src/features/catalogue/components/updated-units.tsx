/**
 * 'Unidades que foram atualizadas' (spec 3 §2.13): the units of the institution's subjects whose
 * provider published a newer version. Each row says what changed — the version numbers, the provider's reason and
 * the date — with 'Ver' for the new version and 'Atualizar' (not for the assistant), which moves every subject of
 * the institution to it after a confirmation. Nothing shows while there is nothing to update.
 */
import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CATALOGUE_MSG, CATALOGUE_UPDATER_TYPES, type UpdatedUnit } from '@edu/shared/catalogue';
import { formatLongDate } from '@edu/shared/format';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { ApiError } from '../../../lib/api';
import { confirm } from '../../../ui/confirm';
import { typeAllowed } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { catalogueUpdatesQuery, useUpdateUnitVersion } from '../api';

export function UpdatedUnits() {
  const user = useSessionUser();
  const updates = useQuery(catalogueUpdatesQuery);
  const canUpdate = !!user && typeAllowed(user.type, CATALOGUE_UPDATER_TYPES);
  const update = useUpdateUnitVersion({
    onSuccess: (res) => toastSuccess(res.message),
    onError: (e) => toastError(e instanceof ApiError ? e.message : CATALOGUE_MSG.loadFail),
  });
  const rows = updates.data?.data ?? [];
  if (updates.isError) {
    return <LoadError error={updates.error} message={CATALOGUE_MSG.loadFail} showReason onRetry={() => void updates.refetch()} retrying={updates.isFetching} />;
  }
  if (!rows.length) return null;

  async function ask(u: UpdatedUnit) {
    const ok = await confirm({ title: CATALOGUE_MSG.update, message: CATALOGUE_MSG.updateConfirm(u.title, u.version, u.newVersion), confirmLabel: CATALOGUE_MSG.update });
    if (ok) update.mutate(u);
  }

  return (
    <Card withBorder padding="md" component="section" aria-label={CATALOGUE_MSG.updatesTitle}>
      <Stack gap="sm">
        <Title order={2} size="h3">{CATALOGUE_MSG.updatesTitle}</Title>
        <Text size="sm" c="dimmed">
          {CATALOGUE_MSG.updatesHint}
        </Text>
        {rows.map((u) => (
          <Card key={u.itemId} withBorder padding="sm" radius="md" role="article" aria-label={u.title}>
            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
              <Stack gap={4} style={{ flex: 1, minWidth: 240 }}>
                <Text fw={600}>{u.title}</Text>
                <Text size="sm" c="dimmed">
                  {u.companyName}
                </Text>
                <Group gap="xs">
                  <Badge variant="light" color="gray">
                    {CATALOGUE_MSG.versionChange(u.version, u.newVersion)}
                  </Badge>
                  {u.publishedAt && (
                    <Text size="xs" c="dimmed">
                      {CATALOGUE_MSG.publishedOn} {formatLongDate(u.publishedAt)}
                    </Text>
                  )}
                </Group>
                <Text size="sm">
                  <Text span fw={500}>
                    {CATALOGUE_MSG.reason}:
                  </Text>{' '}
                  {u.updateMessage ?? CATALOGUE_MSG.noReason}
                </Text>
              </Stack>
              <Group gap="xs">
                <Anchor component={Link} to={`/seller/rented-unit/item/${u.newContentId}`} aria-label={`${CATALOGUE_MSG.view} ${u.newTitle}`}>
                  {CATALOGUE_MSG.view}
                </Anchor>
                {canUpdate && (
                  <Button size="xs" onClick={() => void ask(u)} loading={update.isPending && update.variables?.itemId === u.itemId} aria-label={`${CATALOGUE_MSG.update} ${u.title}`}>
                    {CATALOGUE_MSG.update}
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
