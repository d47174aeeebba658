/**
 * Which LMS may frame our pages (issue 14). The app's CSP says `frame-ancestors 'self'` (helmet, app.ts): no other
 * site can frame the product. The two pages an LTI launch opens inside the LMS iframe — the student viewer
 * (`/student/link`) and the content picker (`/lti/deep-linking`) — carry `?lti=<connection id>`; for those the origin
 * of that live connection's LMS (its URL) is added to frame-ancestors and X-Frame-Options is dropped. Any other page,
 * an unknown or deleted connection, keeps the default. The origins are read from the database and kept a minute.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SHARE_LINK_PATH } from '@edu/shared/share-links';
import { LTI_DEEP_LINKING_PATH, LTI_FRAME_PARAM } from '@edu/shared/lti-tool';
import type { Db } from '../../platform/db';
import { liveConnection } from './lti-oidc';

const FRAMED_PATHS = new Set([SHARE_LINK_PATH, LTI_DEEP_LINKING_PATH]);
const CACHE_MS = 60_000;

export function ltiFraming(db: Db) {
  const cache = new Map<number, { origin: string | null; at: number }>();
  async function originOf(id: number): Promise<string | null> {
    const hit = cache.get(id);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.origin;
    const connection = await liveConnection(db, id);
    let origin: string | null = null;
    try {
      origin = connection ? new URL(connection.url).origin : null;
    } catch {
      origin = null;
    }
    if (cache.size > 1000) cache.clear();
    cache.set(id, { origin, at: Date.now() });
    return origin;
  }

  return async function ltiFramingHook(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    if (request.method !== 'GET') return payload;
    const [path, query = ''] = request.url.split('?', 2) as [string, string?];
    if (!FRAMED_PATHS.has(path)) return payload;
    const id = Number(new URLSearchParams(query).get(LTI_FRAME_PARAM));
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return payload;
    const origin = await originOf(id);
    const csp = reply.getHeader('content-security-policy');
    if (!origin || typeof csp !== 'string') return payload;
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, `frame-ancestors 'self' ${origin}`));
    reply.removeHeader('x-frame-options');
    return payload;
  };
}
