/**
 * Edit mode of the review screen (spec 2 §2.5): five tabs — 'CAPA' (title, cover, authors),
 * 'Introdução', 'Objetivos', 'Conteúdo' (the topics, with the studio's resource blocks) and 'Síntese'
 * (with the bibliographic references) — and 'Salvar', which saves the edits through the review.
 * The fields, their checks and the body are the studio's (features/studio/model).
 */
import { Button, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';
import { REVIEW_MSG } from '@edu/shared/reviews';
import type { UnitContent } from '@edu/shared/units';
import { ApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { MultiTextInput, ResourcesPanel, SHORT_EDITOR_HEIGHT, StepContent, StepSynthesis, bodyOf, stepOf, validate, valuesOf, type StudioValues } from '../../studio';
import { useSaveReviewContent } from '../api';

type Tab = 'capa' | 'introducao' | 'objetivos' | 'conteudo' | 'sintese';

/** The tab that holds a field with an error. */
function tabOf(field: string): Tab {
  const root = field.split('.')[0]!;
  if (root === 'learningObjectives') return 'objetivos';
  return (['capa', 'introducao', 'conteudo', 'sintese'] as const)[stepOf(field)] ?? 'capa';
}

export function ReviewEditForm({ unit, onSaved }: { unit: UnitContent; onSaved?: () => void }) {
  const form = useForm<StudioValues>({ mode: 'controlled', initialValues: valuesOf(unit) });
  const [tab, setTab] = useState<Tab>('capa');
  const [topic, setTopic] = useState(0);
  const [topicEditor, setTopicEditor] = useState<Editor | null>(null);
  const [resourcesOpen, setResourcesOpen] = useState(false);

  const save = useSaveReviewContent({
    onSuccess: () => {
      toastSuccess(REVIEW_MSG.saved);
      onSaved?.();
    },
    onError: (err) => toastError(err instanceof ApiError && [400, 409].includes(err.status) && err.message ? err.message : REVIEW_MSG.saveFail),
  });

  const submit = () => {
    const errors = validate(form.values, true);
    form.setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      setTab(tabOf(first));
      return;
    }
    const { learningType: _type, ...body } = bodyOf(form.values);
    save.mutate({ id: unit.id, body: { ...body, revision: unit.revision } });
  };

  return (
    <Stack gap="md">
      <Tabs value={tab} onChange={(v) => v && setTab(v as Tab)} keepMounted={false}>
        <Tabs.List aria-label="Partes da unidade">
          <Tabs.Tab value="capa">CAPA</Tabs.Tab>
          <Tabs.Tab value="introducao">Introdução</Tabs.Tab>
          <Tabs.Tab value="objetivos">Objetivos</Tabs.Tab>
          <Tabs.Tab value="conteudo">Conteúdo</Tabs.Tab>
          <Tabs.Tab value="sintese">Síntese</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="capa" pt="md">
          <Stack gap="md">
            <TextInput label="Título" required maxLength={300} {...form.getInputProps('title')} />
            <TextInput label="Imagem de capa (link)" placeholder="https://" maxLength={2000} {...form.getInputProps('mediaUrl')} />
            <MultiTextInput
              label="Autores"
              itemLabel="Autor"
              placeholder="Nome do autor"
              maxLength={300}
              value={form.values.authors}
              onChange={(v) => form.setFieldValue('authors', v)}
              error={form.errors.authors}
            />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="introducao" pt="md">
          <RichTextEditor
            label="Introdução"
            height={SHORT_EDITOR_HEIGHT}
            blockFormats
            value={form.values.introduction}
            onChange={(html) => form.setFieldValue('introduction', html)}
            onUploadImage={undefined}
            error={form.errors.introduction}
          />
        </Tabs.Panel>
        <Tabs.Panel value="objetivos" pt="md">
          <MultiTextInput
            label="Objetivos de aprendizagem"
            itemLabel="Objetivo"
            placeholder="Objetivo de aprendizagem"
            value={form.values.learningObjectives}
            onChange={(v) => form.setFieldValue('learningObjectives', v)}
            error={form.errors.learningObjectives}
          />
        </Tabs.Panel>
        <Tabs.Panel value="conteudo" pt="md">
          <StepContent
            form={form}
            active={topic}
            onActiveChange={setTopic}
            onUploadImage={undefined}
            onEditorReady={setTopicEditor}
            onOpenResources={() => setResourcesOpen(true)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="sintese" pt="md">
          <StepSynthesis form={form} editing onUploadImage={undefined} />
        </Tabs.Panel>
      </Tabs>
      <Group justify="flex-end">
        <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} loading={save.isPending} onClick={submit}>
          Salvar
        </Button>
      </Group>
      <ResourcesPanel editor={topicEditor} opened={resourcesOpen && tab === 'conteudo'} onClose={() => setResourcesOpen(false)} providerId={unit.provider.id} />
    </Stack>
  );
}
