/**
 * THE allow-list of stored rich text (notice templates, notification texts, and — extended — unit
 * content). The server sanitizes every HTML it stores with it (apps/server/src/platform/sanitize.ts);
 * the web renders stored HTML only through ui/safe-html.tsx. Pure data and predicates: no parser here.
 *
 * What is never allowed, whatever an extension adds: <script>, <style>, <iframe> (unit content shows
 * videos, PDFs and external pages in iframes, but those are built by the renderer from validated
 * resource blocks, never stored as HTML), event-handler attributes (on*), `style` except the properties
 * listed in `styles`, URLs other than http(s), mailto and same-site links, and images other than the server's own
 * /uploads/ (an external image is imported on save, see `isAllowedImageSrc`).
 */

export interface HtmlAllowList {
  /** Allowed element names. */
  tags: readonly string[];
  /** Allowed attributes per element ('*' applies to every allowed element). */
  attributes: Readonly<Record<string, readonly string[]>>;
  /** Allowed class names per element. */
  classes: Readonly<Record<string, readonly string[]>>;
  /** Allowed inline style properties per element, each with the patterns its value must match. */
  styles: Readonly<Record<string, Readonly<Record<string, readonly RegExp[]>>>>;
}

/** Image classes offered by the rich-text editor (spec 1 §2.14: none, responsive, rounded, circle). */
export const IMAGE_CLASS_OPTIONS = [
  { value: '', label: 'Nenhuma' },
  { value: 'img-responsive', label: 'Responsiva' },
  { value: 'img-rounded', label: 'Arredondada' },
  { value: 'img-circle', label: 'Círculo' },
] as const;

/** Image alignments offered by the rich-text editor. */
export const IMAGE_ALIGN_OPTIONS = [
  { value: '', label: 'Padrão' },
  { value: 'img-left', label: 'Esquerda' },
  { value: 'img-center', label: 'Centro' },
  { value: 'img-right', label: 'Direita' },
] as const;

export const IMAGE_CLASSES: readonly string[] = [...IMAGE_CLASS_OPTIONS, ...IMAGE_ALIGN_OPTIONS].map((o) => o.value).filter(Boolean);

const TEXT_ALIGN = { 'text-align': [/^(left|right|center|justify)$/] } as const;

export const BASE_HTML_ALLOW_LIST: HtmlAllowList = {
  tags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'mark',
    'sub', 'sup', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'span', 'code', 'pre', 'hr',
  ],
  attributes: {
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height', 'class'],
    ol: ['start'],
    p: ['style'],
    h1: ['style'], h2: ['style'], h3: ['style'], h4: ['style'], h5: ['style'], h6: ['style'],
  },
  classes: { img: IMAGE_CLASSES },
  styles: { p: TEXT_ALIGN, h1: TEXT_ALIGN, h2: TEXT_ALIGN, h3: TEXT_ALIGN, h4: TEXT_ALIGN, h5: TEXT_ALIGN, h6: TEXT_ALIGN },
};

/** Never allowed, whatever an extension asks for. */
export const FORBIDDEN_TAGS = ['script', 'style', 'object', 'embed', 'base', 'meta', 'link', 'form', 'input', 'textarea', 'button', 'svg', 'math'] as const;

/** A larger list for another kind of content (e.g. unit content): tags, attributes, classes and styles are merged. */
export function extendAllowList(base: HtmlAllowList, extra: Partial<HtmlAllowList>): HtmlAllowList {
  const forbidden = new Set<string>(FORBIDDEN_TAGS);
  const mergeLists = (a: Readonly<Record<string, readonly string[]>>, b: Readonly<Record<string, readonly string[]>> = {}) => {
    const out: Record<string, string[]> = {};
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) out[key] = [...new Set([...(a[key] ?? []), ...(b[key] ?? [])])];
    return out;
  };
  const attributes = mergeLists(base.attributes, extra.attributes);
  for (const key of Object.keys(attributes)) attributes[key] = attributes[key]!.filter((name) => !/^on/i.test(name));
  return {
    tags: [...new Set([...base.tags, ...(extra.tags ?? [])])].filter((t) => !forbidden.has(t)),
    attributes,
    classes: mergeLists(base.classes, extra.classes),
    styles: { ...base.styles, ...(extra.styles ?? {}) },
  };
}

/** A link target allowed in stored HTML: http(s), mailto, a same-site path or a fragment. */
export function isAllowedHref(url: string): boolean {
  const value = url.trim();
  if (/^(https?:\/\/|mailto:)/i.test(value)) return !/[\s<>"]/.test(value);
  return /^(\/(?!\/)|#)[^\s<>"\\]*$/.test(value);
}

/**
 * An image source allowed in stored (and rendered) HTML: a file this server stored under /uploads/. A reader's
 * browser never loads an image from a host an author chose: an external image is imported when the content is
 * saved (apps/server/src/platform/content-images.ts) and its address rewritten to /uploads/.
 */
export function isAllowedImageSrc(url: string): boolean {
  return /^\/uploads\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[A-Za-z0-9]+$/.test(url.trim());
}

/** An http(s) image address the server imports on save (it is never stored as such). */
export function isExternalImageSrc(url: string): boolean {
  return /^https?:\/\/[^\s<>"]+$/i.test(url.trim());
}

/** An image source an author may write: one of ours, or an external one the save imports. */
export const isImportableImageSrc = (url: string): boolean => isAllowedImageSrc(url) || isExternalImageSrc(url);

/**
 * Unit content (introduction, synthesis, each topic's content — spec 2 §2.8/§3): the base list plus
 * the resource blocks `<div data-type data-subtype data-resource>` (their JSON is re-validated on write
 * by `sanitizeUnitHtml`, see content/unit-content.ts) and the Latex block `<pre class="latex">`.
 * Headings h1–h4 (Tópico, Subtópico, Título, Subtítulo) are already in the base list.
 */
export const UNIT_HTML_ALLOW_LIST: HtmlAllowList = extendAllowList(BASE_HTML_ALLOW_LIST, {
  tags: ['div'],
  attributes: { div: ['data-type', 'data-subtype', 'data-resource'], pre: ['class'] },
  classes: { pre: ['latex'] },
});
