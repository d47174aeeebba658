/** Step 2 'Introdução' (spec 2 §2.8): the introduction (rich text, 250 px) and the learning objectives. */
import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import type { StudioValues } from '../model';
import { MultiTextInput } from './multi-text-input';
import { LIMITS } from '@edu/shared/limits';

export const SHORT_EDITOR_HEIGHT = 250;

export function StepIntroduction({ form, onUploadImage }: { form: UseFormReturnType<StudioValues>; onUploadImage: ((file: File) => Promise<string>) | undefined }) {
  return (
    <Stack gap="md">
      <RichTextEditor
        label="Introdução"
        height={SHORT_EDITOR_HEIGHT}
        blockFormats
        value={form.values.introduction}
        onChange={(html) => form.setFieldValue('introduction', html)}
        onUploadImage={onUploadImage}
        error={form.errors.introduction}
      />
      <MultiTextInput
        label="Objetivos de aprendizagem"
        description="Um objetivo por campo; um novo campo aparece ao preencher o último."
        itemLabel="Objetivo"
        placeholder="Objetivo de aprendizagem"
        maxLength={LIMITS.listItemMax}
        value={form.values.learningObjectives}
        onChange={(v) => form.setFieldValue('learningObjectives', v)}
        error={form.errors.learningObjectives}
      />
    </Stack>
  );
}
