/**
 * Unit details of a review (spec 2 §2.5): provider, knowledge areas, learning levels, the responsible
 * curator and reviewer with their avatars, and 'Editar Detalhes Da Unidade' (knowledge areas and
 * learning levels) for those who may edit the unit in this review.
 */
import { Avatar, Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { REVIEW_MSG, type ReviewDetail } from '@edu/shared/reviews';
import type { UnitContent } from '@edu/shared/units';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LabeledValue } from '../../../ui/labeled-value';
import { knowledgeQuery, levelsQuery } from '../../units';
import { useUpdateReviewKnowledge } from '../api';

function Person({ label, person }: { label: string; person: { name: string; avatar: string | null } }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Avatar src={person.avatar} alt="" radius="xl" size="sm" name={person.name} color="initials" />
        <Text size="sm">{person.name}</Text>
      </Group>
    </div>
  );
}

export function ReviewDetails({ detail, unit, canEdit }: { detail: ReviewDetail; unit: UnitContent | undefined; canEdit: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="sm">
      <LabeledValue label="Fornecedor" value={detail.provider.name} />
      <LabeledValue label="Áreas de conhecimento" value={detail.knowledges.map((k) => k.title).join(', ') || 'Não informadas'} />
      <LabeledValue label="Níveis de aprendizagem" value={detail.levelOfLearning.join(', ') || 'Não informados'} />
      <Person label="Curador responsável" person={detail.curator} />
      <Person label="Revisor responsável" person={detail.reviewer} />
      {canEdit && unit && (
        <>
          <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setEditing(true)} style={{ alignSelf: 'flex-start' }}>
            Editar Detalhes Da Unidade
          </Button>
          <Modal opened={editing} onClose={() => setEditing(false)} title="Editar Detalhes Da Unidade" centered>
            {editing && <EditDetails unit={unit} onDone={() => setEditing(false)} />}
          </Modal>
        </>
      )}
    </Stack>
  );
}

function EditDetails({ unit, onDone }: { unit: UnitContent; onDone: () => void }) {
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
