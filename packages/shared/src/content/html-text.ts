/** Plain text out of stored (sanitized) HTML: table previews, accessible labels, search. */
import { LIMITS } from '../limits';

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|h[1-6]|li|blockquote|pre|div)>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+|#39);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower]!;
      if (!lower.startsWith('#')) return whole;
      const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The template preview of spec 1 §2.14/§9: the text cut at 100 characters, followed by '...' when cut. */
export function textPreview(html: string, max: number = LIMITS.templatePreviewChars): string {
  const text = htmlToText(html);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
