/**
 * 'Nova Notificação' / 'Editar Notificação': a clearable template select, the target (Todos /
 * Selecionar Clientes) and, when selecting, the clients. Changing the target clears the chosen
 * clients. Validated with the shared schema, so the form and the server refuse with the same words.
 */
import { Button, Group, Modal, MultiSelect, Radio, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MSG } from '@edu/shared/messages';
import { noticeBody, type NoticeBody, type SellerNotice, type TargetType } from '@edu/shared/notifications';
import { ApiError } from '../../../lib/api';
import { applyServerErrors } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { sellerOptionsQuery, templatesQuery, TEMPLATE_OPTIONS_LIMIT, useSaveNotice } from '../api';

interface Values {
  templateId: string | null;
  targetType: TargetType;
  selectedSellerIds: string[];
}

const toBody = (v: Values): NoticeBody => ({
  templateId: v.templateId ? Number(v.templateId) : (undefined as unknown as number),
  targetType: v.targetType,
  selectedSellerIds: v.targetType === 'SELECTED' ? v.selectedSellerIds.map(Number) : [],
});

function validate(values: Values): Record<string, string> {
  const parsed = noticeBody.safeParse(toBody(values));
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'templateId')] ??= issue.message;
  // The schema's cross-field rule runs only once the fields parse; the form shows every error at once.
  if (values.targetType === 'SELECTED' && values.selectedSellerIds.length === 0) errors.selectedSellerIds ??= MSG.noticeSellersRequired;
  return errors;
}

const initial = (notice: SellerNotice | null): Values => ({
  templateId: notice ? String(notice.templateId) : null,
  targetType: notice?.targetType ?? 'ALL',
  selectedSellerIds: notice?.targets.map((t) => String(t.seller.id)) ?? [],
});

export function NoticeFormDialog({ notice, onClose }: { notice: SellerNotice | 'new' | null; onClose: () => void }) {
  const opened = notice !== null;
  const existing = notice === 'new' ? null : notice;
  const form = useForm<Values>({ initialValues: initial(null), validate });

  useEffect(() => {
    if (!opened) return;
    const values = initial(existing);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    // Reset only when another notice is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, existing?.id]);

  const templates = useQuery({ ...templatesQuery(1, TEMPLATE_OPTIONS_LIMIT), enabled: opened });
  const sellers = useQuery({ ...sellerOptionsQuery(), enabled: opened });
  useEffect(() => {
    if (templates.isError) toastError(MSG.templatesLoadFail);
  }, [templates.isError]);
  useEffect(() => {
    if (sellers.isError) toastError(MSG.noticesLoadFail);
  }, [sellers.isError]);

  const templateData = (templates.data?.data ?? []).map((t) => ({ value: String(t.id), label: t.title }));
  // The notice's own template, even if older than the newest 100.
  if (existing && !templateData.some((t) => t.value === String(existing.templateId))) {
    templateData.push({ value: String(existing.templateId), label: existing.template.title });
  }
  const sellerData = (sellers.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  for (const t of existing?.targets ?? []) {
    if (!sellerData.some((s) => s.value === String(t.seller.id))) sellerData.push({ value: String(t.seller.id), label: t.seller.name });
  }

  const save = useSaveNotice({
    onSuccess: () => {
      toastSuccess(existing ? MSG.noticeUpdated : MSG.noticeCreated);
      onClose();
    },
    onError: (err) => {
      applyServerErrors(form, err);
      toastError(err instanceof ApiError && err.status === 400 ? err.message : MSG.noticeSaveFail);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={existing ? 'Editar Notificação' : 'Nova Notificação'} size="lg" centered>
      <form onSubmit={form.onSubmit((values) => save.mutate({ id: existing?.id ?? null, body: toBody(values) }))} noValidate>
        <Stack>
          <Select
            label="Template"
            placeholder={templates.isLoading ? 'Carregando templates...' : 'Selecione um template'}
            data={templateData}
            searchable
            clearable
            nothingFoundMessage="Nenhum template encontrado"
            required
            {...form.getInputProps('templateId')}
          />
          <Radio.Group
            label="Destinatários"
            required
            {...form.getInputProps('targetType')}
            onChange={(value) => {
              form.setFieldValue('targetType', value as TargetType);
              form.setFieldValue('selectedSellerIds', []);
              form.clearFieldError('selectedSellerIds');
            }}
          >
            <Group mt="xs">
              <Radio value="ALL" label="Todos" />
              <Radio value="SELECTED" label="Selecionar Clientes" />
            </Group>
          </Radio.Group>
          {form.values.targetType === 'SELECTED' && (
            <MultiSelect
              label="Clientes"
              placeholder={sellers.isLoading ? 'Carregando clientes...' : 'Selecione os clientes'}
              data={sellerData}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="Nenhum cliente encontrado"
              required
              {...form.getInputProps('selectedSellerIds')}
            />
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancelar
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Salvando...' : 'Salvar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
