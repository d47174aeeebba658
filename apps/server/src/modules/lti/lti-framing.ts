/**
 * Which LMS may frame our pages. The app's CSP says `frame-ancestors 'self'` (helmet, app.ts): no other
 * site can frame the product. The two pages an LTI launch opens inside the LMS iframe may also be framed by the LMS of
 * the connection their CREDENTIAL names — never by one a query parameter names:
 *
 * - the student viewer (`/student/link?token=…`): the token's signature is checked (share-links.service.ts
 *   `readToken`) and its launch (`l`, a live row of `lti_launches`) names the connection;
 * - the content picker (`/lti/deep-linking?session=…`): the live picker session names the connection.
 *
 * For those, the origin of that live connection's URL is added to frame-ancestors and X-Frame-Options is dropped.
 * Any other page, a token without a launch, an unknown session or a deleted connection keeps the default. The origins
 * are read from the database and kept a minute per launch or session.
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_LINK_PATH } from '@edu/shared/share-links';
import { LTI_DEEP_LINKING_PATH } from '@edu/shared/lti-tool';
import type { Deps } from '../../platform/deps';
import { sha256 } from '../../platform/security';
import { readToken, shareLinkSecret } from '../delivery/index';
import { ltiConnections } from './lti-connections.tables';
import { ltiDeepLinkSessions, ltiLaunches } from './lti-tool.tables';

const CACHE_MS = 60_000;
const TOKEN_MAX = 2000;

const originOfUrl = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

export function ltiFraming(deps: Pick<Deps, 'db' | 'config'>) {
  const { db } = deps;
  const secret = shareLinkSecret(deps.config);
  const cache = new Map<string, { origin: string | null; at: number }>();

  async function cached(key: string, read: () => Promise<string | null>): Promise<string | null> {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.origin;
    const origin = await read();
    if (cache.size > 1000) cache.clear();
    cache.set(key, { origin, at: Date.now() });
    return origin;
  }

  /** The LMS origin of the launch a student link names (signature checked), or null. */
  async function launchOrigin(token: string): Promise<string | null> {
    let launchId: string | undefined;
    try {
      launchId = readToken(secret, token).l;
    } catch {
      return null;
    }
    if (!launchId) return null;
    return cached(`l:${launchId}`, async () => {
      const [row] = await db
        .select({ url: ltiConnections.url })
        .from(ltiLaunches)
        .innerJoin(ltiConnections, and(eq(ltiConnections.id, ltiLaunches.connectionId), isNull(ltiConnections.deletedAt)))
        .where(and(eq(ltiLaunches.id, launchId), gt(ltiLaunches.expiresAt, sql`now()`)));
      return originOfUrl(row?.url);
    });
  }

  /** The LMS origin of a live picker session, or null. */
  async function sessionOrigin(session: string): Promise<string | null> {
    const hash = sha256(session);
    return cached(`s:${hash}`, async () => {
      const [row] = await db
        .select({ url: ltiConnections.url })
        .from(ltiDeepLinkSessions)
        .innerJoin(ltiConnections, and(eq(ltiConnections.id, ltiDeepLinkSessions.connectionId), isNull(ltiConnections.deletedAt)))
        .where(and(eq(ltiDeepLinkSessions.tokenHash, hash), gt(ltiDeepLinkSessions.expiresAt, sql`now()`)));
      return originOfUrl(row?.url);
    });
  }

  return async function ltiFramingHook(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (request.method !== 'GET') return payload;
    const [path, query = ''] = request.url.split('?', 2) as [string, string?];
    if (path !== SHARE_LINK_PATH && path !== LTI_DEEP_LINKING_PATH) return payload;
    const params = new URLSearchParams(query);
    const credential = path === SHARE_LINK_PATH ? params.get('token') : params.get('session');
    if (!credential || credential.length > TOKEN_MAX) return payload;
    const origin = path === SHARE_LINK_PATH ? await launchOrigin(credential) : await sessionOrigin(credential);
    const csp = reply.getHeader('content-security-policy');
    if (!origin || typeof csp !== 'string') return payload;
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origin}`));
    reply.removeHeader('x-frame-options');
    return payload;
  };
}
