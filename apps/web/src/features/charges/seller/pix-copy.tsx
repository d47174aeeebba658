/**
 * The Pix copia e cola of a charge in a read-only field, with 'Copiar código'. The clipboard API needs a secure context
 * and the page's permission; without it the field's text is selected and copied the old way (`execCommand('copy')`),
 * and when even that fails the text stays selected with a note to copy it by hand. The outcome is said in a status
 * next to the button (read by screen readers), not only shown.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

export const COPIED = 'Código copiado!';
export const COPY_FAILED = 'Não foi possível copiar. O código está selecionado: copie com Ctrl+C (ou toque e segure no celular).';

/** Copies `text`; `field` is selected for the fallback. Resolves whether the text reached the clipboard. */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure context): the old way below.
  }
  if (!field) return false;
  field.focus();
  field.select();
  field.setSelectionRange(0, text.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

export function PixCopy({ code, label = 'Pix copia e cola' }: { code: string; label?: string }) {
  const field = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (outcome !== 'copied') return;
    const t = setTimeout(() => setOutcome(null), 4000);
    return () => clearTimeout(t);
  }, [outcome]);
  return (
    <Stack gap={6}>
      <TextInput
        ref={field}
        label={label}
        value={code}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
      />
      <Group gap="sm" wrap="wrap">
        <Button
          variant="light"
          leftSection={outcome === 'copied' ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
          onClick={() => void copyText(code, field.current).then((ok) => setOutcome(ok ? 'copied' : 'failed'))}
        >
          Copiar código
        </Button>
        <Text role="status" size="sm" c={outcome === 'failed' ? 'red.9' : undefined} fw={500}>
          {outcome === 'copied' ? COPIED : outcome === 'failed' ? COPY_FAILED : ''}
        </Text>
      </Group>
    </Stack>
  );
}
