/**
 * The institution access modal (spec 3 §2.10, §5 "Institution form", §8): 'Criar Acesso para Instiuição' or
 * 'Editar Acesso da Intituição' (spelt so). User name, CNPJ (masked when creating, plain when editing; check digits
 * checked here and on the server), institution name, user e-mail, the plan its prices follow, and the logo.
 */
import { Avatar, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { CNPJ_MASK, maskCnpj, onlyDigits } from '@edu/shared/format';
import { MSG } from '@edu/shared/messages';
import { planLabel } from '@edu/shared/plans';
import {
  GRANTS_LEGEND,
  INSTITUTION_GRANT_LABELS,
  INSTITUTION_GRANTS,
  INSTITUTION_MSG,
  institutionCreateBody,
  institutionUpdateBody,
  normalizeGrants,
  type InstitutionRow,
} from '@edu/shared/institutions';
import { ApiError } from '../../../lib/api';
import { readyToSend } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LogoDropzone, MaskedInput } from '../../auth';
import { planOptionsQuery, useSaveInstitution } from '../api';
import { FormActions } from '../../../ui/form-actions';

type Values = { nameUser: string; cnpj: string; sellerName: string; email: string; planId: string | null; grants: string[] };

const DEFAULT_LOGO = '/avatar-default.svg';

export function InstitutionAccessModal({ editing, opened, onClose }: { editing: InstitutionRow | null; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? INSTITUTION_MSG.editTitle : INSTITUTION_MSG.createTitle} size="lg" centered>
      {/* Keyed: a new form for each institution (and for each new one). */}
      {opened && <AccessForm key={editing?.id ?? 'new'} editing={editing} onClose={onClose} />}
    </Modal>
  );
}

function AccessForm({ editing, onClose }: { editing: InstitutionRow | null; onClose: () => void }) {
  const plans = useQuery(planOptionsQuery());
  const [logo, setLogo] = useState<File | null>(null);
  const form = useForm<Values>({
    initialValues: {
      nameUser: editing?.user?.name ?? '',
      cnpj: editing ? onlyDigits(editing.cnpj) : '',
      sellerName: editing?.name ?? '',
      email: editing?.user?.email ?? '',
      planId: editing?.planId ? String(editing.planId) : null,
      grants: editing?.grants ?? [],
    },
  });

  const planId = (v: Values) => (v.planId ? Number(v.planId) : undefined);
  const createPayload = (v: Values) => ({
    nameUser: v.nameUser.trim(),
    cnpj: onlyDigits(v.cnpj),
    sellerName: v.sellerName.trim(),
    email: v.email.trim(),
    planId: planId(v),
  });
  const updatePayload = (v: Values) => ({
    id: editing?.id,
    nameUser: v.nameUser.trim(),
    cnpj: onlyDigits(v.cnpj),
    name: v.sellerName.trim(),
    email: v.email.trim(),
    planId: planId(v),
    grants: normalizeGrants(v.grants),
  });

  const save = useSaveInstitution({
    // The institution is saved; only the logo is missing (it can be sent again by editing).
    onLogoFail: (err) => toastError(err instanceof ApiError && err.status !== 0 ? err.message : MSG.uploadFail, MSG.uploadFailTitle),
    onSuccess: (saved) => {
      toastSuccess(saved.message);
      onClose();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.code === 'EMAIL_IN_USE') {
        form.setFieldError('email', INSTITUTION_MSG.emailTaken);
        toastError(INSTITUTION_MSG.emailTaken, MSG.signupValidationTitle);
      } else if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
        form.setErrors(renameFields(err.fields));
        toastError(MSG.signupValidation, MSG.signupValidationTitle);
      } else {
        toastError(err instanceof ApiError && err.status === 409 ? err.message : MSG.generic, MSG.signupValidationTitle);
      }
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const values = form.getValues();
    const ready = editing
      ? readyToSend(form, institutionUpdateBody, updatePayload(values), { name: 'sellerName' })
      : readyToSend(form, institutionCreateBody, createPayload(values));
    if (!ready) return;
    save.mutate(
      editing
        ? { id: editing.id, update: updatePayload(values) as z.input<typeof institutionUpdateBody>, logo }
        : { create: createPayload(values) as z.input<typeof institutionCreateBody>, logo },
    );
  }

  const currentLogo = editing?.logoUrl ?? null;

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? INSTITUTION_MSG.editTitle : INSTITUTION_MSG.createTitle}>
      <Stack>
        <TextInput label="Nome do usuário" autoComplete="name" required data-autofocus {...form.getInputProps('nameUser')} />
        {editing ? (
          <TextInput label="CNPJ da instituição" description={`Atual: ${maskCnpj(editing.cnpj)}`} inputMode="numeric" required {...form.getInputProps('cnpj')} />
        ) : (
          <MaskedInput label="CNPJ da instituição" mask={CNPJ_MASK} placeholder="00.000.000/0000-00" required {...form.getInputProps('cnpj')} />
        )}
        <TextInput label="Nome da instituição" autoComplete="organization" required {...form.getInputProps('sellerName')} />
        <TextInput label="E-mail do usuário" type="email" autoComplete="email" required {...form.getInputProps('email')} />
        <Select
          label="Plano"
          description="Os preços da loja para a instituição seguem o plano."
          placeholder={plans.isPending ? 'Carregando planos…' : 'Escolha um plano'}
          data={(plans.data?.data ?? []).map((p) => ({ value: String(p.id), label: planLabel(p) }))}
          required
          allowDeselect={false}
          {...form.getInputProps('planId')}
          value={form.values.planId || null}
          error={form.errors.planId ?? (plans.isError ? MSG.listLoadFail : undefined)}
        />
        {editing && (
          <Checkbox.Group
            label={GRANTS_LEGEND}
            description="Recursos liberados para a instituição além dos seus aluguéis."
            {...form.getInputProps('grants')}
          >
            <Stack gap={6} mt={6}>
              {INSTITUTION_GRANTS.map((grant) => (
                <Checkbox key={grant} value={grant} label={INSTITUTION_GRANT_LABELS[grant]} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {editing && (
          <Group gap="sm">
            <Avatar src={currentLogo || DEFAULT_LOGO} alt="" radius="sm" size="lg" />
            <Text size="sm" c="dimmed">
              {currentLogo ? 'Logo atual. Envie outra imagem abaixo para trocá-lo.' : 'Sem logo. Envie uma imagem abaixo.'}
            </Text>
          </Group>
        )}
        <LogoDropzone value={logo} onChange={setLogo} />
        <FormActions onCancel={onClose} saving={save.isPending} />
      </Stack>
    </form>
  );
}

/** The server names the institution's name `name` on edit; the form calls it sellerName. */
function renameFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) out[key === 'name' ? 'sellerName' : key] = message;
  return out;
}
