/** The Add button of a catalogue unit (spec 3 §2.13): opens 'Adicionar à disciplina'. Not for users who may not add. */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { subjectAbilities } from '@edu/shared/subjects';
import { CATALOGUE_MSG } from '@edu/shared/catalogue';
import { useSessionUser } from '../../../lib/session';
import { LazyAddToSubjectModal, preloadAddToSubject } from '../../subjects';

export function AddToSubjectButton({ itemId, itemContentId, title, size = 'xs' }: { itemId: number; itemContentId: number; title: string; size?: 'xs' | 'sm' }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!user || !subjectAbilities(user.type).edit) return null;
  return (
    <>
      <Button size={size} variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setOpen(true)} onMouseEnter={() => void preloadAddToSubject()} onFocus={() => void preloadAddToSubject()} aria-label={`${CATALOGUE_MSG.add} ${title}`}>
        {CATALOGUE_MSG.add}
      </Button>
      <LazyAddToSubjectModal itemId={itemId} itemContentId={itemContentId} title={title} opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
