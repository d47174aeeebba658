/**
 * THE renderer of stored HTML (templates, notices, notification texts, unit content). The server
 * sanitized it on write with the shared allow-list; before it reaches the DOM this component filters it
 * once more against the same list (defence in depth against rows written by older code or by hand),
 * with DOMPurify: the shared list (packages/shared/src/content/html-allow-list.ts) is translated to
 * DOMPurify's configuration (tags, attributes), and hooks apply what DOMPurify has no option for —
 * attributes per element, the allowed classes and inline styles, the URL rules of links and images.
 * Elements outside the list are dropped (script, style, iframe, svg… with their content; other unknown
 * wrappers keep their text).
 */
import type { HTMLAttributes } from 'react';
import createDOMPurify, { type DOMPurify } from 'dompurify';
import { useMemo } from 'react';
import { BASE_HTML_ALLOW_LIST, isAllowedHref, isAllowedImageSrc, type HtmlAllowList } from '@edu/shared/content/html-allow-list';
import classes from './rich-content.module.css';

/** One DOMPurify instance per allow-list (hooks belong to an instance). */
const purifiers = new WeakMap<HtmlAllowList, DOMPurify>();

function allowedStyle(list: HtmlAllowList, tag: string, value: string): string {
  const rules = list.styles[tag] ?? {};
  return value
    .split(';')
    .map((d) => d.split(':').map((p) => p.trim()))
    .filter(([prop, val]) => prop && val !== undefined && rules[prop.toLowerCase()]?.some((re) => re.test(val)))
    .map(([prop, val]) => `${prop}: ${val}`)
    .join('; ');
}

function purifierFor(list: HtmlAllowList): DOMPurify {
  const known = purifiers.get(list);
  if (known) return known;
  const purify = createDOMPurify(window);
  purify.setConfig({
    ALLOWED_TAGS: [...list.tags],
    ALLOWED_ATTR: [...new Set(Object.values(list.attributes).flat())],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // (A per-call configuration is ignored once setConfig is used: the DOM answer is set here.)
    RETURN_DOM: true,
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const tag = node.nodeName.toLowerCase();
    const name = data.attrName.toLowerCase();
    const allowed = [...(list.attributes[tag] ?? []), ...(list.attributes['*'] ?? [])];
    let keep = allowed.includes(name) && !name.startsWith('on');
    if (keep && name === 'href') keep = isAllowedHref(data.attrValue);
    if (keep && name === 'src') keep = tag === 'img' && isAllowedImageSrc(data.attrValue);
    if (keep && name === 'class') {
      data.attrValue = data.attrValue
        .split(/\s+/)
        .filter((c) => list.classes[tag]?.includes(c))
        .join(' ');
      keep = data.attrValue !== '';
    }
    if (keep && name === 'style') {
      data.attrValue = allowedStyle(list, tag, data.attrValue);
      keep = data.attrValue !== '';
    }
    data.keepAttr = keep;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && (node as Element).getAttribute('target') === '_blank') (node as Element).setAttribute('rel', 'noopener noreferrer nofollow');
  });
  purifiers.set(list, purify);
  return purify;
}

/** The HTML reduced to the allow-list (browser only). */
export function filterHtml(html: string, list: HtmlAllowList = BASE_HTML_ALLOW_LIST): string {
  const body = purifierFor(list).sanitize(html) as unknown as HTMLElement;
  // An image whose source was not allowed is not shown at all.
  for (const img of Array.from(body.querySelectorAll('img'))) if (!img.getAttribute('src')) img.remove();
  return body.innerHTML;
}

export interface SafeHtmlProps extends Omit<HTMLAttributes<HTMLDivElement>, 'dangerouslySetInnerHTML' | 'children'> {
  /** HTML the server stored after sanitizing it. */
  html: string;
  list?: HtmlAllowList;
  'data-testid'?: string;
}

export function SafeHtml({ html, list, className, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => filterHtml(html, list), [html, list]);
  return <div {...props} className={className ? `${classes.content} ${className}` : classes.content} dangerouslySetInnerHTML={{ __html: clean }} />;
}
