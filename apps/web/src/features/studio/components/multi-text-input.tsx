/**
 * A list of text inputs for a multi-value field (authors, learning objectives, references — spec 2 §5):
 * there is always exactly one empty input at the end; typing into it adds an entry and a new empty input;
 * an entry emptied is dropped when its input loses focus; each entry can be removed. Enter moves to the
 * next input. With `splitPasteOn`, pasting text containing that separator into an input creates one
 * entry per piece (references "separated by an asterisk").
 */
import { CloseButton, Input, Stack, TextInput, Tooltip } from '@mantine/core';
import { useId, useRef, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';

export interface MultiTextInputProps {
  label: ReactNode;
  description?: ReactNode;
  /** The entries; may hold empties while the user types (they are dropped on blur and when sent). */
  value: string[];
  onChange(value: string[]): void;
  placeholder?: string;
  /** Accessible name of each input, numbered: `${itemLabel} 1`. */
  itemLabel: string;
  splitPasteOn?: string;
  error?: ReactNode;
  maxLength?: number;
}

/** The entries with exactly one trailing empty input. */
export function withTrailingEmpty(value: string[]): string[] {
  const out = [...value];
  const blank = (i: number) => out[i]!.trim() === '';
  while (out.length > 1 && blank(out.length - 1) && blank(out.length - 2)) out.pop();
  if (out.length === 0 || !blank(out.length - 1)) out.push('');
  return out;
}

/** The entries without empties, plus the trailing empty one (what remains when the list loses focus). */
export function compact(value: string[]): string[] {
  return withTrailingEmpty(value.filter((s) => s.trim() !== ''));
}

export function MultiTextInput({ label, description, value, onChange, placeholder, itemLabel, splitPasteOn, error, maxLength = 2000 }: MultiTextInputProps) {
  const labelId = useId();
  const rows = withTrailingEmpty(value);
  const latest = useRef(rows);
  latest.current = rows;
  const group = useRef<HTMLDivElement>(null);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  const set = (index: number, text: string) => {
    const next = [...rows];
    next[index] = text;
    onChange(withTrailingEmpty(next));
  };

  const remove = (index: number) => {
    const next = compact(rows.filter((_, i) => i !== index));
    onChange(next);
    requestAnimationFrame(() => inputs.current[Math.min(index, next.length - 1)]?.focus());
  };

  // Emptied entries go once focus leaves the list (not while moving between its inputs).
  const onBlur = () => {
    requestAnimationFrame(() => {
      if (group.current?.contains(document.activeElement)) return;
      const next = compact(latest.current);
      if (next.length !== latest.current.length) onChange(next);
    });
  };

  const onKeyDown = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    e.preventDefault();
    inputs.current[index + 1]?.focus();
  };

  const onPaste = (index: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    if (!splitPasteOn) return;
    const text = e.clipboardData.getData('text');
    if (!text.includes(splitPasteOn)) return;
    e.preventDefault();
    const pieces = text
      .split(splitPasteOn)
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .filter((s) => s !== '');
    if (pieces.length === 0) return;
    const current = rows[index]!.trim();
    const next = current === '' ? [...rows.slice(0, index), ...pieces, ...rows.slice(index + 1)] : [...rows.slice(0, index + 1), ...pieces, ...rows.slice(index + 1)];
    onChange(compact(next));
    const last = (current === '' ? index : index + 1) + pieces.length - 1;
    requestAnimationFrame(() => inputs.current[last + 1]?.focus());
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" labelProps={{ id: labelId }}>
      <Stack gap={6} mt={4} role="group" aria-labelledby={labelId} ref={group}>
        {rows.map((text, i) => {
          const trailing = i === rows.length - 1;
          return (
            <TextInput
              key={i}
              ref={(el) => {
                inputs.current[i] = el;
              }}
              aria-label={`${itemLabel} ${i + 1}`}
              placeholder={trailing ? placeholder : undefined}
              value={text}
              maxLength={maxLength}
              onChange={(e) => set(i, e.currentTarget.value)}
              onBlur={onBlur}
              onKeyDown={onKeyDown(i)}
              onPaste={onPaste(i)}
              rightSection={
                trailing ? null : (
                  <Tooltip label="Remover">
                    <CloseButton size="sm" aria-label={`Remover ${itemLabel.toLowerCase()} ${i + 1}`} onClick={() => remove(i)} />
                  </Tooltip>
                )
              }
            />
          );
        })}
      </Stack>
    </Input.Wrapper>
  );
}
