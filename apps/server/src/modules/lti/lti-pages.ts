/**
 * The HTML the LTI endpoints answer inside the LMS: a refusal page (pt-BR, never a launch), the
 * auto-posted form of a deep-linking response, and the two pages that talk to the platform storage at login and
 * launch (lti-binding.ts). Each page carries its own Content-Security-Policy: nothing loads but its inline style and,
 * for the form and the storage pages, one script by nonce; `frame-ancestors` lets the LMS frame it; `form-action` lets
 * the form post only to the platform's return URL; the storage pages may call only our own origin (`connect-src`).
 */
import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { LTI_LIMITS, LTI_TOOL_MSG, ltiToolRoutes } from '@edu/shared/lti-tool';
import { STORAGE_SCRIPT } from './lti-storage-script';

/** A refusal of the LTI flow: its HTTP status, a code for the log and the pt-BR text the page shows. */
export class LtiRefusal extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly text: string,
    public readonly detail?: string,
    /** The address of a relaunch of the refused login in a new window (lti-relaunch.ts), offered by the page. */
    public readonly relaunch?: string | null,
  ) {
    super(`${code}: ${text}`);
  }
}
export const refuse = (status: number, code: keyof typeof LTI_TOOL_MSG | string, text: string, detail?: string, relaunch?: string | null) =>
  new LtiRefusal(status, code, text, detail, relaunch);

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;padding:32px 20px;color:#1f2937;background:#f8fafc}
main{max-width:560px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:8px;padding:24px}
h1{font-size:1.25rem;margin:0 0 12px}p{line-height:1.5;margin:0 0 12px}.hint{color:#6b7280;font-size:.9rem}
button,.button{font:inherit;display:inline-block;padding:8px 16px;border-radius:6px;border:0;background:#1c7ed6;color:#fff;cursor:pointer;text-decoration:none}`;

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

/**
 * The refusal page: what happened and what to do. Framable by any LMS (it holds no script, no form and no data). A
 * login whose browser kept no cookie gets a link that opens its relaunch in a new top-level window (a link, not a
 * script: the browser opens it on the user's click, which a popup would need anyway; `noopener`: the new window cannot
 * reach the LMS page).
 */
export function refusalPage(reply: FastifyReply, refusal: LtiRefusal) {
  const relaunch = refusal.relaunch
    ? `<p><a class="button" data-lti-relaunch href="${escapeHtml(refusal.relaunch)}" target="_blank" rel="noopener noreferrer">${escapeHtml(LTI_TOOL_MSG.relaunchButton)}</a></p>`
    : '';
  const html = page(
    LTI_TOOL_MSG.refusedTitle,
    `<h1>${escapeHtml(LTI_TOOL_MSG.refusedTitle)}</h1><p data-lti-refusal="${escapeHtml(refusal.code)}">${escapeHtml(refusal.text)}</p>` +
      relaunch +
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

export interface StoragePage {
  /** `put`: the login keeps the binding in the platform storage; `get`: the launch reads it back. */
  mode: 'put' | 'get';
  /** The frame `lti_storage_target` named, and the origins the platform's frame may have. */
  storage: { target: string; origins: string[] };
  key: string;
  /** put: the binding secret and the authentication request's URL. */
  value?: string;
  next?: string;
  /** get: the authentication response, posted again with what the storage answered. */
  state?: string;
  idToken?: string;
  frameAncestor: string | null;
}

/** A page that talks to the platform storage (lti-storage-script.ts); without scripts, a link goes on (put). */
export function storagePage(reply: FastifyReply, p: StoragePage) {
  const nonce = crypto.randomBytes(16).toString('base64');
  const attrs: Record<string, string> = {
    id: 'lti-storage',
    'data-mode': p.mode,
    'data-origins': JSON.stringify(p.storage.origins),
    'data-target': p.storage.target,
    'data-key': p.key,
    'data-wait': String(LTI_LIMITS.storageWaitMs),
    'data-refused-title': LTI_TOOL_MSG.refusedTitle,
    'data-unexpected': LTI_TOOL_MSG.unexpected,
    ...(p.mode === 'put' ? { 'data-value': p.value!, 'data-next': p.next! } : {}),
    ...(p.mode === 'get' ? { 'data-action': `/api${ltiToolRoutes.launchStorage.path}`, 'data-state': p.state!, 'data-id-token': p.idToken! } : {}),
  };
  const attributes = Object.entries(attrs)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(' ');
  const status = p.mode === 'put' ? LTI_TOOL_MSG.opening : LTI_TOOL_MSG.checking;
  const body =
    `<div ${attributes}><h1 id="lti-title">${escapeHtml(LTI_TOOL_MSG.pageTitle)}</h1><p id="lti-status" role="status">${escapeHtml(status)}</p>` +
    `<p id="lti-hint" class="hint" hidden>${escapeHtml(LTI_TOOL_MSG.refusedHint)}</p>` +
    (p.mode === 'put' ? `<noscript><p><a href="${escapeHtml(p.next!)}">${escapeHtml(LTI_TOOL_MSG.continueButton)}</a></p></noscript>` : '') +
    `</div><script nonce="${nonce}">${STORAGE_SCRIPT}</script>`;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    `connect-src ${p.mode === 'get' ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self'${p.frameAncestor ? ` ${p.frameAncestor}` : ''}`,
  ].join('; ');
  return send(reply, 200, csp, page(LTI_TOOL_MSG.pageTitle, body));
}

/** A redirect (302 after a GET login, 303 after a POST launch) without a body to read. */
export function redirect(reply: FastifyReply, status: 302 | 303, location: string) {
  reply.status(status).header('location', location).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/plain; charset=utf-8');
  return Buffer.alloc(0) as never;
}
