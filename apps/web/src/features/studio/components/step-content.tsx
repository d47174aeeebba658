/**
 * Step 3 'Conteúdo' (spec 2 §2.8): the topics. One topic is edited at a time: a numbered list on the
 * left (add, choose), and on the right its title and its rich-text content (490 px) with the block
 * formats and the 'Recursos' button, which opens the resource panel for this editor. Topics can be
 * moved up and down and removed (the last one left is emptied instead).
 */
import { ActionIcon, Box, Button, Flex, Group, NavLink, ScrollArea, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { confirm } from '../../../ui/confirm';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { isBlankTopic, newTopic, type StudioValues } from '../model';
import { RecursosButton, ResourceBlock } from '../resources';
import { LIMITS } from '@edu/shared/limits';

export const TOPIC_EDITOR_HEIGHT = 490;
/** The nodes the topic editor understands besides the standard ones: the resource block. */
const TOPIC_EXTENSIONS = [ResourceBlock];

export interface StepContentProps {
  form: UseFormReturnType<StudioValues>;
  active: number;
  onActiveChange(index: number): void;
  onUploadImage: ((file: File) => Promise<string>) | undefined;
  onEditorReady(editor: Editor | null): void;
  onOpenResources(): void;
}

const topicName = (title: string, i: number) => `${i + 1}. ${title.trim() || 'Tópico sem título'}`;

export function StepContent({ form, active, onActiveChange, onUploadImage, onEditorReady, onOpenResources }: StepContentProps) {
  const topics = form.values.topics;
  const index = Math.min(active, topics.length - 1);
  const topic = topics[index]!;

  const add = () => {
    form.setFieldValue('topics', [...topics, newTopic()]);
    onActiveChange(topics.length);
  };

  const move = (delta: -1 | 1) => {
    const to = index + delta;
    if (to < 0 || to >= topics.length) return;
    const next = [...topics];
    [next[index], next[to]] = [next[to]!, next[index]!];
    form.setFieldValue('topics', next);
    onActiveChange(to);
  };

  const remove = async () => {
    const blank = isBlankTopic(topic);
    if (!blank && !(await confirm({ title: 'Excluir este tópico?', message: 'O título e o conteúdo do tópico serão removidos da unidade.', confirmLabel: 'Excluir', danger: true }))) return;
    if (topics.length === 1) {
      form.setFieldValue('topics', [newTopic()]);
      return;
    }
    form.setFieldValue(
      'topics',
      topics.filter((_, i) => i !== index),
    );
    onActiveChange(Math.max(0, index - 1));
  };


  return (
    <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap="md">
      <Stack gap="xs" w={{ base: '100%', sm: 210 }} style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600} id="studio-topics-label">
          Tópicos
        </Text>
        <ScrollArea.Autosize mah={560} type="auto">
          <nav aria-labelledby="studio-topics-label">
            {topics.map((t, i) => (
              <NavLink
                key={t.key}
                component="button"
                type="button"
                label={topicName(t.title, i)}
                active={i === index}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => onActiveChange(i)}
                styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } }}
              />
            ))}
          </nav>
        </ScrollArea.Autosize>
        <Button variant="light" size="compact-sm" leftSection={<IconPlus size={16} />} onClick={add}>
          Adicionar tópico
        </Button>
      </Stack>

      <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={`Título do tópico ${index + 1}`}
            placeholder="Título do tópico"
            maxLength={LIMITS.topicTitleMax}
            value={topic.title}
            onChange={(e) => form.setFieldValue(`topics.${index}.title`, e.currentTarget.value)}
            error={form.errors[`topics.${index}.title`]}
          />
          <Tooltip label="Mover para cima">
            <ActionIcon variant="default" size="lg" aria-label="Mover tópico para cima" disabled={index === 0} onClick={() => move(-1)}>
              <IconArrowUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Mover para baixo">
            <ActionIcon variant="default" size="lg" aria-label="Mover tópico para baixo" disabled={index === topics.length - 1} onClick={() => move(1)}>
              <IconArrowDown size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Excluir tópico">
            <ActionIcon variant="light" color="red" size="lg" aria-label="Excluir tópico" onClick={remove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <RichTextEditor
          key={topic.key}
          label={`Conteúdo do tópico ${index + 1}`}
          height={TOPIC_EDITOR_HEIGHT}
          blockFormats
          value={topic.content}
          onChange={(html) => form.setFieldValue(`topics.${index}.content`, html)}
          onUploadImage={onUploadImage}
          extensions={TOPIC_EXTENSIONS}
          onEditorReady={onEditorReady}
          error={form.errors[`topics.${index}.content`]}
          toolbarExtra={
            <Box ml="auto">
              <RecursosButton onClick={onOpenResources} />
            </Box>
          }
        />
      </Stack>
    </Flex>
  );
}
