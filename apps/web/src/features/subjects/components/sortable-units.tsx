/**
 * The subject's units as a reorderable list (spec 3 §2.15, §4): drag a row by its handle, or with the keyboard
 * (focus the handle, Space to pick up, arrows to move, Space to drop, Escape to cancel). dnd-kit.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEye, IconGripVertical, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SUBJECT_MSG, type SubjectItem } from '@edu/shared/subjects';

const titleOf = (items: SubjectItem[], id: string | number) => items.find((i) => i.subjectItemId === Number(id))?.title ?? '';
const positionOf = (items: SubjectItem[], id: string | number) => items.findIndex((i) => i.subjectItemId === Number(id)) + 1;

export function SortableUnits({
  items,
  canReorder,
  canRemove,
  viewHref,
  onMove,
  onRemove,
  share,
}: {
  items: SubjectItem[];
  canReorder: boolean;
  canRemove: boolean;
  viewHref: (item: SubjectItem) => string;
  /** The unit `activeId` was dropped where `overId` was. */
  onMove: (activeId: number, overId: number) => void;
  onRemove: (item: SubjectItem) => void;
  share: (item: SubjectItem) => ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Unidade ${titleOf(items, active.id)} selecionada, na posição ${positionOf(items, active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `Unidade ${titleOf(items, active.id)} sobre a posição ${positionOf(items, over.id)}.` : `Unidade ${titleOf(items, active.id)} fora da lista.`),
    onDragEnd: ({ active, over }) => (over ? `Unidade ${titleOf(items, active.id)} solta na posição ${positionOf(items, over.id)}.` : `Unidade ${titleOf(items, active.id)} solta.`),
    onDragCancel: ({ active }) => `Movimento cancelado. Unidade ${titleOf(items, active.id)} voltou ao lugar.`,
  };
  function end(e: DragEndEvent) {
    if (e.over && e.active.id !== e.over.id) onMove(Number(e.active.id), Number(e.over.id));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'Para mover uma unidade, pressione espaço. Use as setas para mudar de posição, espaço para soltar ou Esc para cancelar.' },
      }}
    >
      <SortableContext items={items.map((i) => i.subjectItemId)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Unidades da disciplina">
          {items.map((item, index) => (
            <Row key={item.subjectItemId} item={item} index={index} canReorder={canReorder} canRemove={canRemove} viewHref={viewHref(item)} onRemove={() => onRemove(item)} share={share(item)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function Row({
  item,
  index,
  canReorder,
  canRemove,
  viewHref,
  onRemove,
  share,
}: {
  item: SubjectItem;
  index: number;
  canReorder: boolean;
  canRemove: boolean;
  viewHref: string;
  onRemove: () => void;
  share: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.subjectItemId, disabled: !canReorder });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, zIndex: isDragging ? 1 : undefined, position: 'relative' }} data-testid="subject-unit" aria-label={item.title}>
      <Card withBorder padding="sm" radius="md" shadow={isDragging ? 'md' : undefined}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {canReorder && (
              <ActionIcon variant="subtle" color="gray" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={`Mover ${item.title}`} style={{ cursor: 'grab', touchAction: 'none' }}>
                <IconGripVertical size={18} />
              </ActionIcon>
            )}
            <Text c="dimmed" w={24} ta="right" aria-hidden>
              {index + 1}
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
            {share}
            {item.readable && (
              <Tooltip label={SUBJECT_MSG.viewUnit}>
                <ActionIcon component={Link} to={viewHref} variant="subtle" aria-label={`${SUBJECT_MSG.viewUnit} ${item.title}`}>
                  <IconEye size={18} />
                </ActionIcon>
              </Tooltip>
            )}
            {canRemove && (
              <Tooltip label={SUBJECT_MSG.remove}>
                <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`${SUBJECT_MSG.remove} ${item.title}`}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </Group>
      </Card>
    </li>
  );
}

