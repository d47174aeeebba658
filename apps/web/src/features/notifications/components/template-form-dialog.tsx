/**
 * 'Novo Template' / 'Editar Template': Título (required), the rich-text Conteúdo (height 400, image
 * upload through the server) and 'Requer confirmação de leitura'. Salvar shows 'Salvando...'.
 */
import { Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { LIMITS } from '@edu/shared/limits';
import { MSG } from '@edu/shared/messages';
import { templateBody, type NoticeTemplate } from '@edu/shared/notifications';
import { applyServerErrors, zodForm } from '../../../lib/form';
import { toastError, toastSuccess } from '../../../lib/toast';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { uploadTemplateImage, useSaveTemplate } from '../api';

interface Values {
  title: string;
  htmlContent: string;
  requiresReadConfirmation: boolean;
}

const initial = (t: NoticeTemplate | null): Values => ({
  title: t?.title ?? '',
  htmlContent: t?.htmlContent ?? '',
  requiresReadConfirmation: t?.requiresReadConfirmation ?? false,
});

export function TemplateFormDialog({ template, onClose }: { template: NoticeTemplate | 'new' | null; onClose: () => void }) {
  const opened = template !== null;
  const existing = template === 'new' ? null : template;
  const form = useForm<Values>({ initialValues: initial(null), validate: zodForm(templateBody) });

  useEffect(() => {
    if (!opened) return;
    const values = initial(existing);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, existing?.id]);

  const save = useSaveTemplate({
    onSuccess: () => {
      toastSuccess(existing ? MSG.templateUpdated : MSG.templateCreated);
      onClose();
    },
    onError: (err) => {
      applyServerErrors(form, err);
      toastError(MSG.templateSaveFail);
    },
  });

  return (
    <Modal opened={opened} onClose={onClose} title={existing ? 'Editar Template' : 'Novo Template'} size="xl" centered closeOnClickOutside={false}>
      <form onSubmit={form.onSubmit((values) => save.mutate({ id: existing?.id ?? null, body: values }))} noValidate>
        <Stack>
          <TextInput label="Título" required maxLength={LIMITS.nameMax} data-autofocus {...form.getInputProps('title')} />
          <RichTextEditor
            label="Conteúdo"
            height={LIMITS.templateEditorHeight}
            value={form.values.htmlContent}
            onChange={(html) => form.setFieldValue('htmlContent', html)}
            onUploadImage={uploadTemplateImage}
            error={form.errors.htmlContent}
          />
          <Checkbox label="Requer confirmação de leitura" {...form.getInputProps('requiresReadConfirmation', { type: 'checkbox' })} />
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
