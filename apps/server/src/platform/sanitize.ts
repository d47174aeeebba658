/**
 * Stored HTML is sanitized on write with the one allow-list of packages/shared/src/content. Anything
 * outside it is dropped: <script>/<style>/<iframe> with their content, event handlers, style except
 * the allowed properties, classes outside the list, and URLs other than http(s)/mailto links and
 * http(s) or /uploads/ images. Links opening a new tab get rel="noopener noreferrer".
 */
import sanitizeHtml from 'sanitize-html';
import { BASE_HTML_ALLOW_LIST, isAllowedHref, isAllowedImageSrc, type HtmlAllowList } from '@edu/shared/content/html-allow-list';

type Attribs = Record<string, string>;

function optionsFor(list: HtmlAllowList): sanitizeHtml.IOptions {
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
        if (next.src === undefined || !isAllowedImageSrc(next.src)) delete next.src;
        for (const dim of ['width', 'height'] as const) if (next[dim] !== undefined && !/^\d{1,4}$/.test(next[dim]!)) delete next[dim];
        return { tagName, attribs: next };
      },
    },
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  };
}

const cache = new WeakMap<HtmlAllowList, sanitizeHtml.IOptions>();

/** Clean HTML for storage. Pass a larger list (extendAllowList) for richer content kinds. */
export function sanitizeRichText(html: string, list: HtmlAllowList = BASE_HTML_ALLOW_LIST): string {
  let options = cache.get(list);
  if (!options) {
    options = optionsFor(list);
    cache.set(list, options);
  }
  return sanitizeHtml(html, options).trim();
}
