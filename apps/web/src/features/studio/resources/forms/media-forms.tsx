/** Videoaula, Podcast, PDF and Infográfico forms (spec 2 §5 Resources). */
import { AspectRatio, Input, NumberInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  RESOURCE_MSG,
  infographicResource,
  pdfResource,
  podcastResource,
  toPodcastUrl,
  toVideoEmbedUrl,
  videoResource,
  type InfographicResource,
  type PdfResource,
  type PodcastResource,
  type VideoResource,
} from '@edu/shared/content/unit-content';
import { MSG } from '@edu/shared/messages';
import { GalleryFileField } from '../../../galleries';
import classes from '../resources.module.css';
import { AcceptedHosts, FormFooter, embedUrlError, optional, str, toResource, useEmbedHosts, validateWith, type ResourceFormProps } from './common';

// ---------------------------------------------------------------------------------------------------
// Videoaula

export function VideoForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<VideoResource>) {
  const form = useForm({
    initialValues: { link: str(initial, 'url'), title: str(initial, 'title') },
    validate: (v) => {
      if (!v.link.trim()) return { link: RESOURCE_MSG.videoMissing };
      if (!toVideoEmbedUrl(v.link)) return { link: RESOURCE_MSG.videoInvalid };
      return {};
    },
  });
  const embed = form.values.link.trim() ? toVideoEmbedUrl(form.values.link) : undefined;

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toResource(videoResource, { url: toVideoEmbedUrl(v.link), title: optional(v.title) })))}>
      <Stack>
        <Textarea
          label="Link do vídeo"
          description="Cole o link do YouTube (youtube.com ou youtu.be), do Vimeo ou o código de incorporação (<iframe>)."
          placeholder="https://www.youtube.com/watch?v=..."
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.getInputProps('link')}
        />
        <TextInput label="Título (opcional)" maxLength={300} {...form.getInputProps('title')} />
        <Input.Wrapper label="Pré-visualização">
          <AspectRatio ratio={16 / 9} mt={4}>
            {embed ? (
              <iframe
                className={classes.previewFrame}
                src={embed}
                title="Pré-visualização do vídeo"
                allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            ) : (
              <div className={classes.previewEmpty}>
                <Text size="sm" c="dimmed" ta="center" px="md">
                  {form.values.link.trim() ? 'Link não reconhecido.' : 'A pré-visualização aparece aqui quando o link for reconhecido.'}
                </Text>
              </div>
            )}
          </AspectRatio>
        </Input.Wrapper>
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------
// Podcast

export function PodcastForm({ initial, submitLabel, onSubmit, onBack }: ResourceFormProps<PodcastResource>) {
  const embeds = useEmbedHosts();
  const form = useForm({
    initialValues: { link: str(initial, 'url'), title: str(initial, 'title') },
    validate: (v) => {
      const r = toPodcastUrl(v.link);
      if ('error' in r) return { link: r.error };
      const refused = embedUrlError(r.url, embeds.latest.current);
      return refused ? { link: refused } : {};
    },
  });
  const parsed = form.values.link.trim() ? toPodcastUrl(form.values.link) : undefined;
  const reduced = parsed && 'url' in parsed && parsed.url !== form.values.link.trim() ? parsed.url : undefined;

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) => {
        const r = toPodcastUrl(v.link);
        if ('url' in r) onSubmit(toResource(podcastResource, { url: r.url, title: optional(v.title) }));
      })}
    >
      <Stack>
        <Textarea
          label="Link do podcast"
          description="Cole o link do episódio ou o código de incorporação do serviço de podcast."
          placeholder="https://..."
          required
          autosize
          minRows={2}
          maxRows={6}
          data-autofocus
          {...form.getInputProps('link')}
        />
        <Text size="xs" c="dimmed" mih={18} aria-live="polite">
          {reduced ? `Endereço usado: ${reduced}` : ''}
        </Text>
        <AcceptedHosts hosts={embeds.hosts} />
        <TextInput label="Título (opcional)" maxLength={300} {...form.getInputProps('title')} />
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------
// PDF

export function PdfForm({ providerId, initial, submitLabel, onSubmit, onBack }: ResourceFormProps<PdfResource>) {
  const form = useForm({
    initialValues: { url: str(initial, 'url'), name: str(initial, 'name') },
    validate: validateWith(pdfResource),
  });

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(toResource(pdfResource, { url: v.url, name: optional(v.name) })))}>
      <Stack>
        <GalleryFileField
          providerId={providerId}
          kind="pdfs"
          label="Arquivo PDF"
          value={form.values.url}
          error={form.errors.url}
          onChange={(file) => {
            form.setFieldValue('url', file?.url ?? '');
            if (file && !form.values.name.trim()) form.setFieldValue('name', file.filename);
          }}
        />
        <TextInput label="Nome exibido (opcional)" maxLength={300} {...form.getInputProps('name')} />
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------------------------------------------
// Infográfico

const DEFAULT_HEIGHT = 650;

export function InfographicForm({ providerId, initial, submitLabel, onSubmit, onBack }: ResourceFormProps<InfographicResource>) {
  const storedHeight = Number.parseInt(str(initial, 'height'), 10);
  const form = useForm<{ url: string; name: string; height: number | string }>({
    initialValues: { url: str(initial, 'url'), name: str(initial, 'name'), height: Number.isFinite(storedHeight) ? storedHeight : DEFAULT_HEIGHT },
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!infographicResource.shape.url.safeParse(v.url).success) errors.url = RESOURCE_MSG.infographicMissing;
      if (v.height === '' || v.height === null || v.height === undefined) errors.height = MSG.required;
      else if (!/^\d{1,4}$/.test(String(v.height)) || Number(v.height) < 1) errors.height = MSG.invalidValue;
      return errors;
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        onSubmit(toResource(infographicResource, { url: v.url, name: optional(v.name), width: '100%', height: `${Number(v.height)}px` })),
      )}
    >
      <Stack>
        <GalleryFileField
          providerId={providerId}
          kind="infographics"
          label="Arquivo zip do infográfico"
          value={form.values.url}
          error={form.errors.url}
          onChange={(file) => {
            form.setFieldValue('url', file?.url ?? '');
            if (file && !form.values.name.trim()) form.setFieldValue('name', file.filename);
          }}
        />
        <TextInput label="Nome (opcional)" maxLength={300} {...form.getInputProps('name')} />
        <TextInput label="Largura" value="100%" readOnly disabled description="O infográfico ocupa sempre toda a largura." />
        <NumberInput
          label="Altura (px)"
          required
          min={1}
          max={9999}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          {...form.getInputProps('height')}
        />
        <FormFooter submitLabel={submitLabel} onBack={onBack} />
      </Stack>
    </form>
  );
}
