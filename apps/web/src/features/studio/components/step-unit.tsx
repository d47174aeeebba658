/**
 * Step 1 'Nova unidade' (spec 2 §2.8): title, cover image (link, gallery, upload or stock photo),
 * authors, question bank (link or doc/docx/pdf file), learning type, learning levels and knowledge areas.
 * Changing the learning type clears the levels and areas chosen: they belong to the other type.
 */
import { Button, Checkbox, Group, Image, Input, Modal, MultiSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { KnowledgeArea, KnowledgeType } from '@edu/shared/knowledge';
import { GalleryFileField, LazyImagePicker, preloadImagePicker } from '../../galleries';
import type { StudioValues } from '../model';
import { MultiTextInput } from './multi-text-input';
import { LIMITS } from '@edu/shared/limits';

export const LEARNING_TYPE_LABELS: Record<KnowledgeType, string> = { university: 'Ensino superior', basic: 'Educação básica' };
const AREA_LABELS: Record<KnowledgeType, string> = {
  university: 'Área de conhecimento (ensino superior)',
  basic: 'Área de conhecimento (educação básica)',
};

export interface StepUnitProps {
  form: UseFormReturnType<StudioValues>;
  providerId: number | null;
  areas: KnowledgeArea[] | undefined;
  areasError: boolean;
  levels: { basic: string[]; university: string[] } | undefined;
}

export function StepUnit({ form, providerId, areas, areasError, levels }: StepUnitProps) {
  const typeLabelId = useId();
  const bankLabelId = useId();
  // A file of the provider's gallery is shown as a file; anything else as a link.
  const [bankMode, setBankMode] = useState<'link' | 'file'>(() => (form.values.questions.startsWith('/uploads/') ? 'file' : 'link'));
  const [pickerOpen, picker] = useDisclosure(false);
  const { values } = form;
  const type = values.learningType;

  const setType = (next: KnowledgeType) => {
    if (next === type) return;
    form.setValues({ learningType: next, levelOfLearning: [], knowledges: [] });
  };

  const areaOptions = (areas ?? []).filter((a) => a.type === type).map((a) => ({ value: String(a.id), label: a.title }));

  return (
    <Stack gap="md">
      <TextInput
        label="Título"
        description={`Até ${LIMITS.unitTitleMax} caracteres.`}
        placeholder="Título da unidade"
        required
        maxLength={LIMITS.unitTitleMax}
        {...form.getInputProps('title')}
      />

      <Input.Wrapper label="Imagem de capa" description="Cole o link de uma imagem ou escolha uma da galeria, envie um arquivo ou busque no banco de imagens." error={form.errors.mediaUrl}>
        <Group align="flex-start" gap="xs" mt={4} wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            aria-label="Link da imagem de capa"
            placeholder="https://"
            value={values.mediaUrl}
            onChange={(e) => form.setFieldValue('mediaUrl', e.currentTarget.value)}
            error={!!form.errors.mediaUrl}
          />
          <Button variant="light" leftSection={<IconPhoto size={16} />} onClick={picker.open} onMouseEnter={() => void preloadImagePicker()} onFocus={() => void preloadImagePicker()}>
            Escolher imagem
          </Button>
        </Group>
        {values.mediaUrl.trim() && (
          <Group mt="xs" gap="xs">
            <Image src={values.mediaUrl.trim()} alt="Prévia da imagem de capa" h={96} w="auto" fit="contain" radius="sm" fallbackSrc="/favicon.svg" />
            <Button variant="subtle" color="red" size="compact-sm" onClick={() => form.setFieldValue('mediaUrl', '')}>
              Remover capa
            </Button>
          </Group>
        )}
      </Input.Wrapper>
      <Modal opened={pickerOpen} onClose={picker.close} title="Imagem de capa" size="xl" centered>
        <LazyImagePicker
          providerId={providerId}
          value={values.mediaUrl}
          onChange={(url) => {
            form.setFieldValue('mediaUrl', url);
            picker.close();
          }}
        />
      </Modal>

      <MultiTextInput
        label="Autores"
        description="Um autor por campo; um novo campo aparece ao preencher o último."
        itemLabel="Autor"
        placeholder="Nome do autor"
        maxLength={LIMITS.authorNameMax}
        value={values.authors}
        onChange={(v) => form.setFieldValue('authors', v)}
        error={form.errors.authors}
      />

      <Stack gap={6}>
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <Text size="sm" fw={500} id={bankLabelId}>
            Banco de questões
          </Text>
          <SegmentedControl<'link' | 'file'>
            size="xs"
            aria-label="Forma de informar o banco de questões"
            value={bankMode}
            onChange={setBankMode}
            data={[
              { value: 'link', label: 'Link' },
              { value: 'file', label: 'Arquivo' },
            ]}
          />
        </Group>
        {bankMode === 'link' ? (
          <TextInput
            aria-labelledby={bankLabelId}
            description="Link do banco de questões (doc, docx ou pdf)."
            placeholder="https://"
            value={values.questions}
            onChange={(e) => form.setFieldValue('questions', e.currentTarget.value)}
            error={form.errors.questions}
          />
        ) : (
          <GalleryFileField
            providerId={providerId}
            kind="questions"
            label="Arquivo do banco de questões"
            value={values.questions}
            error={form.errors.questions}
            onChange={(file) => form.setFieldValue('questions', file?.url ?? '')}
          />
        )}
      </Stack>

      <Stack gap={4}>
        <Text size="sm" fw={500} id={typeLabelId}>
          Tipo de ensino
        </Text>
        <SegmentedControl<KnowledgeType>
          aria-labelledby={typeLabelId}
          value={type}
          onChange={setType}
          data={[
            { value: 'university', label: LEARNING_TYPE_LABELS.university },
            { value: 'basic', label: LEARNING_TYPE_LABELS.basic },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      </Stack>

      <Checkbox.Group label="Nível de aprendizagem" value={values.levelOfLearning} onChange={(v) => form.setFieldValue('levelOfLearning', v)} error={form.errors.levelOfLearning}>
        <Group mt="xs" gap="md">
          {(levels?.[type] ?? []).map((label) => (
            <Checkbox key={label} value={label} label={label} />
          ))}
        </Group>
      </Checkbox.Group>

      <MultiSelect
        key={type}
        label={AREA_LABELS[type]}
        placeholder={values.knowledges.length ? undefined : 'Selecione as áreas de conhecimento'}
        data={areaOptions}
        value={values.knowledges}
        onChange={(v) => form.setFieldValue('knowledges', v)}
        searchable
        clearable
        nothingFoundMessage="Nenhuma área encontrada"
        error={form.errors.knowledges ?? (areasError ? 'Não foi possível carregar as áreas de conhecimento.' : undefined)}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
