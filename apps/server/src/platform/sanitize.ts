/**
 * Stored HTML is sanitized on write with the one allow-list of packages/shared/src/content. Anything
 * outside it is dropped: <script>/<style>/<iframe> with their content, event handlers, style except
 * the allowed properties, classes outside the list, URLs other than http(s)/mailto links, and images
 * other than /uploads/ ones. Links opening a new tab get rel="noopener noreferrer".
 *
 * Unit content (`sanitizeUnitHtml`) uses the unit list and re-validates every resource block.
 *
 * Every image address (an <img>, a Figura block's url) passes through an `ImageSrcRule`: by default only our
 * /uploads/ images stay. The save of content (content-store.ts) sanitizes twice: once collecting the external
 * images it must import, once with their /uploads/ addresses.
 */
import { randomBytes } from 'node:crypto';
import sanitizeHtml from 'sanitize-html';
import {
  BASE_HTML_ALLOW_LIST,
  UNIT_HTML_ALLOW_LIST,
  isAllowedHref,
  isAllowedImageSrc,
  isImportableImageSrc,
  type HtmlAllowList,
} from '@edu/shared/content/html-allow-list';
import { BLOCK_ATTR, RESOURCE_HTML_FIELDS, blockHtml, blockKey, parseBlock } from '@edu/shared/content/unit-content';

type Attribs = Record<string, string>;

/** The address to store for an image address, or undefined to drop the image. */
export type ImageSrcRule = (src: string) => string | undefined;

/** The default: our /uploads/ images only. */
export const OWN_IMAGES: ImageSrcRule = (src) => (isAllowedImageSrc(src) ? src.trim() : undefined);

/** Keeps every importable image (ours and http(s)) and tells `seen` about each external one. */
export const collectImages =
  (seen: (src: string) => void): ImageSrcRule =>
  (src) => {
    if (!isImportableImageSrc(src)) return undefined;
    if (!isAllowedImageSrc(src)) seen(src.trim());
    return src.trim();
  };

function optionsFor(list: HtmlAllowList, imageSrc: ImageSrcRule = OWN_IMAGES): sanitizeHtml.IOptions {
  const styles: Record<string, Record<string, RegExp[]>> = {};
  for (const [tag, props] of Object.entries(list.styles)) {
    styles[tag] = Object.fromEntries(Object.entries(props).map(([prop, patterns]) => [prop, [...patterns]]));
  }
  return {
    allowedTags: [...list.tags],
    allowedAttributes: Object.fromEntries(Object.entries(list.attributes).map(([tag, names]) => [tag, names.filter((n) => !/^on/i.test(n))])),
    allowedClasses: Object.fromEntries(Object.entries(list.classes).map(([tag, names]) => [tag, [...names]])),
    allowedStyles: styles,
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
    allowProtocolRelative: false,
    allowedIframeHostnames: [],
    disallowedTagsMode: 'discard',
    // Dropped together with their text.
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'template'],
    transformTags: {
      a: (tagName, attribs: Attribs) => {
        const next: Attribs = { ...attribs };
        if (next.href !== undefined && !isAllowedHref(next.href)) delete next.href;
        if (next.target !== undefined) {
          if (next.target === '_blank') next.rel = 'noopener noreferrer nofollow';
          else delete next.target;
        }
        return { tagName, attribs: next };
      },
      img: (tagName, attribs: Attribs) => {
        const next: Attribs = { ...attribs };
        const src = next.src === undefined ? undefined : imageSrc(next.src);
        if (src === undefined) delete next.src;
        else next.src = src;
        for (const dim of ['width', 'height'] as const) if (next[dim] !== undefined && !/^\d{1,4}$/.test(next[dim]!)) delete next[dim];
        return { tagName, attribs: next };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const cache = new WeakMap<HtmlAllowList, sanitizeHtml.IOptions>();

/** Clean HTML for storage. Pass a larger list (extendAllowList) for richer content kinds. */
export function sanitizeRichText(html: string, list: HtmlAllowList = BASE_HTML_ALLOW_LIST, imageSrc?: ImageSrcRule): string {
  if (imageSrc) return sanitizeHtml(html, optionsFor(list, imageSrc)).trim();
  let options = cache.get(list);
  if (!options) {
    options = optionsFor(list);
    cache.set(list, options);
  }
  return sanitizeHtml(html, options).trim();
}

// ---------------------------------------------------------------------------------------------------
// Unit content

/**
 * One resource block re-validated: the JSON must parse and match the schema of its type/subtype
 * (unknown fields dropped, texts trimmed), its rich-text fields are sanitized with the base list and
 * the result is validated again (a field emptied by sanitizing makes the block invalid). Answers the
 * canonical block HTML, or undefined when the block must be dropped.
 */
export function sanitizeResourceBlock(type: string, subtype: string, json: string, imageSrc: ImageSrcRule = OWN_IMAGES): string | undefined {
  const data = parseBlock(type, subtype, json);
  if (data === undefined || typeof data !== 'object' || data === null) return undefined;
  const cleaned: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  for (const field of RESOURCE_HTML_FIELDS[blockKey(type, subtype)] ?? []) {
    const value = cleaned[field];
    if (typeof value === 'string') cleaned[field] = sanitizeRichText(value, BASE_HTML_ALLOW_LIST, imageSrc);
  }
  // A Figura's image is an image like any other: ours, or imported.
  if (blockKey(type, subtype) === 'picture:' && typeof cleaned.url === 'string') {
    const src = imageSrc(cleaned.url);
    if (src === undefined) return undefined;
    cleaned.url = src;
  }
  const valid = parseBlock(type, subtype, JSON.stringify(cleaned));
  return valid === undefined ? undefined : blockHtml(type, subtype, valid);
}

/** Index of the `</div>` closing the div whose opening tag ends at `from`, in sanitized (balanced) HTML. */
function matchingDivClose(html: string, from: number): { start: number; end: number } | undefined {
  const tags = /<div[\s>]|<\/div>/g;
  tags.lastIndex = from;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return { start: m.index, end: m.index + m[0].length };
  }
  return undefined;
}

/**
 * Clean unit HTML (introduction, synthesis, a topic's content) for storage: the unit allow-list, and
 * every `<div data-type>` block re-validated (see `sanitizeResourceBlock`). A block of an unknown
 * type/subtype or with invalid data is dropped with everything inside it; a valid block is stored in
 * its canonical form — empty, with exactly the three data attributes (anything inside it is dropped:
 * its data is the JSON). A `<div>` without data-type is kept as a plain div without attributes.
 *
 * How: sanitize-html walks the HTML once; an invalid block is removed by `exclusiveFilter`; a valid
 * block is emitted as `<div data-unit-block="{nonce}-{n}">`, where the nonce is random per call, so the
 * input cannot forge one. Sanitized output is balanced (every emitted tag is closed; `<` in text and
 * attributes is escaped), so afterwards each marked div, with its content, is replaced by its
 * canonical block.
 */
export function sanitizeUnitHtml(html: string, imageSrc: ImageSrcRule = OWN_IMAGES): string {
  const nonce = randomBytes(12).toString('hex');
  const blocks: string[] = [];
  const dropped = new WeakSet<object>();
  const base = optionsFor(UNIT_HTML_ALLOW_LIST, imageSrc);
  const baseAttributes = (base.allowedAttributes || {}) as Record<string, sanitizeHtml.AllowedAttribute[]>;
  const baseFilter = base.exclusiveFilter;
  const options: sanitizeHtml.IOptions = {
    ...base,
    allowedAttributes: { ...baseAttributes, div: [...(baseAttributes.div ?? []), 'data-unit-block'] },
    transformTags: {
      ...base.transformTags,
      div: (tagName, attribs: Attribs) => {
        const type = attribs[BLOCK_ATTR.type];
        if (type === undefined) return { tagName, attribs: {} };
        const block = sanitizeResourceBlock(type, attribs[BLOCK_ATTR.subtype] ?? '', attribs[BLOCK_ATTR.resource] ?? '', imageSrc);
        if (block === undefined) {
          const marker: Attribs = {};
          dropped.add(marker);
          return { tagName, attribs: marker };
        }
        blocks.push(block);
        return { tagName, attribs: { 'data-unit-block': `${nonce}-${blocks.length - 1}` } };
      },
    },
    exclusiveFilter: (frame) => dropped.has(frame.attribs) || (baseFilter ? baseFilter(frame) : false),
  };
  const clean = sanitizeHtml(html, options);
  // One pass: each marked div (with whatever it holds, marked divs included) becomes its block.
  const marked = new RegExp(`<div data-unit-block="${nonce}-(\\d+)">`, 'g');
  const out: string[] = [];
  let cursor = 0;
  for (let m = marked.exec(clean); m; m = marked.exec(clean)) {
    const close = matchingDivClose(clean, m.index + m[0].length);
    out.push(clean.slice(cursor, m.index), blocks[Number(m[1])] ?? '');
    cursor = close ? close.end : clean.length;
    marked.lastIndex = cursor;
  }
  out.push(clean.slice(cursor));
  return out.join('').trim();
}
