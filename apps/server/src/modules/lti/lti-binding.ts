/**
 * An LTI login is bound to the browser that started it (OIDC's `state` check, Security Framework §5.1.1.2 and
 * OpenID Connect Core §3.1.2.1): without it, anyone who ran a login in their own browser could make another person's
 * browser post their `state` and `id_token` to the launch (an auto-submitting form on any site), and that person would
 * study as them, or a teacher's content choices would go into their course.
 *
 * The login keeps a random binding secret in the starting browser, and the row of its state keeps the secret's SHA-256
 * (`lti_states.binding_hash`). The launch is accepted only when the browser shows the secret, from:
 *
 * - **a partitioned cookie** (CHIPS: `Secure; SameSite=None; Partitioned; HttpOnly`, path `/api/lti`, one per login,
 *   named after its state, living as long as the state). A partitioned cookie is kept per top-level site, so a browser
 *   that blocks third-party cookies still keeps it inside the LMS's iframe, and the platform's form post of the
 *   `id_token` (a cross-site POST inside that same iframe) carries it back. A victim's browser posting an attacker's
 *   answer has no such cookie (nobody can set a cookie of our site in another person's browser);
 * - **the platform storage** (1EdTech LTI Client Side postMessages 0.1, postMessage Storage 0.1 and OIDC Login with
 *   LTI Client Side postMessages 0.1), when the login initiation announces it with `lti_storage_target`: the login
 *   answers a page that sends the secret to the platform's frame (`lti.put_data`, key `lti_state_<state>`) and then goes
 *   on to the platform's authentication endpoint; the launch answers a page that asks for it back (`lti.get_data`) and
 *   sends what it got to `POST /api/lti/launch/storage`. The messages go only to the platform's origins (its OIDC
 *   authentication endpoint's, and for Canvas Instructure's SSO hosts, where Canvas serves its storage frame) and only
 *   their answers are read, so neither another site nor a page framing ours sees the secret or can answer for the
 *   platform; the continuation is JSON from our own origin (Origin checked), which no cross-site form can send.
 *
 * A platform that announces storage keeps the cookie too: either one accepts the launch. A browser that keeps no cookie
 * in the iframe, of an LMS without storage, is seen by the login check and offered the login in a new window
 * (lti-relaunch.ts).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LTI_LIMITS } from '@edu/shared/lti-tool';
import { sha256 } from '../../platform/security';

/** The cookie's path: only the LTI routes receive it. */
export const STATE_COOKIE_PATH = '/api/lti';
/** The platform storage key of a login's binding (Canvas recommends a key that holds the state: launches never collide). */
export const storageKeyOf = (state: string) => `lti_state_${state}`;
/** The cookie of one login, named after its state, so several launches at once in one browser keep their own. */
export const stateCookieName = (state: string) => `__Secure-lti-${sha256(state).slice(0, 24)}`;

/**
 * Instructure-hosted Canvas serves its platform-storage frame on its OIDC authentication host, whatever the school's
 * address (the `post_message_forwarding` frame; production, beta and test environments).
 */
const CANVAS_STORAGE_ORIGINS = ['https://sso.canvaslms.com', 'https://sso.beta.canvaslms.com', 'https://sso.test.canvaslms.com'];

/** The frame a platform names in `lti_storage_target` (`_parent` or a frame name); anything else is ignored. */
export function storageTargetOf(value: string | undefined): string | null {
  return value !== undefined && /^[A-Za-z0-9_.:-]{1,100}$/.test(value) ? value : null;
}

/** The origins the platform's storage frame may have: its authentication endpoint's (and Canvas's SSO hosts). */
export function storageOrigins(connection: { platform: string; authenticationEndpoint: string }): string[] {
  const origins: string[] = [];
  try {
    origins.push(new URL(connection.authenticationEndpoint).origin);
  } catch {
    // A connection's endpoint is an absolute URL (validated when added); nothing to add otherwise.
  }
  if (connection.platform === 'canvas') origins.push(...CANVAS_STORAGE_ORIGINS);
  return [...new Set(origins)];
}

/** Whether `candidate` is the binding secret whose SHA-256 the state keeps (constant time). */
export function bindingMatches(bindingHash: string, candidate: string | null | undefined): boolean {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 200) return false;
  const given = Buffer.from(sha256(candidate), 'hex');
  const expected = Buffer.from(bindingHash, 'hex');
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

const cookieAttributes = (maxAge: number) => `Path=${STATE_COOKIE_PATH}; Max-Age=${maxAge}; Secure; HttpOnly; SameSite=None; Partitioned`;

/** Keeps the binding in the starting browser: its partitioned cookie, as long as the state lives. */
export function setStateCookie(reply: FastifyReply, state: string, binding: string) {
  reply.header('set-cookie', `${stateCookieName(state)}=${binding}; ${cookieAttributes(LTI_LIMITS.stateMinutes * 60)}`);
}

/** The launch used the state: its cookie goes (same attributes, so the browser drops that partitioned cookie). */
export function clearStateCookie(reply: FastifyReply, state: string) {
  reply.header('set-cookie', `${stateCookieName(state)}=; ${cookieAttributes(0)}`);
}

/** The binding the request's cookie carries for `state`, or undefined. */
export function stateCookieOf(request: FastifyRequest, state: string | undefined): string | undefined {
  const header = request.headers.cookie;
  if (!state || !header) return undefined;
  const name = stateCookieName(state);
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * Whether the continuation comes from our own page: a browser's fetch names its origin (`Origin`, and
 * `Sec-Fetch-Site: same-origin` where sent); a cross-site form or another site's script cannot pass for it.
 */
export function fromOwnPage(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  try {
    return typeof origin === 'string' && origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}
