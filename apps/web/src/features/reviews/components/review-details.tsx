/**
 * Unit details of a review (spec 2 §2.5): provider, knowledge areas, learning levels, the responsible
 * curator and reviewer with their avatars, and 'Editar Detalhes Da Unidade' (knowledge areas and
 * learning levels) for those who may edit the unit in this review.
 */
import { Avatar, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { ReviewDetail } from '@edu/shared/reviews';
import type { UnitContent } from '@edu/shared/units';
import { LabeledValue } from '../../../ui/labeled-value';
import { ModalBodyLoader } from '../../../ui/lazy-dialog';

// The form (two multi-selects) loads when the dialog opens, or earlier on hover or focus of its button.
const loadForm = () => import('./review-details-form');
const EditDetails = lazy(() => loadForm().then((m) => ({ default: m.EditDetails })));

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
          <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={() => setEditing(true)} onMouseEnter={() => void loadForm()} onFocus={() => void loadForm()} style={{ alignSelf: 'flex-start' }}>
            Editar Detalhes Da Unidade
          </Button>
          <Modal opened={editing} onClose={() => setEditing(false)} title="Editar Detalhes Da Unidade" centered>
            {editing && (
              <Suspense fallback={<ModalBodyLoader />}>
                <EditDetails unit={unit} onDone={() => setEditing(false)} />
              </Suspense>
            )}
          </Modal>
        </>
      )}
    </Stack>
  );
}
