/**
 * The action buttons of the review screen (spec 2 §2.5, §4.2), from the moves the server allows the
 * caller now (`detail.moves`): 'Aprovar' (or 'Publicar' for the decision), 'Reprovar', 'Enviar para
 * Correção'. Each asks 'Tem certeza que deseja mudar o status deste item para {label}' with the remark
 * 'Esta ação pode ser desfeita' and a comment, required when the move needs one.
 */
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconArrowBackUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG } from '@edu/shared/messages';
import { reviewStatusLabel, type StageStatus } from '@edu/shared/review-machine';
import { REVIEW_MSG, type ReviewDetail } from '@edu/shared/reviews';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useUpdateReviewStatus } from '../api';

type Move = ReviewDetail['moves'][number];

const ORDER = ['curation', 'revision', 'decision'] as const;

/** One button per status: the earliest stage wins, as the server resolves it (review-machine `resolveMove`). */
export function reviewButtons(moves: Move[]): (Move & { label: string })[] {
  const byStatus = new Map<StageStatus, Move>();
  for (const m of [...moves].sort((a, b) => ORDER.indexOf(a.stage) - ORDER.indexOf(b.stage))) {
    if (!byStatus.has(m.status)) byStatus.set(m.status, m);
  }
  const order: StageStatus[] = ['approved', 'correction', 'reproved'];
  return order
    .filter((s) => byStatus.has(s))
    .map((s) => {
      const m = byStatus.get(s)!;
      const label = s === 'approved' ? (m.stage === 'decision' ? 'Publicar' : 'Aprovar') : s === 'reproved' ? 'Reprovar' : 'Enviar para Correção';
      return { ...m, label };
    });
}

const DONE: Record<StageStatus, string> = { approved: 'aprovado', reproved: 'reprovado', correction: 'enviado para correção' };

export function ReviewActions({ detail }: { detail: ReviewDetail }) {
  const [open, setOpen] = useState<(Move & { label: string }) | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const buttons = reviewButtons(detail.moves);

  const update = useUpdateReviewStatus({
    onSuccess: (_r, v) => {
      toastSuccess(REVIEW_MSG.statusDone(open?.stage === 'decision' && v.status === 'approved' ? 'publicado' : DONE[v.status]));
      setOpen(null);
    },
    onError: (err) => toastError(err instanceof ApiError && err.status < 500 ? err.message : REVIEW_MSG.listFail),
  });

  if (buttons.length === 0) return null;

  const start = (b: Move & { label: string }) => {
    setComment('');
    setError(null);
    setOpen(b);
  };
  const submit = () => {
    if (!open) return;
    if (open.needsComment && !comment.trim()) {
      setError(REVIEW_MSG.commentRequired);
      return;
    }
    update.mutate({ ids: [detail.id], status: open.status, comment });
  };

  return (
    <>
      <Group gap="xs" role="group" aria-label="Ações da avaliação">
        {buttons.map((b) => (
          <Button
            key={b.status}
            size="sm"
            color={b.status === 'approved' ? 'green' : b.status === 'reproved' ? 'red' : 'orange'}
            variant={b.status === 'approved' ? 'filled' : 'light'}
            leftSection={b.status === 'approved' ? <IconCheck size={16} aria-hidden /> : b.status === 'reproved' ? <IconX size={16} aria-hidden /> : <IconArrowBackUp size={16} aria-hidden />}
            onClick={() => start(b)}
          >
            {b.label}
          </Button>
        ))}
      </Group>
      <Modal opened={open !== null} onClose={() => setOpen(null)} centered title={open ? REVIEW_MSG.confirmStatus(open.stage === 'decision' && open.status === 'approved' ? 'Publicado' : reviewStatusLabel(open.status)) : ''}>
        <Stack gap="md">
          <Text size="sm">{MSG.canBeUndone}</Text>
          <Textarea
            label="Comentário"
            required={open?.needsComment}
            autosize
            minRows={3}
            maxLength={5000}
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(null)}>
              Cancelar
            </Button>
            <Button color={open?.status === 'reproved' ? 'red' : undefined} loading={update.isPending} onClick={submit}>
              {open?.label ?? 'Confirmar'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
