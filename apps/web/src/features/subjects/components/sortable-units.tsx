/**
 * The subject's units as a reorderable list (spec 3 §2.15, §4), on the one sortable list (ui/sortable-list.tsx):
 * drag a row by its handle, or with the keyboard (focus the handle, Space to pick up, arrows to move, Space to drop,
 * Escape to cancel).
 */
import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUBJECT_MSG, type SubjectItem } from '@edu/shared/subjects';
import { SortableList } from '../../../ui/sortable-list';

export function SortableUnits({
  items,
  canReorder,
  saving,
  canRemove,
  viewHref,
  onReorder,
  onRemove,
  share,
}: {
  items: SubjectItem[];
  canReorder: boolean;
  saving: boolean;
  canRemove: boolean;
  viewHref: (item: SubjectItem) => string;
  /** The whole new order of subject item ids. */
  onReorder: (orderedIds: number[]) => void;
  onRemove: (item: SubjectItem) => void;
  share: (item: SubjectItem) => ReactNode;
}) {
  const rows = items.map((item, index) => ({ ...item, id: item.subjectItemId, index }));
  return (
    <SortableList
      items={rows}
      label={(item) => item.title}
      handleLabel={(item) => `Mover ${item.title}`}
      listLabel="Unidades da disciplina"
      rowTestId="subject-unit"
      onReorder={canReorder ? onReorder : undefined}
      disabled={saving}
      render={(item) => (
        <Group justify="space-between" wrap="nowrap" style={{ flex: 1 }}>
          <Group gap="sm" wrap="nowrap">
            <Text c="dimmed" w={24} ta="right" aria-hidden>
              {item.index + 1}
            </Text>
            <Stack gap={0}>
              <Text fw={600}>{item.title}</Text>
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  {item.companyName}
                </Text>
                <Badge size="xs" variant="light" color="gray">
                  Versão {item.version}
                </Badge>
                {!item.readable && (
                  <Badge size="xs" color="red" variant="light">
                    {SUBJECT_MSG.unitUnavailableHint}
                  </Badge>
                )}
              </Group>
            </Stack>
          </Group>
          <Group gap={4} wrap="nowrap">
            {share(item)}
            {item.readable && (
              <Tooltip label={SUBJECT_MSG.viewUnit}>
                <ActionIcon component={Link} to={viewHref(item)} variant="subtle" aria-label={`${SUBJECT_MSG.viewUnit} ${item.title}`}>
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {canRemove && (
              <Tooltip label={SUBJECT_MSG.remove}>
                <ActionIcon variant="subtle" color="red" onClick={() => onRemove(item)} aria-label={`${SUBJECT_MSG.remove} ${item.title}`}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
      )}
    />
  );
}
