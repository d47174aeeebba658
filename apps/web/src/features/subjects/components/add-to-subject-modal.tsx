/**
 * 'Adicionar à disciplina' (spec 3 §2.13, §5): choose which of the caller's subjects receives the
 * unit, or type a new name and pick 'Criar nova: …' — the option appears once typing has paused for 1 s (a debounced
 * creatable option) and creates the subject at once. Nothing chosen: 'Campo Obrigatório'. The catalogue pages mount
 * it (props: the unit's item id, its published version, its title).
 */
import { Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SUBJECT_LIMITS, SUBJECT_MSG } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { FormActions } from '../../../ui/form-actions';
import { subjectsQuery, useAddUnitToSubject, useCreateSubject } from '../api';
import { useSubjectOwner } from './use-subject-owner';

const CREATE = '__create__';
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').trim().toLowerCase();

export interface AddToSubjectModalProps {
  itemId: number;
  /** The unit's published version (the one the subject pins). */
  itemContentId: number;
  title: string;
  opened: boolean;
  onClose: () => void;
}

export function AddToSubjectModal(props: AddToSubjectModalProps) {
  const me = useSubjectOwner();
  if (!me || !me.can.edit) return null;
  return <AddToSubject {...props} owner={me.owner} />;
}

function AddToSubject({ itemId, itemContentId, title, opened, onClose, owner }: AddToSubjectModalProps & { owner: NonNullable<ReturnType<typeof useSubjectOwner>>['owner'] }) {
  const creation = useCreateSubject(owner);
  const adding = useAddUnitToSubject(owner.side);
  const subjects = useQuery({ ...subjectsQuery(owner), enabled: opened });
  const [value, setValue] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SUBJECT_LIMITS.createOptionDelayMs);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'add' | null>(null);

  const list = subjects.data ?? [];
  const typed = debounced.trim();
  const chosenLabel = list.find((s) => String(s.id) === value)?.name;
  const offerCreate = typed.length > 0 && typed === search.trim() && typed !== chosenLabel && !list.some((s) => fold(s.name) === fold(typed));
  const data = [
    ...list.map((s) => ({ value: String(s.id), label: s.name })),
    ...(offerCreate ? [{ value: CREATE, label: SUBJECT_MSG.createOption(typed.slice(0, SUBJECT_LIMITS.nameMax)) }] : []),
  ];

  function close() {
    setValue(null);
    setSearch('');
    setError(null);
    onClose();
  }

  async function choose(next: string | null) {
    setError(null);
    if (next !== CREATE) return setValue(next);
    const name = typed.slice(0, SUBJECT_LIMITS.nameMax);
    setBusy('create');
    try {
      const res = await creation.mutateAsync(name);
      toastSuccess(res.message);
      setValue(String(res.subject_id));
      setSearch(name);
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
    } finally {
      setBusy(null);
    }
  }

  async function add() {
    if (!value || value === CREATE) return setError(SUBJECT_MSG.required);
    setBusy('add');
    try {
      const res = await adding.mutateAsync({ subjectId: Number(value), itemId, itemContentId });
      toastSuccess(res.message);
      close();
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={SUBJECT_MSG.addToSubject} centered>
      <Stack gap="sm">
        <Text size="sm">
          Unidade: <strong>{title}</strong>
        </Text>
        <Select
          label={SUBJECT_MSG.chooseSubject}
          placeholder="Escolha ou digite o nome de uma nova disciplina"
          withAsterisk
          searchable
          data={data}
          value={value}
          onChange={(v) => void choose(v)}
          searchValue={search}
          onSearchChange={setSearch}
          error={error}
          disabled={busy === 'create'}
          nothingFoundMessage={search.trim() ? 'Aguarde para criar uma nova disciplina…' : SUBJECT_MSG.empty}
          maxLength={SUBJECT_LIMITS.nameMax}
          comboboxProps={{ withinPortal: true }}
        />
        <FormActions onCancel={close} saving={busy === 'add'} onSave={() => void add()} label="Adicionar" />
      </Stack>
    </Modal>
  );
}
