import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * The one confirmation dialog (needs the ModalsProvider of lib/query.tsx). Resolves true when the
 * user confirms.
 */
export function confirm(opts: { title: string; message: string; confirmLabel?: string; cancelLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title,
      centered: true,
      children: <Text size="sm">{opts.message}</Text>,
      labels: { confirm: opts.confirmLabel ?? 'Confirmar', cancel: opts.cancelLabel ?? 'Cancelar' },
      confirmProps: { color: opts.danger ? 'red' : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
