/**
 * The LMS exports: 'Pacote SCORM 1.2' of a unit (the 'download zip' for LMSs without LTI; the unit zip's
 * 30-second cooldown after a download) and 'Exportar para o LMS' (the Common Cartridge 1.1 of a subject or a course).
 * Shown to who may share (the seller and the content manager); the SCORM package also to institutions granted
 * packages. The server's reason is shown for a refusal it explains (no LMS key, no grant, nothing to export).
 */
import { Button, Tooltip } from '@mantine/core';
import { IconPackageExport, IconSchool } from '@tabler/icons-react';
import { LMS_EXPORT_MSG } from '@edu/shared/lms-exports';
import { PACKAGE_MSG } from '@edu/shared/packages';
import { ApiError } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDownloadCartridge, useDownloadScorm } from '../api';
import { mayDownloadScorm, mayExportToLms } from '../grants';
import { saveFile } from '../save-file';
import { useCooldown } from './use-cooldown';

/** A refusal the server explains in Portuguese (403 grant, 404, 409 no key / nothing to export), or the generic text. */
const reasonOf = (err: unknown, fallback: string) => (err instanceof ApiError && [403, 404, 409].includes(err.status) ? err.message : fallback);

export interface ScormDownloadButtonProps {
  /** The unit (item id). */
  itemId: number;
  /** A unit of this subject: the package opens the version the subject keeps. */
  subjectId?: number;
}

export function ScormDownloadButton({ itemId, subjectId }: ScormDownloadButtonProps) {
  const user = useSessionUser();
  const cooldown = useCooldown();
  const download = useDownloadScorm(itemId, subjectId, {
    onSuccess: (file) => {
      saveFile(file.blob, file.fileName);
      toastSuccess(LMS_EXPORT_MSG.scormDownloaded);
      cooldown.start();
    },
    onError: (err) => toastError(reasonOf(err, LMS_EXPORT_MSG.scormFail)),
  });
  if (!mayDownloadScorm(user)) return null;
  return (
    <Tooltip label={LMS_EXPORT_MSG.scormHint} multiline w={280}>
      <Button
        variant="light"
        leftSection={<IconPackageExport size={18} aria-hidden />}
        loading={download.isPending}
        disabled={cooldown.left > 0}
        onClick={() => download.mutate()}
      >
        {cooldown.left > 0 ? PACKAGE_MSG.cooldown(cooldown.left) : LMS_EXPORT_MSG.scormDownload}
      </Button>
    </Tooltip>
  );
}

export function CartridgeDownloadButton({ kind, id }: { kind: 'subject' | 'course'; id: number }) {
  const user = useSessionUser();
  const download = useDownloadCartridge(kind, id, {
    onSuccess: (file) => {
      saveFile(file.blob, file.fileName);
      toastSuccess(file.skipped > 0 ? `${LMS_EXPORT_MSG.cartridgeDownloaded} ${LMS_EXPORT_MSG.cartridgeSkipped(file.skipped)}` : LMS_EXPORT_MSG.cartridgeDownloaded);
    },
    onError: (err) => toastError(reasonOf(err, LMS_EXPORT_MSG.cartridgeFail)),
  });
  if (!mayExportToLms(user)) return null;
  return (
    <Tooltip label={LMS_EXPORT_MSG.cartridgeHint} multiline w={280}>
      <Button variant="light" leftSection={<IconSchool size={18} aria-hidden />} loading={download.isPending} onClick={() => download.mutate()}>
        {LMS_EXPORT_MSG.cartridgeDownload}
      </Button>
    </Tooltip>
  );
}
