/**
 * The delivery calls: unit packages, the AI review file, students' share links; the LMS exports.
 * Each download and link is one write hook; the buttons pass their own reactions (saving the file, toasts).
 */
import { useMutation} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { PACKAGE_POLL_MS, PACKAGE_STALE_MS, packageFileName, packagesRoutes, reviewFileName } from '@edu/shared/packages';
import { shareLinksRoutes, type ShareKind, type ShareLinkBody } from '@edu/shared/share-links';
import { CARTRIDGE_SKIPPED_HEADER, lmsExportsRoutes, scormFileName } from '@edu/shared/lms-exports';
import { call, callFile } from '../../lib/api';
import { saveFile } from './save-file';
import type { Reactions } from '../../lib/query';

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

/** A button's own reactions to a write (saving the file, toasts, its state). */
type Reply<F extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<F>>;

/**
 * The unit package: asks the server for the version's package, follows the build (`onProgress`) and saves the zip.
 * A build the server lost is re-queued by asking again; the wait never outlasts PACKAGE_STALE_MS. Answers false
 * when the button left the screen before the package was ready (nothing is saved then).
 */
export function useDownloadPackage(
  itemContentId: number,
  { onProgress, ...reactions }: Reactions<boolean, void> & { onProgress: (p: number) => void },
) {
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  return useMutation({
    ...reactions,
    mutationFn: async () => {
      let state = await requestPackage(itemContentId);
      const giveUp = Date.now() + PACKAGE_STALE_MS;
      while (state.status === 'queued' || state.status === 'building') {
        if (!alive.current) return false;
        if (Date.now() > giveUp) throw new Error('package build lost');
        onProgress(state.progress);
        await new Promise((resolve) => setTimeout(resolve, PACKAGE_POLL_MS));
        state = await packageStatus(itemContentId);
      }
      if (state.status !== 'ready') throw new Error('package failed');
      onProgress(100);
      const file = await downloadPackage(itemContentId);
      if (alive.current) saveFile(file.blob, file.fileName);
      return true;
    },
  });
}

export const useDownloadReview = (itemContentId: number, reactions: Reactions<Reply<typeof downloadReview>, void> = {}) =>
  useMutation({ ...reactions, mutationFn: () => downloadReview(itemContentId) });

/** A student link to the unit or subject; `temporary`: the 7-day link. */
export const useCreateShareLink = (
  kind: ShareKind,
  id: number,
  itemContentId: number | undefined,
  reactions: Reactions<Reply<typeof createShareLink>, boolean> = {},
) =>
  useMutation({
    ...reactions,
    mutationFn: (temporary: boolean) => createShareLink(kind, id, { temporary, ...(itemContentId ? { itemContentId } : {}) }),
  });

export const useDownloadScorm = (itemId: number, subjectId: number | undefined, reactions: Reactions<Reply<typeof downloadScorm>, void> = {}) =>
  useMutation({ ...reactions, mutationFn: () => downloadScorm(itemId, subjectId) });

export const useDownloadCartridge = (kind: 'subject' | 'course', id: number, reactions: Reactions<Reply<typeof downloadCartridge>, void> = {}) =>
  useMutation({ ...reactions, mutationFn: () => downloadCartridge(kind, id) });
