/**
 * Approve or reprove from the staff units list (spec 2 §4.2): 'Tem certeza que deseja mudar o status
 * deste item para {label}' with the remark 'Esta ação pode ser desfeita' and a comment (required when
 * the move needs one: reproving always does). An empty comment goes as a blank.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { MSG } from '@edu/shared/messages';
import { REVIEW_MSG } from '@edu/shared/reviews';
import { reviewStatusLabel } from '@edu/shared/review-machine';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateStaffStatus } from '../api';

import { STATUS_ACTION_LABELS, type StaffStatusChange } from './staff-status-labels';

export { STATUS_ACTION_LABELS, type StaffStatusChange } from './staff-status-labels';

export function StaffStatusModal({ change, onClose, onDone }: { change: StaffStatusChange | null; onClose: () => void; onDone?: () => void }) {
  const form = useForm({
    initialValues: { comment: '' },
    validate: { comment: (v: string) => (change?.needsComment && !v.trim() ? REVIEW_MSG.commentRequired : null) },
  });

  useEffect(() => {
    form.setValues({ comment: '' });
    form.clearErrors();
    // Only when another change opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [change]);

  // The last change stays on screen while the modal closes.
  const [shown, setShown] = useState(change);
  if (change && change !== shown) setShown(change);
  const label = shown ? reviewStatusLabel(shown.status) : '';

  const update = useUpdateStaffStatus({
    onSuccess: () => {
      toastSuccess(REVIEW_MSG.statusDone(label));
      onDone?.();
      onClose();
    },
    // A refusal of the state table says why; anything else is the list-or-status failure of spec 2 §8.
    onError: (err) => {
      const refused = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401;
      toastError(refused ? err.message : REVIEW_MSG.listFail);
    },
  });

  // Awaited, so the form shows it is submitting until the list is fresh.
  async function submit({ comment }: { comment: string }) {
    if (!change) return;
    await update.mutateAsync({ ids: change.reviewIds, status: change.status, comment }).catch(() => undefined);
  }

  return (
    <Modal opened={change !== null} onClose={onClose} title={REVIEW_MSG.confirmStatus(label)} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <Text size="sm">{MSG.canBeUndone}</Text>
          <Textarea
            label="Comentário"
            placeholder={shown?.needsComment ? 'Justifique esta decisão' : 'Opcional'}
            required={shown?.needsComment}
            autosize
            minRows={3}
            maxLength={5000}
            data-autofocus
            {...form.getInputProps('comment')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" color={shown?.status === 'approved' ? 'green' : 'red'} loading={form.submitting}>
              {shown ? STATUS_ACTION_LABELS[shown.status] : ''}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
