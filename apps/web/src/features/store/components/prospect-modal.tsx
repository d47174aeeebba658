import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { prospectForm, STORE_LIMITS, STORE_MSG } from '@edu/shared/store';
import { LIMITS } from '@edu/shared/limits';
import { ApiError } from '../../../lib/api';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { sendProspect } from '../api';

/** The prospect form of 'Clique aqui e conheça mais!' (spec 3 §2.6, §5): email, phone, fullName. */
export function ProspectModal({ partner, onClose }: { partner: { id: number; companyName: string } | null; onClose: () => void }) {
  const form = useForm({ initialValues: { email: '', phone: '', fullName: '' }, validate: zodForm(prospectForm) });
  const [sending, setSending] = useState(false);

  async function submit(values: typeof form.values) {
    if (!partner) return;
    setSending(true);
    try {
      const res = await sendProspect({ providerId: partner.id, ...values });
      toastSuccess(res.message);
      form.reset();
      onClose();
    } catch (err) {
      if (!applyServerErrors(form, err)) toastError(err instanceof ApiError ? err.message : STORE_MSG.addFail);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal opened={partner !== null} onClose={onClose} title={partner ? `Conheça ${partner.companyName}` : ''} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <TextInput label="Nome completo" withAsterisk maxLength={LIMITS.nameMax} {...form.getInputProps('fullName')} />
          <TextInput label="E-mail" type="email" withAsterisk maxLength={LIMITS.emailMax} {...form.getInputProps('email')} />
          <TextInput label="Telefone" type="tel" withAsterisk maxLength={STORE_LIMITS.phoneMax} {...form.getInputProps('phone')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={sending}>
              Enviar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
