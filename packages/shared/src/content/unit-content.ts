/**
 * THE unit-content model (spec 2 §3): the fields of a unit, its topics, and the resource blocks that live
 * inside a topic's HTML.
 *
 * A topic is `{ title, content }` where `content` is rich-text HTML. Resources (Videoaula, Figura,
 * Questão, …) are stored inside that HTML as marked blocks:
 *
 *   <div data-type="question" data-subtype="" data-resource="{…json…}"></div>
 *
 * `data-type` and `data-subtype` name the section kind (spec 2 §3 "Topic section"), `data-resource`
 * holds the resource's data as JSON validated by `RESOURCE_SCHEMAS`. The renderer splits a topic's HTML
 * into sections: runs of plain rich text (type txt) and resource blocks (every other type). The server
 * sanitizes the HTML with the unit allow-list and re-validates every block on write; a block of an
 * unknown type/subtype or with invalid data is dropped.
 */
import { z } from 'zod';
import { MSG } from '../messages';
import { BLOCK_ATTR, holdsContent, liftBlocks, nodesOf, textLines, toHtml, walk, type BlockNode, type HtmlInput, type HtmlNode } from './html-document';
import { LIMITS } from '../limits';
import { isExternalImageSrc } from './html-allow-list';

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

// ---------------------------------------------------------------------------------------------------
// Video and podcast addresses (spec 2 §5)

/**
 * A video link as an embed address: accepts an embed snippet (its src), a YouTube watch link, a youtu.be
 * short link, a YouTube/Vimeo embed address or a Vimeo page. Undefined when not recognised.
 */
export function toVideoEmbedUrl(input: string): string | undefined {
  let value = input.trim();
  const src = /<iframe[^>]*\ssrc=["']([^"']+)["']/i.exec(value);
  if (src) value = src[1]!;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  const ytId = /^[A-Za-z0-9_-]{6,20}$/;
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') {
      const id = url.searchParams.get('v');
      return id && ytId.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
    }
    const m = /^\/(embed|shorts|live)\/([A-Za-z0-9_-]{6,20})/.exec(url.pathname);
    return m ? `https://www.youtube.com/embed/${m[2]}` : undefined;
  }
  if (host === 'youtu.be') {
    const id = url.pathname.slice(1).split('/')[0] ?? '';
    return ytId.test(id) ? `https://www.youtube.com/embed/${id}` : undefined;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const m = /\/(?:video\/)?(\d{5,12})/.exec(url.pathname);
    return m ? `https://player.vimeo.com/video/${m[1]}` : undefined;
  }
  return undefined;
}

/**
 * A podcast link: an embed snippet is reduced to its src; a plain address is kept. Answers the address,
 * or an error message ('Insira o link do incorporar de {host}' when a snippet has no address left).
 */
export function toPodcastUrl(input: string): { url: string } | { error: string } {
  const value = input.trim();
  if (!value) return { error: RESOURCE_MSG.podcastMissing };
  if (/^</.test(value)) {
    const src = /\ssrc=["']([^"']+)["']/i.exec(value)?.[1]?.trim();
    if (src && /^https?:\/\//i.test(src)) return { url: src };
    const host = /https?:\/\/([^/"'\s]+)/i.exec(value)?.[1] ?? 'podcast';
    return { error: RESOURCE_MSG.podcastEmbed(host) };
  }
  if (/^https?:\/\/[^\s<>"']+$/i.test(value)) return { url: value };
  return { error: RESOURCE_MSG.podcastMissing };
}

// ---------------------------------------------------------------------------------------------------
// Unit content fields (spec 2 §3 "Unit content")

export const topic = z.object({
  title: z.string().trim().max(LIMITS.topicTitleMax, MSG.maxChars(LIMITS.topicTitleMax)),
  /** Rich-text HTML with resource blocks; sanitized on write. */
  content: z.string().max(2_000_000, MSG.invalidValue),
});
export type Topic = z.infer<typeof topic>;

export const UNIT_MSG = {
  titleRequired: 'Insira o título desse item',
  synthesisRequired: 'Insira a síntese desse item',
  incomplete: 'Preencha todos os campos do item antes de enviar para a análise.',
  updateMessageRequired: 'Descreva o que está sendo atualizado',
} as const;

/** The pieces every view of a unit shows (the renderer's input). */
export interface UnitContentView {
  title: string;
  authors: string[];
  mediaUrl: string | null;
  introduction: string;
  learningObjectives: string[];
  topics: Topic[];
  synthesis: string;
  bibliographicReference: string[];
}

/** Spec 2 §5 "Sending a unit for analysis". */
export function isUnitComplete(u: {
  authors: string[];
  bibliographicReference: string[];
  learningObjectives: string[];
  levelOfLearning: string[];
  knowledges: unknown[];
  introduction: string;
  synthesis: string;
}): boolean {
  const some = (list: string[]) => list.some((s) => s.trim() !== '');
  return (
    some(u.authors) &&
    some(u.bibliographicReference) &&
    some(u.learningObjectives) &&
    some(u.levelOfLearning) &&
    u.knowledges.length > 0 &&
    hasContent(u.introduction) &&
    hasContent(u.synthesis)
  );
}

// ---------------------------------------------------------------------------------------------------
// THE reading of unit content (issue 10 item 3; docs/architecture.md "Issue 10 — One reading of unit
// content"). Stored unit HTML is parsed once (html-document.ts: no DOM, Node and browser alike) and every
// question asked of a unit's introduction, synthesis or topic is answered here, by the server (required
// synthesis, complete unit), the web (the studio's validation, the renderer) and later readers (packages,
// the student viewer, the AI).

/** One resource block read: its kind, its parsed data, and that data validated. */
export interface UnitResource {
  /** `data-type` and `data-subtype`. */
  type: string;
  subtype: string;
  /** The picker's resource this block is; undefined for an unknown type/subtype. */
  kind: ResourceKind | undefined;
  /** `data-resource` parsed, unvalidated (undefined when it is not JSON). */
  data: unknown;
  /** The data validated by the schema of its type/subtype; undefined when unknown or invalid. */
  resource: unknown;
}

export function readBlock(block: BlockNode): UnitResource {
  let data: unknown;
  try {
    data = JSON.parse(block.json) as unknown;
  } catch {
    data = undefined;
  }
  const { blockType: type, subtype } = block;
  return { type, subtype, kind: resourceKind(type, subtype)?.key, data, resource: parseBlock(type, subtype, block.json) };
}

/**
 * A block that is content: valid, and its rich-text fields hold content by the same rule (a callout whose
 * text is only `<p></p>` or markup the sanitizer drops shows nothing). So the editor's HTML and the HTML
 * the server stores (where such a block is dropped, or kept empty) are judged alike.
 */
function isContentBlock(block: BlockNode): boolean {
  const resource = parseBlock(block.blockType, block.subtype, block.json) as Record<string, unknown> | undefined;
  if (resource === undefined) return false;
  return (RESOURCE_HTML_FIELDS[blockKey(block.blockType, block.subtype)] ?? []).every((field) => {
    const value = resource[field];
    return typeof value !== 'string' || holdsContent(value, isContentBlock);
  });
}

/**
 * THE rule "is this field empty" (spec 2 §5: the synthesis required on saving; introduction and synthesis
 * filled on sending for analysis). A field is filled by visible text, an image whose address the
 * allow-list keeps, a Latex formula with TeX in it, or a resource block whose data is valid (and whose
 * rich-text fields hold content). White space,
 * `&nbsp;`, empty paragraphs, line breaks, rules, markup the sanitizer drops, an unknown or invalid block
 * fill nothing. The server judges the HTML it is about to store (sanitized); the studio the editor's.
 */
export const isEmptyContent = (input: HtmlInput): boolean => !holdsContent(input, isContentBlock);
/** The field is filled (see `isEmptyContent`). */
export const hasContent = (input: HtmlInput): boolean => holdsContent(input, isContentBlock);

/** The resource blocks, in document order (nested ones included); `.resource` is undefined when invalid. */
export function resourcesOf(input: HtmlInput): UnitResource[] {
  return [...walk(input)].filter((n): n is BlockNode => n.type === 'block').map(readBlock);
}

/**
 * The external (http(s)) image addresses of unit HTML, in document order: its <img>s, the Figura blocks' images and the
 * images inside the blocks' rich text. A save imports each into our storage (apps/server/src/platform/content-store.ts).
 */
export function externalImagesOf(input: HtmlInput): string[] {
  const out: string[] = [];
  for (const node of walk(input)) {
    if (node.type === 'image' && isExternalImageSrc(node.src)) out.push(node.src.trim());
    if (node.type !== 'block') continue;
    const data = readBlock(node).resource as Record<string, unknown> | undefined;
    if (!data) continue;
    if (node.blockType === 'picture' && typeof data.url === 'string' && isExternalImageSrc(data.url)) out.push(data.url.trim());
    for (const field of RESOURCE_HTML_FIELDS[blockKey(node.blockType, node.subtype)] ?? []) {
      const value = data[field];
      if (typeof value === 'string') out.push(...externalImagesOf(value));
    }
  }
  return out;
}

/** The texts a reader sees in a valid resource: titles, statements, options and feedbacks, list items, captions. */
export function resourceTextOf(resource: UnitResource): string[] {
  const r = resource.resource as Record<string, unknown> | undefined;
  if (!r) return [];
  const out: string[] = [];
  const add = (value: unknown, html = false) => {
    if (typeof value === 'string' && value.trim()) out.push(html ? textOf(value) : value);
  };
  add(r.title);
  add(r.label);
  add(r.name);
  add(r.content, true);
  add(r.descripiton);
  add(r.resource);
  for (const item of Array.isArray(r.items) ? (r.items as Record<string, unknown>[]) : []) {
    add(item.title);
    add(item.description);
  }
  for (const option of Array.isArray(r.options) ? (r.options as Record<string, unknown>[]) : []) {
    add(option.title);
    add(option.description);
  }
  return out;
}

/**
 * The plain text of unit content, for search, exports and the AI: one line per paragraph, heading, list
 * item, formula (its TeX source) and resource text; images give nothing; invalid blocks give nothing.
 */
export function textOf(input: HtmlInput): string {
  return textLines(input, (block) => resourceTextOf(readBlock(block))).join('\n');
}

/** What the renderer shows, in order: runs of rich text (HTML) and resource blocks. */
export type UnitSegment = { kind: 'html'; html: string } | { kind: 'block'; type: string; subtype: string; resource: unknown };

/**
 * Unit HTML split for the renderer: runs of rich text as HTML and resource blocks with their parsed,
 * unvalidated data (the view validates it and shows a placeholder for a bad block). A block nested in
 * another element is lifted out and shown right after it. A run that holds no content (white space or
 * empty paragraphs between two blocks) is left out, unless it draws a horizontal rule.
 */
export function unitSegments(input: HtmlInput): UnitSegment[] {
  const segments: UnitSegment[] = [];
  let run: HtmlNode[] = [];
  const flush = () => {
    if (hasContent(run) || [...walk(run)].some((n) => n.type === 'element' && n.tag === 'hr')) segments.push({ kind: 'html', html: toHtml(run) });
    run = [];
  };
  const push = (block: BlockNode) => {
    const { type, subtype, data } = readBlock(block);
    segments.push({ kind: 'block', type, subtype, resource: data });
  };
  for (const node of nodesOf(input)) {
    if (node.type === 'block') {
      flush();
      push(node);
      continue;
    }
    const { node: kept, lifted } = liftBlocks(node);
    run.push(kept);
    if (lifted.length > 0) {
      flush();
      lifted.forEach(push);
    }
  }
  flush();
  return segments;
}
