/**
 * THE renderer of stored HTML (templates, notices, notification texts). The server sanitized it on
 * write with the shared allow-list; before it reaches the DOM this component filters it once more
 * against the same list (defence in depth against rows written by older code or by hand): elements,
 * attributes, classes, styles and URLs outside the list are dropped. Parsing uses an inert document, so
 * nothing runs or loads while filtering.
 */
import { Box, type BoxProps } from '@mantine/core';
import { useMemo } from 'react';
import { BASE_HTML_ALLOW_LIST, isAllowedHref, isAllowedImageSrc, type HtmlAllowList } from '@edu/shared/content/html-allow-list';
import classes from './rich-content.module.css';

function filterNode(node: Element, list: HtmlAllowList) {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (!list.tags.includes(tag)) {
      // Dangerous containers go with their content; other unknown wrappers keep their text.
      if (['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg', 'math', 'textarea', 'title'].includes(tag)) child.remove();
      else {
        filterNode(child, list);
        child.replaceWith(...child.childNodes);
      }
      continue;
    }
    const allowed = [...(list.attributes[tag] ?? []), ...(list.attributes['*'] ?? [])];
    for (const attr of [...child.attributes]) {
      const name = attr.name.toLowerCase();
      const value = attr.value;
      let keep = allowed.includes(name) && !name.startsWith('on');
      if (keep && name === 'href') keep = isAllowedHref(value);
      if (keep && name === 'src') keep = tag === 'img' && isAllowedImageSrc(value);
      if (keep && name === 'class') {
        const ok = value.split(/\s+/).filter((c) => list.classes[tag]?.includes(c));
        if (ok.length > 0) child.setAttribute('class', ok.join(' '));
        keep = ok.length > 0;
        if (keep) continue;
      }
      if (keep && name === 'style') {
        const rules = list.styles[tag] ?? {};
        const ok = value
          .split(';')
          .map((d) => d.split(':').map((p) => p.trim()))
          .filter(([prop, val]) => prop && val !== undefined && rules[prop.toLowerCase()]?.some((re) => re.test(val)))
          .map(([prop, val]) => `${prop}: ${val}`);
        if (ok.length > 0) child.setAttribute('style', ok.join('; '));
        keep = ok.length > 0;
        if (keep) continue;
      }
      if (!keep) child.removeAttribute(attr.name);
    }
    if (tag === 'img' && !child.getAttribute('src')) {
      child.remove();
      continue;
    }
    if (tag === 'a' && child.getAttribute('target') === '_blank') child.setAttribute('rel', 'noopener noreferrer nofollow');
    filterNode(child, list);
  }
}

/** The HTML reduced to the allow-list (browser only). */
export function filterHtml(html: string, list: HtmlAllowList = BASE_HTML_ALLOW_LIST): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  filterNode(doc.body, list);
  return doc.body.innerHTML;
}

export interface SafeHtmlProps extends BoxProps {
  /** HTML the server stored after sanitizing it. */
  html: string;
  list?: HtmlAllowList;
  'data-testid'?: string;
}

export function SafeHtml({ html, list, ...props }: SafeHtmlProps) {
  const clean = useMemo(() => filterHtml(html, list), [html, list]);
  return <Box {...props} className={classes.content} dangerouslySetInnerHTML={{ __html: clean }} />;
}
