/** Pieces shared by the resource forms: props, the footer, value helpers and the validation glue. */
import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { IconArrowDown, IconArrowLeft, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import type { z } from 'zod';
import { DEFAULT_EMBED_HOSTS, EMBED_MSG, embedHostOf, isAllowedEmbedUrl } from '@edu/shared/content/embed-hosts';
import { isEmptyContent } from '@edu/shared/content/unit-content';
import { zodForm } from '../../../../lib/form';
import { publicConfigQuery } from '../../../../lib/public-config';
import classes from '../resources.module.css';

export interface ResourceFormProps<T> {
  /** Provider whose galleries the file fields use. */
  providerId: number | null;
  /** Data of the block being edited (possibly invalid); undefined for a new block. */
  initial?: unknown;
  /** 'Adicionar' for a new block, 'Salvar' when editing. */
  submitLabel: string;
  onSubmit: (resource: T) => void;
  onBack: () => void;
}

/** A string field of an unknown object ('' when absent). */
export function str(obj: unknown, key: string): string {
  if (!obj || typeof obj !== 'object') return '';
  const v = (obj as Record<string, unknown>)[key];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** An array field of an unknown object ([] when absent). */
export function arr(obj: unknown, key: string): unknown[] {
  if (!obj || typeof obj !== 'object') return [];
  const v = (obj as Record<string, unknown>)[key];
  return Array.isArray(v) ? v : [];
}

/** Rich text with no content ('<p></p>', spaces, empty paragraphs): THE shared rule (`isEmptyContent`); images count. */
export const isBlankHtml = (html: string): boolean => isEmptyContent(html);

/** Optional text: trimmed, undefined when empty (so it is left out of the JSON). */
export const optional = (v: string) => v.trim() || undefined;

/** A short random id (question options). */
export function shortId(): string {
  return Math.random().toString(36).slice(2, 10).padEnd(8, '0');
}

/** Validate with a shared schema, then let `extra` add or replace messages. */
export function validateWith<V>(schema: z.ZodType, extra?: (values: V, errors: FormErrors) => FormErrors) {
  const resolve = zodForm(schema);
  return (values: V): FormErrors => {
    const errors = resolve(values);
    return extra ? extra(values, { ...errors }) : errors;
  };
}

/** Parse form output with the block's schema (trims, applies defaults); the form validated it already. */
export function toResource<T>(schema: z.ZodType<T>, value: unknown): T {
  return schema.parse(value);
}

export function FormFooter({ submitLabel, onBack, backLabel = 'Voltar' }: { submitLabel: string; onBack: () => void; backLabel?: string }) {
  return (
    <Group justify="space-between" className={classes.footer}>
      <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
        {backLabel}
      </Button>
      <Button type="submit">{submitLabel}</Button>
    </Group>
  );
}

/** Card of one entry of a dynamic list (list items, question options) with move and remove controls. */
export function ListEntry({
  label,
  index,
  count,
  noun,
  onMove,
  onRemove,
  extra,
  children,
}: {
  label: ReactNode;
  index: number;
  count: number;
  /** Name of the entry for the control labels, e.g. 'item 2'. */
  noun: string;
  onMove: (to: number) => void;
  onRemove: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          {extra}
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Mover para cima" openDelay={400}>
            <ActionIcon variant="subtle" color="gray" aria-label={`Mover ${noun} para cima`} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Mover para baixo" openDelay={400}>
            <ActionIcon variant="subtle" color="gray" aria-label={`Mover ${noun} para baixo`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={count === 1 ? 'É preciso manter ao menos um' : 'Remover'} openDelay={400}>
            <ActionIcon variant="subtle" color="red" aria-label={`Remover ${noun}`} disabled={count === 1} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

/** Focus an element of `root` after React painted it (new list entry, first field of a form). */
export function focusLater(root: HTMLElement | null, selector: string) {
  window.setTimeout(() => root?.querySelector<HTMLElement>(selector)?.focus(), 0);
}

/**
 * The sites unit content may embed, as the server accepts them (public config: the defaults plus the operator's
 * EMBED_ALLOWED_HOSTS); the defaults until it answers. A ref, so a form's validation reads the latest list.
 */
export function useEmbedHosts(): { hosts: readonly string[]; latest: { current: readonly string[] } } {
  const config = useQuery(publicConfigQuery());
  const hosts = config.data?.embedHosts ?? DEFAULT_EMBED_HOSTS;
  const latest = useRef<readonly string[]>(hosts);
  latest.current = hosts;
  return { hosts, latest };
}

/** The server's refusal of an address on a site outside the list, said before saving; undefined when accepted. */
export function embedUrlError(url: string, hosts: readonly string[]): string | undefined {
  if (isAllowedEmbedUrl(url.trim(), hosts)) return undefined;
  const host = embedHostOf(url);
  return host ? EMBED_MSG.hostRefused(host) : undefined;
}

/** The accepted sites, under a field that takes an address of another site. */
export function AcceptedHosts({ hosts }: { hosts: readonly string[] }) {
  return (
    <Text size="xs" c="dimmed" data-testid="embed-hosts">
      {EMBED_MSG.acceptedHosts} {hosts.join(', ')}.
    </Text>
  );
}
