/**
 * The resource block of the studio editor: a Tiptap atom node for
 * `<div data-type data-subtype data-resource="{json}"></div>` (exactly what `blockHtml` stores). In the
 * editor it shows the resource as the reader will see it, in a card with 'Editar' (opens the block's form
 * in the 'Recursos' panel through the editor event `resourceEdit`), 'Copiar' (a duplicate right after it)
 * and 'Excluir' (after a confirmation). Enter on a selected block also opens its form.
 */
import { Alert, Box, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCopy, IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import { Node, isNodeSelection, type Editor } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useMemo } from 'react';
import { BLOCK_ATTR, parseBlock } from '@edu/shared/content/unit-content';
import { confirm } from '../../../ui/confirm';
import { ResourceView } from '../../../ui/unit-content';
import { KIND_COLORS, KIND_ICONS, kindOf } from './kinds';
import { requestResourceEdit } from './resource-events';
import classes from './resources.module.css';

export const RESOURCE_BLOCK = 'resourceBlock';

/** Node attributes: the block's type and subtype, and its data as a JSON string. */
export interface ResourceBlockAttrs {
  type: string;
  subtype: string;
  resource: string;
}

/** The block's data for a form: validated when possible, else the raw JSON (so a broken block can be fixed). */
export function blockData(attrs: ResourceBlockAttrs): unknown {
  const parsed = parseBlock(attrs.type, attrs.subtype, attrs.resource);
  if (parsed !== undefined) return parsed;
  try {
    return JSON.parse(attrs.resource) as unknown;
  } catch {
    return {};
  }
}

/** Ask the panel to edit the block at `getPos()`. */
function editBlock(editor: Editor, attrs: ResourceBlockAttrs, getPos: () => number | undefined): boolean {
  const kind = kindOf(attrs.type, attrs.subtype);
  if (!kind) return false;
  requestResourceEdit(editor, { kind: kind.key, resource: blockData(attrs), getPos });
  return true;
}

function ResourceBlockView({ node, editor, getPos, selected, deleteNode }: ReactNodeViewProps) {
  const attrs = node.attrs as ResourceBlockAttrs;
  const kind = kindOf(attrs.type, attrs.subtype);
  const data = useMemo(() => parseBlock(attrs.type, attrs.subtype, attrs.resource), [attrs.type, attrs.subtype, attrs.resource]);
  const editable = editor.isEditable;
  const KindIcon = kind ? KIND_ICONS[kind.key] : null;
  const label = kind?.label ?? 'Recurso';

  const copy = () => {
    const pos = getPos();
    if (typeof pos !== 'number') return;
    const after = pos + node.nodeSize;
    editor
      .chain()
      .focus()
      .insertContentAt(after, { type: RESOURCE_BLOCK, attrs: { ...attrs } })
      .setNodeSelection(after)
      .scrollIntoView()
      .run();
  };

  const remove = async () => {
    const ok = await confirm({
      title: 'Excluir recurso',
      message: `Tem certeza que deseja excluir este recurso (${label})?`,
      confirmLabel: 'Excluir',
      danger: true,
    });
    if (ok && !editor.isDestroyed) deleteNode();
  };

  return (
    <NodeViewWrapper className={classes.block} data-selected={selected || undefined}>
      <Paper withBorder radius="md" className={classes.card}>
        <Group justify="space-between" gap="xs" wrap="nowrap" className={classes.header} contentEditable={false}>
          <Group
            gap="xs"
            wrap="nowrap"
            data-drag-handle={editable ? '' : undefined}
            draggable={editable || undefined}
            className={editable ? classes.handle : undefined}
            title={editable ? 'Arraste para mover' : undefined}
          >
            {editable && <IconGripVertical size={16} aria-hidden className={classes.grip} />}
            {KindIcon && (
              <ThemeIcon size="sm" variant="light" color={kind ? KIND_COLORS[kind.key] : 'gray'} aria-hidden>
                <KindIcon size={14} />
              </ThemeIcon>
            )}
            <Text size="sm" fw={600}>
              {label}
            </Text>
          </Group>
          {editable && (
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconPencil size={14} aria-hidden />}
                onClick={() => editBlock(editor, attrs, getPos)}
                aria-label={`Editar ${label}`}
                disabled={!kind}
              >
                Editar
              </Button>
              <Button size="compact-sm" variant="subtle" leftSection={<IconCopy size={14} aria-hidden />} onClick={copy} aria-label={`Copiar ${label}`}>
                Copiar
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => void remove()}
                aria-label={`Excluir ${label}`}
              >
                Excluir
              </Button>
            </Group>
          )}
        </Group>
        <Box p="sm" className={classes.body}>
          {data !== undefined ? (
            <ResourceView type={attrs.type} subtype={attrs.subtype} resource={data} />
          ) : (
            <Alert color="red" variant="light" title="Recurso incompleto">
              Os dados deste recurso estão incompletos ou inválidos. Use 'Editar' para corrigi-lo; sem correção ele será removido ao salvar.
            </Alert>
          )}
        </Box>
      </Paper>
    </NodeViewWrapper>
  );
}

export const ResourceBlock = Node.create({
  name: RESOURCE_BLOCK,
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      type: {
        default: '',
        parseHTML: (el: HTMLElement) => el.getAttribute(BLOCK_ATTR.type) ?? '',
        renderHTML: (a: Partial<ResourceBlockAttrs>) => ({ [BLOCK_ATTR.type]: a.type ?? '' }),
      },
      subtype: {
        default: '',
        parseHTML: (el: HTMLElement) => el.getAttribute(BLOCK_ATTR.subtype) ?? '',
        renderHTML: (a: Partial<ResourceBlockAttrs>) => ({ [BLOCK_ATTR.subtype]: a.subtype ?? '' }),
      },
      resource: {
        default: '{}',
        parseHTML: (el: HTMLElement) => el.getAttribute(BLOCK_ATTR.resource) ?? '{}',
        renderHTML: (a: Partial<ResourceBlockAttrs>) => ({ [BLOCK_ATTR.resource]: a.resource ?? '{}' }),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: `div[${BLOCK_ATTR.type}][${BLOCK_ATTR.resource}]`,
        priority: 60,
        // Only the twelve known kinds become blocks.
        getAttrs: (el: HTMLElement) => (kindOf(el.getAttribute(BLOCK_ATTR.type) ?? '', el.getAttribute(BLOCK_ATTR.subtype)) ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', HTMLAttributes];
  },

  addKeyboardShortcuts() {
    return {
      Enter: ({ editor }) => {
        const { selection } = editor.state;
        if (!isNodeSelection(selection) || selection.node.type.name !== RESOURCE_BLOCK) return false;
        const pos = selection.from;
        return editBlock(editor, selection.node.attrs as ResourceBlockAttrs, () => pos);
      },
    };
  },

  addNodeView() {
    return ReactNodeViewRenderer(ResourceBlockView);
  },
});
