/**
 * The LMS exports (packages/shared/src/lms-exports.ts): the SCORM 1.2 dispatch package of a
 * unit and the Common Cartridge 1.1 of a subject or a course, both built in the request (a few kilobytes) and audited.
 *
 * The launch addresses are the student viewer's LMS page (LMS_VIEWER_PATH) with a **dispatch token**: a share-link
 * token (share-links.service.ts, HMAC-SHA256 with the share-link secret) of ONE unit of the institution, with no
 * student and no expiry, marked `d` (its openings are access events of source 'lms') and, for a unit of a subject,
 * `sj` (the version that subject keeps at launch). It carries the institution's LMS-key generation: a new key revokes
 * every package and cartridge given before; it grants nothing but opening that unit while the institution is active
 * and rents the unit's provider with an ACTIVE rent — checked at every launch by the viewer's own verification. The
 * LMS key itself never leaves the server (it is stored hashed).
 *
 * Refusals, in order: the route's roles (403: only the seller and the content manager share); the institution not
 * active (403); the unit, subject or course not the institution's to read (404, as a missing one: the access gate);
 * for the SCORM package, the `packages` grant (403); no LMS key yet (409); a subject or course with no unit of an
 * active rent (409).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LMS_EXPORT_MSG, LMS_VIEWER_PATH, cartridgeFileName, scormFileName } from '@edu/shared/lms-exports';
import { PACKAGE_MSG } from '@edu/shared/packages';
import type { Deps } from '../../platform/deps';
import type { Executor } from '../../platform/db';
import { record } from '../../platform/audit';
import { conflict, forbidden, notFound } from '../../platform/errors';
import type { AuthContext } from '../../platform/sessions';
import { checkAccess, requireAccess } from '../access/index';
import { requireActiveInstitution } from '../institutions/index';
import { courses, courseSubjects, itemContents, items, sellers, subjectItems, subjects } from '../../db/schema';
import { cartridge, type CartridgeFolder } from './cartridge';
import { scormPackage } from './scorm-package';
import { shareLinkSecret, signToken } from './share-links.service';

export interface ExportFile {
  data: Buffer;
  fileName: string;
  contentType: string;
  /** Units left out of a cartridge (their rent is not active). */
  skipped: number;
}

interface Institution {
  id: number;
  name: string;
  grants: string[];
  /** The LMS key's generation (ms), null when the institution never generated a key. */
  generation: number | null;
}

export function lmsExportsService(deps: Deps) {
  const { db, config } = deps;
  const secret = shareLinkSecret(config);
  const base = config.PUBLIC_URL.replace(/\/+$/, '');
  const origin = new URL(base).origin;

  async function institutionOf(auth: AuthContext): Promise<Institution> {
    const active = await requireActiveInstitution(db, auth);
    const [row] = await db
      .select({ name: sellers.name, grants: sellers.grants, hasKey: sellers.lmsKeyHash, generatedAt: sellers.lmsKeyGeneratedAt })
      .from(sellers)
      .where(eq(sellers.id, active.id));
    if (!row) throw forbidden();
    return { id: active.id, name: row.name, grants: row.grants, generation: row.hasKey ? (row.generatedAt?.getTime() ?? 0) : null };
  }

  /** 409 without an LMS key: the links are tied to the key's generation (a first key would revoke them). */
  const generationOf = (institution: Institution): number => {
    if (institution.generation === null) throw conflict(LMS_EXPORT_MSG.noLmsKey);
    return institution.generation;
  };

  /** THE launch address of a unit for an LMS. */
  const launchUrl = (institution: Institution, generation: number, itemId: number, subjectId?: number) =>
    `${base}${LMS_VIEWER_PATH}?token=${signToken(secret, { v: 1, s: institution.id, k: 'u', i: itemId, g: generation, d: 1, ...(subjectId !== undefined ? { sj: subjectId } : {}) })}`;

  /** The institution's subject `id` (404 for another's or a missing one). */
  async function ownSubject(ex: Executor, institution: Institution, id: number) {
    const [subject] = await ex.select({ id: subjects.id, name: subjects.name }).from(subjects).where(and(eq(subjects.id, id), eq(subjects.sellerId, institution.id)));
    if (!subject) throw notFound();
    return subject;
  }

  /** The units of subjects `ids` in order, and which of them the institution may read now (an active rent). */
  async function unitsOf(auth: AuthContext, subjectIds: number[]) {
    if (subjectIds.length === 0) return [];
    const rows = await db
      .select({
        subjectId: subjectItems.subjectId,
        subjectItemId: subjectItems.id,
        itemId: subjectItems.itemId,
        itemContentId: subjectItems.itemContentId,
        title: itemContents.title,
      })
      .from(subjectItems)
      .innerJoin(itemContents, eq(itemContents.id, subjectItems.itemContentId))
      .where(inArray(subjectItems.subjectId, subjectIds))
      .orderBy(asc(subjectItems.subjectId), asc(subjectItems.position));
    const readable = await checkAccess(db, auth, 'unit.read', rows.map((r) => r.itemContentId));
    return rows.map((r) => ({ ...r, readable: readable.has(r.itemContentId) }));
  }

  function build(institution: Institution, generation: number, kind: 'subject' | 'course', id: number, title: string, folders: { id: number; name: string }[], units: Awaited<ReturnType<typeof unitsOf>>) {
    const cartridgeFolders: CartridgeFolder[] = folders
      .map((folder) => ({
        key: `S${folder.id}`,
        title: folder.name,
        units: units
          .filter((u) => u.subjectId === folder.id && u.readable)
          .map((u) => ({ key: `S${folder.id}_U${u.subjectItemId}`, title: u.title, url: launchUrl(institution, generation, u.itemId, folder.id) })),
      }))
      .filter((f) => f.units.length > 0);
    const exported = cartridgeFolders.reduce((n, f) => n + f.units.length, 0);
    const skipped = units.filter((u) => folders.some((f) => f.id === u.subjectId)).length - exported;
    if (exported === 0) throw conflict(kind === 'subject' ? LMS_EXPORT_MSG.emptySubject : LMS_EXPORT_MSG.emptyCourse);
    const data = cartridge({
      identifier: `SABER_COMPARTILHADO_${kind === 'subject' ? 'DISCIPLINA' : 'CURSO'}_${id}`,
      title,
      description: LMS_EXPORT_MSG.cartridgeDescription(institution.name),
      rights: `Conteúdo licenciado para ${institution.name}: uso restrito aos alunos da instituição enquanto o aluguel estiver ativo.`,
      folders: cartridgeFolders,
    });
    return { data, exported, skipped };
  }

  return {
    /**
     * The SCORM 1.2 package of unit `itemId` (items.id) of an active rent; with `subjectId`, of that unit in one of the
     * institution's subjects (the version the subject keeps at launch).
     */
    async scorm(auth: AuthContext, itemId: number, subjectId?: number): Promise<ExportFile> {
      const institution = await institutionOf(auth);
      // The unit first: another institution's or provider's unit, or one outside the active rents, is 404 like a missing one.
      await requireAccess(db, auth, 'item.read', itemId);
      let contentId: number;
      if (subjectId !== undefined) {
        await ownSubject(db, institution, subjectId);
        const [kept] = await db
          .select({ id: subjectItems.itemContentId })
          .from(subjectItems)
          .where(and(eq(subjectItems.subjectId, subjectId), eq(subjectItems.itemId, itemId)));
        if (!kept) throw notFound(LMS_EXPORT_MSG.notInSubject);
        await requireAccess(db, auth, 'unit.read', kept.id);
        contentId = kept.id;
      } else {
        const [published] = await db.select({ id: items.publishedContentId }).from(items).where(eq(items.id, itemId));
        if (!published?.id) throw notFound();
        contentId = published.id;
      }
      if (!institution.grants.includes('packages')) throw forbidden(PACKAGE_MSG.noGrant);
      const generation = generationOf(institution);
      const [version] = await db.select({ title: itemContents.title }).from(itemContents).where(eq(itemContents.id, contentId));
      if (!version) throw notFound();
      const data = scormPackage({ itemId, title: version.title, launchUrl: launchUrl(institution, generation, itemId, subjectId), origin });
      await record(db, {
        userId: auth.user.id,
        sellerId: institution.id,
        action: 'downloaded_scorm_package',
        data: { itemId, itemContentId: contentId, ...(subjectId !== undefined ? { subjectId } : {}) },
      });
      return { data, fileName: scormFileName(itemId), contentType: 'application/zip', skipped: 0 };
    },

    /** The Common Cartridge of one of the institution's subjects: its units of active rents, in the subject's order. */
    async subjectCartridge(auth: AuthContext, subjectId: number): Promise<ExportFile> {
      const institution = await institutionOf(auth);
      const subject = await ownSubject(db, institution, subjectId);
      const generation = generationOf(institution);
      const units = await unitsOf(auth, [subject.id]);
      const { data, exported, skipped } = build(institution, generation, 'subject', subject.id, subject.name, [subject], units);
      await record(db, { userId: auth.user.id, sellerId: institution.id, action: 'exported_cartridge', data: { subjectId, units: exported, skipped } });
      return { data, fileName: cartridgeFileName('subject', subject.name), contentType: 'application/zip', skipped };
    },

    /** The Common Cartridge of one of the institution's courses: a folder per subject in the course's order, its units in order. */
    async courseCartridge(auth: AuthContext, courseId: number): Promise<ExportFile> {
      const institution = await institutionOf(auth);
      const [course] = await db.select({ id: courses.id, name: courses.name }).from(courses).where(and(eq(courses.id, courseId), eq(courses.sellerId, institution.id)));
      if (!course) throw notFound();
      const generation = generationOf(institution);
      const folders = await db
        .select({ id: subjects.id, name: subjects.name })
        .from(courseSubjects)
        .innerJoin(subjects, eq(subjects.id, courseSubjects.subjectId))
        .where(eq(courseSubjects.courseId, course.id))
        .orderBy(asc(courseSubjects.position));
      const units = await unitsOf(auth, folders.map((f) => f.id));
      const { data, exported, skipped } = build(institution, generation, 'course', course.id, course.name, folders, units);
      await record(db, { userId: auth.user.id, sellerId: institution.id, action: 'exported_cartridge', data: { courseId, units: exported, skipped } });
      return { data, fileName: cartridgeFileName('course', course.name), contentType: 'application/zip', skipped };
    },
  };
}
