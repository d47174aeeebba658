/**
 * Step 4 'Síntese' (spec 2 §2.8): the synthesis (rich text, 250 px; required when editing) and the
 * theoretical references. The spec's references are "separated by an asterisk": they are stored as a
 * list, and text with asterisks pasted into one input becomes one entry per reference.
 */
import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import type { StudioValues } from '../model';
import { MultiTextInput } from './multi-text-input';
import { SHORT_EDITOR_HEIGHT } from './step-introduction';
import { LIMITS } from '@edu/shared/limits';

export function StepSynthesis({ form, editing, onUploadImage }: { form: UseFormReturnType<StudioValues>; editing: boolean; onUploadImage: ((file: File) => Promise<string>) | undefined }) {
  return (
    <Stack gap="md">
      <RichTextEditor
        label="Síntese"
        required={editing}
        height={SHORT_EDITOR_HEIGHT}
        blockFormats
        value={form.values.synthesis}
        onChange={(html) => form.setFieldValue('synthesis', html)}
        onUploadImage={onUploadImage}
        error={form.errors.synthesis}
      />
      <MultiTextInput
        label="Referências bibliográficas"
        description="Uma referência por campo. Para incluir várias de uma vez, cole o texto com as referências separadas por asterisco (*)."
        itemLabel="Referência"
        placeholder="Referência bibliográfica"
        splitPasteOn="*"
        maxLength={LIMITS.referenceMax}
        value={form.values.bibliographicReference}
        onChange={(v) => form.setFieldValue('bibliographicReference', v)}
        error={form.errors.bibliographicReference}
      />
    </Stack>
  );
}
