/**
 * Students' share links. A link is `/student/link?token=<payload>.<signature>`:
 *
 * - payload (base64url JSON): version, institution id, target kind and id, optional student id, optional expiry
 *   (seconds), and the institution's LMS-key generation (`sellers.lms_key_generated_at` in ms, 0 when none);
 * - signature: HMAC-SHA256 of the payload text with SHARE_LINK_SECRET (or the random secret kept in DATA_DIR), compared
 *   in constant time. Nothing is stored: a link cannot be forged or extended without the secret, and generating a new
 *   LMS key (a new generation) revokes every older link at once.
 *
 * Verifying answers what the link opens NOW: the institution must still be active, and a unit is opened only while
 * the gate lets the institution read it (`item.read` for the institution as actor: an ACTIVE rent of the unit's
 * provider, access/market-rules.ts `activeRentOf`); a subject opens the subject's units whose rental is active.
 *
 * An LTI launch mints a link naming its launch (`l`): it opens only while that launch row lives (8 hours) and
 * its LTI connection is not deleted. The LMS exports (lms-exports.service.ts) sign unit links too, with `d` (their openings are access events of
 * source 'lms') and, for a unit of a subject, `sj` (the version that subject keeps when the LMS launches it).
 */
import crypto from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import {
  SHARE_LINK_PATH,
  SHARE_LINK_TEMP_DAYS,
  SHARE_MSG,
  type ShareKind,
  type VerifiedLink,
  type shareLinkBody,
} from '@edu/shared/share-links';
import type { Deps } from '../../platform/deps';
import type { Config } from '../../config';
import { keptSecret } from '../../platform/secrets';
import { AppError, forbidden, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { checkAccess, grantActor, requireAccess } from '../access/index';
import { isInstitutionActive } from '@edu/shared/institutions';
import { requireActiveInstitution } from '../institutions/index';
import { itemContents, items, ltiConnections, ltiLaunches, sellers, subjectItems, subjects } from '../../db/schema';

const payloadSchema = z.strictObject({
  v: z.literal(1),
  s: z.number().int().positive(),
  k: z.enum(['u', 's']),
  i: z.number().int().positive(),
  /** A unit link made from a subject: the version the subject keeps (opt-in updates), not the newest published one. */
  c: z.number().int().positive().optional(),
  st: z.string().max(200).optional(),
  e: z.number().int().positive().optional(),
  g: z.number().int().nonnegative(),
  /** A link minted by an LTI launch: the launch (`lti_launches`), so accesses count as 'lms' and answers reach the LMS grade. */
  l: z.string().min(1).max(64).optional(),
  /**
   * An LMS export's unit link of one of the institution's subjects — it opens the version that subject keeps
   * AT LAUNCH (an opt-in update moves it; a unit taken out of the subject stops opening).
   */
  sj: z.number().int().positive().optional(),
  /**
   * An LMS's dispatch link (a SCORM package, a cartridge's web link, the LMS API's launch address):
   * its openings are access events of source 'lms'.
   */
  d: z.literal(1).optional(),
});
export type ShareTokenPayload = z.infer<typeof payloadSchema>;
/** The LTI tool's name for the same payload. */
export type LinkPayload = ShareTokenPayload;
type Payload = ShareTokenPayload;

/** Where a link's openings come from (access_events.source). */
export type AccessSource = 'link' | 'lms';
/** A verified link with where its openings come from and its LTI launch (not part of the public answer). */
export type VerifiedShareLink = VerifiedLink & { source: AccessSource; launchId: string | null };

/** The secret: SHARE_LINK_SECRET, or 32 random bytes made once and kept in DATA_DIR/secrets/share-link.key. */
export function shareLinkSecret(config: Config): Buffer {
  if (config.SHARE_LINK_SECRET) return Buffer.from(config.SHARE_LINK_SECRET, 'utf8');
  return keptSecret(config.dataDir, 'share-link.key', 'SHARE_LINK_SECRET');
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** `<base64url JSON>.<base64url HMAC-SHA256 of the first part>`: a share link's token, and a student token (student-auth.ts). */
export function seal(secret: Buffer, payload: object): string {
  const body = b64(JSON.stringify(payload));
  return `${body}.${b64(crypto.createHmac('sha256', secret).update(body).digest())}`;
}

export function signToken(secret: Buffer, payload: Payload): string {
  return seal(secret, payload);
}

const invalid = () => new AppError(400, 'LINK_INVALID', SHARE_MSG.invalid);
const unavailable = () => new AppError(403, 'LINK_UNAVAILABLE', SHARE_MSG.unavailable);

/** A token as signToken writes it: base64url payload, a dot, the 43 characters of an HMAC-SHA256 in base64url. */
const CANONICAL_TOKEN = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/;

/**
 * The payload of a token whose signature is right; 400 otherwise. Only the canonical spelling is accepted: Node's
 * base64url decoder skips characters it does not know, so `<sig>=` or `<si!g>` would decode to the same signature and
 * make "another" link of the same payload (a fresh quota for every per-link limit).
 */
export function readToken(secret: Buffer, token: string): Payload {
  const parsed = payloadSchema.safeParse(unseal(secret, token));
  if (!parsed.success) throw invalid();
  return parsed.data;
}

/** The JSON a token as `seal` writes it carries, when its signature is right; undefined otherwise. */
export function unseal(secret: Buffer, token: string): unknown {
  if (!CANONICAL_TOKEN.test(token)) return undefined;
  const [body, signature] = token.split('.') as [string, string];
  const expected = crypto.createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || given.toString('base64url') !== signature || !crypto.timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function shareLinksService(deps: Deps) {
  const { db, config } = deps;
  const secret = shareLinkSecret(config);

  async function create(auth: AuthContext, kind: ShareKind, id: number, body: z.output<typeof shareLinkBody>) {
    const institution = await requireActiveInstitution(db, auth);
    const [seller] = await db
      .select({ grants: sellers.grants, lmsKeyGeneratedAt: sellers.lmsKeyGeneratedAt })
      .from(sellers)
      .where(eq(sellers.id, institution.id));
    if (!seller) throw forbidden();
    if (body.temporary && !seller.grants.includes('tempLinks')) throw forbidden(SHARE_MSG.noTempGrant);
    if (kind === 'unit') {
      await requireAccess(db, auth, 'item.read', id);
      if (body.itemContentId !== undefined) {
        // A subject's unit: the version it keeps, readable by the institution (the gate's subject case) and of this unit.
        await requireAccess(db, auth, 'unit.read', body.itemContentId);
        const [version] = await db.select({ id: itemContents.id }).from(itemContents).where(and(eq(itemContents.id, body.itemContentId), eq(itemContents.itemId, id)));
        if (!version) throw notFound();
      }
    } else {
      const [subject] = await db
        .select({ id: subjects.id })
        .from(subjects)
        .where(and(eq(subjects.id, id), eq(subjects.sellerId, institution.id)));
      if (!subject) throw notFound();
    }
    const expires = body.temporary ? Math.floor(Date.now() / 1000) + SHARE_LINK_TEMP_DAYS * 24 * 3600 : undefined;
    const token = signToken(secret, {
      v: 1,
      s: institution.id,
      k: kind === 'unit' ? 'u' : 's',
      i: id,
      ...(kind === 'unit' && body.itemContentId !== undefined ? { c: body.itemContentId } : {}),
      ...(body.studentId ? { st: body.studentId } : {}),
      ...(expires ? { e: expires } : {}),
      g: seller.lmsKeyGeneratedAt?.getTime() ?? 0,
    });
    return {
      url: `${config.PUBLIC_URL.replace(/\/+$/, '')}${SHARE_LINK_PATH}?token=${token}`,
      token,
      expiresAt: expires ? new Date(expires * 1000).toISOString() : null,
    };
  }

  return {
    create,

    async verify(token: string): Promise<VerifiedShareLink> {
      const p = readToken(secret, token);
      if (p.e !== undefined && p.e * 1000 <= Date.now()) throw new AppError(410, 'LINK_EXPIRED', SHARE_MSG.expired);
      const [seller] = await db
        .select({ status: sellers.status, lmsKeyGeneratedAt: sellers.lmsKeyGeneratedAt })
        .from(sellers)
        .where(eq(sellers.id, p.s));
      if (!seller) throw invalid();
      if ((seller.lmsKeyGeneratedAt?.getTime() ?? 0) !== p.g) throw new AppError(403, 'LINK_REVOKED', SHARE_MSG.revoked);
      if (!isInstitutionActive(seller.status)) throw unavailable();
      // The link is the gate's actor (a grant of its institution): its students open what the institution may read.
      const actor = grantActor(p.l !== undefined ? 'lti' : 'link', p.s);
      let lti: VerifiedLink['lti'] = null;
      if (p.l !== undefined) {
        // The launch, of a connection still live: deleting the LTI connection stops the links its launches minted.
        const [launch] = await db
          .select({ lineitem: ltiLaunches.lineitem })
          .from(ltiLaunches)
          .innerJoin(ltiConnections, and(eq(ltiConnections.id, ltiLaunches.connectionId), isNull(ltiConnections.deletedAt)))
          .where(eq(ltiLaunches.id, p.l));
        if (!launch) throw new AppError(410, 'LINK_EXPIRED', SHARE_MSG.expired);
        lti = { grades: launch.lineitem !== null };
      }
      const base = {
        sellerId: p.s,
        studentId: p.st ?? null,
        expiresAt: p.e !== undefined ? new Date(p.e * 1000).toISOString() : null,
        lti,
        launchId: p.l ?? null,
        // An LTI launch or an LMS export's dispatch link: openings from the LMS.
        source: (p.d || p.l !== undefined ? 'lms' : 'link') as AccessSource,
      };
      if (p.k === 'u') {
        const allowed = await checkAccess(db, actor, 'item.read', [p.i]);
        if (!allowed.has(p.i)) throw unavailable();
        // The version: the one the link names, or the one its subject keeps now, or (neither) the published one.
        let pinned = p.c;
        if (pinned === undefined && p.sj !== undefined) {
          const [kept] = await db
            .select({ id: subjectItems.itemContentId })
            .from(subjectItems)
            .innerJoin(subjects, eq(subjects.id, subjectItems.subjectId))
            .where(and(eq(subjectItems.subjectId, p.sj), eq(subjects.sellerId, p.s), eq(subjectItems.itemId, p.i)));
          if (!kept) throw unavailable();
          pinned = kept.id;
        }
        if (pinned !== undefined && !(await checkAccess(db, actor, 'unit.read', [pinned])).has(pinned)) throw unavailable();
        const [unit] = await db
          .select({ itemId: items.id, itemContentId: itemContents.id, title: itemContents.title })
          .from(items)
          .innerJoin(itemContents, pinned !== undefined ? and(eq(itemContents.id, pinned), eq(itemContents.itemId, items.id)) : eq(itemContents.id, items.publishedContentId))
          .where(eq(items.id, p.i));
        if (!unit) throw unavailable();
        return { kind: 'unit', ...base, subject: null, units: [unit] };
      }
      const [subject] = await db
        .select({ id: subjects.id, name: subjects.name })
        .from(subjects)
        .where(and(eq(subjects.id, p.i), eq(subjects.sellerId, p.s)));
      if (!subject) throw unavailable();
      const rows = await db
        .select({ itemId: subjectItems.itemId, itemContentId: subjectItems.itemContentId, title: itemContents.title })
        .from(subjectItems)
        .innerJoin(itemContents, eq(itemContents.id, subjectItems.itemContentId))
        .where(eq(subjectItems.subjectId, subject.id))
        .orderBy(asc(subjectItems.position));
      const readable = await checkAccess(db, actor, 'unit.read', rows.map((r) => r.itemContentId));
      const units = rows.filter((r) => readable.has(r.itemContentId));
      // Units there, none readable (the institution no longer rents their providers): the unit link's refusal, which
      // says why, not an empty subject ('ainda não tem unidades'). Some readable: those open, the rest are left out.
      if (rows.length > 0 && units.length === 0) throw unavailable();
      return { kind: 'subject', ...base, subject, units };
    },
  };
}

