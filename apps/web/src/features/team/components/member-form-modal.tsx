import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { manageableTypes, USER_TYPE_LABELS, type UserType } from '@edu/shared/access';
import type { SessionUser } from '@edu/shared/auth';
import { MSG } from '@edu/shared/messages';
import { teamMemberBody } from '@edu/shared/team';
import type { UserRow } from '@edu/shared/users';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSaveMember } from '../api';

interface Values {
  name: string;
  email: string;
  type: UserType | null;
}

/** New member (no `member`) or edit member: name, e-mail and type, all required (spec 1 §5). */
export function MemberFormModal({ viewer, opened, member, onClose }: { viewer: SessionUser; opened: boolean; member: UserRow | null; onClose: () => void }) {
  const save = useSaveMember(viewer);
  const form = useForm<Values>({ initialValues: { name: '', email: '', type: null }, validate: zodForm(teamMemberBody) });
  const types = manageableTypes(viewer.type).map((t) => ({ value: t, label: USER_TYPE_LABELS[t] }));

  useEffect(() => {
    if (!opened) return;
    const next: Values = member ? { name: member.name, email: member.email, type: member.type } : { name: '', email: '', type: null };
    form.setValues(next);
    form.resetDirty();
    form.clearErrors();
    // Only when the modal opens or the member changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, member]);

  async function submit(values: Values) {
    const body = { name: values.name, email: values.email, type: values.type! };
    try {
      await save.mutateAsync({ id: member?.id, body });
      toastSuccess(member ? MSG.userEdited : MSG.userCreated);
      onClose();
    } catch (err) {
      if (applyServerErrors(form, err)) return;
      if (err instanceof ApiError && err.code === 'EMAIL_IN_USE') form.setFieldError('email', err.message);
      else if (err instanceof ApiError && err.status === 403) toastError(err.message);
      else toastError(MSG.statusChangeFail);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={member ? 'Editar membro' : 'Novo membro'} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack>
          <TextInput label="Nome" required data-autofocus autoComplete="off" {...form.getInputProps('name')} />
          <TextInput label="E-mail" type="email" required autoComplete="off" {...form.getInputProps('email')} />
          <Select label="Tipo de usuário" placeholder="Selecione o tipo" required data={types} allowDeselect={false} {...form.getInputProps('type')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={form.submitting}>
              {member ? 'Salvar' : 'Cadastrar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
