/**
 * The resource blocks of a topic's HTML (spec 2 §3 "Topic section"): the section types, the twelve resources of
 * the 'Recursos' picker, the schema of each block's data (`data-resource`), and a block written and read back.
 * unit-content.ts is the entry of the unit-content model and re-exports this file.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { BLOCK_ATTR } from './html-document';

/** Section types of spec 2 §3 ("txt" is plain rich text, never a block). */
export const SECTION_TYPES = ['txt', 'media', 'warning', 'list', 'question', 'picture', 'iframe', 'quote'] as const;
export type SectionType = (typeof SECTION_TYPES)[number];
/** The spec's subtypes plus 'infographic' (an iframe of an uploaded zip). */
export const SECTION_SUBTYPES = ['pdf', 'videoaula', 'podcast', 'danger', 'emphasis', 'infographic'] as const;
export type SectionSubtype = (typeof SECTION_SUBTYPES)[number];

/** Block attribute names. */
export { BLOCK_ATTR };

const text = (max = 20000) => z.string().trim().max(max, MSG.invalidValue);
const required = (message: string, max = 20000) => z.string().trim().min(1, message).max(max, MSG.invalidValue);

/** http(s) address, or a file this server stored under /uploads/. */
export const resourceUrl = (message: string) =>
  z
    .string()
    .trim()
    .min(1, message)
    .max(2000, MSG.invalidValue)
    .refine((v) => /^https?:\/\/[^\s<>"']+$/i.test(v) || /^\/uploads\/[A-Za-z0-9_\-/]+\.[A-Za-z0-9]+$/.test(v), message);

/** The twelve resources of the 'Recursos' picker (spec 2 §2.9) and the block each one is stored as. */
export const RESOURCE_KINDS = [
  { key: 'videoaula', label: 'Videoaula', type: 'media', subtype: 'videoaula' },
  { key: 'podcast', label: 'Podcast', type: 'media', subtype: 'podcast' },
  { key: 'picture', label: 'Figura', type: 'picture', subtype: '' },
  { key: 'pdf', label: 'PDF', type: 'media', subtype: 'pdf' },
  { key: 'infographic', label: 'Infográfico', type: 'iframe', subtype: 'infographic' },
  { key: 'learnMore', label: 'Saiba Mais', type: 'warning', subtype: '' },
  { key: 'attention', label: 'Atenção', type: 'warning', subtype: 'danger' },
  { key: 'emphasis', label: 'Destaque', type: 'warning', subtype: 'emphasis' },
  { key: 'list', label: 'Lista', type: 'list', subtype: '' },
  { key: 'quote', label: 'Citação', type: 'quote', subtype: '' },
  { key: 'iframe', label: 'Iframe Externo', type: 'iframe', subtype: '' },
  { key: 'question', label: 'Questão', type: 'question', subtype: '' },
] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number]['key'];

export const RESOURCE_MSG = {
  pictureImage: 'Imagem deve ser uma url',
  pictureMissing: 'Escolha uma imagem neste recurso',
  iframeUrl: 'Insira uma url válida',
  listTitles: 'Todos os títulos devem ser preenchidos',
  listDescriptions: 'Todos as descrições devem ser preenchidos',
  questionStatement: 'O enunciado deve ser preenchido',
  questionRight: 'Alguma questão deve ser marcada como correta',
  questionOptionTitles: 'Todas as alternativas devem ser preenchidas',
  questionFeedbacks: 'Todos os feedbacks devem ser preenchidos',
  pdfMissing: 'Selecione um pdf para adicionar este recurso',
  podcastMissing: 'Insira o link do podcast para adicionar este recurso',
  podcastEmbed: (host: string) => `Insira o link do incorporar de ${host}`,
  videoMissing: 'Insira o link do vídeo para adicionar este recurso',
  videoInvalid: 'Link de vídeo não reconhecido. Use o link do YouTube, youtu.be, Vimeo ou o código de incorporação.',
  infographicMissing: 'Selecione arquivo zip com o infografico',
} as const;

/** Per-resource data (the JSON of `data-resource`). Texts that may carry rich text are sanitized HTML. */
export const videoResource = z.object({ url: resourceUrl(RESOURCE_MSG.videoMissing), title: text(300).optional() });
export const podcastResource = z.object({ url: resourceUrl(RESOURCE_MSG.podcastMissing), title: text(300).optional() });
export const pdfResource = z.object({ url: resourceUrl(RESOURCE_MSG.pdfMissing), name: text(300).optional() });
export const pictureResource = z.object({
  name: required(MSG.required, 300),
  /** Source / credit of the image. */
  resource: required(MSG.required, 500),
  /** Accessibility text (spelt so in the spec). */
  descripiton: required(MSG.required, 2000),
  url: resourceUrl(RESOURCE_MSG.pictureImage),
});
export const iframeResource = z.object({
  url: resourceUrl(RESOURCE_MSG.iframeUrl),
  width: required(MSG.required, 10).regex(/^\d{1,4}(px|%)?$/, MSG.invalidValue),
  height: required(MSG.required, 10).regex(/^\d{1,4}(px|%)?$/, MSG.invalidValue),
});
export const infographicResource = z.object({
  url: resourceUrl(RESOURCE_MSG.infographicMissing),
  name: text(300).optional(),
  width: z.literal('100%').default('100%'),
  height: required(MSG.required, 10).regex(/^\d{1,4}(px)?$/, MSG.invalidValue).default('650px'),
});
/** Saiba Mais, Atenção, Destaque: rich text. */
export const warningResource = z.object({ content: required(MSG.required), title: text(300).optional() });
export const quoteResource = z.object({ content: required(MSG.required), label: text(300).optional() });
export const listResource = z.object({
  items: z
    .array(z.object({ title: required(RESOURCE_MSG.listTitles, 300), description: required(RESOURCE_MSG.listDescriptions, 5000) }))
    .min(1, MSG.required)
    .max(100, MSG.invalidValue),
});
export const questionOption = z.object({
  id: z.string().trim().min(1).max(40),
  title: required(RESOURCE_MSG.questionOptionTitles, 2000),
  /** Feedback shown after answering. */
  description: required(RESOURCE_MSG.questionFeedbacks, 5000),
});
export const questionResource = z
  .object({
    title: text(300).optional(),
    /** Statement (rich text). */
    content: required(RESOURCE_MSG.questionStatement),
    options: z.array(questionOption).min(1, MSG.required).max(26, MSG.invalidValue),
    /** Id of the correct option. */
    right: z.string().min(1, RESOURCE_MSG.questionRight),
  })
  .refine((q) => q.options.some((o) => o.id === q.right), { message: RESOURCE_MSG.questionRight, path: ['right'] });

export type VideoResource = z.infer<typeof videoResource>;
export type PodcastResource = z.infer<typeof podcastResource>;
export type PdfResource = z.infer<typeof pdfResource>;
export type PictureResource = z.infer<typeof pictureResource>;
export type IframeResource = z.infer<typeof iframeResource>;
export type InfographicResource = z.infer<typeof infographicResource>;
export type WarningResource = z.infer<typeof warningResource>;
export type QuoteResource = z.infer<typeof quoteResource>;
export type ListResource = z.infer<typeof listResource>;
export type QuestionResource = z.infer<typeof questionResource>;

/** Schema of a block by `data-type` + `data-subtype`; a pair missing here is an unknown resource. */
export const RESOURCE_SCHEMAS: Record<string, z.ZodType> = {
  'media:videoaula': videoResource,
  'media:podcast': podcastResource,
  'media:pdf': pdfResource,
  'picture:': pictureResource,
  'iframe:': iframeResource,
  'iframe:infographic': infographicResource,
  'warning:': warningResource,
  'warning:danger': warningResource,
  'warning:emphasis': warningResource,
  'list:': listResource,
  'quote:': quoteResource,
  'question:': questionResource,
};

/** Fields of a resource that hold rich text (sanitized as HTML with the base allow-list). */
export const RESOURCE_HTML_FIELDS: Record<string, readonly string[]> = {
  'warning:': ['content'],
  'warning:danger': ['content'],
  'warning:emphasis': ['content'],
  'quote:': ['content'],
  'question:': ['content'],
};

export const blockKey = (type: string, subtype: string | null | undefined) => `${type}:${subtype ?? ''}`;

export function resourceKind(type: string, subtype: string | null | undefined): (typeof RESOURCE_KINDS)[number] | undefined {
  return RESOURCE_KINDS.find((k) => k.type === type && k.subtype === (subtype ?? ''));
}

/** Escape text for an HTML attribute value in double quotes. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The stored HTML of one resource block. */
export function blockHtml(type: string, subtype: string, resource: unknown): string {
  return `<div ${BLOCK_ATTR.type}="${escapeAttr(type)}" ${BLOCK_ATTR.subtype}="${escapeAttr(subtype)}" ${BLOCK_ATTR.resource}="${escapeAttr(JSON.stringify(resource))}"></div>`;
}

/** Parse and validate a block's data; undefined when the type is unknown or the data invalid. */
export function parseBlock(type: string, subtype: string | null | undefined, json: string): unknown {
  const schema = RESOURCE_SCHEMAS[blockKey(type, subtype)];
  if (!schema) return undefined;
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return undefined;
  }
  const parsed = schema.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
