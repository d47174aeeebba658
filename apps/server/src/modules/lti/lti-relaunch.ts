/**
 * A login started again in a new window: the fallback for a browser that keeps no cookie at all inside the LMS's iframe
 * (Safari with its tracking prevention, or any browser that blocks partitioned cookies) in an LMS that offers no
 * platform storage (Moodle), which could never show its login's binding (lti-binding.ts). The login does not go
 * straight to the platform: it redirects to the login check (`GET /api/lti/login/check?state=…`, lti-login.ts
 * `loginCheck`), which sees whether the cookie the login set came back. Without any, the state is burnt and the page
 * offers a link ('Abrir em nova janela', target=_blank) to `GET /api/lti/relaunch?token=…`, which starts the login
 * initiation again (same iss, login_hint, lti_message_hint, target_link_uri, client_id, lti_deployment_id) in that
 * top-level window, where the tool's cookie is first-party: a new state with its own binding, and the LMS
 * authenticates, with its own first-party session, whoever is signed in to it in that browser.
 *
 * Why at the login and not at the launch: the platform has not been asked yet. Moodle keeps the launch's message hint
 * in its session for ONE authentication (`mod/lti/auth.php` unsets `$SESSION->lti_message_hint`), so a login started
 * again after the platform answered would be refused by Moodle; started again before, the new window's
 * authentication is the first. The launch itself refuses any missing or wrong binding (403 `browserMismatch`).
 *
 * Why this keeps the login CSRF out:
 * - a wrong cookie is never offered a new window; the refused state is burnt;
 * - the new login is a login like any other (its own state, nonce and binding), and its id_token is signed by the LMS
 *   for the user signed in to the LMS in the new window (Moodle also refuses a login_hint that is not that user's);
 * - the relaunch carries nothing a login initiation could not (anyone may make a browser initiate a login with any
 *   parameters), and its token is random, kept hashed, used once and only for LTI_LIMITS.stateMinutes, so the login's
 *   hints stay out of the address and an old link opens nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { LTI_LIMITS, LTI_TOOL_MSG, type ltiLoginParams } from '@edu/shared/lti-tool';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { randomToken, sha256 } from '../../platform/security';
import { ltiRelaunches } from './lti-tool.tables';
import { refuse } from './lti-pages';

/** A refused login's initiation, as its state kept it (null fields: a state of a login before they were kept). */
export interface RefusedLogin {
  connectionId: number;
  iss: string | null;
  loginHint: string | null;
  targetLinkUri: string;
  messageHint: string | null;
  clientId: string | null;
  deploymentHint: string | null;
}

/** The address of the page's link: a new relaunch of `login`, or null when its state did not keep its parameters. */
export async function offerRelaunch(db: Db, login: RefusedLogin): Promise<string | null> {
  if (login.iss === null || login.loginHint === null) return null;
  const token = randomToken();
  await db.insert(ltiRelaunches).values({
    tokenHash: sha256(token),
    connectionId: login.connectionId,
    iss: login.iss,
    loginHint: login.loginHint,
    targetLinkUri: login.targetLinkUri,
    messageHint: login.messageHint,
    clientId: login.clientId,
    deploymentHint: login.deploymentHint,
    expiresAt: sql`now() + make_interval(mins => ${LTI_LIMITS.stateMinutes})`,
  });
  return `/api/lti/relaunch?${new URLSearchParams({ token }).toString()}`;
}

/** The login initiation a relaunch token starts again; the token is used (deleted) here. A refusal when unknown, used or expired. */
export async function takeRelaunch(db: Db, token: string | undefined): Promise<z.output<typeof ltiLoginParams>> {
  if (!token) throw refuse(400, 'relaunchInvalid', LTI_TOOL_MSG.relaunchInvalid, 'no token');
  const [row] = await db
    .delete(ltiRelaunches)
    .where(eq(ltiRelaunches.tokenHash, sha256(token)))
    .returning({
      iss: ltiRelaunches.iss,
      loginHint: ltiRelaunches.loginHint,
      targetLinkUri: ltiRelaunches.targetLinkUri,
      messageHint: ltiRelaunches.messageHint,
      clientId: ltiRelaunches.clientId,
      deploymentHint: ltiRelaunches.deploymentHint,
      expired: sql<boolean>`${ltiRelaunches.expiresAt} <= now()`,
    });
  if (!row) throw refuse(400, 'relaunchInvalid', LTI_TOOL_MSG.relaunchInvalid, 'unknown or used');
  if (row.expired) throw refuse(400, 'relaunchInvalid', LTI_TOOL_MSG.relaunchInvalid, 'expired');
  return {
    iss: row.iss,
    login_hint: row.loginHint,
    target_link_uri: row.targetLinkUri,
    ...(row.messageHint !== null ? { lti_message_hint: row.messageHint } : {}),
    ...(row.clientId !== null ? { client_id: row.clientId } : {}),
    ...(row.deploymentHint !== null ? { lti_deployment_id: row.deploymentHint } : {}),
  };
}
