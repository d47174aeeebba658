/**
 * A student's credential (issue 13): the share link's token in `x-student-link`, verified on EVERY call by the share
 * links' own `verify` (signature, expiry, revocation by a new LMS key, institution active, rental active: the gate
 * with the institution as actor). `registerRoute` (platform/http.ts) calls `authenticateStudent` for the routes whose
 * contract says `studentLink` when the header is present; no other route reads the header, so a link opens nothing
 * else of the API.
 *
 * The student: the link's student id, or — for a link that names none — the identifier sent in `x-student-id`
 * (URI-encoded; the one the student typed or the `student` parameter an LMS appended). Without one: 400.
 */
import type { FastifyRequest } from 'fastify';
import { SHARE_MSG, type VerifiedLink } from '@edu/shared/share-links';
import { STUDENT_ID_HEADER, STUDENT_LINK_HEADER, STUDENT_MSG, studentIdSchema } from '@edu/shared/student';
import type { Deps } from '../../platform/http';
import { AppError, notFound } from '../../platform/errors';
import { shareLinksService, type VerifiedShareLink } from '../curriculum/share-links.service';

export interface StudentContext {
  /** The verified link: institution, units it opens now (in the subject's order), expiry, where it is opened from. */
  link: VerifiedShareLink;
  /** The link's signature: a limit "per link" holds per this value. */
  linkId: string;
  sellerId: number;
  studentId: string;
  /** The LTI launch that minted the link (issue 14), or null: its accesses are 'lms' and its answers reach the LMS. */
  launchId: string | null;
}

const TOKEN_MAX = 2000;

/** One share-links service per app (its secret is read once). */
const services = new WeakMap<Deps, ReturnType<typeof shareLinksService>>();
const linksOf = (deps: Deps) => {
  let service = services.get(deps);
  if (!service) services.set(deps, (service = shareLinksService(deps)));
  return service;
};

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export async function authenticateStudent(deps: Deps, request: FastifyRequest): Promise<StudentContext> {
  const token = single(request.headers[STUDENT_LINK_HEADER])?.trim();
  if (!token || token.length > TOKEN_MAX) throw new AppError(400, 'LINK_INVALID', SHARE_MSG.invalid);
  const link = await linksOf(deps).verify(token);
  let studentId = link.studentId;
  if (studentId === null) {
    const raw = single(request.headers[STUDENT_ID_HEADER]);
    if (raw === undefined || raw.trim() === '') throw new AppError(400, 'STUDENT_ID_REQUIRED', STUDENT_MSG.identityRequired);
    let decoded: string;
    try {
      decoded = decodeURIComponent(raw);
    } catch {
      throw new AppError(400, 'STUDENT_ID_INVALID', STUDENT_MSG.identityInvalid);
    }
    const parsed = studentIdSchema.safeParse(decoded);
    if (!parsed.success) throw new AppError(400, 'STUDENT_ID_INVALID', parsed.error.issues[0]?.message ?? STUDENT_MSG.identityInvalid);
    studentId = parsed.data;
  }
  return { link, linkId: token.slice(token.lastIndexOf('.') + 1), sellerId: link.sellerId, studentId, launchId: link.launchId };
}

/** The unit (version) `contentId` among what the link opens now; 404 otherwise (another unit, or its rent ended). */
export function linkUnit(student: StudentContext, contentId: number): VerifiedLink['units'][number] {
  const unit = student.link.units.find((u) => u.itemContentId === contentId);
  if (!unit) throw notFound(STUDENT_MSG.notInLink);
  return unit;
}
