/**
 * Upload one file into the provider's gallery of `kind` (spec 2 §2.10, §5 "Files"). The client checks
 * first (extension, 30 MB) and the server checks size and real type again. An empty provider id
 * uploads nothing (spec 2 §5 "Gallery").
 *
 * While the file goes, `progress` says how much of it is sent (a percentage) and `cancel` stops it: a cancelled
 * upload never reached the server whole, so nothing is stored ('Envio cancelado'). Once the body is all sent the
 * server is checking and storing it: `progress.sent`, no longer cancellable (a cancel then could not promise that
 * nothing was kept). Leaving the screen mid-upload cancels it too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GALLERY_ACCEPT, GALLERY_MSG, UNIT_UPLOAD_BYTES, type GalleryKind, type UploadedFile } from '@edu/shared/galleries';
import { MSG } from '@edu/shared/messages';
import { ApiError, isAbort } from '../../lib/api';
import { toastError, toastInfo, toastSuccess } from '../../lib/toast';
import { galleriesKey, uploadGalleryFile } from './api';

/** The `accept` attribute of a file input for `kind` (by extension; the server judges the content). */
export const acceptOf = (kind: GalleryKind) => GALLERY_ACCEPT[kind].map((ext) => `.${ext}`).join(',');

/** The client's first check: 'Arquivo não suportado' (extension) or 'Arquivo maior do que 30 MB.'. */
export function galleryFileProblem(file: File, kind: GalleryKind): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (!GALLERY_ACCEPT[kind].includes(ext)) return GALLERY_MSG.notSupported;
  if (file.size > UNIT_UPLOAD_BYTES) return GALLERY_MSG.tooLarge;
  return null;
}

/** The server's own words for a refusal of the file (type, size, unsafe zip); the generic text otherwise. */
export function uploadErrorMessage(err: unknown): string {
  if (err instanceof ApiError && (err.status === 400 || err.status === 413) && err.message) return err.message;
  return GALLERY_MSG.uploadFail;
}

/** An upload under way: the file's name, the share of it sent (0–100) and whether it is all sent. */
export interface GalleryUploadProgress {
  fileName: string;
  percent: number;
  sent: boolean;
}

export function useGalleryUpload(providerId: number | null | undefined, kind: GalleryKind) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<GalleryUploadProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  // The running upload's body is all sent: the server may store it whatever the browser does now.
  const sent = useRef(false);
  /** Stops the upload under way while its body is still going (see above). */
  const cancel = useCallback(() => {
    if (!sent.current) running.current?.abort();
  }, []);

  // Leaving the screen (the drawer or modal closed) stops an upload still going.
  useEffect(() => cancel, [cancel]);

  async function upload(file: File): Promise<UploadedFile | undefined> {
    if (!providerId) return undefined;
    const problem = galleryFileProblem(file, kind);
    if (problem) {
      toastError(problem, MSG.uploadFailTitle);
      return undefined;
    }
    const controller = new AbortController();
    running.current = controller;
    sent.current = false;
    setProgress({ fileName: file.name, percent: 0, sent: false });
    try {
      const [first] = await uploadGalleryFile(providerId, kind, file, {
        signal: controller.signal,
        onProgress: (p) => {
          if (running.current !== controller) return;
          sent.current = p.sent;
          setProgress({ fileName: file.name, percent: p.percent, sent: p.sent });
        },
      });
      void queryClient.invalidateQueries({ queryKey: galleriesKey(providerId) });
      if (first && kind === 'infographics') toastSuccess(GALLERY_MSG.infographicSent, 'Sucesso!');
      return first;
    } catch (err) {
      if (isAbort(err)) toastInfo(GALLERY_MSG.uploadCancelled(file.name), GALLERY_MSG.uploadCancelledTitle);
      else toastError(uploadErrorMessage(err), MSG.uploadFailTitle);
      return undefined;
    } finally {
      if (running.current === controller) {
        running.current = null;
        setProgress(null);
      }
    }
  }

  return { upload, pending: progress !== null, progress, cancel };
}
