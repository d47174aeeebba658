/**
 * A modal dialog on the native <dialog> (`showModal`): the browser keeps focus inside and the page behind inert,
 * Escape closes it (through `onClose`), the close button is named 'Fechar janela' (as the app's Mantine modals), and
 * focus returns to what had it before. Its content is mounted only while it is open (a new opening starts afresh).
 */
import { IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import classes from './basic.module.css';

export const DIALOG_TEXT = { close: 'Fechar janela' } as const;

export interface DialogProps {
  opened: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}

export function Dialog({ opened, onClose, title, children }: DialogProps) {
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !opened) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal?.();
    // The first field, not the close button: where the reader starts.
    dialog.querySelector<HTMLElement>('[data-autofocus], input, textarea, select')?.focus();
    return () => {
      if (dialog.open) dialog.close?.();
      before?.focus();
    };
  }, [opened]);
  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={`${id}-title`}
      onCancel={(e) => {
        // Escape: the owner closes it (and resets what it holds).
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it, as Mantine's overlay does.
        if (e.target !== e.currentTarget) return;
        const box = e.currentTarget.getBoundingClientRect();
        const inside = e.clientX >= box.left && e.clientX <= box.right && e.clientY >= box.top && e.clientY <= box.bottom;
        if (!inside) onClose();
      }}
    >
      {opened && (
        <>
          <div className={classes.dialogHeader}>
            <h2 className={classes.dialogTitle} id={`${id}-title`}>
              {title}
            </h2>
            <button type="button" className={classes.close} aria-label={DIALOG_TEXT.close} onClick={onClose}>
              <IconX size={18} aria-hidden />
            </button>
          </div>
          <div className={classes.dialogBody}>{children}</div>
        </>
      )}
    </dialog>
  );
}
