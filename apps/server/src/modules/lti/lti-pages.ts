/**
 * The HTML the LTI endpoints answer inside the LMS (issue 14): a refusal page (pt-BR, never a launch) and the
 * auto-posted form of a deep-linking response. Each page carries its own Content-Security-Policy: nothing loads but
 * its inline style and, for the form, one script by nonce; `frame-ancestors` lets the LMS frame it; `form-action` lets
 * the form post only to the platform's return URL.
 */
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LTI_TOOL_MSG } from '@edu/shared/lti-tool';

/** A refusal of the LTI flow: its HTTP status, a code for the log and the pt-BR text the page shows. */
export class LtiRefusal extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly text: string,
    public readonly detail?: string,
  ) {
    super(`${code}: ${text}`);
  }
}
export const refuse = (status: number, code: keyof typeof LTI_TOOL_MSG | string, text: string, detail?: string) => new LtiRefusal(status, code, text, detail);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:32px 20px;color:#1f2937;background:#f8fafc}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px}
h1{font-size:1.25rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 12px}.hint{color:#6b7280;font-size:.9rem}
button{font:inherit;padding:8px 16px;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer}`;

function page(title: string, body: string, head = '') {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style>${head}</head><body><main>${body}</main></body></html>`;
}

function send(reply: FastifyReply, status: number, csp: string, html: string) {
  reply
    .status(status)
    .header('content-security-policy', csp)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .removeHeader('x-frame-options')
    .type('text/html; charset=utf-8');
  return Buffer.from(html, 'utf8') as never;
}

/** The refusal page: what happened and what to do. Framable by any LMS (it holds no action and no data). */
export function refusalPage(reply: FastifyReply, refusal: LtiRefusal) {
  const html = page(
    LTI_TOOL_MSG.refusedTitle,
    `<h1>${escapeHtml(LTI_TOOL_MSG.refusedTitle)}</h1><p data-lti-refusal="${escapeHtml(refusal.code)}">${escapeHtml(refusal.text)}</p>` +
      `<p class="hint">${escapeHtml(LTI_TOOL_MSG.refusedHint)}</p>`,
  );
  return send(reply, refusal.status, "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors *", html);
}

/** An origin for a CSP source list ('self' when the URL is not absolute http(s)). */
export function originOf(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * A form posted at once to `action` (the platform's deep_link_return_url) with `fields`; a button posts it when
 * scripts do not run. Framable by `frameAncestor` (the connection's LMS).
 */
export function autoPostPage(reply: FastifyReply, action: string, fields: Record<string, string>, frameAncestor: string | null) {
  const nonce = crypto.randomBytes(16).toString('base64');
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const html = page(
    LTI_TOOL_MSG.pageTitle,
    `<form id="lti-return" method="post" action="${escapeHtml(action)}">${inputs}<p>${escapeHtml(LTI_TOOL_MSG.returning)}</p>` +
      `<button type="submit">${escapeHtml(LTI_TOOL_MSG.returnButton)}</button></form>` +
      `<script nonce="${nonce}">document.getElementById('lti-return').submit();</script>`,
  );
  const target = originOf(action);
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    "base-uri 'none'",
    `form-action ${target ?? "'none'"}`,
    `frame-ancestors 'self'${frameAncestor ? ` ${frameAncestor}` : ''}`,
  ].join('; ');
  return send(reply, 200, csp, html);
}

/** A redirect (302 after a GET login, 303 after a POST launch) without a body to read. */
export function redirect(reply: FastifyReply, status: 302 | 303, location: string) {
  reply.status(status).header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/plain; charset=utf-8');
  return Buffer.alloc(0) as never;
}
