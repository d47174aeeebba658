/**
 * THE reading of stored rich text (docs/architecture.md, "One reading of unit content"): the typed document
 * html-parser.ts makes of HTML (text, formatting elements, images, Latex formulas and resource blocks), and the
 * generic questions asked of it (is it empty, its text, back to HTML). This file is the entry: it re-exports the
 * parser's nodes and `parseHtml`. The unit-level questions — which block is valid, a resource's texts, the
 * renderer's segments — are in unit-reading.ts (`isEmptyContent`, `textOf`, `resourcesOf`, `unitSegments`,
 * re-exported by unit-content.ts) and build on this file.
 *
 * No DOM and no dependency: it runs in Node and in the browser alike.
 * It is a READER, not a sanitizer: the server's one sanitizer (sanitize-html with the unit allow-list,
 * apps/server/src/platform/sanitize.ts) cleans on write, and the web filters what it puts in the DOM
 * (ui/safe-html.tsx). What no reader may take for content is never taken: the insides of <script>,
 * <style>, <iframe>, <svg>… are dropped, and an image counts only when its address is one the
 * allow-list keeps or one a save imports (isImportableImageSrc).
 */
import { isImportableImageSrc } from './html-allow-list';
import { decodeEntities } from './html-entities';
import { BLOCK_ATTR, parseHtml, VOID, type Attrs, type BlockNode, type HtmlNode } from './html-parser';

export { BLOCK_ATTR, decodeEntities, parseHtml };
export type { Attrs, BlockNode, ElementNode, HtmlNode, ImageNode, LatexNode, TextNode } from './html-parser';

// ---------------------------------------------------------------------------------------------------
// Generic questions (unit-reading.ts answers them for unit content, with its resource blocks validated)

export type HtmlInput = string | readonly HtmlNode[];
export const nodesOf = (input: HtmlInput): readonly HtmlNode[] => (typeof input === 'string' ? parseHtml(input) : input);

/** Characters that show nothing: white space (U+00A0 included), zero-width spaces and joiners, BOM, soft hyphen. */
const BLANK = /^[\s\u200b-\u200d\u2060\ufeff\u00ad]*$/;
export const isBlankText = (text: string) => BLANK.test(text);

/**
 * Whether nodes hold content: visible text, an image whose address the allow-list keeps, a Latex
 * formula with TeX in it, or a block `isBlockContent` accepts. White space, `&nbsp;`, zero-width
 * characters, empty elements, line breaks, rules and empty links are not content.
 */
export function holdsContent(input: HtmlInput, isBlockContent: (block: BlockNode) => boolean): boolean {
  const isContent = (node: HtmlNode): boolean => {
    switch (node.type) {
      case 'text':
        return !isBlankText(node.text);
      case 'image':
        return isImportableImageSrc(node.src);
      case 'latex':
        return !isBlankText(node.tex);
      case 'block':
        return isBlockContent(node);
      case 'element':
        return node.children.some(isContent);
    }
  };
  return nodesOf(input).some(isContent);
}

/** All nodes, depth first, in document order. */
export function* walk(input: HtmlInput): Generator<HtmlNode> {
  for (const node of nodesOf(input)) {
    yield node;
    if (node.type === 'element') yield* walk(node.children);
  }
}

const LINE_TAGS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'blockquote', 'pre', 'ul', 'ol', 'hr', 'br', 'table', 'tr', 'section', 'article']);

/**
 * The text a reader sees, one line per paragraph, heading, list item, formula or block, white space
 * inside a line collapsed (`&nbsp;` is a space). Images give nothing (their alt text is not shown);
 * formulas give their TeX source; a block gives the lines `blockText` answers (none by default).
 */
export function textLines(input: HtmlInput, blockText: (block: BlockNode) => readonly string[] = () => []): string[] {
  const lines: string[] = [];
  let line = '';
  const push = (text: string) => {
    const clean = text.replace(/[\s\u200b-\u200d\u2060\ufeff\u00ad]+/g, ' ').trim();
    if (clean) lines.push(clean);
  };
  const breakLine = () => {
    push(line);
    line = '';
  };
  const visit = (nodes: readonly HtmlNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') line += node.text;
      else if (node.type === 'element') {
        const own = LINE_TAGS.has(node.tag);
        if (own) breakLine();
        visit(node.children);
        if (own) breakLine();
      } else if (node.type === 'latex') {
        breakLine();
        push(node.tex);
      } else if (node.type === 'block') {
        breakLine();
        for (const text of blockText(node)) push(text);
      }
    }
  };
  visit(nodesOf(input));
  breakLine();
  return lines;
}

// ---------------------------------------------------------------------------------------------------
// Back to HTML

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const SAFE_NAME = /^[a-z][a-z0-9-]*$/;
const SAFE_ATTR = /^[a-z_:][-a-z0-9_:.]*$/;
const attrsHtml = (attrs: Attrs) =>
  Object.entries(attrs)
    .filter(([name]) => SAFE_ATTR.test(name))
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');

/**
 * Nodes back to HTML, well formed: every text and attribute escaped, every element closed. This is no
 * sanitizer — HTML it writes for the DOM still goes through ui/safe-html's filter.
 */
export function toHtml(nodes: readonly HtmlNode[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return escapeText(node.text);
        case 'image':
          return `<img${attrsHtml(node.attrs)}>`;
        case 'latex':
          return `<pre${attrsHtml(node.attrs)}>${escapeText(node.tex)}</pre>`;
        case 'block':
          return `<div${attrsHtml(node.attrs)}></div>`;
        case 'element':
          if (!SAFE_NAME.test(node.tag)) return toHtml(node.children);
          return VOID.has(node.tag) ? `<${node.tag}${attrsHtml(node.attrs)}>` : `<${node.tag}${attrsHtml(node.attrs)}>${toHtml(node.children)}</${node.tag}>`;
      }
    })
    .join('');
}

/** The node without the blocks inside it, and those blocks in document order. */
export function liftBlocks(node: HtmlNode): { node: HtmlNode; lifted: BlockNode[] } {
  if (node.type !== 'element') return { node, lifted: [] };
  const lifted: BlockNode[] = [];
  const children: HtmlNode[] = [];
  for (const child of node.children) {
    if (child.type === 'block') {
      lifted.push(child);
      continue;
    }
    const inner = liftBlocks(child);
    children.push(inner.node);
    lifted.push(...inner.lifted);
  }
  return { node: { ...node, children }, lifted };
}
