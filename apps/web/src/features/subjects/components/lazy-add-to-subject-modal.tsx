/**
 * 'Adicionar à disciplina' (add-to-subject-modal.tsx) for the catalogue's buttons: the dialog and its searchable select
 * load when first opened (`preloadAddToSubject` starts that on hover or focus of the button), not with the page.
 */
import { lazy } from 'react';
import { OnceOpened } from '../../../ui/lazy-dialog';
import type { AddToSubjectModalProps } from './add-to-subject-modal';

export const preloadAddToSubject = () => import('./add-to-subject-modal');
const AddToSubjectModal = lazy(() => preloadAddToSubject().then((m) => ({ default: m.AddToSubjectModal })));

export function LazyAddToSubjectModal(props: AddToSubjectModalProps) {
  return (
    <OnceOpened open={props.opened}>
      <AddToSubjectModal {...props} />
    </OnceOpened>
  );
}
