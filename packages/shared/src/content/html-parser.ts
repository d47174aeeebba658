/**
 * The parser of stored rich text: HTML → a typed document (text, formatting elements, images, Latex formulas
 * `<pre class="latex">` and resource blocks `<div data-type data-subtype data-resource>`). html-document.ts is
 * its entry (it re-exports this file's nodes and `parseHtml`) and asks the generic questions of the document.
 *
 * A small tolerant tokenizer with no DOM and no dependency: it runs in Node and in the browser alike. It is a
 * READER, not a sanitizer (see html-document.ts): the insides of <script>, <style>, <iframe>, <svg>… are dropped.
 */
import { decodeEntities } from './html-entities';

export type Attrs = Readonly<Record<string, string>>;

export interface TextNode {
  type: 'text';
  /** Decoded text (entities resolved; `&nbsp;` is U+00A0). */
  text: string;
}
export interface ElementNode {
  type: 'element';
  /** Lower-case tag name (p, h1, strong, a, ul, li, br, hr, …). */
  tag: string;
  attrs: Attrs;
  children: HtmlNode[];
}
export interface ImageNode {
  type: 'image';
  src: string;
  alt: string;
  attrs: Attrs;
}
export interface LatexNode {
  type: 'latex';
  /** The TeX source (`<pre class="latex">TeX</pre>`). */
  tex: string;
  attrs: Attrs;
}
/** A resource block, as written: its data is read (validated) by unit-reading.ts. */
export interface BlockNode {
  type: 'block';
  /** `data-type` (media, picture, iframe, warning, list, quote, question). */
  blockType: string;
  /** `data-subtype` ('' when none). */
  subtype: string;
  /** `data-resource` as written (JSON, unvalidated). */
  json: string;
  attrs: Attrs;
}
export type HtmlNode = TextNode | ElementNode | ImageNode | LatexNode | BlockNode;

// ---------------------------------------------------------------------------------------------------
// Tokenizer

/** Elements with no end tag and no children. */
export const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose content is raw text up to their end tag (never markup), dropped whole. */
const RAW_TEXT = new Set(['script', 'style', 'iframe', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'noscript', 'plaintext']);
/**
 * Elements dropped with everything inside them, as the server's sanitizer drops them (its `nonTextTags`;
 * other unknown elements lose their tag but keep their text, there and here).
 */
const DROPPED = new Set(['template', 'object', 'option']);
/**
 * Elements deeper than this are not opened (their text stays in the deepest one, images and line breaks
 * too), as Chromium's parser stops nesting at 512: no input can make a reader recurse or scan deeper.
 */
const MAX_DEPTH = 512;
/** Opening one of these closes an open <p> (as browsers do). */
const CLOSES_P = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'pre', 'blockquote', 'hr', 'table', 'section', 'article']);

interface Frame {
  tag: string;
  children: HtmlNode[];
  /** Called when the element closes (explicitly, implicitly or at the end of the input). */
  close?: (children: HtmlNode[]) => void;
}

const TAG_NAME = /([A-Za-z][^\t\n\f\r />]*)/y;
const SPACE = /[\t\n\f\r ]*/y;
const ATTR_NAME = /[^\t\n\f\r />][^\t\n\f\r />=]*/y;
const ATTR_VALUE = /[\t\n\f\r ]*=[\t\n\f\r ]*(?:"([^"]*)"|'([^']*)'|([^\t\n\f\r >]*))/y;

function sticky(re: RegExp, input: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(input);
}

/** A start tag at `at` (input[at] === '<'): its name, attributes, whether it self-closes, and where it ends. */
function readStartTag(input: string, at: number): { name: string; attrs: Record<string, string>; selfClosing: boolean; end: number } | undefined {
  const name = sticky(TAG_NAME, input, at + 1);
  if (!name) return undefined;
  const attrs = Object.create(null) as Record<string, string>;
  let i = at + 1 + name[0].length;
  for (;;) {
    i += sticky(SPACE, input, i)![0].length;
    if (i >= input.length) return undefined; // a tag cut by the end of the input is no tag
    if (input[i] === '>') return { name: name[1]!.toLowerCase(), attrs, selfClosing: false, end: i + 1 };
    if (input.startsWith('/>', i)) return { name: name[1]!.toLowerCase(), attrs, selfClosing: true, end: i + 2 };
    if (input[i] === '/') {
      i += 1;
      continue;
    }
    const attr = sticky(ATTR_NAME, input, i)!;
    i += attr[0].length;
    const value = sticky(ATTR_VALUE, input, i);
    let raw = '';
    if (value) {
      raw = value[1] ?? value[2] ?? value[3] ?? '';
      i += value[0].length;
    }
    const key = attr[0].toLowerCase();
    if (!(key in attrs)) attrs[key] = decodeEntities(raw);
  }
}

const classesOf = (attrs: Attrs) => (attrs.class ?? '').split(/[\t\n\f\r ]+/).filter(Boolean);

/** Plain text of nodes, as written (no separators): a formula's source, a heading's words. */
function rawText(nodes: readonly HtmlNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.text : n.type === 'element' ? rawText(n.children) : n.type === 'latex' ? n.tex : '')).join('');
}

/** The attributes that make a `<div>` a resource block. */
export const BLOCK_ATTR = { type: 'data-type', subtype: 'data-subtype', resource: 'data-resource' } as const;

const blockNode = (attrs: Attrs): BlockNode => ({
  type: 'block',
  blockType: attrs[BLOCK_ATTR.type] ?? '',
  subtype: attrs[BLOCK_ATTR.subtype] ?? '',
  json: attrs[BLOCK_ATTR.resource] ?? '',
  attrs,
});

/**
 * Stored HTML as a typed document. Tolerant: unquoted and single-quoted attributes, missing end tags,
 * stray end tags, comments and a `<` that opens no tag are read as a browser would read them, close
 * enough for content (not a full HTML5 tree builder: a block in a <p> stays nested, and is lifted out by
 * `unitSegments`). Everything inside a resource block's <div> is ignored: its data is the JSON.
 */
export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlNode[] = [];
  const stack: Frame[] = [{ tag: '#root', children: root }];
  /** How many elements of each name are open (so a stray end tag costs nothing to ignore). */
  const open = new Map<string, number>();
  const top = () => stack[stack.length - 1]!;
  const push = (frame: Frame) => {
    stack.push(frame);
    open.set(frame.tag, (open.get(frame.tag) ?? 0) + 1);
  };
  const pop = () => {
    const frame = stack.pop()!;
    open.set(frame.tag, open.get(frame.tag)! - 1);
    frame.close?.(frame.children);
  };
  /**
   * Close the nearest open `tag` (and what is open inside it) unless a `boundary` comes first; looked for
   * among the innermost 64 elements only (deeper, the nesting is kept: it changes no text).
   */
  const closeOpen = (tag: string, boundaries: readonly string[]) => {
    if (!open.get(tag)) return;
    for (let at = stack.length - 1; at > 0 && at >= stack.length - 64; at -= 1) {
      if (boundaries.includes(stack[at]!.tag)) return;
      if (stack[at]!.tag === tag) {
        while (stack.length > at) pop();
        return;
      }
    }
  };
  const pushText = (raw: string) => {
    if (!raw) return;
    const text = decodeEntities(raw);
    const siblings = top().children;
    const last = siblings[siblings.length - 1];
    if (last?.type === 'text') last.text += text;
    else siblings.push({ type: 'text', text });
  };
  const n = html.length;
  let i = 0;
  /** Where the text not yet pushed starts (a `<` that opens nothing stays in it). */
  let text = 0;
  /** Markup read up to `to`: what follows is text again. */
  const skipTo = (to: number) => {
    i = text = to;
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    const next = html[lt + 1] ?? '';
    if (!/[A-Za-z/!?]/.test(next)) {
      i = lt + 1;
      continue;
    }
    pushText(html.slice(text, lt));
    skipTo(lt);
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      skipTo(end < 0 ? n : end + 3);
      continue;
    }
    if (next === '!' || next === '?' || (next === '/' && !/[A-Za-z]/.test(html[i + 2] ?? ''))) {
      // Doctype, processing instruction, CDATA, `</>` or `</` + non-letter: a bogus comment up to '>'.
      const end = html.indexOf('>', i);
      skipTo(end < 0 ? n : end + 1);
      continue;
    }
    if (next === '/') {
      const name = sticky(TAG_NAME, html, i + 2)!;
      const end = html.indexOf('>', i);
      skipTo(end < 0 ? n : end + 1);
      const tag = name[1]!.toLowerCase();
      if (!open.get(tag)) continue;
      let at = stack.length - 1;
      while (at > 0 && stack[at]!.tag !== tag) at -= 1;
      if (at > 0) while (stack.length > at) pop();
      continue;
    }
    const tag = readStartTag(html, i);
    if (!tag) {
      skipTo(n); // a tag cut by the end of the input: dropped with the rest
      break;
    }
    skipTo(tag.end);
    const { name, attrs } = tag;
    if (RAW_TEXT.has(name)) {
      // Raw text up to its end tag (or to the end of the input): never read.
      const close = new RegExp(`</${name}(?=[\\t\\n\\f\\r />]|$)`, 'ig');
      close.lastIndex = i;
      const m = close.exec(html);
      const end = m ? html.indexOf('>', m.index) : -1;
      skipTo(end < 0 ? n : end + 1);
      continue;
    }
    // As browsers do: a block closes an open <p>, an <li> an open <li> of the same list.
    if (CLOSES_P.has(name)) closeOpen('p', ['table', 'td', 'th', 'button']);
    if (name === 'li') closeOpen('li', ['ul', 'ol']);
    const siblings = top().children;
    if (name === 'img') {
      siblings.push({ type: 'image', src: attrs.src ?? '', alt: attrs.alt ?? '', attrs });
      continue;
    }
    if (VOID.has(name)) {
      if (!DROPPED.has(name) && !['base', 'link', 'meta', 'input', 'embed'].includes(name)) siblings.push({ type: 'element', tag: name, attrs, children: [] });
      continue;
    }
    if (stack.length > MAX_DEPTH) continue;
    if (name === 'div' && attrs[BLOCK_ATTR.type] !== undefined) {
      siblings.push(blockNode(attrs));
      push({ tag: name, children: [] }); // its insides are not read
      continue;
    }
    if (name === 'pre' && classesOf(attrs).includes('latex')) {
      const node: LatexNode = { type: 'latex', tex: '', attrs };
      siblings.push(node);
      push({ tag: name, children: [], close: (children) => (node.tex = rawText(children)) });
      continue;
    }
    if (DROPPED.has(name)) {
      push({ tag: name, children: [] });
      continue;
    }
    // As in browsers (and sanitize-html), `/>` does not close an element that is not void.
    const node: ElementNode = { type: 'element', tag: name, attrs, children: [] };
    siblings.push(node);
    push({ tag: name, children: node.children });
  }
  pushText(html.slice(text));
  while (stack.length > 1) pop();
  return root;
}
