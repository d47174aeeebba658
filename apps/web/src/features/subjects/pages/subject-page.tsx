/**
 * /seller/subject/{id} (spec 3 §2.15): breadcrumb, the subject's units in order (drag or keyboard to reorder: the
 * whole new order is saved at once; on failure the list reverts with an error toast), the new-unit link to the
 * catalogue, view, remove and the share-link spot. A provider sees its own subject; its view link is /studio/{id}.
 * 'Exportar para o LMS': the subject as a Common Cartridge 1.1, for the institution's seller and content manager.
 */
import { Anchor, Breadcrumbs, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { SUBJECT_MSG, type SubjectItem } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AccessDenied } from '../../../ui/access-denied';
import { LoadError } from '../../../ui/load-error';
import { subjectQuery, useReorderSubject, type Side } from '../api';
import { CartridgeDownloadButton } from '../../delivery';
import { SubjectShareSlot } from '../components/share-slot';
import { SortableUnits } from '../components/sortable-units';
import { useRemoveUnit } from '../components/use-remove-unit';
import { useSubjectOwner } from '../components/use-subject-owner';

export default function SubjectPage() {
  const me = useSubjectOwner();
  const id = Number(useParams().id);
  if (!me || !Number.isInteger(id) || id <= 0) return <AccessDenied title={SUBJECT_MSG.title} />;
  return <Subject side={me.owner.side} id={id} can={me.can} />;
}

function Subject({ side, id, can }: { side: Side; id: number; can: NonNullable<ReturnType<typeof useSubjectOwner>>['can'] }) {
  const subject = useQuery(subjectQuery(side, id));
  const removeUnit = useRemoveUnit(side, id);
  const reorder = useReorderSubject(side, id, {
    onSuccess: (res) => toastSuccess(res.message),
    onError: (err) => toastError(err instanceof ApiError && err.status !== 500 && err.status !== 0 ? err.message : SUBJECT_MSG.reorderFail),
  });
  const saving = reorder.isPending;

  function move(orderedIds: number[]) {
    if (!subject.data || saving) return;
    reorder.mutate(orderedIds);
  }

  const viewHref = (item: SubjectItem) => (side === 'provider' ? `/studio/${item.itemContentId}` : `/seller/subject/${id}/item/${item.itemContentId}/${item.subjectItemId}`);

  return (
    <Stack gap="lg">
      <Breadcrumbs>
        <Anchor component={Link} to="/seller/manage-subjects">
          {SUBJECT_MSG.title}
        </Anchor>
        <Text>{subject.data?.name ?? '…'}</Text>
      </Breadcrumbs>
      {subject.isError ? (
        <LoadError error={subject.error} message={SUBJECT_MSG.loadFail} showReason onRetry={() => void subject.refetch()} retrying={subject.isFetching} />
      ) : !subject.data ? (
        <Center py="xl" role="status" aria-busy="true" aria-label="Carregando">
          <Loader />
        </Center>
      ) : (
        <>
          <Group justify="space-between">
            <Title order={1} size="h2">{subject.data.name}</Title>
            <Group gap="xs">
              {side === 'seller' && subject.data.subjectItems.length > 0 && <CartridgeDownloadButton kind="subject" id={id} />}
              <SubjectShareSlot target={{ side, kind: 'subject', subjectId: id }} canShare={can.edit} />
              {can.edit && (
                <Button component={Link} to="/seller/rented-units" leftSection={<IconPlus size={16} aria-hidden />} variant="light">
                  {SUBJECT_MSG.newUnit}
                </Button>
              )}
            </Group>
          </Group>
          {subject.data.subjectItems.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {SUBJECT_MSG.emptyItems}
            </Text>
          ) : (
            <div aria-busy={saving}>
              <SortableUnits
                items={subject.data.subjectItems}
                canReorder={can.edit}
                saving={saving}
                canRemove={can.removeUnit}
                viewHref={viewHref}
                onReorder={move}
                onRemove={(item) => void removeUnit(item)}
                share={(item) => (
                  <SubjectShareSlot
                    target={{ side, kind: 'unit', subjectId: id, subjectItemId: item.subjectItemId, itemId: item.itemId, itemContentId: item.itemContentId }}
                    canShare={can.edit && item.readable}
                  />
                )}
              />
            </div>
          )}
        </>
      )}
    </Stack>
  );
}
