/**
 * Upload one file into the provider's gallery of `kind` (spec 2 §2.10, §5 "Files"). The client checks
 * first (extension, 30 MB) and the server checks size and real type again. An empty provider id
 * uploads nothing (spec 2 §5 "Gallery").
 */
import { GALLERY_ACCEPT, GALLERY_MSG, UNIT_UPLOAD_BYTES, type GalleryKind, type UploadedFile } from '@edu/shared/galleries';
import { MSG } from '@edu/shared/messages';
import { ApiError } from '../../lib/api';
import { toastError, toastSuccess } from '../../lib/toast';
import { useUploadGalleryFile } from './api';

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

export function useGalleryUpload(providerId: number | null | undefined, kind: GalleryKind) {
  const mutation = useUploadGalleryFile(providerId, kind);

  async function upload(file: File): Promise<UploadedFile | undefined> {
    if (!providerId) return undefined;
    const problem = galleryFileProblem(file, kind);
    if (problem) {
      toastError(problem, MSG.uploadFailTitle);
      return undefined;
    }
    try {
      const [first] = await mutation.mutateAsync(file);
      if (first && kind === 'infographics') toastSuccess(GALLERY_MSG.infographicSent, 'Sucesso!');
      return first;
    } catch (err) {
      toastError(uploadErrorMessage(err), MSG.uploadFailTitle);
      return undefined;
    }
  }

  return { upload, pending: mutation.isPending };
}
