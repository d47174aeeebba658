/**
 * A zone one file is dropped on or chosen through (click, Enter or Space opens the browser's file dialog): the
 * institution's logo, an image for the gallery. A file of another type or over `maxBytes` is refused with its reason
 * (`onRefuse`) and never reaches `onFile`. While a file is dragged over it, the zone says whether it would take it
 * (`children` gets 'accept' or 'reject'; 'idle' otherwise). The browser's file input is inside, not drawn, named by
 * `inputLabel` (what tests and assistive tools find); the zone itself is the button.
 */
import { Group, Text } from '@mantine/core';
import { IconPhoto, IconUpload, IconX } from '@tabler/icons-react';
import { useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import classes from './file-drop.module.css';

export type FileRefusal = 'too-large' | 'type';
export type FileDropState = 'idle' | 'accept' | 'reject';

/** Does `file` (or a dragged item: type only) match `accept` (MIME type → extensions)? */
export function acceptsFile(accept: Record<string, string[]>, file: { type: string; name?: string }): boolean {
  if (file.type && file.type in accept) return true;
  const name = file.name?.toLowerCase() ?? '';
  return name !== '' && Object.values(accept).some((exts) => exts.some((ext) => name.endsWith(ext)));
}

/** Why `file` is refused, or null. */
export function fileRefusal(accept: Record<string, string[]>, maxBytes: number, file: File): FileRefusal | null {
  if (!acceptsFile(accept, file)) return 'type';
  return file.size > maxBytes ? 'too-large' : null;
}

export interface FileDropProps {
  accept: Record<string, string[]>;
  maxBytes: number;
  onFile: (file: File) => void;
  onRefuse: (reason: FileRefusal) => void;
  /** The file input's accessible name. */
  inputLabel: string;
  inputId?: string;
  children: (state: FileDropState) => ReactNode;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  className?: string;
}

export function FileDrop({ accept, maxBytes, onFile, onRefuse, inputLabel, inputId, children, className, ...aria }: FileDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<FileDropState>('idle');
  const take = (file: File | undefined) => {
    if (!file) return;
    const refusal = fileRefusal(accept, maxBytes, file);
    if (refusal) onRefuse(refusal);
    else onFile(file);
  };
  const open = () => input.current?.click();
  const dragOver = (e: DragEvent) => {
    e.preventDefault();
    const item = e.dataTransfer.items[0];
    setState(item && item.kind === 'file' && acceptsFile(accept, { type: item.type }) && e.dataTransfer.items.length === 1 ? 'accept' : 'reject');
  };
  return (
    <div
      role="button"
      tabIndex={0}
      className={[classes.zone, className].filter(Boolean).join(' ')}
      data-state={state}
      onClick={open}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          open();
        }
      }}
      onDragOver={dragOver}
      onDragLeave={() => setState('idle')}
      onDrop={(e) => {
        e.preventDefault();
        setState('idle');
        take(e.dataTransfer.files[0]);
      }}
      {...aria}
    >
      <input
        ref={input}
        id={inputId}
        type="file"
        hidden
        aria-label={inputLabel}
        accept={[...Object.keys(accept), ...Object.values(accept).flat()].join(',')}
        onChange={(e) => {
          take(e.currentTarget.files?.[0]);
          // The same file chosen again is a new choice.
          e.currentTarget.value = '';
        }}
        onClick={(e) => e.stopPropagation()}
      />
      {children(state)}
    </div>
  );
}

/**
 * What a drop zone says: an icon for its state (a file that would be taken, one that would not, none dragged), the
 * invitation and a hint (the types and size; `hintId` lets the zone be described by it).
 */
export function FileDropPrompt({ state, hint, hintId, minHeight = 90 }: { state: FileDropState; hint: string; hintId?: string; minHeight?: number }) {
  const size = minHeight >= 120 ? 40 : 36;
  return (
    <Group justify="center" gap="md" mih={minHeight}>
      {state === 'accept' ? (
        <IconUpload size={size} color="var(--mantine-color-blue-6)" aria-hidden />
      ) : state === 'reject' ? (
        <IconX size={size} color="var(--mantine-color-red-6)" aria-hidden />
      ) : (
        <IconPhoto size={size} color="var(--mantine-color-dimmed)" aria-hidden />
      )}
      <div>
        <Text size="sm" fw={500}>
          Arraste a imagem aqui ou clique para escolher
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          {hint}
        </Text>
      </div>
    </Group>
  );
}
