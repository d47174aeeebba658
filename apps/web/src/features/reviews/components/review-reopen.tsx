/**
 * 'Reabrir avaliação' (spec 2 §4.2): a publishing role picks a curator and a reviewer; a new review
 * version is created and opened.
 */
import { Button, Modal } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ReviewDetail } from '@edu/shared/reviews';
import { ModalBodyLoader } from '../../../ui/lazy-dialog';

// The form (the staff lists in two selects) loads when the dialog opens, or earlier on hover or focus of its button.
const loadForm = () => import('./review-reopen-form');
const ReopenForm = lazy(() => loadForm().then((m) => ({ default: m.ReopenForm })));

export function ReviewReopen({ detail }: { detail: ReviewDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => setOpen(true)} onMouseEnter={() => void loadForm()} onFocus={() => void loadForm()}>
        Reabrir avaliação
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title="Reabrir avaliação" centered>
        {open && (
          <Suspense fallback={<ModalBodyLoader />}>
            <ReopenForm detail={detail} onClose={() => setOpen(false)} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
