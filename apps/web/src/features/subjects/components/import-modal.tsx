/** 'Importar Disciplina' (spec 3 §2.14, §4; sellers only): a subject of a provider the institution actively rents. */
import { Alert, Loader, Modal, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SUBJECT_MSG } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { FormActions } from '../../../ui/form-actions';
import { importableQuery, useImportSubject } from '../api';

export function ImportModal({ opened, onClose, onImported }: { opened: boolean; onClose: () => void; onImported: (subjectId: number) => void }) {
  const importable = useQuery({ ...importableQuery(), enabled: opened });
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const importing = useImportSubject();

  async function submit() {
    if (!value) return setError(SUBJECT_MSG.required);
    setSaving(true);
    try {
      const res = await importing.mutateAsync(Number(value));
      toastSuccess(res.message);
      onImported(res.subject_id);
      setValue(null);
      onClose();
    } catch (err) {
      toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
    } finally {
      setSaving(false);
    }
  }

  const data = (importable.data ?? []).map((s) => ({ value: String(s.id), label: `${s.companyName} — ${s.name} (${SUBJECT_MSG.unitsCount(s.itemsCount)})` }));
  return (
    <Modal opened={opened} onClose={onClose} title={SUBJECT_MSG.importSubject} centered>
      <Stack gap="sm">
        {importable.isPending ? (
          <Loader size="sm" aria-label="Carregando" />
        ) : data.length === 0 ? (
          <Alert color="gray">{SUBJECT_MSG.importNothing}</Alert>
        ) : (
          <Select
            label={SUBJECT_MSG.importPick}
            withAsterisk
            searchable
            data={data}
            value={value}
            error={error}
            onChange={(v) => {
              setValue(v);
              setError(null);
            }}
            nothingFoundMessage="Nenhuma disciplina"
          />
        )}
        <FormActions onCancel={onClose} saving={saving} onSave={() => void submit()} label="Importar" disabled={data.length === 0} />
      </Stack>
    </Modal>
  );
}
