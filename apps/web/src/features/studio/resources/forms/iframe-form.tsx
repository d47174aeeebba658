/** Iframe Externo: url, width and height required; the url must be a URL (spec 2 §5) on an allowed site (embed-hosts.ts). */
import { Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { iframeResource, type IframeResource } from '@edu/shared/content/unit-content';
import { AcceptedHosts, FormFooter, embedUrlError, str, toResource, useEmbedHosts, validateWith, type ResourceFormProps } from './common';

/** A pasted `<iframe …>` snippet: its src and, when present, its width and height. */
export function fromSnippet(input: string): { url: string; width?: string; height?: string } | undefined {
  if (!/^\s*<iframe\b/i.test(input)) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`, 'i').exec(input)?.[1]?.trim();
  const size = (v: string | undefined) => (v && /^\d{1,4}(px|%)?$/.test(v) ? (/^\d+$/.test(v) ? `${v}px` : v) : undefined);
  const url = attr('src');
  if (!url) return undefined;
  return { url, width: size(attr('width')), height: size(attr('height')) };
}

export function IframeForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<IframeResource>) {
  const embeds = useEmbedHosts();
  const form = useForm({
    initialValues: { url: str(initial, 'url'), width: str(initial, 'width') || '100%', height: str(initial, 'height') || '450px' },
    // Only the allowed sites (the server refuses the others on save).
    validate: validateWith(iframeResource, (v: { url: string }, errors) => {
      const refused = errors.url ? undefined : embedUrlError(v.url, embeds.latest.current);
      return refused ? { ...errors, url: refused } : errors;
    }),
  });
  const sizeHint = 'Em pixels (ex.: 450px) ou porcentagem (ex.: 100%).';

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toResource(iframeResource, v)))}>
      <Stack>
        <TextInput
          label="Endereço (URL)"
          description="Cole o endereço da página ou o código <iframe> do site."
          placeholder="https://"
          required
          maxLength={4000}
          data-autofocus
          {...form.getInputProps('url')}
          onChange={(e) => {
            const value = e.currentTarget.value;
            const snippet = fromSnippet(value);
            if (!snippet) return form.setFieldValue('url', value);
            form.setValues({ url: snippet.url, ...(snippet.width ? { width: snippet.width } : {}), ...(snippet.height ? { height: snippet.height } : {}) });
          }}
        />
        <AcceptedHosts hosts={embeds.hosts} />
        <Group grow align="flex-start">
          <TextInput label="Largura" description={sizeHint} required maxLength={10} {...form.getInputProps('width')} />
          <TextInput label="Altura" description={sizeHint} required maxLength={10} {...form.getInputProps('height')} />
        </Group>
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}
