/** Saiba Mais, Atenção, Destaque (warning blocks) and Citação: rich text required (spec 2 §5). */
import { Stack, TextInput } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { quoteResource, warningResource, type QuoteResource, type WarningResource } from '@edu/shared/content/unit-content';
import { MSG } from '@edu/shared/messages';
import { RichTextEditor } from '../../../../ui/rich-text-editor';
import { FormFooter, isBlankHtml, optional, str, toResource, validateWith, type ResourceFormProps } from './common';

/** Height of the rich-text fields of resources (spec 2 §2.8). */
export const RESOURCE_EDITOR_HEIGHT = 250;

const requireContent = <V extends { content: string }>(values: V, errors: FormErrors): FormErrors => {
  if (isBlankHtml(values.content)) errors.content = MSG.required;
  return errors;
};

export function WarningForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<WarningResource>) {
  const form = useForm({
    initialValues: { title: str(initial, 'title'), content: str(initial, 'content') },
    validate: validateWith(warningResource, requireContent),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toResource(warningResource, { content: v.content, title: optional(v.title) })))}>
      <Stack>
        <TextInput label="Título (opcional)" maxLength={300} data-autofocus {...form.getInputProps('title')} />
        <RichTextEditor
          label="Conteúdo"
          required
          height={RESOURCE_EDITOR_HEIGHT}
          value={form.values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={form.errors.content}
        />
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}

export function QuoteForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<QuoteResource>) {
  const form = useForm({
    initialValues: { content: str(initial, 'content'), label: str(initial, 'label') },
    validate: validateWith(quoteResource, requireContent),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toResource(quoteResource, { content: v.content, label: optional(v.label) })))}>
      <Stack>
        <RichTextEditor
          label="Citação"
          required
          height={RESOURCE_EDITOR_HEIGHT}
          value={form.values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={form.errors.content}
        />
        <TextInput label="Autor ou fonte (opcional)" maxLength={300} {...form.getInputProps('label')} />
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}
