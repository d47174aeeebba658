/**
 * Request ids. Every request gets one: Fastify binds it to the request's logger (`reqId` on every
 * line logged while the request runs) and the answer carries it in `X-Request-Id`, so a user's report, the
 * proxy's access log and our log lines meet.
 *
 * An incoming `X-Request-Id` is kept only from a trusted proxy (TRUST_PROXY, the same rule as X-Forwarded-For)
 * and only when sane (REQUEST_ID_PATTERN: no spaces, quotes or control characters, at most 128); otherwise a
 * random UUID. A client reaching the server directly cannot choose the id its lines are logged under.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';

export const REQUEST_ID_HEADER = 'x-request-id';
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:=+/-]{1,128}$/;

/** Whether the peer of a request is one of the trusted proxies (config TRUST_PROXY). */
export function trustedPeer(trustProxy: boolean | string): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  if (trustProxy === true) return () => true;
  const trust = proxyAddr.compile(trustProxy.split(',').map((v) => v.trim()).filter(Boolean));
  return (address) => !!address && trust(address, 0);
}

/** Fastify's genReqId: the trusted proxy's sane id, else a new UUID. */
export function requestIdGenerator(trustProxy: boolean | string): (req: IncomingMessage) => string {
  const trusted = trustedPeer(trustProxy);
  return (req) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    if (typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) && trusted(req.socket?.remoteAddress)) return incoming;
    return crypto.randomUUID();
  };
}

/** The id goes on the raw response, so every answer carries it: errors, 404s and the hijacked event stream too. */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
  });
}
