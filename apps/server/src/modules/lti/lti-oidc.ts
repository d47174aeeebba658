/**
 * The OIDC half of an LTI 1.3 launch (IMS Security Framework 1.0 §5.1, LTI Core 1.3 §4.1): the live connections a
 * login or a launch names, and
 *
 * `verify` — the authentication response (id_token + state, form_post): the state row is deleted as it is read (single
 * use, not expired) and names the connection; the id_token is verified with `jose` against that platform's JWKS
 * (fetched and cached, with a time-out): RS256 signature, `iss` = the platform, `aud` containing the ClientId (and
 * `azp` = the ClientId when there are several audiences or an azp), `exp`, `iat` not older than
 * LTI_LIMITS.idTokenMaxAgeSeconds (LTI_LIMITS.clockToleranceSeconds of skew), `nonce` = the state's nonce, version
 * 1.3.0, a message type we handle, a deployment id the connection accepts.
 *
 * The login that stored the state, and its binding to the browser, are lti-login.ts's.
 */
import crypto from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { z } from 'zod';
import { ltiEndpoints, type LtiPlatform } from '@edu/shared/lti';
import {
  LTI_CLAIM,
  LTI_LIMITS,
  LTI_MESSAGE,
  LTI_PLATFORM_ERRORS,
  LTI_TOOL_MSG,
  LTI_VERSION,
  type ltiLaunchBody,
} from '@edu/shared/lti-tool';
import type { Db, Executor } from '../../platform/db';
import { sha256 } from '../../platform/security';
import { ltiConnections } from './lti-connections.tables';
import { sellers } from '../../db/schema';
import { ltiDeployments, ltiStates } from './lti-tool.tables';
import { refuse } from './lti-pages';
import { bindingMatches } from './lti-binding';

/** The issuer as the platform may write it: the stored URL, with or without a trailing slash. */
const issuers = (platformUrl: string) => [platformUrl, `${platformUrl}/`];

/** A JSON object read from a platform's message (a claim, a member of a list), or null for anything else. */
export const jsonObject = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export type LtiConnection = typeof ltiConnections.$inferSelect & { platformUrl: string; sellerStatus: string; sellerName: string };

async function liveConnections(ex: Executor, where: SQL): Promise<LtiConnection[]> {
  const rows = await ex
    .select({ c: ltiConnections, sellerStatus: sellers.status, sellerName: sellers.name })
    .from(ltiConnections)
    .innerJoin(sellers, eq(sellers.id, ltiConnections.sellerId))
    .where(and(where, isNull(ltiConnections.deletedAt)));
  return rows.map((row) => ({ ...row.c, platformUrl: ltiEndpoints(row.c.platform as LtiPlatform, row.c.url).platformUrl, sellerStatus: row.sellerStatus, sellerName: row.sellerName }));
}

/** A live connection (not deleted), with its platform URL and its institution's status; null otherwise. */
export async function liveConnection(ex: Executor, id: number): Promise<LtiConnection | null> {
  return (await liveConnections(ex, eq(ltiConnections.id, id)))[0] ?? null;
}

/**
 * The live connections of a platform: those whose issuer is `iss` and, when given, whose ClientId is `clientId`. The
 * issuer is derived from the platform kind and URL (canvas: the fixed hosted issuer), so it is compared in code.
 */
export async function connectionsOf(ex: Executor, iss: string, clientId?: string): Promise<LtiConnection[]> {
  const candidates = clientId !== undefined ? await liveConnections(ex, eq(ltiConnections.clientId, clientId)) : await liveConnections(ex, sql`true`);
  return candidates.filter((c) => issuers(c.platformUrl).includes(iss));
}

export async function requireConnection(ex: Executor, id: number): Promise<LtiConnection> {
  const connection = await liveConnection(ex, id);
  if (!connection) throw refuse(404, 'connectionUnknown', LTI_TOOL_MSG.connectionUnknown);
  return connection;
}

/** One remote key set per JWKS URL for the process (jose caches the keys and refetches on an unknown kid). */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
export function platformKeys(url: string) {
  let set = keySets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: LTI_LIMITS.httpTimeoutMs, cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 });
    if (keySets.size > 500) keySets.clear();
    keySets.set(url, set);
  }
  return set;
}

/** jose's failure → the refusal the page names. */
function tokenRefusal(err: unknown) {
  const code = (err as { code?: string }).code;
  const claim = (err as { claim?: string }).claim;
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return refuse(401, 'expired', LTI_TOOL_MSG.expired, claim);
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return refuse(401, 'signature', LTI_TOOL_MSG.signature, code);
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      if (claim === 'iss') return refuse(401, 'issuer', LTI_TOOL_MSG.issuer);
      if (claim === 'aud') return refuse(401, 'audience', LTI_TOOL_MSG.audience);
      if (claim === 'iat' && /too far in the past/.test(String((err as Error).message))) return refuse(401, 'expired', LTI_TOOL_MSG.expired, 'iat');
      return refuse(401, 'claims', LTI_TOOL_MSG.claims, claim);
    case 'ERR_JWS_INVALID':
    case 'ERR_JWT_INVALID':
      return refuse(400, 'tokenInvalid', LTI_TOOL_MSG.tokenInvalid);
    case 'ERR_JWKS_TIMEOUT':
    case 'ERR_JWKS_INVALID':
      return refuse(502, 'jwksUnreachable', LTI_TOOL_MSG.jwksUnreachable, code);
    case 'ERR_JOSE_GENERIC':
      // jose's remote key set: the platform's JWKS answered another status than 200 (404, 500, a redirect) or no JSON.
      return refuse(502, 'jwksUnreachable', LTI_TOOL_MSG.jwksUnreachable, String((err as Error).message));
    default:
      // fetch failed (the platform's JWKS did not answer), or an unexpected shape.
      if (err instanceof TypeError || (err as { name?: string }).name === 'AbortError') return refuse(502, 'jwksUnreachable', LTI_TOOL_MSG.jwksUnreachable, String((err as Error).message));
      return refuse(400, 'tokenInvalid', LTI_TOOL_MSG.tokenInvalid, code);
  }
}

/** A platform's OIDC error code → the page's text: known codes (OIDC Core §3.1.2.6, RFC 6749 §4.2.2.1) or a generic one. */
export function platformErrorText(code: string): string {
  const known = LTI_PLATFORM_ERRORS as Record<string, string>;
  return Object.hasOwn(known, code) ? known[code]! : LTI_TOOL_MSG.platformErrorOther;
}

export interface VerifiedLaunch {
  connection: LtiConnection;
  /** The `iss` exactly as the platform wrote it (echoed as the deep-linking response's `aud`). */
  issuer: string;
  claims: JWTPayload & Record<string, unknown>;
  messageType: (typeof LTI_MESSAGE)['resourceLink'] | (typeof LTI_MESSAGE)['deepLinkingRequest'];
  deploymentId: string;
}

/** What the launching browser shows of the login's binding: its cookie, and what its platform storage answered. */
export interface BrowserBinding {
  cookie?: string | undefined;
  proof?: string | null | undefined;
}

/** The authentication response verified (see the file's comment), in the browser that started the login; a refusal otherwise. */
export async function verify(db: Db, body: z.output<typeof ltiLaunchBody>, browser: BrowserBinding): Promise<VerifiedLaunch> {
  // The platform's OIDC error: a known code's fixed pt-BR text, never the platform's (or anyone's) own words on the
  // page; the description goes to the log.
  if (body.error) throw refuse(400, 'platformError', platformErrorText(body.error), `${body.error.slice(0, 100)}: ${(body.error_description ?? '').slice(0, 500)}`);
  if (!body.state) throw refuse(400, 'stateMissing', LTI_TOOL_MSG.stateMissing);
  if (!body.id_token) throw refuse(400, 'tokenMissing', LTI_TOOL_MSG.tokenMissing);
  // Single use: the row is gone once read, whatever follows.
  const [state] = await db
    .delete(ltiStates)
    .where(eq(ltiStates.stateHash, sha256(body.state)))
    .returning({
      connectionId: ltiStates.connectionId,
      nonce: ltiStates.nonce,
      targetLinkUri: ltiStates.targetLinkUri,
      bindingHash: ltiStates.bindingHash,
      expired: sql<boolean>`${ltiStates.expiresAt} <= now()`,
    });
  if (!state) throw refuse(400, 'stateMissing', LTI_TOOL_MSG.stateMissing);
  if (state.expired) throw refuse(400, 'stateExpired', LTI_TOOL_MSG.stateExpired);
  // The browser that started the login, and no other (the state is gone either way: an attempt burns it).
  if (!bindingMatches(state.bindingHash, browser.cookie) && !bindingMatches(state.bindingHash, browser.proof)) {
    const detail = browser.cookie !== undefined ? 'wrong cookie' : browser.proof === undefined ? 'no cookie' : 'no cookie, platform storage without the binding';
    throw refuse(403, 'browserMismatch', LTI_TOOL_MSG.browserMismatch, detail);
  }
  const connectionId = state.connectionId;
  const connection = await requireConnection(db, connectionId);

  let claims: JWTPayload & Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(body.id_token, platformKeys(connection.authConfig.key), {
      algorithms: ['RS256'],
      issuer: issuers(connection.platformUrl),
      audience: connection.clientId,
      maxTokenAge: LTI_LIMITS.idTokenMaxAgeSeconds,
      clockTolerance: LTI_LIMITS.clockToleranceSeconds,
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (err) {
    throw tokenRefusal(err);
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if ((audiences.length > 1 || claims.azp !== undefined) && claims.azp !== connection.clientId) throw refuse(401, 'audience', LTI_TOOL_MSG.audience, 'azp');
  const expected = Buffer.from(state.nonce);
  const given = Buffer.from(String(claims.nonce));
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw refuse(401, 'nonce', LTI_TOOL_MSG.nonce);
  if (claims[LTI_CLAIM.version] !== LTI_VERSION) throw refuse(400, 'version', LTI_TOOL_MSG.version, String(claims[LTI_CLAIM.version]));
  const messageType = claims[LTI_CLAIM.messageType];
  if (messageType !== LTI_MESSAGE.resourceLink && messageType !== LTI_MESSAGE.deepLinkingRequest) {
    throw refuse(400, 'messageType', LTI_TOOL_MSG.messageType, String(messageType));
  }
  // The message is for the link the login announced (LTI Core §5.1.1: target_link_uri MUST match).
  if (claims[LTI_CLAIM.targetLinkUri] !== state.targetLinkUri) throw refuse(400, 'claims', LTI_TOOL_MSG.claims, 'target_link_uri');
  const deploymentId = claims[LTI_CLAIM.deploymentId];
  if (typeof deploymentId !== 'string' || !deploymentId || deploymentId.length > 255) throw refuse(400, 'deploymentMissing', LTI_TOOL_MSG.deploymentMissing);
  await acceptDeployment(db, connectionId, deploymentId);
  return { connection, claims, issuer: String(claims.iss), messageType, deploymentId };
}

/**
 * The deployment check: a connection with deployments accepts only those; one without any records this first one
 * (under the connection's lock, so two first launches cannot record two).
 */
async function acceptDeployment(db: Db, connectionId: number, deploymentId: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lti-deployments:${connectionId}`}))`);
    const known = await tx.select({ id: ltiDeployments.deploymentId }).from(ltiDeployments).where(eq(ltiDeployments.connectionId, connectionId));
    if (known.some((d) => d.id === deploymentId)) return;
    if (known.length) throw refuse(403, 'deploymentUnknown', LTI_TOOL_MSG.deploymentUnknown, deploymentId);
    await tx.insert(ltiDeployments).values({ connectionId, deploymentId, source: 'first_launch' });
  });
}
