/** The delivery calls (issue 12): unit packages, the AI review file, students' share links; the LMS exports (issue 14). */
import { packageFileName, packagesRoutes, reviewFileName } from '@edu/shared/packages';
import { shareLinksRoutes, type ShareKind, type ShareLinkBody } from '@edu/shared/share-links';
import { CARTRIDGE_SKIPPED_HEADER, lmsExportsRoutes, scormFileName } from '@edu/shared/lms-exports';
import { call, callFile } from '../../lib/api';

export const deliveryKeys = {
  all: ['delivery'] as const,
  package: (itemContentId: number) => ['delivery', 'package', itemContentId] as const,
};

export const requestPackage = (id: number) => call(packagesRoutes.request, { params: { id } });
export const packageStatus = (id: number) => call(packagesRoutes.status, { params: { id } });
export const downloadPackage = (id: number) => callFile(packagesRoutes.file, { params: { id }, fallbackName: packageFileName(id) });
export const downloadReview = (id: number) =>
  callFile(packagesRoutes.autoReview, { params: { id }, query: { returnFile: 'true' }, fallbackName: reviewFileName(id) });
export const createShareLink = (kind: ShareKind, id: number, body: ShareLinkBody) =>
  call(kind === 'unit' ? shareLinksRoutes.unit : shareLinksRoutes.subject, { params: { id }, body });

/** The SCORM 1.2 package of a unit (item id); with a subject, of the version that subject keeps. */
export const downloadScorm = (itemId: number, subjectId?: number) =>
  callFile(lmsExportsRoutes.scorm, { params: { id: itemId }, body: subjectId !== undefined ? { subjectId } : {}, fallbackName: scormFileName(itemId) });
/** The Common Cartridge of a subject or a course, and how many units it left out (their rent is not active). */
export async function downloadCartridge(kind: 'subject' | 'course', id: number) {
  const file = await callFile(kind === 'subject' ? lmsExportsRoutes.subjectCartridge : lmsExportsRoutes.courseCartridge, {
    params: { id },
    fallbackName: kind === 'subject' ? 'disciplina.imscc' : 'curso.imscc',
  });
  return { ...file, skipped: Number(file.headers.get(CARTRIDGE_SKIPPED_HEADER) ?? 0) || 0 };
}
