/**
 * Questão: optional title, statement (rich text), options a), b), c)… each with its text and feedback, one
 * marked correct; at least one option remains (spec 2 §5). Option ids are short random ids kept across
 * edits, so `right` stays attached to its option when options are moved.
 */
import { Button, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm, type FormErrors } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { RESOURCE_MSG, questionResource, type QuestionResource } from '@edu/shared/content/unit-content';
import { RichTextEditor } from '../../../../ui/rich-text-editor';
import { FormFooter, ListEntry, arr, focusLater, isBlankHtml, optional, shortId, str, toResource, validateWith, type ResourceFormProps } from './common';
import { RESOURCE_EDITOR_HEIGHT } from './text-forms';

interface Option {
  id: string;
  title: string;
  description: string;
}
interface Values {
  title: string;
  content: string;
  options: Option[];
  right: string;
}

const MAX_OPTIONS = 26;
export const optionLetter = (i: number) => `${String.fromCharCode(97 + i)})`;
const newOption = (): Option => ({ id: shortId(), title: '', description: '' });

export const validateQuestion = validateWith<Values>(questionResource, (values, errors: FormErrors) => {
  if (isBlankHtml(values.content)) errors.content = RESOURCE_MSG.questionStatement;
  if (!values.options.some((o) => o.id === values.right)) errors.right = RESOURCE_MSG.questionRight;
  return errors;
});

function initialValues(initial: unknown): Values {
  const seen = new Set<string>();
  const options = arr(initial, 'options').map((o): Option => {
    let id = str(o, 'id').trim();
    if (!id || seen.has(id) || id.length > 40) id = shortId();
    seen.add(id);
    return { id, title: str(o, 'title'), description: str(o, 'description') };
  });
  const right = str(initial, 'right');
  return {
    title: str(initial, 'title'),
    content: str(initial, 'content'),
    options: options.length > 0 ? options : [newOption(), newOption()],
    right: options.some((o) => o.id === right) ? right : '',
  };
}

export function QuestionForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<QuestionResource>) {
  const form = useForm<Values>({ initialValues: initialValues(initial), validate: validateQuestion });
  const listRef = useRef<HTMLDivElement>(null);
  const { options, right } = form.values;

  const add = () => {
    form.insertListItem('options', newOption());
    focusLater(listRef.current, '[data-entry]:last-of-type input[type="text"], [data-entry]:last-of-type input:not([type])');
  };
  const remove = (i: number) => {
    if (options[i]?.id === right) form.setFieldValue('right', '');
    form.removeListItem('options', i);
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        onSubmit(
          toResource(questionResource, {
            title: optional(v.title),
            content: v.content,
            options: v.options.map(({ id, title, description }) => ({ id, title, description })),
            right: v.right,
          }),
        ),
      )}
    >
      <Stack>
        <TextInput label="Título (opcional)" maxLength={300} data-autofocus {...form.getInputProps('title')} />
        <RichTextEditor
          label="Enunciado"
          required
          height={RESOURCE_EDITOR_HEIGHT}
          value={form.values.content}
          onChange={(html) => form.setFieldValue('content', html)}
          error={form.errors.content}
        />
        <Radio.Group
          label="Alternativas"
          description="Marque a alternativa correta. O feedback é mostrado depois que o aluno responde."
          required
          value={right}
          onChange={(id) => form.setFieldValue('right', id)}
          error={form.errors.right}
          inputWrapperOrder={['label', 'description', 'error', 'input']}
        >
          <Stack gap="sm" mt="xs" ref={listRef}>
            {options.map((option, i) => (
              <div key={option.id} data-entry>
                <ListEntry
                  label={optionLetter(i)}
                  index={i}
                  count={options.length}
                  noun={`a alternativa ${optionLetter(i)}`}
                  onMove={(to) => form.reorderListItem('options', { from: i, to })}
                  onRemove={() => remove(i)}
                  extra={<Radio value={option.id} label="Correta" aria-label={`Marcar a alternativa ${optionLetter(i)} como correta`} />}
                >
                  <Stack gap="xs">
                    <TextInput label="Alternativa" required maxLength={2000} {...form.getInputProps(`options.${i}.title`)} />
                    <Textarea label="Feedback" required autosize minRows={2} maxRows={6} maxLength={5000} {...form.getInputProps(`options.${i}.description`)} />
                  </Stack>
                </ListEntry>
              </div>
            ))}
          </Stack>
        </Radio.Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={options.length >= MAX_OPTIONS} style={{ alignSelf: 'flex-start' }}>
          Adicionar alternativa
        </Button>
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}
