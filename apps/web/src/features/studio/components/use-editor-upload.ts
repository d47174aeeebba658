import { useCallback } from 'react';
import { UploadReportedError } from '../../../ui/rich-text-editor';
import { useGalleryUpload } from '../../galleries';

/**
 * Images pasted, dropped or chosen in the studio's editors go to the provider's image gallery (the
 * gallery upload checks size and type and tells the user when it fails). `upload` is undefined without a
 * provider; `progress` and `cancel` are the upload under way (the studio shows them).
 */
export function useEditorImageUpload(providerId: number | null) {
  const { upload, progress, cancel } = useGalleryUpload(providerId, 'images');
  const send = useCallback(
    async (file: File) => {
      const stored = await upload(file);
      if (!stored) throw new UploadReportedError('upload failed');
      return stored.url;
    },
    [upload],
  );
  // Without a provider there is no gallery: the editors offer no image upload.
  return { upload: providerId ? send : undefined, progress, cancel };
}
