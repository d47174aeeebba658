/** Lista: items with title and description; every one filled, at least one remains (spec 2 §5). */
import { Button, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { listResource, type ListResource } from '@edu/shared/content/unit-content';
import { FormFooter, ListEntry, arr, focusLater, shortId, str, toResource, validateWith, type ResourceFormProps } from './common';

interface Item {
  key: string;
  title: string;
  description: string;
}

const MAX_ITEMS = 100;
const newItem = (): Item => ({ key: shortId(), title: '', description: '' });

export function ListForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<ListResource>) {
  const stored = arr(initial, 'items').map((it): Item => ({ key: shortId(), title: str(it, 'title'), description: str(it, 'description') }));
  const form = useForm<{ items: Item[] }>({
    initialValues: { items: stored.length > 0 ? stored : [newItem()] },
    validate: validateWith(listResource),
  });
  const listRef = useRef<HTMLDivElement>(null);
  const items = form.values.items;

  const add = () => {
    form.insertListItem('items', newItem());
    focusLater(listRef.current, '[data-entry]:last-of-type input');
  };

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => onSubmit(toResource(listResource, { items: v.items.map(({ title, description }) => ({ title, description })) })))}
    >
      <Stack>
        <Stack gap="sm" ref={listRef}>
          {items.map((item, i) => (
            <div key={item.key} data-entry>
              <ListEntry
                label={`Item ${i + 1}`}
                index={i}
                count={items.length}
                noun={`item ${i + 1}`}
                onMove={(to) => form.reorderListItem('items', { from: i, to })}
                onRemove={() => form.removeListItem('items', i)}
              >
                <Stack gap="xs">
                  <TextInput label="Título" required maxLength={300} data-autofocus={i === 0 || undefined} {...form.getInputProps(`items.${i}.title`)} />
                  <Textarea label="Descrição" required autosize minRows={2} maxRows={8} maxLength={5000} {...form.getInputProps(`items.${i}.description`)} />
                </Stack>
              </ListEntry>
            </div>
          ))}
        </Stack>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={items.length >= MAX_ITEMS} style={{ alignSelf: 'flex-start' }}>
          Adicionar item
        </Button>
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}
