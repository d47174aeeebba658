/**
 * A vertical list reordered by dragging its handle or by the keyboard (focus the handle, Space or Enter to pick up,
 * arrows to move, Space or Enter to drop, Escape to cancel), with dnd-kit; the screen-reader texts are in pt-BR.
 * `onReorder` receives the whole new order of ids; without it (a reader) there are no handles. The one sortable list of
 * the app: a course's subjects and a subject's units.
 */
import { ActionIcon, Group, Paper } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';

interface Props<T extends { id: number }> {
  items: T[];
  /** The item's name, for the handle's label and the announcements. */
  label: (item: T) => string;
  render: (item: T) => ReactNode;
  onReorder?: (orderedIds: number[]) => void;
  disabled?: boolean;
  /** The handle's accessible name (default 'Arrastar para reordenar {label}'). */
  handleLabel?: (item: T) => string;
  /** The list's accessible name and the rows' test id. */
  listLabel?: string;
  rowTestId?: string;
}

export function SortableList<T extends { id: number }>({ items, label, render, onReorder, disabled, handleLabel, listLabel, rowTestId = 'sortable-row' }: Props<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((i) => i.id === id);
    return item ? label(item) : '';
  };
  const positionOf = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : items.findIndex((i) => i.id === id) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(active.id)} selecionada, na posição ${positionOf(active.id)} de ${items.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} movida para a posição ${positionOf(over.id)} de ${items.length}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} solta na posição ${positionOf(over.id)} de ${items.length}.` : `${nameOf(active.id)} solta.`),
    onDragCancel: ({ active }) => `Movimento cancelado. ${nameOf(active.id)} voltou à posição ${positionOf(active.id)}.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!onReorder || !over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to).map((i) => i.id));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'Para reordenar, pressione Espaço ou Enter, use as setas para mover e Espaço ou Enter para soltar; Esc cancela.',
        },
      }}
    >
      <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="sortable-list" aria-label={listLabel}>
          {items.map((item) => (
            <SortableRow
              key={item.id}
              id={item.id}
              label={label(item)}
              handleLabel={handleLabel ? handleLabel(item) : `Arrastar para reordenar ${label(item)}`}
              handle={!!onReorder}
              disabled={disabled}
              testId={rowTestId}
            >
              {render(item)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  handleLabel,
  handle,
  disabled,
  testId,
  children,
}: {
  id: number;
  label: string;
  handleLabel: string;
  handle: boolean;
  disabled?: boolean | undefined;
  testId: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled: !handle || disabled,
    attributes: { roleDescription: 'item reordenável' },
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 1 : undefined }}
      data-testid={testId}
      aria-label={label}
    >
      <Paper withBorder p="sm" shadow={isDragging ? 'md' : undefined}>
        <Group wrap="nowrap" gap="sm" align="center">
          {handle && (
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              aria-label={handleLabel}
              style={{ cursor: disabled ? 'not-allowed' : 'grab', touchAction: 'none' }}
              disabled={disabled}
              {...attributes}
              {...listeners}
            >
              <IconGripVertical size={18} />
            </ActionIcon>
          )}
          {children}
        </Group>
      </Paper>
    </li>
  );
}
