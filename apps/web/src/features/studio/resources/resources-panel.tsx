/**
 * The 'Recursos' side panel (spec 2 §2.9): a drawer on the right, 75% wide on the picker of the twelve
 * resources and 50% on a resource's form. 'Adicionar' inserts the block at the editor's selection (after a
 * selected block, never over it); a block's 'Editar' opens its form here with 'Salvar', which replaces the
 * block's data in place.
 */
import { Button, Drawer, Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { isNodeSelection, type Editor } from '@tiptap/core';
import { useEffect, useId, useRef, useState } from 'react';
import { RESOURCE_KINDS, type ResourceKind } from '@edu/shared/content/unit-content';
import { KIND_COLORS, KIND_HINTS, KIND_ICONS, kindByKey } from './kinds';
import { RESOURCE_BLOCK, type ResourceBlockAttrs } from './resource-block';
import { onResourceEdit } from './resource-events';
import { ResourceForm } from './resource-form';
import classes from './resources.module.css';

export interface ResourcesPanelProps {
  editor: Editor | null;
  opened: boolean;
  onClose: () => void;
  /** Provider whose galleries the Figura, PDF and Infográfico forms use. */
  providerId: number | null;
}

interface FormView {
  kind: ResourceKind;
  /** Set when editing an existing block. */
  edit?: { resource: unknown; getPos: () => number | undefined };
  /** Remounts the form for every new request. */
  seq: number;
}

const FIRST_FIELD = '[data-autofocus], input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), [contenteditable="true"]';

/** Insert a block at the selection; a selected block (node selection) is kept and the new one goes after it. */
export function insertResourceBlock(editor: Editor, attrs: ResourceBlockAttrs): boolean {
  const content = { type: RESOURCE_BLOCK, attrs };
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  return (isNodeSelection(selection) ? chain.insertContentAt(selection.to, content) : chain.insertContent(content)).scrollIntoView().run();
}

/** Replace the data of the block at `pos`; false when no block is there any more. */
export function updateResourceBlock(editor: Editor, pos: number | undefined, attrs: ResourceBlockAttrs): boolean {
  if (typeof pos !== 'number') return false;
  const node = editor.state.doc.nodeAt(pos);
  if (!node || node.type.name !== RESOURCE_BLOCK) return false;
  return editor
    .chain()
    .focus()
    .command(({ tr }) => {
      tr.setNodeMarkup(pos, undefined, { ...node.attrs, ...attrs });
      return true;
    })
    .setNodeSelection(pos)
    .scrollIntoView()
    .run();
}

export function ResourcesPanel({ editor, opened, onClose, providerId }: ResourcesPanelProps) {
  const [view, setView] = useState<FormView | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [returnFocus, setReturnFocus] = useState(true);
  const seq = useRef(0);
  /** The kind whose form the user just left with 'Voltar' (its card gets the focus back). */
  const [backFrom, setBackFrom] = useState<ResourceKind | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const narrow = useMediaQuery('(max-width: 48em)');
  const shown = opened || editOpen;

  // Every opening by the parent starts on the picker; focus goes back to the trigger unless a block was saved.
  const [wasShown, setWasShown] = useState(shown);
  if (shown !== wasShown) {
    setWasShown(shown);
    if (shown) {
      setReturnFocus(true);
      if (!editOpen) {
        setView(null);
        setBackFrom(null);
      }
    }
  }

  // 'Editar' on a block of this editor (or Enter on a selected block).
  useEffect(() => {
    if (!editor) return;
    return onResourceEdit(editor, (request) => {
      seq.current += 1;
      setView({ kind: request.kind, edit: { resource: request.resource, getPos: request.getPos }, seq: seq.current });
      setEditOpen(true);
    });
  }, [editor]);

  // Focus follows the view: the first field of a form, or the card the user came back from.
  const viewKey = view ? `${view.kind}:${view.seq}` : 'picker';
  useEffect(() => {
    if (!shown) return;
    const timer = window.setTimeout(() => {
      const root = bodyRef.current;
      if (!root) return;
      const target = view
        ? root.querySelector<HTMLElement>(FIRST_FIELD)
        : root.querySelector<HTMLElement>(backFrom ? `[data-kind="${backFrom}"]` : '[data-kind]');
      target?.focus({ preventScroll: false });
    }, 30);
    return () => window.clearTimeout(timer);
    // Only when the view changes or the panel opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewKey, shown]);

  const close = () => {
    setEditOpen(false);
    if (opened) onClose();
  };

  const pick = (kind: ResourceKind) => {
    seq.current += 1;
    setView({ kind, seq: seq.current });
  };

  const back = () => {
    if (view?.edit) close();
    else {
      setBackFrom(view?.kind ?? null);
      setView(null);
    }
  };

  const submit = (resource: unknown) => {
    if (!editor || !view) return;
    const kind = kindByKey(view.kind);
    const attrs: ResourceBlockAttrs = { type: kind.type, subtype: kind.subtype, resource: JSON.stringify(resource) };
    const updated = view.edit ? updateResourceBlock(editor, view.edit.getPos(), attrs) : false;
    if (!updated) insertResourceBlock(editor, attrs);
    setReturnFocus(false);
    close();
  };

  const kind = view ? kindByKey(view.kind) : null;
  const KindIcon = view ? KIND_ICONS[view.kind] : null;
  const title =
    kind && KindIcon ? (
      <Group gap="xs" wrap="nowrap">
        <ThemeIcon variant="light" color={KIND_COLORS[kind.key]} aria-hidden>
          <KindIcon size={18} />
        </ThemeIcon>
        <span>
          <Text span fw={600}>
            {kind.label}
          </Text>
          <Text span c="dimmed" size="sm">
            {view?.edit ? ' · Editar recurso' : ' · Novo recurso'}
          </Text>
        </span>
      </Group>
    ) : (
      <Text span fw={600}>
        Recursos
      </Text>
    );

  return (
    <Drawer
      opened={shown}
      onClose={close}
      position="right"
      size={narrow ? '100%' : view ? '50%' : '75%'}
      title={title}
      returnFocus={returnFocus}
      // A click beside a half-filled form must not lose it (Escape and the close button still close).
      closeOnClickOutside={!view}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <div ref={bodyRef}>
        {view ? (
          <ResourceForm
            key={`${view.kind}:${view.seq}`}
            kind={view.kind}
            providerId={providerId}
            initial={view.edit?.resource}
            editing={!!view.edit}
            onSubmit={submit}
            onBack={back}
          />
        ) : (
          <ResourcePicker onPick={pick} />
        )}
      </div>
    </Drawer>
  );
}

/** The twelve resources as cards (labels exactly as RESOURCE_KINDS). */
export function ResourcePicker({ onPick }: { onPick: (kind: ResourceKind) => void }) {
  const id = useId();
  return (
    <>
      <Text size="sm" c="dimmed" mb="md">
        Escolha o recurso que deseja inserir no conteúdo.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" role="list" aria-label="Recursos disponíveis">
        {RESOURCE_KINDS.map((k, i) => {
          const Icon = KIND_ICONS[k.key];
          return (
            <div role="listitem" key={k.key}>
              <UnstyledButton
                className={classes.kindCard}
                data-kind={k.key} data-autofocus={i === 0 || undefined}
                aria-label={k.label}
                aria-describedby={`${id}-${k.key}`}
                onClick={() => onPick(k.key)}
              >
                <ThemeIcon size={40} radius="md" variant="light" color={KIND_COLORS[k.key]} aria-hidden>
                  <Icon size={22} />
                </ThemeIcon>
                <Text fw={600}>{k.label}</Text>
                <Text size="xs" c="dimmed" id={`${id}-${k.key}`}>
                  {KIND_HINTS[k.key]}
                </Text>
              </UnstyledButton>
            </div>
          );
        })}
      </SimpleGrid>
    </>
  );
}

/** The studio's 'Recursos' button (opens the panel). */
export function RecursosButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onClick} disabled={disabled}>
      Recursos
    </Button>
  );
}
