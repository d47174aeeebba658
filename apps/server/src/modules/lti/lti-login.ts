/**
 * The login half of an LTI 1.3 launch (IMS Security Framework 1.0 §5.1.1, LTI Core 1.3 §5.1.1):
 *
 * `login` — the platform's third-party initiated login (GET or POST): the connection is the live one whose platform
 * (issuer) is `iss` and whose ClientId is `client_id` (without `client_id`, the only live connection of that issuer). A
 * random `state` and `nonce` are stored in `lti_states` with the connection (the state hashed, LTI_LIMITS.stateMinutes)
 * and the browser is sent to the connection's authentication endpoint with the authentication request (scope openid,
 * response_type id_token, response_mode form_post, prompt none, redirect_uri = the tool's launch URL).
 *
 * The state is server-side, keyed by its own random value, and bound to the browser that started the login: the
 * launch must show the login's binding secret, from its partitioned cookie or the platform storage (lti-binding.ts).
 * Between the login and the platform, the login check sees whether the browser kept the cookie; a browser that keeps
 * none in the LMS's iframe is offered the same login in a new window (lti-relaunch.ts). The launch itself is verified
 * by lti-oidc.ts.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { LTI_LIMITS, LTI_TOOL_MSG, ltiToolRoutes, ltiToolUrls, type ltiLoginParams } from '@edu/shared/lti-tool';
import type { Db } from '../../platform/db';
import { randomToken, sha256 } from '../../platform/security';
import { ltiStates } from './lti-tool.tables';
import { refuse } from './lti-pages';
import { bindingMatches, storageOrigins, storageTargetOf } from './lti-binding';
import { offerRelaunch } from './lti-relaunch';
import { connectionsOf, liveConnection, requireConnection, type LtiConnection } from './lti-oidc';

export interface LoginAnswer {
  /** The authentication request's URL. */
  location: string;
  /** The login check (`GET /api/lti/login/check`): the browser goes there first, unless the platform storage binds. */
  check: string;
  connectionId: number;
  state: string;
  /** The secret the starting browser keeps (cookie, platform storage); the state row keeps its SHA-256. */
  binding: string;
  /** The platform storage the login initiation announced: its frame and the origins it may have; null without. */
  storage: { target: string; origins: string[] } | null;
  /** The LMS's origin (frame-ancestors of the login page). */
  frameAncestor: string | null;
}

/** The authentication request's URL (Security Framework §5.1.1.2), and the binding of the login to its browser. */
export async function login(db: Db, publicUrl: string, params: z.output<typeof ltiLoginParams>): Promise<LoginAnswer> {
  if (!params.iss || !params.login_hint || !params.target_link_uri) throw refuse(400, 'loginMissing', LTI_TOOL_MSG.loginMissing);
  const found = await connectionsOf(db, params.iss, params.client_id);
  if (found.length === 0) throw refuse(404, 'connectionUnknown', LTI_TOOL_MSG.connectionUnknown, `${params.iss} ${params.client_id ?? ''}`);
  if (found.length > 1) throw refuse(400, 'clientMissing', LTI_TOOL_MSG.clientMissing, params.iss);
  const connection = found[0]!;
  const connectionId = connection.id;
  const state = randomToken();
  const nonce = randomToken();
  const binding = randomToken();
  const storageTarget = storageTargetOf(params.lti_storage_target);
  await db.insert(ltiStates).values({
    stateHash: sha256(state),
    connectionId,
    nonce,
    targetLinkUri: params.target_link_uri,
    bindingHash: sha256(binding),
    storageTarget,
    iss: params.iss,
    loginHint: params.login_hint,
    messageHint: params.lti_message_hint ?? null,
    clientId: params.client_id ?? null,
    deploymentHint: params.lti_deployment_id ?? null,
    expiresAt: sql`now() + make_interval(mins => ${LTI_LIMITS.stateMinutes})`,
  });
  const url = authenticationRequest(publicUrl, connection, { state, nonce, loginHint: params.login_hint, messageHint: params.lti_message_hint ?? null });
  return {
    location: url,
    check: loginCheckPath(state),
    connectionId,
    state,
    binding,
    storage: storageTarget ? { target: storageTarget, origins: storageOrigins(connection) } : null,
    frameAncestor: originOrNull(connection.url),
  };
}

/** The authentication request (Security Framework §5.1.1.2) of a login. */
function authenticationRequest(publicUrl: string, connection: LtiConnection, login: { state: string; nonce: string; loginHint: string; messageHint: string | null }) {
  const url = new URL(connection.authenticationEndpoint);
  const query = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: connection.clientId,
    redirect_uri: ltiToolUrls(publicUrl).redirectUris[0]!,
    login_hint: login.loginHint,
    state: login.state,
    nonce: login.nonce,
    ...(login.messageHint !== null ? { lti_message_hint: login.messageHint } : {}),
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

const loginCheckPath = (state: string) => `/api${ltiToolRoutes.loginCheck.path}?${new URLSearchParams({ state }).toString()}`;

/**
 * The login check: the login's redirect comes back here before the platform's authentication endpoint, so the tool
 * sees whether this browser kept the login's cookie (lti-relaunch.ts). With the cookie: the authentication request's
 * URL. Without any cookie (a browser that keeps none inside the LMS's iframe): the state is burnt and the refusal
 * offers the same login in a new window — before the platform was asked, so its own login session (Moodle keeps the
 * launch's message hint in it, for one authentication) is still there for the new window. A wrong cookie: refused.
 */
export async function loginCheck(db: Db, publicUrl: string, state: string | undefined, cookie: string | undefined): Promise<string> {
  if (!state) throw refuse(400, 'stateMissing', LTI_TOOL_MSG.stateMissing);
  const [row] = await db
    .select({
      connectionId: ltiStates.connectionId,
      nonce: ltiStates.nonce,
      bindingHash: ltiStates.bindingHash,
      targetLinkUri: ltiStates.targetLinkUri,
      iss: ltiStates.iss,
      loginHint: ltiStates.loginHint,
      messageHint: ltiStates.messageHint,
      clientId: ltiStates.clientId,
      deploymentHint: ltiStates.deploymentHint,
      expired: sql<boolean>`${ltiStates.expiresAt} <= now()`,
    })
    .from(ltiStates)
    .where(eq(ltiStates.stateHash, sha256(state)));
  if (!row) throw refuse(400, 'stateMissing', LTI_TOOL_MSG.stateMissing);
  if (row.expired) throw refuse(400, 'stateExpired', LTI_TOOL_MSG.stateExpired);
  if (bindingMatches(row.bindingHash, cookie) && row.loginHint !== null) {
    const connection = await requireConnection(db, row.connectionId);
    return authenticationRequest(publicUrl, connection, { state, nonce: row.nonce, loginHint: row.loginHint, messageHint: row.messageHint });
  }
  const [burnt] = await db.delete(ltiStates).where(eq(ltiStates.stateHash, sha256(state))).returning({ connectionId: ltiStates.connectionId });
  if (!burnt) throw refuse(400, 'stateMissing', LTI_TOOL_MSG.stateMissing);
  if (cookie !== undefined) throw refuse(403, 'browserMismatch', LTI_TOOL_MSG.browserMismatch, 'wrong cookie at the login check');
  throw refuse(403, 'cookiesBlocked', LTI_TOOL_MSG.cookiesBlocked, 'no cookie at the login check', await offerRelaunch(db, row));
}

const originOrNull = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * A live login whose launch must go through the platform storage page: the state is known, not expired, its login
 * announced the platform storage, and the request's cookie does not already bind it. Read only (the continuation
 * uses the state). Null otherwise: the launch goes on (and refuses what it must).
 */
export async function storageLaunchOf(db: Db, state: string, cookie: string | undefined) {
  const [row] = await db
    .select({ connectionId: ltiStates.connectionId, bindingHash: ltiStates.bindingHash, storageTarget: ltiStates.storageTarget })
    .from(ltiStates)
    .where(and(eq(ltiStates.stateHash, sha256(state)), sql`${ltiStates.expiresAt} > now()`));
  if (!row?.storageTarget || bindingMatches(row.bindingHash, cookie)) return null;
  const connection = await liveConnection(db, row.connectionId);
  if (!connection) return null;
  return { target: row.storageTarget, origins: storageOrigins(connection), frameAncestor: originOrNull(connection.url) };
}
