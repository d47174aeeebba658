/**
 * A student's credential: the share link's token in `x-student-link`, verified on EVERY call by the share
 * links' own `verify` (signature, expiry, revocation by a new LMS key, institution active, rental active: the gate
 * with the institution as actor). `registerRoute` (platform/http.ts) calls `authenticateStudent` for the routes whose
 * contract says `studentLink` when the header is present; besides them only `POST /student/identify` reads the header,
 * so a link opens nothing else of the API.
 *
 * The student: the link's student id (a link made for one student, an LTI launch's), or — for a link that names none —
 * the one a student token names (`x-student-token`). A student token is what `POST /student/identify` answers for the
 * identifier the student typed (or the `student` parameter an LMS appended): `<base64url JSON>.<HMAC-SHA256>` like a
 * link's, under a key derived from the share links' secret, naming the link's signature, the student, when it was
 * issued and when it expires (STUDENT_TOKEN_DAYS, never past the link's expiry). Without a token, or with one of
 * another link, altered or expired: 400 (STUDENT_TOKEN_CODES), so the viewer identifies again.
 *
 * One student, one voice: the NEW identities one client address takes on one link are counted in `rate_limits`
 * (platform/rate-limit-store.ts) per hour, at most RATE_LIMIT_STUDENT_IDENTITIES; identifying again as a student this
 * address already took in the window costs nothing. See docs/decisions.md "One student, one voice".
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SHARE_MSG, STUDENT_ID_MAX, type VerifiedLink } from '@edu/shared/share-links';
import { STUDENT_LINK_HEADER, STUDENT_MSG, STUDENT_TOKEN_DAYS, STUDENT_TOKEN_HEADER, type IdentifyReply } from '@edu/shared/student';
import type { Config } from '../../config';
import type { Deps } from '../../platform/deps';
import { AppError, notFound } from '../../platform/errors';
import { limitAddress } from '../../platform/http';
import { countHit, hasHits } from '../../platform/rate-limit-store';
import { seal, shareLinkSecret, shareLinksService, unseal, type VerifiedShareLink } from '../delivery/index';

declare module 'fastify' {
  interface FastifyRequest {
    /** A student's verified share link (routes whose contract says `studentLink`), or null. */
    student: StudentContext | null;
  }
  interface FastifyInstance {
    /** Verifies the share link (and student token) of a request: `registerRoute` calls it for `studentLink` routes. */
    studentCredential(request: FastifyRequest): Promise<StudentContext>;
  }
}

export interface StudentContext {
  /** The verified link: institution, units it opens now (in the subject's order), expiry, where it is opened from. */
  link: VerifiedShareLink;
  /** The link's signature: a limit "per link" holds per this value. */
  linkId: string;
  sellerId: number;
  studentId: string;
  /** The LTI launch that minted the link, or null: its accesses are 'lms' and its answers reach the LMS. */
  launchId: string | null;
}

const TOKEN_MAX = 2000;
/** The window of the new-identities limit. */
const IDENTITY_WINDOW_MS = 3600_000;

/** One share-links service and one student-token key per app (the secret is read once). */
const services = new WeakMap<Deps, { links: ReturnType<typeof shareLinksService>; studentKey: Buffer }>();
const serviceOf = (deps: Deps) => {
  let service = services.get(deps);
  if (!service) {
    services.set(deps, (service = { links: shareLinksService(deps), studentKey: studentTokenKey(deps.config) }));
  }
  return service;
};

/** The key of student tokens, derived from the links' secret: a student token can never pass for a link, nor a link for one. */
export function studentTokenKey(config: Config): Buffer {
  return crypto.createHmac('sha256', shareLinkSecret(config)).update('edu:student-token:v1').digest();
}

/** A student token's payload: the link's signature, the student, issued at and expiry (seconds). */
export const studentTokenSchema = z.strictObject({
  v: z.literal(1),
  l: z.string().length(43),
  st: z.string().min(1).max(STUDENT_ID_MAX),
  iat: z.number().int().positive(),
  e: z.number().int().positive(),
});

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

/** The link of `x-student-link`, verified now, and its signature. */
async function verifyLinkHeader(deps: Deps, request: FastifyRequest): Promise<{ link: VerifiedShareLink; linkId: string }> {
  const token = single(request.headers[STUDENT_LINK_HEADER])?.trim();
  if (!token || token.length > TOKEN_MAX) throw new AppError(400, 'LINK_INVALID', SHARE_MSG.invalid);
  const link = await serviceOf(deps).links.verify(token);
  return { link, linkId: token.slice(token.lastIndexOf('.') + 1) };
}

/** The student a token of `x-student-token` names, for the link `linkId`. */
function studentOfToken(deps: Deps, request: FastifyRequest, linkId: string): string {
  const raw = single(request.headers[STUDENT_TOKEN_HEADER])?.trim();
  if (!raw) throw new AppError(400, 'STUDENT_TOKEN_REQUIRED', STUDENT_MSG.tokenRequired);
  const parsed = raw.length <= TOKEN_MAX ? studentTokenSchema.safeParse(unseal(serviceOf(deps).studentKey, raw)) : null;
  // Another link's token (or a forged, altered one) says nothing about who reads this link.
  if (!parsed?.success || parsed.data.l !== linkId) throw new AppError(400, 'STUDENT_TOKEN_INVALID', STUDENT_MSG.tokenInvalid);
  if (parsed.data.e * 1000 <= Date.now()) throw new AppError(400, 'STUDENT_TOKEN_EXPIRED', STUDENT_MSG.tokenExpired);
  return parsed.data.st;
}

export async function authenticateStudent(deps: Deps, request: FastifyRequest): Promise<StudentContext> {
  const { link, linkId } = await verifyLinkHeader(deps, request);
  const studentId = link.studentId ?? studentOfToken(deps, request, linkId);
  return { link, linkId, sellerId: link.sellerId, studentId, launchId: link.launchId };
}

/**
 * `POST /student/identify`: the student token of `studentId` (already valid and normalized by the contract) for the
 * link of `x-student-link`, which must name no student. A new identity of this address on this link counts towards
 * RATE_LIMIT_STUDENT_IDENTITIES an hour (429 past it, nothing issued); one this address already took in the window
 * does not count again.
 */
export async function identifyStudent(deps: Deps, request: FastifyRequest, studentId: string): Promise<IdentifyReply> {
  const { link, linkId } = await verifyLinkHeader(deps, request);
  if (link.studentId !== null) throw new AppError(400, 'STUDENT_NAMED_BY_LINK', STUDENT_MSG.identityNamed);
  const sql = deps.database.sql;
  const digest = crypto.createHash('sha256').update(JSON.stringify([limitAddress(request), linkId, studentId])).digest('hex');
  // An identity is remembered only once it was granted: until then every request for it counts, so requests sent at
  // once for a new student each count (none slips through while another is being refused).
  const grantedKey = `student-identity:${digest}`;
  if (!(await hasHits(sql, grantedKey))) {
    const made = await countHit(sql, `student-identities:${limitAddress(request)}:${linkId}`, IDENTITY_WINDOW_MS);
    if (made.hits > deps.config.RATE_LIMIT_STUDENT_IDENTITIES) throw new AppError(429, 'STUDENT_IDENTITIES_LIMITED', STUDENT_MSG.identityTooMany);
    await countHit(sql, grantedKey, IDENTITY_WINDOW_MS);
  }
  const now = Math.floor(Date.now() / 1000);
  const linkExpiry = link.expiresAt ? Math.floor(Date.parse(link.expiresAt) / 1000) : Infinity;
  const expires = Math.min(now + STUDENT_TOKEN_DAYS * 24 * 3600, linkExpiry);
  const token = seal(serviceOf(deps).studentKey, { v: 1, l: linkId, st: studentId, iat: now, e: expires } satisfies z.infer<typeof studentTokenSchema>);
  return { token, studentId, expiresAt: new Date(expires * 1000).toISOString() };
}

/** The unit (version) `contentId` among what the link opens now; 404 otherwise (another unit, or its rent ended). */
export function linkUnit(student: StudentContext, contentId: number): VerifiedLink['units'][number] {
  const unit = student.link.units.find((u) => u.itemContentId === contentId);
  if (!unit) throw notFound(STUDENT_MSG.notInLink);
  return unit;
}
