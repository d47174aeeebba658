/** The form of 'Reabrir avaliação' (review-reopen.tsx): the curator and the reviewer of the new review version. */
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REVIEW_MSG, type ReviewDetail } from '@edu/shared/reviews';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { staffQuery, useReopenReview } from '../api';

const option = (p: { id: number; name: string }) => ({ value: String(p.id), label: `${p.name} (${p.id})` });

export function ReopenForm({ detail, onClose }: { detail: ReviewDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const curators = useQuery(staffQuery('curator'));
  const reviewers = useQuery(staffQuery('review'));
  const [curatorId, setCurator] = useState<string | null>(String(detail.curator.id));
  const [reviewerId, setReviewer] = useState<string | null>(String(detail.reviewer.id));
  const [error, setError] = useState<string | null>(null);
  const reopen = useReopenReview({
    onSuccess: () => toastSuccess(REVIEW_MSG.delegated),
    onError: (err) => toastError(err instanceof ApiError && err.status < 500 && err.message ? err.message : REVIEW_MSG.delegationFail),
  });
  const submit = () => {
    if (!curatorId || !reviewerId) {
      setError(REVIEW_MSG.fillAll);
      return;
    }
    // Once the lists are fresh: the modal closes and the new version opens.
    reopen
      .mutateAsync({ id: detail.id, curatorId: Number(curatorId), reviewerId: Number(reviewerId), contentIds: [detail.itemContentId] })
      .then(({ ids }) => {
        onClose();
        if (ids[0]) void navigate(`/dashboard/units/review/${ids[0]}`);
      })
      .catch(() => undefined);
  };
  return (
    <Stack gap="md">
      <Text size="sm">Uma nova versão da avaliação será criada e a unidade volta para análise.</Text>
      <Select label="Curador" data={(curators.data ?? []).map(option)} value={curatorId} onChange={(v) => (setCurator(v), setError(null))} searchable required comboboxProps={{ withinPortal: true }} />
      <Select label="Revisor" data={(reviewers.data ?? []).map(option)} value={reviewerId} onChange={(v) => (setReviewer(v), setError(null))} searchable required comboboxProps={{ withinPortal: true }} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button loading={reopen.isPending} onClick={submit}>
          Reabrir avaliação
        </Button>
      </Group>
    </Stack>
  );
}
