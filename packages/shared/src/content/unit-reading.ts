/**
 * THE reading of unit content (docs/architecture.md, "One reading of unit content"). Stored unit HTML is parsed
 * once (html-document.ts: no DOM, Node and browser alike) and every question asked of a unit's introduction,
 * synthesis or topic is answered here, by the server (required synthesis, complete unit), the web (the studio's
 * validation, the renderer) and later readers (packages, the student viewer, the AI).
 */
import { holdsContent, liftBlocks, nodesOf, textLines, toHtml, walk, type BlockNode, type HtmlInput, type HtmlNode } from './html-document';
import { isExternalImageSrc } from './html-allow-list';
import { RESOURCE_HTML_FIELDS, blockKey, parseBlock, resourceKind, type ResourceKind } from './unit-resources';

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
