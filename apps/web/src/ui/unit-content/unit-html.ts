/**
 * Stored unit HTML split into what the renderer shows: runs of rich text and resource blocks
 * (`<div data-type data-subtype data-resource>`, see @edu/shared/content/unit-content). The HTML is
 * first reduced to the unit allow-list (the server already did it on write; this is defence in depth).
 * A block nested in another element (e.g. a quote) is lifted out and shown right after it. Browser only
 * (DOMParser, an inert document: nothing runs or loads while splitting).
 */
import { UNIT_HTML_ALLOW_LIST } from '@edu/shared/content/html-allow-list';
import { BLOCK_ATTR } from '@edu/shared/content/unit-content';
import { filterHtml } from '../safe-html';

export type UnitSegment =
  | { kind: 'html'; html: string }
  | { kind: 'block'; type: string; subtype: string; resource: unknown };

const isBlock = (node: Node): node is Element =>
  node.nodeType === Node.ELEMENT_NODE && (node as Element).tagName === 'DIV' && (node as Element).hasAttribute(BLOCK_ATTR.type);

function blockOf(el: Element): UnitSegment {
  let resource: unknown;
  try {
    resource = JSON.parse(el.getAttribute(BLOCK_ATTR.resource) ?? '');
  } catch {
    resource = undefined;
  }
  return { kind: 'block', type: el.getAttribute(BLOCK_ATTR.type) ?? '', subtype: el.getAttribute(BLOCK_ATTR.subtype) ?? '', resource };
}

export function splitUnitHtml(html: string): UnitSegment[] {
  if (!html.trim()) return [];
  const doc = new DOMParser().parseFromString(`<body>${filterHtml(html, UNIT_HTML_ALLOW_LIST)}</body>`, 'text/html');
  const segments: UnitSegment[] = [];
  let run = doc.createElement('div');
  const flush = () => {
    if (run.textContent?.trim() || run.querySelector('img, hr, pre')) segments.push({ kind: 'html', html: run.innerHTML });
    run = doc.createElement('div');
  };
  for (const node of [...doc.body.childNodes]) {
    if (isBlock(node)) {
      flush();
      segments.push(blockOf(node));
      continue;
    }
    if (node.nodeType === Node.ELEMENT_NODE) {
      // Outermost blocks inside this element, lifted out in document order.
      const nested = [...(node as Element).querySelectorAll(`div[${BLOCK_ATTR.type}]`)].filter(
        (el) => !el.parentElement?.closest(`div[${BLOCK_ATTR.type}]`),
      );
      for (const el of nested) el.remove();
      run.appendChild(node);
      if (nested.length > 0) {
        flush();
        for (const el of nested) segments.push(blockOf(el));
      }
      continue;
    }
    if (node.nodeType === Node.TEXT_NODE) run.appendChild(node);
  }
  flush();
  return segments;
}

/** True when an address points at this site (a path, or this origin). */
export function isSameOrigin(url: string): boolean {
  if (typeof window === 'undefined') return !/^https?:\/\//i.test(url);
  try {
    return new URL(url, window.location.href).origin === window.location.origin;
  } catch {
    return true;
  }
}

/**
 * The sandbox of a cross-origin frame. `allow-same-origin` lets the other site keep its own storage
 * and cookies; it is never given to a frame of this site (scripts + same origin would escape).
 */
export function frameSandbox(url: string, tokens: readonly string[]): string {
  return (isSameOrigin(url) ? tokens.filter((t) => t !== 'allow-same-origin') : tokens).join(' ');
}

/** A CSS length out of a stored size ('650', '650px', '100%'). */
export function cssSize(value: string | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  if (/^\d{1,4}$/.test(v)) return `${v}px`;
  if (/^\d{1,4}(px|%)$/.test(v)) return v;
  return fallback;
}

/** Option letters: a, b, c … */
export const optionLetter = (index: number) => String.fromCharCode(97 + (index % 26));
