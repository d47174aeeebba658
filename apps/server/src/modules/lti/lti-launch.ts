/**
 * What a verified LTI message opens:
 *
 * - **LtiResourceLinkRequest** — the link a deep-linking response created names a unit (`custom.saber_unit`, item id)
 *   or a subject (`custom.saber_subject`). The launch checks, now, that the connection's institution is active and
 *   (unit) still holds an ACTIVE rent of the unit's provider — the access gate's `item.read` with the institution as
 *   actor, the share links' rule — or (subject) still owns the subject; otherwise a clear page. It records the launch
 *   (`lti_launches`: the LMS user's `sub`, the AGS line item when offered and at the platform's address) and mints a
 *   short-lived student link naming that student (`lti:<connection>:<sub>`) and that launch, then sends the browser to
 *   the student viewer. A subject opens only when at least one of its units is readable now. The viewer verifies the link on every
 *   call, so the rental is checked again at each unit it opens.
 * - **LtiDeepLinkingRequest** — a teacher (an instructor, content developer or administrator role) opens the content
 *   picker: a session (`lti_deep_link_sessions`, single use) carrying the institution, the return URL and what the
 *   platform accepts; no product sign-in.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SHARE_LINK_PATH, STUDENT_ID_MAX } from '@edu/shared/share-links';
import {
  AGS_SCOPE_SCORE,
  LTI_CLAIM,
  LTI_CUSTOM_SUBJECT,
  LTI_CUSTOM_UNIT,
  LTI_DEEP_LINKING_PATH,
  LTI_LIMITS,
  LTI_STUDENT_PREFIX,
  LTI_TOOL_MSG,
} from '@edu/shared/lti-tool';
import type { FastifyBaseLogger } from 'fastify';
import { isInstitutionActive } from '@edu/shared/institutions';
import type { Deps } from '../../platform/deps';
import { randomToken, sha256 } from '../../platform/security';
import { checkAccess, grantActor } from '../access/index';
import { shareLinkSecret, signToken } from '../delivery/index';
import { items, sellers, subjectItems, subjects } from '../../db/schema';
import { ltiDeepLinkSessions, ltiLaunches } from './lti-tool.tables';
import { refuse } from './lti-pages';
import { jsonObject, type VerifiedLaunch } from './lti-oidc';
import { allowsLocalHttp, platformUrlProblem } from './lti-urls';
import { refreshRoster } from './lti-roster';

/** A positive integer written as a custom parameter ("12"), or null. */
const idIn = (value: unknown): number | null => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^[1-9]\d{0,9}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
};

/**
 * The student id of the access events and votes: `lti:<connection id>:<sub>`, so the users of two LMS connections,
 * SCORM learners and typed identifiers never share one (a typed `lti:` is refused, student.ts `studentIdSchema`).
 * A `sub` too long for STUDENT_ID_MAX with the prefix, or with control characters, becomes `lti:<connection id>#`
 * and its SHA-256 (`#` cannot follow the digits in the other form, so the two never meet).
 */
export function studentIdOf(connectionId: number, sub: string): string {
  const plain = `${LTI_STUDENT_PREFIX}${connectionId}:${sub}`;
  // eslint-disable-next-line no-control-regex
  return plain.length <= STUDENT_ID_MAX && !/[\u0000-\u001f\u007f]/.test(sub) ? plain : `${LTI_STUDENT_PREFIX}${connectionId}#${sha256(sub)}`;
}

/** Roles that may choose content (LIS v2 context and institution roles, with their sub-roles). */
const TEACHER_ROLE = /#(Instructor|ContentDeveloper|Administrator)$|\/membership\/Instructor#|\/(membership|person)#(Instructor|Administrator|ContentDeveloper)$/;
export const isTeacher = (roles: unknown) => Array.isArray(roles) && roles.some((r) => typeof r === 'string' && TEACHER_ROLE.test(r));

/** Where a resource link sends the browser: the student viewer on a link minted for this LMS user and launch. */
export async function resourceLink(deps: Deps, launch: VerifiedLaunch, log?: FastifyBaseLogger): Promise<string> {
  const { db, config } = deps;
  const { connection, claims } = launch;
  const sub = typeof claims.sub === 'string' && claims.sub.length > 0 && claims.sub.length <= 255 ? claims.sub : null;
  if (!sub) throw refuse(400, 'noUser', LTI_TOOL_MSG.noUser);
  const resourceLinkId = jsonObject(claims[LTI_CLAIM.resourceLink])?.id;
  if (typeof resourceLinkId !== 'string' || !resourceLinkId) throw refuse(400, 'claims', LTI_TOOL_MSG.claims, 'resource_link.id');
  const custom = jsonObject(claims[LTI_CLAIM.custom]) ?? {};
  const unitId = idIn(custom[LTI_CUSTOM_UNIT]);
  const subjectId = unitId === null ? idIn(custom[LTI_CUSTOM_SUBJECT]) : null;
  if (unitId === null && subjectId === null) throw refuse(400, 'noTarget', LTI_TOOL_MSG.noTarget);

  const [seller] = await db.select({ status: sellers.status, lmsKeyGeneratedAt: sellers.lmsKeyGeneratedAt }).from(sellers).where(eq(sellers.id, connection.sellerId));
  if (!seller || !isInstitutionActive(seller.status)) throw refuse(403, 'institutionInactive', LTI_TOOL_MSG.institutionInactive);
  if (unitId !== null) {
    const [unit] = await db.select({ published: items.publishedContentId }).from(items).where(eq(items.id, unitId));
    if (!unit || unit.published === null) throw refuse(404, 'unitGone', LTI_TOOL_MSG.unitGone);
    if (!(await checkAccess(db, grantActor('lti', connection.sellerId), 'item.read', [unitId])).has(unitId)) {
      throw refuse(403, 'rentEnded', LTI_TOOL_MSG.rentEnded);
    }
  } else {
    const [subject] = await db.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.id, subjectId!), eq(subjects.sellerId, connection.sellerId)));
    if (!subject) throw refuse(404, 'subjectGone', LTI_TOOL_MSG.subjectGone);
    // The versions the subject keeps that the institution may read now (an ACTIVE rent of each unit's provider): none,
    // and the launch opens nothing — the rental-ended page, as for a unit.
    const kept = await db.select({ contentId: subjectItems.itemContentId }).from(subjectItems).where(eq(subjectItems.subjectId, subject.id));
    const readable = await checkAccess(db, grantActor('lti', connection.sellerId), 'unit.read', kept.map((k) => k.contentId));
    if (readable.size === 0) throw refuse(403, 'rentEnded', LTI_TOOL_MSG.subjectRentEnded);
  }

  // AGS: a line item for this link and the right to post scores to it — at an address of the connection's platform
  // (lti-urls.ts); another address is logged and the launch goes on without grades.
  const ags = jsonObject(claims[LTI_CLAIM.agsEndpoint]);
  const scopes = Array.isArray(ags?.scope) ? ags.scope : [];
  let lineitem = typeof ags?.lineitem === 'string' && scopes.includes(AGS_SCOPE_SCORE) ? ags.lineitem : null;
  const lineitemProblem = lineitem === null ? null : platformUrlProblem(lineitem, connection, allowsLocalHttp(config.PUBLIC_URL));
  if (lineitemProblem) {
    log?.warn({ lti: { code: 'lineitemRefused', connectionId: connection.id, detail: lineitemProblem } }, 'LTI: line item AGS recusado; acesso sem notas');
    lineitem = null;
  }

  const id = crypto.randomBytes(16).toString('base64url');
  const studentId = studentIdOf(connection.id, sub);
  const expires = Math.floor(Date.now() / 1000) + LTI_LIMITS.launchHours * 3600;
  await db.insert(ltiLaunches).values({
    id,
    connectionId: connection.id,
    sellerId: connection.sellerId,
    deploymentId: launch.deploymentId,
    sub,
    studentId,
    resourceLinkId,
    targetKind: unitId !== null ? 'unit' : 'subject',
    targetId: (unitId ?? subjectId)!,
    lineitem,
    expiresAt: new Date(expires * 1000),
  });
  const token = signToken(shareLinkSecret(config), {
    v: 1,
    s: connection.sellerId,
    k: unitId !== null ? 'u' : 's',
    i: (unitId ?? subjectId)!,
    st: studentId,
    e: expires,
    g: seller.lmsKeyGeneratedAt?.getTime() ?? 0,
    l: id,
  });
  // The students' names from the LMS, when it lists the context's members (NRPS): kept before the student's first access.
  await refreshRoster(deps, launch, log);
  // The token names the launch, hence the connection whose LMS may frame the viewer (lti-framing.ts).
  return `${SHARE_LINK_PATH}?token=${token}`;
}

/** Where a deep-linking request sends the teacher: the content picker on a new session. */
export async function deepLinkingRequest(deps: Deps, launch: VerifiedLaunch): Promise<string> {
  const { db } = deps;
  const { connection, claims } = launch;
  if (!isTeacher(claims[LTI_CLAIM.roles])) throw refuse(403, 'notTeacher', LTI_TOOL_MSG.notTeacher);
  const settings = jsonObject(claims[LTI_CLAIM.deepLinkingSettings]);
  const returnUrl = settings?.deep_link_return_url;
  if (typeof returnUrl !== 'string' || !returnUrl) throw refuse(400, 'deepLinkingSettings', LTI_TOOL_MSG.deepLinkingSettings);
  // The teacher's browser will post there: an address of the connection's platform only (lti-urls.ts).
  const returnProblem = platformUrlProblem(returnUrl, connection, allowsLocalHttp(deps.config.PUBLIC_URL));
  if (returnProblem) throw refuse(400, 'deepLinkingReturn', LTI_TOOL_MSG.deepLinkingReturn, returnProblem);
  const acceptTypes = Array.isArray(settings!.accept_types) ? settings!.accept_types : [];
  if (!acceptTypes.includes('ltiResourceLink')) throw refuse(400, 'deepLinkingTypes', LTI_TOOL_MSG.deepLinkingTypes);
  if (!isInstitutionActive(connection.sellerStatus)) throw refuse(403, 'institutionInactive', LTI_TOOL_MSG.institutionInactive);
  const token = randomToken();
  await db.insert(ltiDeepLinkSessions).values({
    tokenHash: sha256(token),
    connectionId: connection.id,
    sellerId: connection.sellerId,
    deploymentId: launch.deploymentId,
    returnUrl,
    issuer: launch.issuer,
    data: typeof settings!.data === 'string' ? settings!.data : null,
    acceptMultiple: settings!.accept_multiple === true,
    // Absent means the platform does not say: a line item is offered (the platform ignores what it cannot use).
    acceptLineitem: settings!.accept_lineitem !== false,
    expiresAt: sql`now() + make_interval(mins => ${LTI_LIMITS.deepLinkingMinutes})`,
  });
  // The session names the connection whose LMS may frame the picker (lti-framing.ts).
  return `${LTI_DEEP_LINKING_PATH}?session=${token}`;
}
