import { ActionIcon, Anchor, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconFlag, IconFlagFilled, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SUBJECT_MSG, type SubjectCard as Subject } from '@edu/shared/subjects';

/** A subject card (spec 3 §2.14): the category's colour flag, name, unit count, 'Ver disciplina' and the icons the user may use. */
export function SubjectCard({
  subject,
  canEdit,
  canCategorize,
  onRemove,
  onRename,
  onCategory,
}: {
  subject: Subject;
  canEdit: boolean;
  canCategorize: boolean;
  onRemove: () => void;
  onRename: () => void;
  onCategory: () => void;
}) {
  const color = subject.category?.color;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-label={subject.name} style={color ? { borderLeft: `6px solid ${color}` } : undefined}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap={6} wrap="nowrap">
            {color ? (
              <IconFlagFilled size={18} color={color} aria-label={`${SUBJECT_MSG.category}: ${subject.category!.name}`} role="img" />
            ) : (
              <IconFlag size={18} color="var(--mantine-color-gray-5)" aria-label={SUBJECT_MSG.noCategory} role="img" />
            )}
            <Text fw={600} lineClamp={2}>
              {subject.name}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            {canCategorize && (
              <Tooltip label={SUBJECT_MSG.category}>
                <ActionIcon variant="subtle" onClick={onCategory} aria-label={`${SUBJECT_MSG.category} de ${subject.name}`}>
                  <IconFlag size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            {canEdit && (
              <>
                <Tooltip label={SUBJECT_MSG.rename}>
                  <ActionIcon variant="subtle" onClick={onRename} aria-label={`${SUBJECT_MSG.rename} ${subject.name}`}>
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={SUBJECT_MSG.remove}>
                  <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`${SUBJECT_MSG.remove} ${subject.name}`}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </>
            )}
          </Group>
        </Group>
        {subject.category && (
          <Text size="xs" c="dimmed">
            {subject.category.name}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          {SUBJECT_MSG.unitsCount(subject.itemsCount)}
        </Text>
        <Anchor component={Link} to={`/seller/subject/${subject.id}`} size="sm">
          {SUBJECT_MSG.viewSubject}
        </Anchor>
      </Stack>
    </Card>
  );
}
