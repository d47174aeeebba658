/**
 * Dialogs whose code loads on first use (a modal's form, a drawer): what they show meanwhile. A page keeps the dialog's
 * module out of its first load with `lazy(() => import(…))` and mounts it through these.
 */
import { Center, Loader } from '@mantine/core';
import { Suspense, useState, type ReactNode } from 'react';

/** What a dialog shows while its form loads: a spinner in about the form's height. */
export function ModalBodyLoader({ h = 160 }: { h?: number }) {
  return (
    <Center h={h} role="status" aria-busy="true" aria-label="Carregando">
      <Loader size="sm" />
    </Center>
  );
}

/**
 * Renders a lazily loaded dialog from the first time `open` is true on (nothing before: its code is not fetched), and
 * keeps it mounted afterwards so that closing plays the dialog's transition.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used ? <Suspense fallback={null}>{children}</Suspense> : null;
}
