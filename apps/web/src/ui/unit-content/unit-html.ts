/**
 * Stored unit HTML split into what the renderer shows: runs of rich text and resource blocks, read by
 * THE shared reading of unit content (`unitSegments` of @edu/shared/content/unit-content: one parser,
 * no DOM, the same on the server). A block nested in another element (e.g. a quote) is lifted out and
 * shown right after it. Each run is then reduced to the unit allow-list before it reaches the DOM (the
 * server already did it on write; this is defence in depth, in an inert document).
 */
import { UNIT_HTML_ALLOW_LIST } from '@edu/shared/content/html-allow-list';
import { unitSegments, type UnitSegment } from '@edu/shared/content/unit-content';
import { filterHtml } from '../safe-html';

export type { UnitSegment };

export function splitUnitHtml(html: string): UnitSegment[] {
  return unitSegments(html).map((segment) => (segment.kind === 'html' ? { kind: 'html', html: filterHtml(segment.html, UNIT_HTML_ALLOW_LIST) } : segment));
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
