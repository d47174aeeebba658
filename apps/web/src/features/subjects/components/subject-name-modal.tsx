import { Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { SUBJECT_LIMITS, SUBJECT_MSG, subjectNameForm } from '@edu/shared/subjects';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError } from '../../../lib/toast';
import { FormActions } from '../../../ui/form-actions';

/** 'Nova Disciplina' and the rename modal (spec 3 §2.14): field Nome, required ('Campo Obrigatório'). */
export function SubjectNameModal({
  opened,
  title,
  initialName = '',
  onClose,
  onSave,
}: {
  opened: boolean;
  title: string;
  initialName?: string;
  onClose: () => void;
  /** Saves the name; the modal closes when it resolves. */
  onSave: (name: string) => Promise<unknown>;
}) {
  const form = useForm({ initialValues: { name: initialName }, validate: zodForm(subjectNameForm) });
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (opened) form.setValues({ name: initialName });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when (re)opened
  }, [opened, initialName]);

  async function submit(values: { name: string }) {
    setSaving(true);
    try {
      await onSave(values.name.trim());
      form.reset();
      onClose();
    } catch (err) {
      if (!applyServerErrors(form, err)) toastError(err instanceof ApiError ? err.message : SUBJECT_MSG.formFail);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput label={SUBJECT_MSG.nameLabel} withAsterisk data-autofocus maxLength={SUBJECT_LIMITS.nameMax} {...form.getInputProps('name')} />
          <FormActions onCancel={onClose} saving={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
