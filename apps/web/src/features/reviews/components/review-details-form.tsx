/** 'Editar Detalhes Da Unidade' of review-details.tsx: the knowledge areas and learning levels of the unit under review. */
import { Button, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { REVIEW_MSG } from '@edu/shared/reviews';
import type { UnitContent } from '@edu/shared/units';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { knowledgeQuery, levelsQuery } from '../../units';
import { useUpdateReviewKnowledge } from '../api';

export function EditDetails({ unit, onDone }: { unit: UnitContent; onDone: () => void }) {
  const areas = useQuery(knowledgeQuery);
  const levels = useQuery(levelsQuery);
  const [knowledges, setKnowledges] = useState(unit.knowledges.map((k) => String(k.id)));
  const [levelOfLearning, setLevels] = useState(unit.levelOfLearning);
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateReviewKnowledge({
    onSuccess: () => {
      toastSuccess(REVIEW_MSG.saved);
      onDone();
    },
    onError: (err) => toastError(err instanceof ApiError && err.status === 400 && err.message ? err.message : REVIEW_MSG.saveFail),
  });
  const areaOptions = (areas.data ?? []).filter((a) => a.type === unit.learningType).map((a) => ({ value: String(a.id), label: a.title }));
  const levelOptions = levels.data?.[unit.learningType] ?? [];
  const submit = () => {
    if (knowledges.length === 0 || levelOfLearning.length === 0) {
      setError(REVIEW_MSG.fillAll);
      return;
    }
    save.mutate({ id: unit.id, knowledges: knowledges.map(Number), levelOfLearning });
  };
  return (
    <Stack gap="md">
      <MultiSelect label="Áreas de conhecimento" data={areaOptions} value={knowledges} onChange={(v) => (setKnowledges(v), setError(null))} searchable required comboboxProps={{ withinPortal: true }} />
      <MultiSelect label="Níveis de aprendizagem" data={levelOptions} value={levelOfLearning} onChange={(v) => (setLevels(v), setError(null))} required comboboxProps={{ withinPortal: true }} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Cancelar
        </Button>
        <Button loading={save.isPending} onClick={submit}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
