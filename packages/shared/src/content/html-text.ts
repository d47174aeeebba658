/** Plain text out of stored (sanitized) HTML: table previews, accessible labels, search. */
import { LIMITS } from '../limits';
import { textLines } from './html-document';

/** The text a reader sees, on one line (read by the one parser of stored HTML, html-document.ts). */
export function htmlToText(html: string): string {
  return textLines(html).join(' ');
}

/** The template preview of spec 1 §2.14/§9: the text cut at 100 characters, followed by '...' when cut. */
export function textPreview(html: string, max: number = LIMITS.templatePreviewChars): string {
  const text = htmlToText(html);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}
