/**
 * The unit package download (spec 3 §2.13 "Download button for a unit (zip)", §8, §9): asks the
 * server for the version's package, shows the build's progress while the job runs, downloads the zip, then becomes a
 * countdown starting at 30 that drops by 5 every 5 seconds and re-enables after 30 seconds. A failure shows the error
 * icon state and the §8 text. Shown only to who may download (staff, the provider, an institution granted packages).
 */
import { Button, Progress, Stack } from '@mantine/core';
import { IconAlertCircle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PACKAGE_MSG } from '@edu/shared/packages';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useDownloadPackage } from '../api';
import { mayDownloadPackages } from '../grants';
import { useCooldown } from './use-cooldown';

export interface PackageDownloadButtonProps {
  /** The unit version (item content id) to package. */
  itemContentId: number;
}

export function PackageDownloadButton({ itemContentId }: PackageDownloadButtonProps) {
  const user = useSessionUser();
  const [progress, setProgress] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const cooldown = useCooldown();
  const download = useDownloadPackage(itemContentId, {
    onProgress: setProgress,
    onSuccess: (done) => {
      setProgress(null);
      if (!done) return;
      setFailed(false);
      toastSuccess(PACKAGE_MSG.downloaded);
      cooldown.start();
    },
    onError: () => {
      setProgress(null);
      setFailed(true);
      toastError(PACKAGE_MSG.failed);
    },
  });

  if (!mayDownloadPackages(user)) return null;

  const building = download.isPending;
  const label = building ? PACKAGE_MSG.building(progress ?? 0) : cooldown.left > 0 ? PACKAGE_MSG.cooldown(cooldown.left) : PACKAGE_MSG.download;
  return (
    <Stack gap={4} style={{ display: 'inline-flex' }} data-testid="package-download">
      <Button
        variant={failed ? 'light' : 'filled'}
        color={failed ? 'red' : undefined}
        leftSection={failed ? <IconAlertCircle size={18} aria-hidden /> : <IconDownload size={18} aria-hidden />}
        disabled={building || cooldown.left > 0}
        onClick={() => download.mutate()}
        title={failed ? PACKAGE_MSG.failed : undefined}
        aria-live="polite"
      >
        {label}
      </Button>
      {building && progress !== null && <Progress value={progress} size="sm" aria-label={PACKAGE_MSG.building(progress)} animated />}
    </Stack>
  );
}
